/**
 * `@storefront/remote-kit/safe-url`: the one URL-safety check of the storefront (no React, no DOM
 * types: usable from remotes, the shell and Node services such as `services/identity`).
 *
 * It replaces four copies that had drifted apart (mf-loyalty `safeRedirect`, mf-search `redirect.ts`,
 * shell `safeReturnPath`, identity `resolveReturnTo`) and keeps the strongest rule of each:
 * only a path on this site is followed, every percent-decoded form of it must be a site path too,
 * and the path the browser would finally go to (after dot-segment resolution) must still be one.
 * Background: OWASP "Unvalidated Redirects and Forwards Cheat Sheet"; WHATWG URL Standard (parsing
 * strips leading/trailing C0 controls and spaces and removes tab/newline anywhere, treats `\` as `/`
 * in special schemes, resolves `.`/`..` and their `%2e` forms).
 */

/** Longest value {@link safeReturnPath} accepts, in characters (a return path is never longer). */
export const MAX_RETURN_PATH_LENGTH = 2048;

/** Most rounds of percent-decoding {@link safeReturnPath} inspects; still-changing values are refused. */
const MAX_DECODE_ROUNDS = 5;

/**
 * Characters refused anywhere in a return path or external URL, in any decoded form: C0 controls,
 * DEL, C1 controls, every Unicode space except U+0020 (NBSP, ideographic space, line/paragraph
 * separators…), zero-width and bidi formatting characters (spoofing) and the BOM.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

/** Options of {@link safeReturnPath}. */
export interface SafeReturnPathOptions<F extends string | null = string> {
  /**
   * The site's origin (`'https://shop.example'`). Default: `globalThis.location.origin` in a browser,
   * else `'http://localhost'`. Needed with {@link SafeReturnPathOptions.allowAbsolute}.
   */
  origin?: string;
  /** Returned when the value is missing or refused. Default `'/'`; pass `null` to tell refusals apart. */
  fallback?: F;
  /**
   * Also accept an absolute `http(s)` URL on exactly {@link SafeReturnPathOptions.origin} (scheme,
   * host and port), returned as its path. Default `false`: only a path starting with one `/` is
   * accepted (mf-loyalty's verify-flow rule). The identity service's `return_to` and mf-search's
   * redirect cards use `true`.
   */
  allowAbsolute?: boolean;
  /**
   * Paths never returned to (compared on the pathname, with or without query/hash), e.g. the
   * shell's OIDC callback `['/auth/callback']` (returning there would replay a sign-in).
   */
  exclude?: readonly string[];
  /** Longest accepted value in characters. Default {@link MAX_RETURN_PATH_LENGTH} (2048). */
  maxLength?: number;
}

/** Every percent-decoded form of `raw` (raw first), or null when an escape is malformed or decoding never settles. */
function decodedForms(raw: string): string[] | null {
  const forms = [raw];
  let current = raw;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return null;
}

/** One leading '/', not '//' or '/\', no backslash anywhere, no forbidden character. */
function isSitePath(s: string): boolean {
  return s.startsWith('/') && s[1] !== '/' && !s.includes('\\') && !FORBIDDEN_CHARS.test(s);
}

function defaultOrigin(): string {
  const loc = (globalThis as { location?: { origin?: unknown } }).location;
  return typeof loc?.origin === 'string' && /^https?:\/\//.test(loc.origin) ? loc.origin : 'http://localhost';
}

