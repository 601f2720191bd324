/**
 * The edge's Content-Security-Policy: the host allowlist (report-only mode), the strict policy with a
 * nonce per response (ADR 0002), and the nonce written into the served HTML.
 */
import { randomBytes } from 'node:crypto';

/** `new URL(u).origin` for an http(s) URL, else null. */
export function httpOrigin(u) {
  try {
    const url = new URL(u);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const unique = (xs) => Array.from(new Set(xs.filter(Boolean)));

/**
 * The Content-Security-Policy directives: only the site's own origins: itself ('self'), the remote
 * origins of the remote map (scripts, manifests, images, fonts), the search engine (connect-src), the
 * identity provider (connect-src for discovery, token and JWKS; form-action; frame-src for the addCard
 * popup's registration screen set, `/screens/add-card`): `identityOrigin` and the origin of `config.oidc.issuer`, and the flyer provider `config.flyer.origin` (script-src for
 * its storefront.js, frame-src for the flyer's iframe, connect-src for its publications API, img-src for the
 * item pictures of mf-flyer's item dialog; nothing else)
 * and the vendors' origin `config.vendors.origin` (script-src, connect-src, img-src; no frames).
 * style-src allows 'unsafe-inline' (the preset's injected <style> elements): the host allowlist CSP that the
 * `report-only` mode enforces; the strict CSP ({@link strictCspDirectives}) replaces it with a nonce.
 * @param {{ remotes: Record<string,string>, config: { search: { hosts: Array<{url:string,protocol:string}> }, apiBase?: string, oidc?: { issuer: string }, flyer?: { origin: string } }, identityOrigin?: string }} o
 * @returns {Record<string, string[]>}
 */
export function cspDirectives({ remotes, config, identityOrigin }) {
  const remoteOrigins = unique(Object.values(remotes || {}).map(httpOrigin));
  const searchOrigins = unique((config?.search?.hosts || []).map((h) => httpOrigin(`${h.protocol}://${h.url}`)));
  const apiOrigin = config?.apiBase && /^https?:\/\//.test(config.apiBase) ? httpOrigin(config.apiBase) : null;
  const identityOrigins = unique([identityOrigin ? httpOrigin(identityOrigin) : null, config?.oidc?.issuer ? httpOrigin(config.oidc.issuer) : null]);
  const flyerOrigin = config?.flyer?.origin ? httpOrigin(config.flyer.origin) : null;
  // The vendors' scripts: their scripts, their /collect and consent receipts, the ad creatives.
  const vendorsOrigin = config?.vendors?.origin ? httpOrigin(config.vendors.origin) : null;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'", ...remoteOrigins, flyerOrigin, vendorsOrigin]),
    styleSrc: ["'self'", "'unsafe-inline'"],
    // the flyer's item pictures, which mf-flyer's item dialog shows in the page itself
    imgSrc: unique(["'self'", 'data:', ...remoteOrigins, flyerOrigin, vendorsOrigin]),
    fontSrc: ["'self'", ...remoteOrigins],
    connectSrc: unique(["'self'", ...remoteOrigins, ...searchOrigins, apiOrigin, ...identityOrigins, flyerOrigin, vendorsOrigin]),
    frameSrc: unique(["'self'", flyerOrigin, ...identityOrigins]),
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: unique(["'self'", ...identityOrigins]),
  };
}

/** The CSP modes of the edge (`startEdge({ cspMode })`, env CSP_MODE). */
export const CSP_MODES = /** @type {const} */ (['strict', 'report-only']);

/**
 * The strict CSP of a response with nonce `nonce` (base64): scripts by nonce with 'strict-dynamic' (a
 * script the page's nonced scripts add is trusted: main.js, the chunks, the remotes' entries, the vendors'
 * and flyer's scripts), the host allowlist of {@link cspDirectives} kept after it for browsers without
 * 'strict-dynamic'; styles from the site or by nonce (the preset's injected `<style>` gets it through
 * `__webpack_nonce__`, tooling/webpack/preset.js), no 'unsafe-inline' for either; Trusted Types required
 * for script sinks with one policy, 'default' (shell/src/trusted-types.ts: script URLs of the site, the
 * remote map, the flyer and the vendors only). The other directives as {@link cspDirectives}.
 * @param {Parameters<typeof cspDirectives>[0]} o
 * @param {string} nonce the response's nonce, base64
 * @returns {Record<string, string[]>}
 */
export function strictCspDirectives(o, nonce) {
  const d = cspDirectives(o);
  return {
    ...d,
    scriptSrc: [`'nonce-${nonce}'`, "'strict-dynamic'", ...d.scriptSrc],
    styleSrc: ["'self'", `'nonce-${nonce}'`],
    requireTrustedTypesFor: ["'script'"],
    trustedTypes: ['default'],
  };
}

/** A CSP header value from directives keyed in camelCase, e.g. { scriptSrc: ["'self'"] } → "script-src 'self'". */
export function serializeCsp(directives) {
  return Object.entries(directives)
    .map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...v].join(' '))
    .join('; ');
}

