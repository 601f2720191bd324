/**
 * Redirect-target check of the verify flow (spec §2 Routes "/verify-card takes a redirectUrl
 * parameter", §4 Verify flow): after verification the shopper goes back to `redirectUrl` only when it
 * is a path on this site.
 */

/** Where a refused or missing target goes. */
export const HOME = '/';

/** Decodes percent-escapes repeatedly (max 3 rounds) so encoded tricks are checked in every form. */
function decodedForms(raw: string): string[] | null {
  const forms = [raw];
  let current = raw;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null; // malformed escapes: refuse
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** A same-site path: one leading '/', not '//' or '/\', no backslash or control character (tab, newline…). */
function isSitePath(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  return s.startsWith('/') && s[1] !== '/' && !s.includes('\\') && !/[\u0000-\u001f\u007f]/.test(s);
}

/**
 * Returns `raw` when it is a path on this site, else '/' (pure).
 *
 * Accepted: '/scene', '/recipes/pasta?tab=recipe#top'. Refused (→ '/'): null/empty, another origin
 * ('https://evil.example'), any scheme ('javascript:alert(1)'), protocol-relative ('//evil'),
 * backslash tricks ('/\evil'), control characters (tab, newline), and encoded variants of these
 * ('%2F%2Fevil', '/%2F%2Fevil', '/%5Cevil', '%6A%61vascript:…') — every decoded form must pass too.
 *
 * @param raw the `redirectUrl` query value (already URL-decoded once by URLSearchParams), or null
 * @param origin the site origin the resolved URL must keep (default `window.location.origin`)
 */
export function safeRedirect(raw: string | null | undefined, origin: string = typeof window !== 'undefined' ? window.location.origin : 'http://localhost'): string {
  if (!raw) return HOME;
  const forms = decodedForms(raw);
  if (!forms || !forms.every(isSitePath)) return HOME;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return HOME;
  }
  if (url.origin !== new URL(origin).origin) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
