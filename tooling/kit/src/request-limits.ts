/**
 * Request checks shared by the storefront's services (BFF, search engine): who the client is behind our
 * proxy, and how deep a JSON body may nest. Pure functions, no server dependency.
 */

/** fastify's `trustProxy` option as these services use it: false, true, or a list of addresses/CIDRs/names. */
export type TrustProxySetting = boolean | string[];

/**
 * TRUST_PROXY → fastify's `trustProxy`. Unset, '' or 'false' → false (`request.ip` is the TCP peer);
 * 'true' → every hop (only when nothing but the proxy can reach the service); otherwise a comma list of
 * addresses, CIDRs or proxy-addr names ('loopback', 'linklocal', 'uniquelocal'), e.g. 'loopback' or
 * '10.0.0.5,10.0.1.0/24': `request.ip` is then the right-most X-Forwarded-For address not on the list.
 * A malformed entry makes fastify throw when the server is built.
 */
export function parseTrustProxy(value: string | undefined): TrustProxySetting {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

/**
 * True when JSON text nests objects/arrays deeper than `max` levels (brackets inside strings do not
 * count). A linear scan before `JSON.parse`, so a 10,000-level body never reaches code that recurses;
 * malformed text is left to `JSON.parse`.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