function originOf(origin: string): string | null {
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** `/x?y#z` when `candidate` is a safe site path on `base`, else null. */
function checkPath(candidate: string, base: string, exclude: readonly string[]): string | null {
  const forms = decodedForms(candidate);
  if (!forms || !forms.every(isSitePath)) return null;
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments ('/..//evil', '/%2e%2e//evil') can resolve to '//evil': check what the browser would get.
  if (!isSitePath(path)) return null;
  const resolved = decodedForms(path);
  if (!resolved || !resolved.every(isSitePath)) return null;
  if (exclude.some((p) => url.pathname === p)) return null;
  return path;
}

/**
 * A same-origin path to send the shopper back to (`returnTo`, `redirectUrl`, `return_to`, redirect
 * cards), or `fallback`. Pure; never throws.
 *
 * Accepted: `'/scene'`, `'/recipes/pasta?tab=recipe#top'`, `'/products/milk%20bag'`; with
 * `allowAbsolute`, `'https://shop.example/scene'` on `origin` → `'/scene'`. The result is the URL
 * parser's normalised `pathname + search + hash` (e.g. a space becomes `%20`).
 *
 * Refused (→ `fallback`): non-strings, `''`, values over `maxLength`; relative paths (`'scene'`);
 * another origin (`'https://evil.example'`, `'http://'` vs `'https://'`, another port); absolute
 * URLs unless `allowAbsolute`; userinfo (`'https://shop.example@evil.example'`); any other scheme
 * (`javascript:`, `JaVaScRiPt:`, `data:`, `vbscript:`, `file:`); protocol-relative `'//evil'`;
 * backslashes (`'/\evil'`, `'\\evil'`); leading/trailing whitespace; control characters (tab,
 * newline, NUL, DEL, C1), non-ASCII spaces, zero-width and bidi characters; encoded variants of all
 * of these (`'%2F%2Fevil'`, `'/%2Fevil'`, `'/%5Cevil'`, `'/%252Fevil'`, `'/%09/evil'`,
 * `'%6A%61vascript:'`), malformed escapes (`'/%E0%A4%A'`), values still decoding after 5 rounds;
 * dot segments that resolve to `'//host'` (`'/..//evil'`, `'/%2e%2e//evil'`); paths in `exclude`.
 *
 * @param value the raw value (e.g. from `URLSearchParams.get`, already decoded once), any type
 * @param options {@link SafeReturnPathOptions}
 * @returns the safe path (`/…`), or `fallback` (default `'/'`)
 * @example safeReturnPath('/scene') === '/scene'
 * @example safeReturnPath('//evil.example') === '/'
 * @example safeReturnPath('https://shop.example/x', { origin: 'https://shop.example', allowAbsolute: true, fallback: null }) === '/x'
 */
export function safeReturnPath<F extends string | null = string>(value: unknown, options: SafeReturnPathOptions<F> = {}): string | F {
  const fallback = (options.fallback === undefined ? '/' : options.fallback) as F;
  const maxLength = options.maxLength ?? MAX_RETURN_PATH_LENGTH;
  const exclude = options.exclude ?? [];
  if (typeof value !== 'string' || value === '' || value.length > maxLength || value !== value.trim()) return fallback;
  const base = originOf(options.origin ?? defaultOrigin());
  if (!base) return fallback;
  if (value.startsWith('/')) return checkPath(value, base, exclude) ?? fallback;
  if (!options.allowAbsolute || !/^https?:\/\//i.test(value)) return fallback;
  // Absolute URL: the raw text must be clean before parsing (the parser would drop tabs/newlines, map '\' to '/').
  if (value.includes('\\') || FORBIDDEN_CHARS.test(value) || /\s/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fallback;
  }
  if (url.origin !== base || url.username || url.password) return fallback;
  return checkPath(`${url.pathname}${url.search}${url.hash}`, base, exclude) ?? fallback;
}

/** Options of {@link isSafeHttpUrl}. */
export interface SafeHttpUrlOptions {
  /**
   * Origins the URL must be on (`['https://flyer.example']`), compared exactly (scheme, host, port).
   * Default: any http(s) origin.
   */
  allowedOrigins?: readonly string[];
  /** Longest accepted value in characters. Default 2048. */
  maxLength?: number;
}

/**
 * True when `value` is an absolute `http:`/`https:` URL safe to put in an external link or `src`
 * (e.g. a vendor page, a flyer provider), optionally on one of `allowedOrigins`. Pure; never throws.
 *
 * Refused: non-strings, `''`, relative and protocol-relative URLs (`'/x'`, `'//evil'`), every other
 * scheme (`javascript:`, `data:`, `vbscript:`, `file:`, `ftp:`, `blob:`), backslashes, whitespace
 * (leading, trailing or inside), control characters and other {@link safeReturnPath} forbidden
 * characters, userinfo (`'https://shop.example@evil.example'`), values over `maxLength`, and origins
 * not in `allowedOrigins` when given.
 *
 * @param value the URL text, any type
 * @param options {@link SafeHttpUrlOptions}
 * @example isSafeHttpUrl('https://www.example.com/register') === true
 * @example isSafeHttpUrl('javascript:alert(1)') === false
 */
export function isSafeHttpUrl(value: unknown, options: SafeHttpUrlOptions = {}): boolean {
  const maxLength = options.maxLength ?? MAX_RETURN_PATH_LENGTH;
  if (typeof value !== 'string' || value === '' || value.length > maxLength) return false;
  if (!/^https?:\/\/[^/]/i.test(value) || value.includes('\\') || /\s/.test(value) || FORBIDDEN_CHARS.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password || !url.hostname) return false;
  if (options.allowedOrigins) {
    const allowed = options.allowedOrigins.map(originOf).filter((o): o is string => o !== null);
    if (!allowed.includes(url.origin)) return false;
  }
  return true;
}
