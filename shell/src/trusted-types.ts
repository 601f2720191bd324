/**
 * The page's one Trusted Types policy, 'default' (the edge's CSP: `require-trusted-types-for 'script';
 * trusted-types default`). Every script URL the page assigns as a string (`script.src` set by paint-first.js,
 * webpack's chunk loader, the Module Federation runtime, the shell's vendor loader, the flyer's loader)
 * passes through its `createScriptURL`, which admits only http(s) URLs on:
 *   - the site itself (`location.origin`),
 *   - the origins of the remote map (the data block `#shell-startup` `remotes`, or `window.__SHELL__.remotes`),
 *   - the remote-override origins the config allows (`config.remoteOverrideOrigins`),
 *   - the flyer provider (`config.flyer.origin`) and the vendors (`config.vendors.origin`),
 * and rejects any other (the assignment then throws and the browser reports a violation).
 * It has no `createHTML` or `createScript`: an HTML string assigned to `innerHTML` and string code
 * (eval, `new Function`) are refused.
 *
 * The build inlines this file (compiled) as the first script of the shell's HTML (tooling/webpack/preset.js
 * `TrustedTypesInlinePlugin`), so the policy exists before paint-first.js adds main.js. That is its only
 * copy on the page: no bundle imports it (every page the edge serves is one of those HTML files). No
 * imports: it must run on its own.
 */

interface StartupData {
  remotes?: Record<string, unknown>;
  config?: { flyer?: { origin?: unknown }; vendors?: { origin?: unknown }; remoteOverrideOrigins?: unknown };
}

interface TrustedTypesLike {
  defaultPolicy: unknown;
  createPolicy(name: string, rules: { createScriptURL(url: string): string | null }): unknown;
}

/** The http(s) origin of `url` (relative to `base`), or null. */
export function originOf(url: unknown, base?: string): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins a script may load from, given the page's remote map and config.
 * @param siteOrigin the page's origin
 * @param sources `{ remotes, config }` documents (the data block, `window.__SHELL__`); missing parts skipped
 * @returns a set of origins, e.g. { 'http://localhost:8080', 'http://localhost:3001' }
 */
export function allowedScriptOrigins(siteOrigin: string, sources: Array<StartupData | null | undefined>): Set<string> {
  const out = new Set<string>([siteOrigin]);
  const add = (u: unknown) => {
    const o = originOf(u);
    if (o) out.add(o);
  };
  for (const s of sources) {
    if (!s || typeof s !== 'object') continue;
    // remote map values are manifest URLs; `$integrity` (an object of pins) is skipped by originOf
    if (s.remotes && typeof s.remotes === 'object') Object.values(s.remotes).forEach(add);
    const c = s.config;
    if (c && typeof c === 'object') {
      add(c.flyer?.origin);
      add(c.vendors?.origin);
      if (Array.isArray(c.remoteOverrideOrigins)) c.remoteOverrideOrigins.forEach(add);
    }
  }
  return out;
}

/**
 * `createScriptURL` of the policy: `url` unchanged when its origin (relative to `pageUrl`) is allowed,
 * else null (the browser refuses the assignment).
 */
export function admitScriptUrl(url: string, pageUrl: string, allowed: Set<string>): string | null {
  const o = originOf(url, pageUrl);
  return o && allowed.has(o) ? url : null;
}

/** The data block the edge writes into the page, parsed once it is there (null while missing or not JSON). */
let startup: StartupData | null = null;
function startupData(doc: Document): StartupData | null {
  if (startup) return startup;
  const text = doc.getElementById('shell-startup')?.textContent;
  try {
    startup = text ? (JSON.parse(text) as StartupData) : null;
  } catch {
    startup = null;
  }
  return startup;
}

/**
 * Creates the 'default' policy when the browser has Trusted Types and none exists yet.
 * @returns whether this call created it
 */
export function installTrustedTypesPolicy(win: Window): boolean {
  const tt = (win as unknown as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (!tt || tt.defaultPolicy) return false;
  try {
    tt.createPolicy('default', {
      createScriptURL(url: string) {
        const shell = (win as unknown as { __SHELL__?: StartupData }).__SHELL__;
        const allowed = allowedScriptOrigins(win.location.origin, [startupData(win.document), shell]);
        const ok = admitScriptUrl(url, win.location.href, allowed);
        if (ok === null) console.error(`[shell] Trusted Types: script URL refused (not the site, a remote, the flyer or the vendors): ${String(url).slice(0, 200)}`);
        return ok;
      },
    });
    return true;
  } catch {
    // CSP without 'default' in trusted-types, or another script made it first
    return false;
  }
}

if (typeof window !== 'undefined') installTrustedTypesPolicy(window);
