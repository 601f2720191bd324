/**
 * Validation of the loyalty site's registration form and of the address it returns the shopper to
 * (spec §2 "/register External loyalty site (registration)"). Pure functions.
 */

/** The registration form's fields as typed. */
export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  /** Canadian postal code, e.g. 'B3H 1A1' (spaces and case free). */
  postalCode: string;
  /** 'on' when the programme terms were accepted. */
  terms: string;
}

/** A registration that passed validation (normalised). */
export interface Registration {
  firstName: string;
  lastName: string;
  /** Lower case. */
  email: string;
  /** 'A1A 1A1'. */
  postalCode: string;
}

/** One reason a field was refused. */
export interface FieldError {
  field: keyof RegistrationInput;
  reason: string;
}

/** Longest name accepted, in characters. */
export const NAME_MAX = 50;
/** Longest email accepted, in characters (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}'’ .-]*$/u;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
// Canada Post: no D, F, I, O, Q, U anywhere; no W or Z first.
const POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The form's fields from a parsed body (missing or non-string values become ''). */
export function readInput(body: unknown): RegistrationInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return { firstName: text(b.firstName), lastName: text(b.lastName), email: text(b.email), postalCode: text(b.postalCode), terms: text(b.terms) };
}

/**
 * Validates a registration: names 1–50 letters (accents, apostrophes, spaces, dots and hyphens
 * inside), an email address, a Canadian postal code, the terms accepted.
 * @returns the normalised registration, or the reasons per field (in form order)
 */
export function validateRegistration(input: RegistrationInput): { ok: true; value: Registration } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim().toLowerCase();
  const postal = input.postalCode.trim().toUpperCase();
  const name = (field: 'firstName' | 'lastName', v: string, label: string) => {
    if (!v) errors.push({ field, reason: `Enter your ${label}.` });
    else if (v.length > NAME_MAX) errors.push({ field, reason: `Your ${label} can have at most ${NAME_MAX} characters.` });
    else if (!NAME.test(v)) errors.push({ field, reason: `Your ${label} can contain letters, spaces, apostrophes, dots and hyphens only.` });
  };
  name('firstName', firstName, 'first name');
  name('lastName', lastName, 'last name');
  if (!email) errors.push({ field: 'email', reason: 'Enter your email address.' });
  else if (email.length > EMAIL_MAX || !EMAIL.test(email)) errors.push({ field: 'email', reason: 'Enter an email address like name@example.com.' });
  const m = POSTAL.exec(postal);
  if (!postal) errors.push({ field: 'postalCode', reason: 'Enter your postal code.' });
  else if (!m) errors.push({ field: 'postalCode', reason: 'Enter a Canadian postal code like B3H 1A1.' });
  if (input.terms !== 'on' && input.terms !== 'true') errors.push({ field: 'terms', reason: 'Accept the Scene+ programme terms to register.' });
  if (errors.length > 0 || !m) return { ok: false, errors };
  return { ok: true, value: { firstName, lastName, email, postalCode: `${m[1]} ${m[2]}` } };
}

/** Longest return address accepted, in characters. */
export const RETURN_URL_MAX = 2048;

/**
 * The address to send the shopper back to: `returnUrl` when it is an absolute http(s) URL on one of
 * the `storefrontOrigins` (exact origin match, no credentials, no control characters), else the first
 * storefront origin's home page. Never an open redirect: any other origin, a scheme-relative
 * '//host', 'javascript:' or a relative path falls back to the storefront's home.
 */
export function safeReturnUrl(returnUrl: unknown, storefrontOrigins: readonly string[]): string {
  const home = `${storefrontOrigins[0]}/`;
  if (typeof returnUrl !== 'string' || returnUrl.length === 0 || returnUrl.length > RETURN_URL_MAX) return home;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(returnUrl)) return home;
  let url: URL;
  try { url = new URL(returnUrl); } catch { return home; }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return home;
  if (url.username || url.password) return home;
  if (!storefrontOrigins.includes(url.origin)) return home;
  return url.href;
}

/** Whether `origin` is an http(s) origin with nothing after it (e.g. 'http://localhost:8080'). */
export function isOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin;
  } catch {
    return false;
  }
}
