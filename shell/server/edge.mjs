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
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { createRequire } from 'node:module';
import defaults from './defaults.cjs';
import { createPageLookup } from './page-lookup.mjs';
import { createStartupHints } from './startup-hints.mjs';
import { createServedFooter } from './served-footer.mjs';
import { connectRedis } from './shared-cache.mjs';
import { CSP_MODES, httpOrigin } from './csp.mjs';
import { createRemoteMapReader } from './remote-map.mjs';
import { createSendIndex, registerCsp, registerCspReports, registerPages, registerRequestGuards, registerUpstreams } from './edge-routes.mjs';

export { cspDirectives, CSP_MODES, newCspNonce, serializeCsp, strictCspDirectives, withCspNonce } from './csp.mjs';
export { PINS_KEY, createRemoteMapReader } from './remote-map.mjs';
export { PERMISSIONS_POLICY, forwardedHeaders, htmlFileFor } from './edge-routes.mjs';

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


/** Largest request body the edge passes to the BFF, bytes: the storefront's largest is a list merge. */
export const API_BODY_LIMIT_BYTES = 256 * 1024;


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
  let draining = false;
  registerRequestGuards(app, { apiBodyLimit, isDraining: () => draining });
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

  const cspInput = { remotes: deployOrigin ? { ...remotes, 'deploy-origin': `${deployOrigin}/` } : remotes, config, identityOrigin };
  registerCsp(app, { cspInput, cspMode });

  await registerUpstreams(app, { bffUrl, apiBodyLimit, redis, distDir, mediaDir });

  const hints = createStartupHints({ remotes: currentRemotes, config, registryRemotes: registry.remotes() });

  const sendIndex = createSendIndex(distDir, hints, createServedFooter({ bffUrl }));

  registerCspReports(app);

  registerPages(app, { config, currentRemotes, appRoutes, pageLookup, sendIndex });

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
      : [...new Set([...Object.values(remotes).map(httpOrigin), deployOrigin || null].filter(Boolean))];
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
