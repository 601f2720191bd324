import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { createServiceApp } from '@storefront/search-engine/src/lifecycle';
import { loadScripts, SCRIPTS, type ScriptName } from './assets';
import { adSvg } from './ads';
import { createConsentTokenVerifier, type ConsentTokenVerifier } from './consentToken';

/** Options of {@link buildServer}. */
export interface BuildServerOptions {
  /** Origin the service is reached at, written into the scripts (default env `VENDORS_PUBLIC_ORIGIN`, else http://localhost:<VENDORS_PORT or 4400>). */
  publicOrigin?: string;
  /** Fastify logger option (false = silent). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The secret consent tokens are signed with, shared with the BFF (its BFF_TOKEN_SECRET; ≥ 32
   * characters). Default env `CONSENT_TOKEN_SECRET`. Empty or absent: consent receipts are refused (503).
   */
  consentTokenSecret?: string;
}

/** The analytics events the collector accepts (spec §7 Analytics events, plus the catalogue's search and select_store). */
export const EVENT_NAMES: readonly string[] = [
  'nav_header', 'nav_footer', 'popup_view', 'popup_click', 'view_item_list',
  'card_activation', 'scene_registration', 'sign_out', 'search', 'select_store',
];

/** Most events in one /collect hit. */
export const MAX_EVENTS = 25;
/** Largest /collect body accepted, bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

const SLOT = /^[a-z0-9-]{1,40}$/;
const SIZE = /^(\d{2,4})x(\d{2,4})$/;

/** What the collector has seen since start or the last reset (GET /collect/stats). */
export interface Stats {
  /** Accepted /collect requests. */
  hits: number;
  /** Accepted events by name. */
  events: Record<string, number>;
  /** Ad creatives served (GET /ads/creative). */
  ads: number;
  /** Consent receipts accepted (POST /consent/receipts). */
  receipts: number;
  /** The last accepted events, newest last (at most 100): `{ name, params }`. */
  last: Array<{ name: string; params: Record<string, unknown> }>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Why a /collect body is refused, or null when it is a valid hit.
 * Shape: `{ v: 2, cid: string (1-100 chars), events: [{ name: one of EVENT_NAMES, params?: object }] (1-25) }`.
 */
export function describeInvalidHit(body: unknown): string | null {
  if (!isObj(body)) return 'body must be a JSON object';
  if (body.v !== 2) return 'v must be 2';
  if (typeof body.cid !== 'string' || body.cid.length === 0 || body.cid.length > 100) return 'cid must be a string of 1-100 characters';
  if (!Array.isArray(body.events) || body.events.length === 0 || body.events.length > MAX_EVENTS) return `events must be an array of 1-${MAX_EVENTS} events`;
  for (const [i, e] of body.events.entries()) {
    if (!isObj(e)) return `events[${i}] must be an object`;
    if (typeof e.name !== 'string' || !EVENT_NAMES.includes(e.name)) return `events[${i}].name must be one of ${EVENT_NAMES.join(', ')}`;
    if (e.params !== undefined && !isObj(e.params)) return `events[${i}].params must be an object`;
  }
  return null;
}

/**
 * Builds the vendors' stand-in server (not listening yet). Every response: `x-content-type-options: nosniff`.
 *
 * - `GET /consent.js`, `/gtm.js`, `/ads.js`, `/chat.js` — the scripts (public/), `cache-control: no-cache`
 * - `POST /collect` — one analytics hit, body `{ v: 2, cid, events: [{ name, params }] }` as JSON text
 *   (text/plain or application/json, at most 16 KB) → 204; 400 `{ message }` saying what is wrong. CORS `*`.
 * - `GET /collect/stats` → {@link Stats}; `DELETE /collect/stats` → 204 and counts back to 0 (tests)
 * - `GET /ads/creative?slot=<a-z0-9->&size=<w>x<h>` → an SVG creative of that size; 400 bad slot/size
 * - `POST /consent/receipts` — `{ identifier, groups: ['C0001', …] }` with `authorization: Bearer <token>`
 *   (the storefront's consent token, spec §7 generateToken, verified by `src/consentToken.ts`) → 204;
 *   401 no token or an invalid one ('Invalid consent token: …'); 400 bad body; 403 `identifier` is not the
 *   token's `sub`; 503 no consent token secret configured
 * @throws Error when `consentTokenSecret` is set but shorter than 32 characters
 * - `GET /health` → `{ status: 'ok' }`; `GET /livez`, `GET /readyz` (src/lifecycle.ts of the search engine)
 */
export function buildServer(options: BuildServerOptions = {}): FastifyInstance {
  const publicOrigin = options.publicOrigin ?? process.env.VENDORS_PUBLIC_ORIGIN ?? `http://localhost:${process.env.VENDORS_PORT ?? 4400}`;
  try {
    if (new URL(publicOrigin).origin !== publicOrigin) throw new Error('not an origin');
  } catch {
    throw new Error(`publicOrigin must be an http(s) origin, got ${JSON.stringify(publicOrigin)}`);
  }
  const scripts = loadScripts(publicOrigin);
  const secret = options.consentTokenSecret ?? process.env.CONSENT_TOKEN_SECRET ?? '';
  const verifyConsentToken: ConsentTokenVerifier | null = secret ? createConsentTokenVerifier(secret) : null;
  const stats: Stats = { hits: 0, events: {}, ads: 0, receipts: 0, last: [] };

  const app = createServiceApp({
    logger: options.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: (err, _req, reply) => {
      (reply as FastifyReply).code(400).send({ message: err.message });
    },
  }, { service: 'vendors' });
  // The tag manager posts JSON as text/plain (a CORS simple request: no preflight).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const err = new Error('body must be JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    reply.code(status).header('access-control-allow-origin', '*').send({ message: status === 500 ? 'Internal error' : err.message });
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });

  app.get('/health', async () => ({ status: 'ok' }));

  for (const name of SCRIPTS) {
    app.get(`/${name}`, async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(scripts[name as ScriptName]),
    );
  }

  const cors = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');

  app.options('/*', async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type, authorization')
      .header('access-control-max-age', '600')
      .send(),
  );

  app.post('/collect', async (req, reply) => {
    cors(reply);
    const reason = describeInvalidHit(req.body);
    if (reason) return reply.code(400).send({ message: reason });
    const body = req.body as { events: Array<{ name: string; params?: Record<string, unknown> }> };
    stats.hits += 1;
    for (const e of body.events) {
      stats.events[e.name] = (stats.events[e.name] ?? 0) + 1;
      stats.last.push({ name: e.name, params: e.params ?? {} });
    }
    if (stats.last.length > 100) stats.last.splice(0, stats.last.length - 100);
    req.log.info({ events: body.events.map((e) => e.name) }, 'collect');
    return reply.code(204).send();
  });

  app.get('/collect/stats', async (_req, reply) => {
    cors(reply);
    return stats;
  });
  app.delete('/collect/stats', async (_req, reply) => {
    Object.assign(stats, { hits: 0, events: {}, ads: 0, receipts: 0, last: [] });
    return cors(reply).code(204).send();
  });

  app.get('/ads/creative', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const slot = typeof q.slot === 'string' ? q.slot : '';
    const size = typeof q.size === 'string' ? SIZE.exec(q.size) : null;
    if (!SLOT.test(slot)) return reply.code(400).send({ message: 'slot must be 1-40 lowercase letters, digits or dashes' });
    if (!size) return reply.code(400).send({ message: "size must be '<width>x<height>' in px, e.g. 728x90" });
    stats.ads += 1;
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'")
      .send(adSvg(Number(size[1]), Number(size[2])));
  });

  app.post('/consent/receipts', async (req, reply) => {
    cors(reply);
    if (!verifyConsentToken) return reply.code(503).send({ message: 'consent receipts are not accepted: no consent token secret is configured (CONSENT_TOKEN_SECRET)' });
    const auth = req.headers.authorization;
    const bearer = typeof auth === 'string' ? /^Bearer (\S+)$/.exec(auth) : null;
    if (!bearer) return reply.code(401).send({ message: 'authorization must be Bearer <consent token>' });
    const verified = await verifyConsentToken(bearer[1]);
    if (!verified.ok) return reply.code(401).send({ message: verified.reason });
    const body = req.body;
    if (!isObj(body) || typeof body.identifier !== 'string' || body.identifier.length === 0 || body.identifier.length > 200) return reply.code(400).send({ message: 'identifier must be a string of 1-200 characters' });
    if (!Array.isArray(body.groups) || !body.groups.every((g) => typeof g === 'string' && /^C000[1-4]$/.test(g))) return reply.code(400).send({ message: 'groups must be an array of C0001-C0004' });
    if (body.identifier !== verified.sub) return reply.code(403).send({ message: 'the consent token is for another identifier' });
    stats.receipts += 1;
    return reply.code(204).send();
  });

  app.setNotFoundHandler(async (req, reply) => reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}` }));
  return app;
}
