#!/usr/bin/env node
/**
 * The edge: serves the shell build, the runtime remote map and config, proxies `/api/*` to the BFF,
 * and sends the security headers (ARCHITECTURE §1, §2).
 *
 *   GET /                 index.html (home pre-rendered), 200; every other route in `appRoutes`:
 *                         frame.html (the page frame; a remote fills #slot-page), 200
 *   GET /<unknown path>   404.html (the 'Page not found' page pre-rendered), 404; also an unknown product or
 *                         recipe slug or category path (./page-lookup.mjs asks the search engine / the menu)
 *                         Every HTML page carries start-up hints (./startup-hints.mjs): the remote map and
 *                         config as a JSON data block, preloads of the page's remote manifests and scripts.
 *   GET /register         302 to the external loyalty site (config.loyaltySite.url, spec §2), `returnUrl` passed on
 *   GET /media/<file>     the catalogue's pictures (services/seed/media), max-age one day
 *   GET /remotes.json     the remote map, Cache-Control: no-cache
 *   GET /config.json      the RuntimeConfig + `oidc: { issuer, clientId }`, Cache-Control: no-cache
 *   *   /api/*            proxied unchanged to the BFF; POST /api/bannerAlert answered from a 5 s cache per
 *                         body (./public-cache.mjs)
 *   GET /<file>           the build (tooling/serve/cache-policy.mjs: no-cache for html, manifests,
 *                         remoteEntry.js, main.js; immutable for content-hashed chunks)
 *
 * CLI: `node server/edge.mjs` (npm run serve). Env: PORT (8080), HOST (127.0.0.1), BFF_URL
 * (http://127.0.0.1:4000), REMOTES_FILE (a remotes.json; default `defaults.defaultRemotes()`: every remote
 * of tooling/registry/remotes.json, its versioned build on the registry's port, localhost:3001-3008), CONFIG_FILE (a config.json; default: the local platform), SEARCH_HOST
 * (host:port of the search engine, default localhost:7700), OIDC_ISSUER (http://localhost:4100) and
 * OIDC_CLIENT_ID (storefront) for `/config.json`'s `oidc`, IDENTITY_ORIGIN (the provider's origin for the CSP),
 * FLYER_ORIGIN (the flyer provider, http://localhost:4300) for `/config.json`'s `flyer` and the CSP,
 * VENDORS_ORIGIN (the vendors' scripts, http://localhost:4400) for `/config.json`'s `vendors` and the CSP,
 * REMOTES_POINTER (the deploy store's environment pointer, re-read on change) and DEPLOY_ORIGIN
 * (`createRemoteMapReader`), REMOTE_OVERRIDES (`on`: `/config.json` `remoteOverrides: true`, tester
 * overrides accepted by a production shell; off by default), CSP_MODE (`strict`: the nonce-based CSP is
 * enforced; `report-only`: the host allowlist is enforced and the strict CSP only reported; see `CSP_MODES`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import helmet from '@fastify/helmet';
import { cacheControlFor } from '@storefront/tooling/serve/cache-policy.mjs';
import { createRequire } from 'node:module';
import defaults from './defaults.cjs';
import { createPageLookup } from './page-lookup.mjs';
import { createStartupHints } from './startup-hints.mjs';
import { registerPublicApiCache } from './public-cache.mjs';
import { connectRedis } from './shared-cache.mjs';

const require = createRequire(import.meta.url);
const registry = require('@storefront/tooling/registry/index.cjs');

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The shell's managed content pages (shell/src/pages/content-pages.json, the table ShellRoutes.tsx reads
 * too): spec §2 Routes '/privacy-policy' and the footer's info pages (spec §2 Footer), e.g. '/about/careers',
 * '/customer-service/help', '/legal/terms-of-use'. Only these exact paths: '/about/x' stays 404.
 */
export const SHELL_CONTENT_ROUTES = require('../src/pages/content-pages.json').pages.map((p) => p.path);

