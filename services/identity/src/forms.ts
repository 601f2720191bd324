/**
 * The identity provider's form handling: the body reader, the CSRF cookie, the return address of the
 * stand-alone sign-up and the request problems answered with an HTML error page.
 */
import type http from 'node:http';
import { safeReturnPath } from '@storefront/remote-kit/safe-url';

/** Name of the stand-alone sign-up form's double-submit CSRF cookie (Path=/signup, HttpOnly, SameSite=Strict). */
export const SIGNUP_CSRF_COOKIE = 'identity_signup_csrf';

/** Name of the password pages' double-submit CSRF cookie (Path=/password, HttpOnly, SameSite=Lax). */
export const PASSWORD_CSRF_COOKIE = 'identity_password_csrf';

/** Body limit of the sign-in/sign-up forms (bytes). */
export const FORM_LIMIT_BYTES = 16 * 1024;
/** Scopes of the storefront client. */
export const SCOPES = ['openid', 'profile', 'email'] as const;
/** A request problem answered with an HTML error page and `status`. */
export class HttpProblem extends Error {
  constructor(readonly status: number, readonly title: string, message: string) {
    super(message);
  }
}

/** Reads an `application/x-www-form-urlencoded` body (≤ {@link FORM_LIMIT_BYTES}). @throws HttpProblem 400/413 */
export async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new HttpProblem(400, 'Bad request', 'Expected a form submission (application/x-www-form-urlencoded).');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT_BYTES) throw new HttpProblem(413, 'Request too large', `The form is larger than ${FORM_LIMIT_BYTES} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * `return_to` of the stand-alone sign-up as an absolute URL on `publicOrigin`. The check is the
 * storefront's one URL-safety rule, `safeReturnPath` of `@storefront/remote-kit/safe-url` (a path
 * or an absolute URL on exactly `publicOrigin`; no other origin, protocol-relative `//x`, backslash,
 * control character, other scheme or encoded variant of these).
 * @param publicOrigin the storefront's origin, e.g. 'http://localhost:8080'
 * @returns `${publicOrigin}/` when absent; else `${publicOrigin}<path>`
 * @throws HttpProblem 400 for a value that is not a page of the store (no open redirect)
 */
export function resolveReturnTo(value: string | null, publicOrigin: string): string {
  if (value === null || value === '') return `${publicOrigin}/`;
  const path = safeReturnPath(value, { origin: publicOrigin, allowAbsolute: true, fallback: null });
  if (path === null) throw new HttpProblem(400, 'Bad request', `return_to must be a page of ${publicOrigin}.`);
  return `${publicOrigin}${path}`;
}

/** The value of cookie `name` in the request, or '' when absent. */
export function cookieOf(req: http.IncomingMessage, name: string): string {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return '';
}

/**
 * A double-submit CSRF cookie for the forms under `path`: the request's value when well-formed, else a
 * new one; (re)set on `res` for an hour either way.
 * @param sameSite 'Strict', or 'Lax' for pages opened from a link in a mail
 * @returns the value, to bind the form's token to
 */
export function csrfCookie(req: http.IncomingMessage, res: http.ServerResponse, o: { name: string; path: string; secure: boolean; sameSite: 'Strict' | 'Lax'; fresh: () => string }): string {
  const existing = cookieOf(req, o.name);
  const value = /^[A-Za-z0-9_-]{24}$/.test(existing) ? existing : o.fresh();
  res.setHeader('Set-Cookie', `${o.name}=${value}; Path=${o.path}; Max-Age=3600; HttpOnly; SameSite=${o.sameSite}${o.secure ? '; Secure' : ''}`);
  return value;
}

/** The 403 of a form POST without a valid CSRF token (cross-site, or a page from before a restart of every key). */
export const csrfProblem = () =>
  new HttpProblem(403, 'Form expired', 'This form has expired or was not sent from this site. Go back, reload the page and try again.');

/** '30 seconds', '2 minutes', '1 hour' — how long to wait, for the sign-in page. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

/** Answers an HTML page with the identity pages' security headers (no caching, `csp`, nosniff, no referrer). */
export function sendHtml(res: http.ServerResponse, status: number, html: string, csp: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(html);
}