/** A response's CSP nonce: 16 random bytes, base64 (CSP3 §2.3.1 nonce-source). */
export const newCspNonce = () => randomBytes(16).toString('base64');

const STYLE_ATTR = /\sstyle\s*=\s*("[^"]*"|'[^']*')/i;
const unescapeAttr = (v) => v.replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The shell's HTML as the strict CSP needs it (the build's files only, before the start-up hints are
 * added, so nothing the edge writes from data gets a nonce):
 *   - `<meta name="csp-nonce" nonce="…">` first in <head>: webpack's runtimes read it for `__webpack_nonce__`;
 *   - `nonce` on every `<script>`, `<style>` and `<link rel=stylesheet|preload|modulepreload>`;
 *   - every `style="…"` attribute (the CSP blocks them) moved into a nonced `<style>` as a rule on a
 *     `data-csp-style` attribute (e.g. the home page's ad slot pre-rendered by React).
 * @param {string} html
 * @param {string} nonce base64
 * @returns {string}
 */
export function withCspNonce(html, nonce) {
  const attr = ` nonce="${nonce}"`;
  const rules = [];
  let out = html.replace(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<([a-zA-Z][a-zA-Z0-9-]*)\b([^>]*)>/g, (whole, raw, rawAttrs, body, tag, attrs) => {
    if (raw) return /\snonce\s*=/i.test(rawAttrs) ? whole : `<${raw}${attr}${rawAttrs}>${body}</${raw}>`;
    let a = attrs;
    const style = STYLE_ATTR.exec(a);
    if (style) {
      const css = unescapeAttr(style[1].slice(1, -1));
      // a value that could leave its rule stays where it was (and is reported by the browser)
      if (!/[<{}]/.test(css)) {
        a = a.replace(STYLE_ATTR, ` data-csp-style="${rules.length}"`);
        rules.push(`[data-csp-style="${rules.length}"]{${css}}`);
      }
    }
    if (tag.toLowerCase() === 'link' && /\srel\s*=\s*["']?(stylesheet|preload|modulepreload)\b/i.test(a) && !/\snonce\s*=/i.test(a)) a = `${attr}${a}`;
    return `<${tag}${a}>`;
  });
  if (rules.length) out = out.replace(/<\/head\s*>/i, `<style${attr}>${rules.join('')}</style></head>`);
  const meta = `<meta name="csp-nonce"${attr}>`;
  // after the charset declaration when there is one (it must come first), else first in <head>
  if (/<meta\s+charset\b[^>]*>/i.test(out)) return out.replace(/<meta\s+charset\b[^>]*>/i, (m) => `${m}${meta}`);
  return out.replace(/<head\b[^>]*>/i, (head) => `${head}${meta}`);
}