/**
 * Paths the shell (or a route-owned remote) renders, answered 200 (fastify patterns): home, the sign-in
 * callback, the shell's content pages, and every page route of the remote registry
 * (tooling/registry/remotes.json), e.g. '/store-locator', '/stores/:slug' (an unknown slug gets the
 * page's own not-found view), '/scene'.
 */
export const APP_ROUTES = Array.from(new Set(['/', '/auth/callback', ...SHELL_CONTENT_ROUTES, ...registry.remotes()
  .flatMap((r) => r.exposes.flatMap((e) => (e.kind === 'page' ? e.routes : [])))
  .map((route) => route.split('?')[0])]));

/**
 * Which pre-rendered HTML file answers a page request (the served HTML carries the shell's
 * own page): '/' without `query` → index.html (home), a not-found path → 404.html, every other page
 * (remote pages, '/?query', the sign-in callback) → frame.html (the page frame; the remote fills it).
 * @param {string} urlPath path without query
 * @param {URLSearchParams} query
 * @param {number} status 200 for a known route, 404 otherwise
 */
export function htmlFileFor(urlPath, query, status) {
  if (status === 404) return '404.html';
  if (urlPath === '/' && !query.has('query')) return 'index.html';
  return 'frame.html';
}

/** `new URL(u).origin` for an http(s) URL, else null. */
function httpOrigin(u) {
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
 * identity provider (connect-src for discovery, token and JWKS; form-action): `identityOrigin` and the
 * origin of `config.oidc.issuer`, and the flyer provider `config.flyer.origin` (script-src for
 * its storefront.js, frame-src for the flyer's iframe, connect-src for its publications API, img-src for the
 * item pictures of mf-flyer's item dialog; nothing else)
 * and the vendors' origin `config.vendors.origin` (script-src, connect-src, img-src; no frames).
 * style-src allows 'unsafe-inline' (style-loader's <style> elements): the host allowlist CSP that the
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
    frameSrc: unique(["'self'", flyerOrigin]),
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
 * 'strict-dynamic'; styles from the site or by nonce (style-loader's `<style>` gets it through
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

/** Largest request body the edge passes to the BFF, bytes: the storefront's largest is a list merge. */
export const API_BODY_LIMIT_BYTES = 256 * 1024;

/** Permissions-Policy of every response. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), interest-cohort=(), geolocation=(self)';

/** Whether a request path names a file (has an extension), e.g. '/missing.js'. */
const looksLikeFile = (urlPath) => /\/[^/]*\.[a-z0-9]+$/i.test(urlPath);

/**
 * Starts the edge and resolves once it listens.
 * @param {object} o
 * @param {number} [o.port=8080] 0 picks a free port (tests)
 * @param {string} [o.host='127.0.0.1']
 * @param {string} [o.distDir] the shell build (default shell/dist)
 * @param {Record<string,string>} [o.remotes] as /remotes.json (default `defaults.defaultRemotes()`: every registered
 *   remote's versioned build on its registry port, `http://localhost:<port>/<name>/<version>/mf-manifest.json`)
 * @param {object} [o.config] the RuntimeConfig served as /config.json (default: the local platform)
 * @param {string} [o.bffUrl='http://127.0.0.1:4000'] upstream of /api/*
 * @param {string[]} [o.appRoutes=APP_ROUTES] paths answered 200 with index.html
 * @param {string} [o.identityOrigin] origin of the OpenID Connect provider (CSP connect-src, form-action)
 * @param {number} [o.apiBodyLimit] largest /api request body passed to the BFF, bytes (default API_BODY_LIMIT_BYTES; 413 above)
 * @param {string} [o.remotesPointer] the deploy store's environment pointer, overlaid on `remotes` and re-read on change
 * @param {string} [o.deployOrigin] the deploy origin (`deploy:` pointer values; CSP script-src/connect-src)
 * @param {string|null} [o.mediaDir] folder served at `/media/` (default services/seed/media: the catalogue's pictures); null: none
 * @param {(urlPath: string) => Promise<import('./page-lookup.mjs').PageLookup>} [o.pageLookup] `exists` false → a page
 *   route answers 404 with the not-found page; `record` fills the page's first view (default ./page-lookup.mjs:
 *   unknown product / recipe slugs and category paths; a product's or recipe's hit; exists when the owner is down)
 * @param {import('ioredis').Redis | null} [o.redis] shared cache of every edge replica (./shared-cache.mjs); null: memory
 * @param {boolean|object} [o.logger=false] fastify logger (pino options: one JSON line per request)
 * @param {() => Promise<string|null>} [o.readiness] extra readiness check for `/readyz`: null when ready,
 *   else the reason (e.g. the shared cache's Redis does not answer)
 * @param {'strict'|'report-only'} [o.cspMode='strict'] `strict`: the CSP of {@link strictCspDirectives} is enforced;
 *   `report-only`: the host allowlist of {@link cspDirectives} (plus the nonce in script-src) is enforced and the strict CSP sent as
 *   Content-Security-Policy-Report-Only (its violations reach /csp-report without breaking the page)
 * @param {number} [o.drainDelayMs=0] ms `drain()` keeps serving with `/readyz` 503 before it closes (DRAIN_DELAY_MS:
 *   long enough for the balancer's health check to take the replica out)
 * @returns {Promise<import('fastify').FastifyInstance & { drain(): Promise<void> }>} `drain()` answers
 *   `/readyz` 503 at once, then closes after `drainDelayMs` (in-flight requests finish)
 */
export async function startEdge({
  port = 8080,
  host = '127.0.0.1',
  distDir = path.join(shellDir, 'dist'),
  remotes = defaults.defaultRemotes(),
  config = defaults.defaultRuntimeConfig(),
  bffUrl = 'http://127.0.0.1:4000',
  appRoutes = APP_ROUTES,
  identityOrigin,
  remotesPointer,
  deployOrigin,
  mediaDir = path.resolve(shellDir, '..', 'services', 'seed', 'media'),
  redis = null,
  pageLookup = createPageLookup(config, bffUrl, { redis }),
  apiBodyLimit = API_BODY_LIMIT_BYTES,
  logger = false,
  readiness = async () => null,
  drainDelayMs = 0,
  cspMode = 'strict',
} = {}) {
  if (!CSP_MODES.includes(cspMode)) throw new Error(`startEdge: cspMode must be one of ${CSP_MODES.join(', ')} (got ${JSON.stringify(cspMode)})`);
  for (const [name, url] of Object.entries(remotes)) {
    if (!httpOrigin(url)) console.warn(`[edge] remote '${name}' has no http(s) manifest URL (${JSON.stringify(url)}); the shell will report SHELL-001`);
  }
  // The request id: the load balancer's `x-request-id` (validated), else a new one; echoed and forwarded.
  const app = Fastify({ logger, requestIdHeader: false, genReqId: requestIdOf });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (draining) reply.header('Connection', 'close');
  });
  let draining = false;
  registerProbes(app, async () => {
    if (draining) return 'draining';
    if (!fs.existsSync(path.join(distDir, 'frame.html'))) return 'the shell build is missing';
    return readiness();
  });
  app.decorate('drain', async () => {
    draining = true;
    // the balancer sees /readyz fail and stops sending before the listener closes
    await new Promise((r) => setTimeout(r, drainDelayMs));
    // keep-alive sockets whose last answer ends after close() starts would hold it open until they time out
    const sweep = setInterval(() => app.server.closeIdleConnections?.(), 50);
    await app.close().finally(() => clearInterval(sweep));
  });
  const currentRemotes = createRemoteMapReader({ remotes, remotesPointer, deployOrigin });

  // Features the storefront never uses are off for every page and frame; geolocation only
  // for the store selector's "Use my location" (same origin).
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    return payload;
  });
  // A body over API_BODY_LIMIT_BYTES is refused here with a reason (413), not streamed to the
  // BFF (which used to end in 502 'The BFF did not answer'); a body of unknown length is refused (411).
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined;
    const length = req.headers['content-length'];
    if (length === undefined && req.headers['transfer-encoding']) {
      return reply.code(411).header('Cache-Control', 'no-store').send({ error: 'Length Required', message: 'Send the request body with a Content-Length header.' });
    }
    if (Number(length) > apiBodyLimit) {
      return reply.code(413).header('Cache-Control', 'no-store')
        .send({ error: 'Payload Too Large', message: `The request body is ${Number(length)} bytes; the limit is ${apiBodyLimit} bytes.` });
    }
    return undefined;
  });

  // The CSP of every response, with a nonce of its own (the HTML's scripts and styles carry it: sendIndex).
  const cspInput = { remotes: deployOrigin ? { ...remotes, 'deploy-origin': `${deployOrigin}/` } : remotes, config, identityOrigin };
  // Violations are reported to the edge, which logs them (POST /csp-report)
  const report = { reportUri: ['/csp-report'] };
  const allowlist = cspDirectives(cspInput);
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', async (_req, reply) => {
    reply.cspNonce = newCspNonce();
    const strict = serializeCsp({ ...strictCspDirectives(cspInput, reply.cspNonce), ...report });
    if (cspMode === 'strict') return void reply.header('Content-Security-Policy', strict);
    // report-only: the enforced allowlist admits the HTML's nonced inline script too (the Trusted Types
    // policy, which the reported policy needs); its style-src keeps 'unsafe-inline' (a nonce would void it)
    const enforced = serializeCsp({ ...allowlist, scriptSrc: [`'nonce-${reply.cspNonce}'`, ...allowlist.scriptSrc], ...report });
    reply.header('Content-Security-Policy', enforced).header('Content-Security-Policy-Report-Only', strict);
  });

  await app.register(helmet, {
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Remotes load from their own origins with their own CORS; the shell's files are same-origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS-terminating production edge, not to http://localhost.
    hsts: false,
  });

  // Under load: public API reads (bannerAlert) answered from a short-lived cache, the rest proxied
  await registerPublicApiCache(app, { bffUrl, bodyLimit: apiBodyLimit, redis });
  await app.register(httpProxy, {
    upstream: bffUrl,
    prefix: '/api',
    rewritePrefix: '/api',
    http2: false,
    replyOptions: {
      // The BFF's logs carry the same request id, and its throttles see the shopper's address.
      rewriteRequestHeaders: (req, headers) => ({ ...headers, ...forwardedHeaders(req) }),
      // The BFF is down or unreachable: a gateway error the remotes can tell apart from a BFF error.
      onError(reply, { error }) {
        const status = error && error.statusCode === 504 ? 504 : 502;
        reply.code(status).header('Cache-Control', 'no-store')
          .send({ error: status === 504 ? 'Gateway Timeout' : 'Bad Gateway', message: 'The BFF did not answer.' });
      },
    },
  });

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
    },
  });

  // Catalogue pictures: the seed's illustrations, same origin (CSP img-src 'self').
  if (mediaDir && fs.existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    });
  }

  const hints = createStartupHints({ remotes: currentRemotes, config, registryRemotes: registry.remotes() });

  /** Answers the shell's HTML for the request's page with `status`; `record`: the page's record (first view). */
  const sendIndex = async (req, reply, status, record = null) => {
    let html;
    const url = new URL(req.url, 'http://edge');
    try {
      html = await fs.promises.readFile(path.join(distDir, htmlFileFor(url.pathname, url.searchParams, status)), 'utf8');
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store')
        .send('The shell build is missing: run `npm run build` in shell/.');
    }
    html = await hints.inject(withCspNonce(html, reply.cspNonce), url.pathname, url.searchParams, record);
    return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };

  // CSP violation reports (report-uri), logged one line each; at most 16 KB, answered 204.
  app.post('/csp-report', {
    bodyLimit: 16 * 1024,
    config: {},
  }, async (req, reply) => {
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    const r = body['csp-report'] || (Array.isArray(body) ? body[0]?.body : body.body) || body;
    console.warn(`[edge] CSP violation: ${JSON.stringify({ directive: r['violated-directive'] || r.effectiveDirective, blocked: r['blocked-uri'] || r.blockedURL, page: r['document-uri'] || r.documentURL }).slice(0, 500)}`);
    return reply.code(204).send();
  });
  app.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, text, done) => {
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The report is not JSON.'), { statusCode: 400 }));
    }
  });

  // spec §2 '/register': the external loyalty site. The storefront's own /register (footer and menu
  // links) leaves for it (302), passing `returnUrl` on; the site accepts only storefront origins there.
  app.get('/register', async (req, reply) => {
    const site = config?.loyaltySite?.url;
    if (!site || !httpOrigin(site)) return sendIndex(req, reply, 404);
    const to = new URL(site);
    const back = req.query && typeof req.query.returnUrl === 'string' ? req.query.returnUrl : null;
    if (back && back.length <= 2048) to.searchParams.set('returnUrl', back);
    return reply.header('Cache-Control', 'no-store').redirect(to.href, 302);
  });

  app.get('/remotes.json', async (_req, reply) => reply.header('Cache-Control', 'no-cache').send(currentRemotes()));
  app.get('/config.json', async (_req, reply) => reply.header('Cache-Control', 'no-cache').send(config));
  for (const route of appRoutes) {
    app.get(route, async (req, reply) => {
      const page = await pageLookup(req.url.split('?')[0]);
      return page.exists ? sendIndex(req, reply, 200, page.record) : sendIndex(req, reply, 404);
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && !looksLikeFile(urlPath) && !urlPath.startsWith('/api/')) {
      return sendIndex(req, reply, 404);
    }
    return reply.code(404).header('Cache-Control', 'no-cache').send({ error: 'Not Found', path: urlPath });
  });

  await app.listen({ port, host });
  return app;
}

