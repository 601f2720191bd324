/**
 * Server-rendered pages of the identity provider: sign-in, sign-up, sign-out confirmation, signed-out,
 * and errors. Plain HTML with inline CSS (no external assets); every value from a request or an account
 * is escaped with {@link escapeHtml}. Forms follow the WAI-ARIA form pattern: each input has a <label>,
 * field errors are text linked with `aria-describedby` and `aria-invalid`, and a summary in a
 * `role="alert"` region names every problem.
 */
import { createHash } from 'node:crypto';
import type { FieldError } from './accounts';

/** Escapes `& < > " '` for HTML text and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Brand shown in page titles. */
export const BRAND = 'Harbour Market';

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#f4f6f4}
main{max-width:26rem;margin:2.5rem auto;padding:1.5rem 1.75rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
.brand{margin:0 0 .25rem;color:#1b7f3b;font-weight:700}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
label{display:block;font-weight:600;margin:.9rem 0 .25rem}
input{width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #6b6b6b;border-radius:.3rem}
input[aria-invalid=true]{border-color:#b00020}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1b7f3b;outline-offset:2px}
.hint{margin:.2rem 0 0;color:#4a4a4a;font-size:.9rem}
.field-error{margin:.25rem 0 0;color:#b00020;font-size:.9rem}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border:1px solid #b00020;border-left-width:6px;border-radius:.3rem;color:#7a0016;background:#fff5f6}
.alert p,.alert ul{margin:0}
.alert ul{padding-left:1.2rem}
button{display:block;width:100%;margin-top:1.25rem;padding:.7rem 1rem;font:inherit;font-weight:700;color:#fff;background:#1b7f3b;border:0;border-radius:.3rem;cursor:pointer}
button.secondary{color:#1b7f3b;background:#fff;border:2px solid #1b7f3b}
.alt{margin:1.25rem 0 0;text-align:center}
.notice{margin:0 0 1rem;padding:.75rem 1rem;border:1px solid #1b7f3b;border-left-width:6px;border-radius:.3rem;background:#f1f8f3}
.forgot{margin:.5rem 0 0}
a{color:#145c2b}
`;

/** Content-Security-Policy of these pages: nothing external; forms post here and redirect to the storefront. */
export function pageCsp({ publicOrigin, scriptHashes = [] }: { publicOrigin: string; scriptHashes?: string[] }): string {
  const script = scriptHashes.length ? scriptHashes.map((h) => `'${h}'`).join(' ') : "'none'";
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src ${script}`,
    `form-action 'self' ${publicOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** A whole HTML document around `body` (already escaped HTML). */
export function layout(title: string, body: string, { script }: { script?: string } = {}): string {
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} | ${BRAND}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<p class="brand">${BRAND}</p>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>
`;
}

/** `sha256-<base64>` of an inline script, for the CSP `script-src`. */
export function scriptHash(script: string): string {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

/** The `role="alert"` summary naming every problem ('' when none). */
export function errorSummary(errors: FieldError[]): string {
  if (!errors.length) return '';
  if (errors.length === 1) return `<div class="alert" role="alert"><p>${escapeHtml(errors[0]!.message)}</p></div>`;
  return `<div class="alert" role="alert"><p>Please fix the following:</p><ul>${errors.map((e) => `<li>${escapeHtml(e.message)}</li>`).join('')}</ul></div>`;
}

/** One labelled input of a form. */
export interface FieldSpec {
  name: 'firstName' | 'lastName' | 'email' | 'password';
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  minlength?: number;
  maxlength?: number;
  autofocus?: boolean;
}

/** A labelled input with its hint and its error (`aria-describedby`, `aria-invalid`). */
export function field(spec: FieldSpec, errors: FieldError[]): string {
  const id = `f-${spec.name}`;
  const error = errors.find((e) => e.field === spec.name);
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attrs = [
    `id="${id}"`, `name="${spec.name}"`, `type="${spec.type}"`, `autocomplete="${spec.autocomplete}"`, 'required',
    spec.type === 'password' ? '' : `value="${escapeHtml(spec.value ?? '')}"`,
    spec.minlength ? `minlength="${spec.minlength}"` : '',
    spec.maxlength ? `maxlength="${spec.maxlength}"` : '',
    described ? `aria-describedby="${described}"` : '',
    error ? 'aria-invalid="true"' : '',
    spec.autofocus ? 'autofocus' : '',
  ].filter(Boolean).join(' ');
  return `<label for="${id}">${escapeHtml(spec.label)}</label>
<input ${attrs}>${spec.hint ? `\n<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>` : ''}${error ? `\n<p class="field-error" id="${id}-error">${escapeHtml(error.message)}</p>` : ''}`;
}

/** Hidden inputs (empty values left out). */
export const hiddenInputs = (hidden: Record<string, string | undefined>) =>
  Object.entries(hidden).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('\n');

/** The sign-in page: 'Email', 'Password', 'Forgot password?' (when `forgotHref`), 'Log In', and a 'Sign Up' link. */
export function signInPage({ action, signUpHref, forgotHref, notice, email = '', errors = [], hidden = {} }: {
  action: string; signUpHref: string; forgotHref?: string;
  /** A confirmation shown above the form (`role="status"`), e.g. after a new password was chosen. */
  notice?: string;
  email?: string; errors?: FieldError[];
  /** Hidden fields: the CSRF token (`csrf`), a step-up ticket (`step_up`). */
  hidden?: Record<string, string | undefined>;
}): string {
  return layout('Log In', `<h1>Log in to your account</h1>
${notice ? `<div class="notice" role="status"><p>${escapeHtml(notice)}</p></div>\n` : ''}${errorSummary(errors)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${hiddenInputs(hidden)}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: email, maxlength: 254, autofocus: !email || errors.length > 0 }, errors)}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: !!email && !errors.length }, errors)}
${forgotHref ? `<p class="forgot"><a href="${escapeHtml(forgotHref)}">Forgot password?</a></p>\n` : ''}<button type="submit">Log In</button>
</form>
<p class="alt">New here? <a href="${escapeHtml(signUpHref)}">Sign Up</a></p>`);
}

/** The sign-up page: 'First name', 'Last name', 'Email', 'Password' (min 8), 'Sign Up'. */
export function signUpPage({ action, logInHref, values = {}, errors = [], hidden = {} }: {
  action: string;
  /** Link back to the sign-in page ('Log In'), when sign-up is part of a sign-in. */
  logInHref?: string;
  values?: { firstName?: string; lastName?: string; email?: string };
  errors?: FieldError[];
  /** Hidden fields: the CSRF token (`csrf`), `return_to`. */
  hidden?: Record<string, string | undefined>;
}): string {
  const firstError = errors[0]?.field;
  return layout('Sign Up', `<h1>Create your account</h1>
${errorSummary(errors)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${hiddenInputs(hidden)}
${field({ name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.firstName, maxlength: 50, autofocus: !firstError || firstError === 'firstName' || firstError === 'form' }, errors)}
${field({ name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.lastName, maxlength: 50, autofocus: firstError === 'lastName' }, errors)}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, maxlength: 254, autofocus: firstError === 'email' }, errors)}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: 'At least 8 characters.', minlength: 8, maxlength: 72, autofocus: firstError === 'password' }, errors)}
<button type="submit">Sign Up</button>
</form>
${logInHref ? `<p class="alt">Already have an account? <a href="${escapeHtml(logInHref)}">Log In</a></p>` : ''}`);
}

/** Submits the provider's logout form with `logout=yes` at once (the shopper already chose 'Sign Out' on the site). */
export const LOGOUT_AUTOSUBMIT_SCRIPT = "document.getElementById('sign-out').click();";

/**
 * The end-session confirmation. `form` is oidc-provider's hidden form (`id="op.logoutForm"`, with its
 * xsrf token); the 'Sign Out' button submits it with `logout=yes` and is clicked by
 * {@link LOGOUT_AUTOSUBMIT_SCRIPT}; 'Stay signed in' submits it without.
 */
export function logoutPage(form: string): string {
  return layout('Sign Out', `<h1>Signing you out…</h1>
<p>If nothing happens, choose Sign Out.</p>
${form}
<button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign Out</button>
<button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>`, { script: LOGOUT_AUTOSUBMIT_SCRIPT });
}

/** Shown after sign-out when the client gave no post_logout_redirect_uri. */
export function signedOutPage(homeHref: string): string {
  return layout('Signed out', `<h1>You are signed out</h1>
<p><a href="${escapeHtml(homeHref)}">Continue shopping</a></p>`);
}

/** An error page: a heading, the reason as text, and a way back to the store. */
export function errorPage({ title, message, homeHref, details }: { title: string; message: string; homeHref: string; details?: string }): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>
<div class="alert" role="alert"><p>${escapeHtml(message)}</p></div>
${details ? `<p class="hint">${escapeHtml(details)}</p>` : ''}
<p class="alt"><a href="${escapeHtml(homeHref)}">Back to ${BRAND}</a></p>`);
}
