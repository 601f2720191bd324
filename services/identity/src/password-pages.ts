/**
 * The forgotten-password pages: ask for the email, "check your email" (the same page whether or not an
 * account has that email), choose a new password, a link that no longer works, and done.
 */
import type { FieldError } from './accounts';
import { BRAND, errorSummary, escapeHtml, field, hiddenInputs, layout } from './pages';

/** 'Forgot your password?': the Email field and 'Send reset link'. */
export function forgotPage({ action, backHref, email = '', errors = [], hidden = {} }: {
  action: string;
  /** 'Back to Log In': the pending sign-in, else the store. */
  backHref: string;
  email?: string;
  errors?: FieldError[];
  /** Hidden fields: the CSRF token (`csrf`), the pending sign-in (`interaction`). */
  hidden?: Record<string, string | undefined>;
}): string {
  return layout('Forgot password', `<h1>Forgot your password?</h1>
<p>Enter the email of your account. We will send it a link to choose a new password.</p>
${errorSummary(errors)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${hiddenInputs(hidden)}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: email, maxlength: 254, autofocus: true }, errors)}
<button type="submit">Send reset link</button>
</form>
<p class="alt"><a href="${escapeHtml(backHref)}">Back to Log In</a></p>`);
}

/** After asking: the same page for every email, known or not (it never says which). */
export function forgotSentPage({ backHref, minutes }: { backHref: string; minutes: number }): string {
  return layout('Check your email', `<h1>Check your email</h1>
<div class="notice" role="status"><p>If an account uses that email, we have sent it a link to choose a new password.</p></div>
<p>The link works once, within ${minutes} minutes. If no email arrives, check your spam folder or ask again.</p>
<p class="alt"><a href="${escapeHtml(backHref)}">Back to Log In</a></p>`);
}

/** 'Choose a new password': the New password field (the sign-up rules) and 'Change password'. */
export function resetPage({ action, errors = [], hidden = {} }: {
  action: string;
  errors?: FieldError[];
  /** Hidden fields: the CSRF token (`csrf`), the link's `token`. */
  hidden?: Record<string, string | undefined>;
}): string {
  return layout('Choose a new password', `<h1>Choose a new password</h1>
${errorSummary(errors)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${hiddenInputs(hidden)}
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: 'At least 8 characters.', minlength: 8, maxlength: 72, autofocus: true }, errors)}
<button type="submit">Change password</button>
</form>
<p class="hint">Changing your password signs you out on every other device.</p>`);
}

/** A link that was used already or is older than its time: say so, and offer a new one. */
export function resetLinkDeadPage({ forgotHref, minutes }: { forgotHref: string; minutes: number }): string {
  return layout('Link expired', `<h1>This link no longer works</h1>
<div class="alert" role="alert"><p>This password reset link has expired or was already used. Each link works once, within ${minutes} minutes.</p></div>
<p class="alt"><a href="${escapeHtml(forgotHref)}">Ask for a new link</a></p>`);
}

/** The password was changed (outside a pending sign-in, or once it expired). */
export function resetDonePage({ homeHref }: { homeHref: string }): string {
  return layout('Password changed', `<h1>Your password has been changed</h1>
<div class="notice" role="status"><p>${PASSWORD_CHANGED}</p></div>
<p class="alt"><a href="${escapeHtml(homeHref)}">Back to ${BRAND}</a></p>`);
}

/** The confirmation shown once a new password is chosen (also on the sign-in page it leads back to). */
export const PASSWORD_CHANGED = 'Your password has been changed and you were signed out everywhere else. Log in with your new password.';
