/**
 * The loyalty site's pages as HTML strings. Every value that came from a request (typed text, the
 * return address) goes through {@link escapeHtml}: shopper-typed text is rendered as text.
 */
import type { FieldError, RegistrationInput } from './validation';

/** Escapes `& < > " '` for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Scene+</title>
<link rel="stylesheet" href="/site.css">
</head>
<body>
<header class="bar"><span class="brand">Scene+</span><span class="note">Loyalty programme (local stand-in)</span></header>
<main>
${body}
</main>
</body>
</html>
`;

const FIELDS: Array<{ name: Exclude<keyof RegistrationInput, 'terms'>; label: string; type: string; autocomplete: string }> = [
  { name: 'firstName', label: 'First name', type: 'text', autocomplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autocomplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
  { name: 'postalCode', label: 'Postal code', type: 'text', autocomplete: 'postal-code' },
];

/**
 * The registration form: the typed values kept after a refusal, each field's reason next to it
 * (`aria-describedby`, `aria-invalid`) and a summary alert; the return address in a hidden field.
 */
export function registrationPage(o: { returnUrl: string; input?: RegistrationInput; errors?: FieldError[] }): string {
  const errors = o.errors ?? [];
  const reason = (field: string) => errors.find((e) => e.field === field)?.reason;
  const fields = FIELDS.map((f) => {
    const r = reason(f.name);
    const value = o.input?.[f.name] ?? '';
    return `<div class="field">
<label for="${f.name}">${f.label}</label>
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required value="${escapeHtml(value)}"${r ? ` aria-invalid="true" aria-describedby="${f.name}-error"` : ''}>
${r ? `<p class="error" id="${f.name}-error">${escapeHtml(r)}</p>` : ''}
</div>`;
  }).join('\n');
  const termsReason = reason('terms');
  const summary = errors.length
    ? `<div class="alert" role="alert"><p>Please check ${errors.length === 1 ? 'this field' : `these ${errors.length} fields`}:</p><ul>${errors.map((e) => `<li>${escapeHtml(e.reason)}</li>`).join('')}</ul></div>`
    : '';
  return page('Create your Scene+ account', `<h1>Create your Scene+ account</h1>
<p>Collect Scene+ points on your groceries. It takes a minute.</p>
${summary}
<form method="post" action="/register" novalidate>
<input type="hidden" name="returnUrl" value="${escapeHtml(o.returnUrl)}">
${fields}
<div class="field check">
<input id="terms" name="terms" type="checkbox"${o.input?.terms === 'on' ? ' checked' : ''}${termsReason ? ` aria-invalid="true" aria-describedby="terms-error"` : ''}>
<label for="terms">I accept the Scene+ programme terms</label>
${termsReason ? `<p class="error" id="terms-error">${escapeHtml(termsReason)}</p>` : ''}
</div>
<div class="actions">
<button type="submit">Create my account</button>
<a href="${escapeHtml(o.returnUrl)}">Back to the store</a>
</div>
</form>`);
}

/** After a registration: a welcome and the way back to the storefront. */
export function registeredPage(o: { firstName: string; returnUrl: string }): string {
  return page('Welcome to Scene+', `<h1>Welcome to Scene+, ${escapeHtml(o.firstName)}!</h1>
<p role="status">Your Scene+ account is created. Your card is on its way by email; add it to your grocery account when it arrives.</p>
<p><a class="button" href="${escapeHtml(o.returnUrl)}">Return to the store</a></p>`);
}

/** The site's stylesheet (served at /site.css; the CSP allows no inline style). */
export const SITE_CSS = `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d1d1f;background:#f6f4fb}
.bar{display:flex;gap:12px;align-items:baseline;padding:12px 16px;background:#3b1f6b;color:#fff}
.brand{font-weight:800;font-size:20px}.note{font-size:13px;opacity:.85}
main{max-width:520px;margin:24px auto;padding:0 16px 32px}
h1{font-size:26px}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:14px}
.field input{font:inherit;padding:8px 10px;border:1px solid #8c8696;border-radius:6px}
.field input[aria-invalid=true]{border-color:#a3261a}
.check{flex-direction:row;flex-wrap:wrap;align-items:center;gap:8px}
.error{margin:0;color:#a3261a;font-size:14px;flex-basis:100%}
.alert{border:1px solid #a3261a;background:#fdecea;border-radius:8px;padding:8px 12px;margin-bottom:16px}
.actions{display:flex;gap:16px;align-items:center}
button,.button{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:6px;background:#3b1f6b;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
a{color:#3b1f6b}
:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
`;