/**
 * `config` plus its `vendors` block (RuntimeConfig.vendors) for the vendors' origin: the four
 * scripts' URLs on that origin. An empty or non-http(s) origin leaves `config` as it is (no vendors).
 * @template {object} T
 * @param {T} config
 * @param {string} origin e.g. 'http://localhost:4400'
 * @returns {T & { vendors?: { origin: string, consentScriptUrl: string, tagManagerUrl: string, adsScriptUrl: string, chatScriptUrl: string } }}
 */
export function withVendors(config, origin) {
  const o = origin ? httpOrigin(origin) : null;
  if (!o) return config;
  return {
    ...config,
    vendors: { origin: o, consentScriptUrl: `${o}/consent.js`, tagManagerUrl: `${o}/gtm.js`, adsScriptUrl: `${o}/ads.js`, chatScriptUrl: `${o}/chat.js` },
  };
}

/**
 * `config` plus its `loyaltySite` block (RuntimeConfig.loyaltySite; spec §2 "/register External
 * loyalty site"): the registration page `<origin>/register` of the loyalty site (env LOYALTY_SITE_ORIGIN,
 * services/loyalty-site locally). An empty or non-http(s) origin leaves `config` as it is (the popups
 * then link to the storefront's own `/register`).
 * @template {object} T
 * @param {T} config
 * @param {string} origin e.g. 'http://localhost:4500'
 * @returns {T & { loyaltySite?: { url: string } }}
 */
