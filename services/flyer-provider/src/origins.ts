/** Origin checks shared by the server and main.ts. */

/** `value` itself when it is exactly an http(s) origin ('http://localhost:8080', no path, no trailing slash), else null. */
export function exactHttpOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** Host pages that may embed the flyer when FLYER_ALLOWED_HOSTS is unset: the edge of `npm start`. */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = ['http://localhost:8080'];

/**
 * Parses FLYER_ALLOWED_HOSTS: comma- or space-separated http(s) origins.
 * @throws Error naming the first entry that is not an origin (a typo must not open the frame to anyone)
 */
export function parseAllowedHosts(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_ALLOWED_HOSTS];
  const entries = raw.split(/[\s,]+/).filter(Boolean);
  for (const e of entries) {
    if (!exactHttpOrigin(e)) throw new Error(`FLYER_ALLOWED_HOSTS: '${e}' is not an http(s) origin like http://localhost:8080`);
  }
  return [...new Set(entries)];
}
