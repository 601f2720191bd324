/**
 * The edge's micro-cache for public API reads (load target: bannerAlert through the edge at ≥ 2,000
 * req/s, p99 ≤ 50 ms at 100 connections). What a CDN in front of the BFF would do for a public answer:
 * the BFF is asked once per body and freshness window, every other shopper in that window gets the same
 * answer from the edge's memory.
 *
 * Only routes listed in {@link PUBLIC_API_CACHE} are cached, and only routes whose answer depends on the
 * request body alone (no credentials, no cookies, no shopper data: spec §7 `POST /api/bannerAlert` is
 * anonymous, `{ province }` in, the province's current alert out). Only 200 answers are kept; errors
 * (400 for an unknown province, 5xx) always go to the BFF. The request's own `x-nonce` is echoed on a
 * cached answer as the BFF echoes it (spec §7).
 *
 * With several edge replicas the answers are shared through Redis (./shared-cache.mjs); concurrent
 * misses are coalesced per replica.
 *
 * Nothing a shopper entered passes through here: the cache holds the alert text the BFF serves to
 * everyone, for at most `ttlMs`.
 */

import { createSharedCache } from './shared-cache.mjs';

/**
 * The cached routes: path → freshness window (ms). Spec §3 Alert: a new or ended alert reaches the
 * storefront within 5 s (the alert banner is read once per page load).
 */
export const PUBLIC_API_CACHE = Object.freeze({ '/api/bannerAlert': { ttlMs: 5_000 } });

/** Largest body (bytes) that is a cache key; a larger one goes to the BFF uncached. */
const MAX_KEY_BYTES = 1024;
/** Entries kept per route (oldest dropped first); one per province in practice (13). */
const MAX_ENTRIES = 64;
/** The BFF's `x-nonce` limit (spec §7; services/bff banner-alert.ts): a longer nonce goes to the BFF for its 400. */
const MAX_NONCE = 256;
/** Headers relayed from the BFF's answer. */
const RELAYED = ['content-type', 'cache-control', 'x-nonce', 'retry-after'];
/** Request headers never forwarded (hop-by-hop, or set by fetch). */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer', 'expect']);

/**
 * Registers the cached routes on the edge, each a POST that answers from memory within its window and
 * otherwise asks the BFF (concurrent misses for one body share a single BFF request).
 * @param {import('fastify').FastifyInstance} app the edge (routes here take precedence over the `/api/*` proxy)
 * @param {object} o
 * @param {string} o.bffUrl the BFF's origin, e.g. 'http://127.0.0.1:4000'
 * @param {Record<string, { ttlMs: number }>} [o.routes] default {@link PUBLIC_API_CACHE}
 * @param {number} [o.bodyLimit] largest body, bytes (the edge's /api limit; a larger one is refused before this runs)
 * @param {number} [o.timeoutMs=10000] BFF answer timeout, ms → 504
 * @param {() => number} [o.now] clock, ms (tests)
 * @param {import('ioredis').Redis | null} [o.redis] shared store of every edge replica (./shared-cache.mjs); null: memory
 * @returns {Promise<void>} once registered. Answers: the BFF's status, body and headers {@link RELAYED};
 *   502 `{ error: 'Bad Gateway', message: 'The BFF did not answer.' }` when it is down (as the proxy answers);
 *   504 when it does not answer within `timeoutMs`.
 */
export async function registerPublicApiCache(app, { bffUrl, routes = PUBLIC_API_CACHE, bodyLimit = 256 * 1024, timeoutMs = 10_000, now = Date.now, redis = null }) {
  await app.register(async (scope) => {
    // The body goes to the BFF as sent: no parsing here (the BFF validates and answers 4xx with a reason).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
    for (const [route, { ttlMs }] of Object.entries(routes)) {
      /** body key → { status, headers, body (base64) } */
      const cache = createSharedCache({ redis, prefix: `api${route}`, maxEntries: MAX_ENTRIES, now });
      /** body key → Promise of the BFF's answer (request coalescing) */
      const inflight = new Map();
      const upstream = `${bffUrl.replace(/\/$/, '')}${route}`;

      scope.post(route, async (req, reply) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const nonce = req.headers['x-nonce'];
        const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        const cacheable = type === 'application/json' && body.length <= MAX_KEY_BYTES && (nonce === undefined || (typeof nonce === 'string' && nonce.length <= MAX_NONCE));
        if (!cacheable) return send(reply, await ask(upstream, forwardHeaders(req.headers), body, timeoutMs), { relayNonce: true });

        const key = body.toString('utf8');
        const hit = await cache.get(key);
        if (hit) return send(reply, { ...hit, body: Buffer.from(hit.body, 'base64') }, { nonce });
        let pending = inflight.get(key);
        if (!pending) {
          pending = ask(upstream, { 'content-type': 'application/json', accept: 'application/json', 'x-nonce': 'edge-cache' }, body, timeoutMs)
            .then(async (answer) => {
              if (answer.status === 200) await cache.set(key, { ...answer, body: answer.body.toString('base64') }, ttlMs);
              return answer;
            })
            .finally(() => inflight.delete(key));
          inflight.set(key, pending);
        }
        return send(reply, await pending, { nonce });
      });
    }
  });
}

/** The request's end-to-end headers, as the BFF would get them through the proxy. */
function forwardHeaders(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * One BFF request. Resolves `{ status, headers, body }` (body a Buffer); a BFF that is down → 502, one
 * that does not answer within `timeoutMs` → 504, each with the proxy's JSON reason.
 */
async function ask(url, headers, body, timeoutMs) {
  try {
    const res = await fetch(url, { method: 'POST', headers, body: body.length ? body : undefined, signal: AbortSignal.timeout(timeoutMs) });
    const kept = {};
    for (const name of RELAYED) {
      const value = res.headers.get(name);
      if (value !== null) kept[name] = value;
    }
    return { status: res.status, headers: kept, body: Buffer.from(await res.arrayBuffer()) };
  } catch (err) {
    const timeout = err?.name === 'TimeoutError';
    return {
      status: timeout ? 504 : 502,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: Buffer.from(JSON.stringify({ error: timeout ? 'Gateway Timeout' : 'Bad Gateway', message: 'The BFF did not answer.' })),
    };
  }
}

/**
 * Sends an answer. A shared answer carries the request's own `nonce` (when it sent one), never the one the
 * BFF echoed to the edge; a relayed answer (`relayNonce`) keeps the BFF's echo of the request's nonce.
 */
function send(reply, answer, { nonce, relayNonce = false }) {
  const { 'x-nonce': echoed, ...headers } = answer.headers;
  reply.code(answer.status).headers(headers);
  const out = relayNonce ? echoed : nonce;
  if (out !== undefined) reply.header('x-nonce', out);
  return reply.send(answer.body);
}