export function withLoyaltySite(config, origin) {
  const o = origin ? httpOrigin(origin) : null;
  if (!o) return config;
  return { ...config, loyaltySite: { url: `${o}/register` } };
}

/** The remote map's key of pinned manifest hashes (not a remote name). */
export const PINS_KEY = '$integrity';

/**
 * The remote map the edge serves: `remotes` (each remote's own server: the working builds),
 * overlaid with the deploy store's environment pointer when there is one (tooling/deploy/store.mjs,
 * `environments/<env>/remotes.json`), re-read when the file changes so a promotion or a rollback is
 * served at once, with no restart and no rebuild. Pointer values `deploy:/<remote>/<version>/mf-manifest.json`
 * are resolved against `deployOrigin`; absolute http(s) URLs are kept (a pinned map). The pins beside
 * the pointer (`remotes.integrity.json`: value → the manifest's `sha384-…`, pinned at release) are served
 * resolved, for the manifests the map names: `{ …, "$integrity": { "<manifest url>": "sha384-…" } }` (the shell checks
 * each manifest against it, shell/src/mf/integrity-plugin.ts). An unreadable pointer keeps the last
 * good map (logged once per change).
 * @param {{ remotes: Record<string,string>, remotesPointer?: string, deployOrigin?: string }} o
 * @returns {() => Record<string,string>}
 */
export function createRemoteMapReader({ remotes, remotesPointer, deployOrigin }) {
  let seen = null;
  let merged = remotes;
  // the pins beside the pointer (tooling/deploy/store.mjs pinsFileOf): remotes.json → remotes.integrity.json
  const pinsFile = remotesPointer ? remotesPointer.replace(/(\.json)?$/, '.integrity.json') : null;
  return () => {
    if (!remotesPointer) return remotes;
    let stamp = 'absent';
    try {
      const st = fs.statSync(remotesPointer);
      stamp = `${st.mtimeMs}:${st.size}`;
      const pt = fs.statSync(pinsFile, { throwIfNoEntry: false });
      if (pt) stamp += `:${pt.mtimeMs}:${pt.size}`;
    } catch { /* no pointer yet: the working builds */ }
    if (stamp === seen) return merged;
    seen = stamp;
    if (stamp === 'absent') return (merged = remotes);
    try {
      const pointer = JSON.parse(fs.readFileSync(remotesPointer, 'utf8'));
      const resolve = (value) => {
        if (!value.startsWith('deploy:')) return value;
        return deployOrigin ? new URL(value.slice('deploy:'.length), `${deployOrigin}/`).href : null;
      };
      const resolved = {};
      for (const [name, value] of Object.entries(pointer)) {
        if (typeof value !== 'string') continue;
        const url = resolve(value);
        if (url) resolved[name] = url;
      }
      merged = { ...remotes, ...resolved };
      // the pins of the manifests the map names (tooling/deploy/store.mjs `$integrity`), as absolute URLs
      const pins = {};
      const named = new Set(Object.values(merged));
      let pinned = {};
      try {
        pinned = JSON.parse(fs.readFileSync(pinsFile, 'utf8'));
      } catch { /* no pins (a tester's map): the manifests load unchecked, their files still with integrity */ }
      for (const [value, sri] of Object.entries(pinned && typeof pinned === 'object' ? pinned : {})) {
        const url = typeof sri === 'string' ? resolve(value) : null;
        if (url && named.has(url)) pins[url] = sri;
      }
      if (Object.keys(pins).length) merged = { ...merged, [PINS_KEY]: pins };
    } catch (err) {
      console.warn(`[edge] remote pointer ${remotesPointer} is unreadable (${err.message}); serving the previous map`);
    }
    return merged;
  };
}

/** A request id: 1–128 of [A-Za-z0-9._-]. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request's id: its `x-request-id` header when well formed (the load balancer sets one), else a
 * new UUID. Fastify `genReqId`.
 * @param {import('node:http').IncomingMessage} req
 * @returns {string}
 */
export function requestIdOf(req) {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Headers a proxied request carries on: the request id and `x-forwarded-for` with this hop's peer
 * appended (RFC 7239's de-facto predecessor), so the BFF keys throttles by shopper.
 * @param {import('fastify').FastifyRequest} req
 * @returns {{ 'x-request-id': string, 'x-forwarded-for': string }}
 */
export function forwardedHeaders(req) {
  const prior = req.headers['x-forwarded-for'];
  const peer = req.raw.socket.remoteAddress || 'unknown';
  return { 'x-request-id': req.id, 'x-forwarded-for': prior ? `${prior}, ${peer}` : peer };
}

/**
 * `GET /livez` (the process answers) and `GET /readyz` (it should get traffic: 200 `{ status: 'ready' }`,
 * else 503 `{ status: 'unready', reason }`); neither is cached.
 * @param {import('fastify').FastifyInstance} app
 * @param {() => Promise<string|null>} unready null when ready, else the reason
 */
export function registerProbes(app, unready) {
  app.get('/livez', async (_req, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const reason = await unready().catch((err) => err.message || 'readiness check failed');
    return reply.code(reason ? 503 : 200).header('Cache-Control', 'no-store').send(reason ? { status: 'unready', reason } : { status: 'ready' });
  });
}

/**
 * Ends the process gracefully on SIGTERM/SIGINT: `drain()` (readyz 503, stop accepting, in-flight
 * requests finish), exit 0; exit 1 if that takes longer than `limitMs` (default 9000 ms: inside a
 * 10 s termination grace period).
 * @param {() => Promise<void>} drain
 * @param {{ limitMs?: number, log?: (msg: string) => void }} [o]
 */
export function exitOnSignal(drain, { limitMs = 9000, log = console.log } = {}) {
  const stop = (signal) => {
    log(JSON.stringify({ level: 'info', msg: `${signal}: draining`, time: Date.now() }));
    setTimeout(() => process.exit(1), limitMs).unref();
    drain().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** Reads a JSON file named by an env variable, or returns undefined when the variable is unset. */
function readJsonFromEnv(name) {
  const file = process.env[name];
  if (!file) return undefined;
  return JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || '127.0.0.1';
  const remotes = readJsonFromEnv('REMOTES_FILE') || defaults.defaultRemotes();
  const config = readJsonFromEnv('CONFIG_FILE') || withLoyaltySite(withVendors(defaults.defaultRuntimeConfig({
    searchHost: process.env.SEARCH_HOST || 'localhost:7700',
    flyerOrigin: process.env.FLYER_ORIGIN || 'http://localhost:4300',
  }), process.env.VENDORS_ORIGIN ?? 'http://localhost:4400'), process.env.LOYALTY_SITE_ORIGIN ?? 'http://localhost:4500');
  const bffUrl = process.env.BFF_URL || 'http://127.0.0.1:4000';
  const identityOrigin = process.env.IDENTITY_ORIGIN || undefined;
  const remotesPointer = process.env.REMOTES_POINTER || undefined;
  const deployOrigin = process.env.DEPLOY_ORIGIN ? process.env.DEPLOY_ORIGIN.replace(/\/+$/, '') : undefined;
  // A production shell accepts tester overrides only on these origins (REMOTE_OVERRIDE_ORIGINS,
  // comma-separated; default: the remote servers of the map and the deploy origin)
  // tester overrides are off in a production shell unless REMOTE_OVERRIDES=on (the local platform and e2e)
  if (config.remoteOverrides === undefined) config.remoteOverrides = process.env.REMOTE_OVERRIDES === 'on';
  if (!config.remoteOverrideOrigins) {
    config.remoteOverrideOrigins = process.env.REMOTE_OVERRIDE_ORIGINS
      ? process.env.REMOTE_OVERRIDE_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
      : unique([...Object.values(remotes).map(httpOrigin), deployOrigin || null]);
  }
  const logger = { level: process.env.LOG_LEVEL || 'info', base: { service: 'edge' } };
  const redis = process.env.REDIS_URL ? connectRedis(process.env.REDIS_URL) : null;
  const cspMode = process.env.CSP_MODE || 'strict';
  startEdge({ port, host, remotes, config, bffUrl, identityOrigin, remotesPointer, deployOrigin, logger, redis, cspMode,
    drainDelayMs: Number(process.env.DRAIN_DELAY_MS || 0) }).then(
    (app) => {
      const addr = app.server.address();
      app.log.info({ bff: bffUrl, remotes }, `shell edge: http://${host === '127.0.0.1' ? 'localhost' : host}:${addr.port}/`);
      exitOnSignal(() => app.drain().finally(() => redis?.quit().catch(() => undefined)), { log: (msg) => app.log.info(msg) });
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
