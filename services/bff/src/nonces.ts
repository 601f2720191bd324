/**
 * Single-use `x-nonce` (spec §7 "bearer header, id token in a focus header, nonce"). A signed-in request's
 * nonce is claimed for its shopper, with the request it came with (method, URL, Idempotency-Key), until the
 * id token expires (plus the 30 s clock tolerance): the same nonce on another request from that shopper
 * within that window is a replay → 409 'NONCE_REPLAYED'. The same request again is a retry (the load
 * balancer resends to another replica when one dies mid-request; writes are applied once by their
 * Idempotency-Key) and passes. After the window the token itself is refused, so nothing older needs
 * remembering.
 *
 * Where seen nonces are kept:
 * - Redis (REDIS_URL): `SET <prefix>nonce:<uid>:<nonce> <request> PX <ttl> NX` — shared by every replica, expiry
 *   by Redis. When Redis does not answer, the database claims the nonce instead (signed-in routes keep
 *   serving; a nonce claimed only in Redis could then be replayed once while Redis is away).
 * - else the database (`seen_nonces`, migration 010): `INSERT … ON CONFLICT DO UPDATE … WHERE expired`,
 *   shared by replicas on one PostgreSQL and kept across restarts (a per-process LRU would let a replay
 *   through on another replica, after a restart, or once evicted). Cost: one indexed write per signed-in
 *   request; expired rows are deleted every 10 minutes.
 */
import type { Db } from './db';
import { HttpError } from './http';
import type { Redis } from './redis';

/**
 * Claims nonces: true the first time (uid, nonce) is seen within `ttlMs` or when it was claimed by the same
 * `request` (a retry), false for a replay on another request.
 */
export interface NonceStore {
  claim(uid: string, nonce: string, ttlMs: number, request: string): Promise<boolean>;
}

/** Longest time a nonce is remembered, ms (the oldest id token accepted is 1 h old; + clock tolerance). */
export const MAX_NONCE_TTL_MS = 3600_000 + 30_000;

/**
 * A Redis-backed store (keys `<prefix>nonce:<uid>:<nonce>`, expiring by themselves). When Redis does not
 * answer, `fallback` (the database store) claims the nonce instead, so signed-in routes keep serving
 * through a Redis outage; `onFallback` is told (for the log).
 */
export function redisNonceStore(client: Redis, prefix: string, fallback?: NonceStore, onFallback?: (error: unknown) => void): NonceStore {
  return {
    async claim(uid, nonce, ttlMs, request) {
      const key = `${prefix}nonce:${uid}:${nonce}`;
      try {
        if ((await client.set(key, request, 'PX', ttlMs, 'NX')) === 'OK') return true;
        return (await client.get(key)) === request;
      } catch (error) {
        if (!fallback) throw error;
        onFallback?.(error);
        return fallback.claim(uid, nonce, ttlMs, request);
      }
    },
  };
}

/** A database-backed store (`seen_nonces`): a row per claimed nonce; an expired row may be claimed again. */
export function dbNonceStore(db: Db): NonceStore {
  return {
    async claim(uid, nonce, ttlMs, request) {
      const { rows } = await db.query(
        `INSERT INTO seen_nonces AS s (uid, nonce, request, expires_at) VALUES ($1, $2, $4, now() + $3 * interval '1 millisecond')
         ON CONFLICT (uid, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at, request = EXCLUDED.request
           WHERE s.expires_at <= now() OR s.request = EXCLUDED.request
         RETURNING 1 AS claimed`,
        [uid, nonce, ttlMs, request],
      );
      return rows.length > 0;
    },
  };
}

/** Deletes expired rows of `seen_nonces`; resolves with how many. */
export async function pruneNonces(db: Db): Promise<number> {
  const { rows } = await db.query('DELETE FROM seen_nonces WHERE expires_at <= now() RETURNING 1');
  return rows.length;
}

/**
 * Claims `nonce` for `uid` until `tokenExp` (epoch s) + 30 s (at most {@link MAX_NONCE_TTL_MS}).
 * @throws HttpError 409 'NONCE_REPLAYED' for a nonce already used; 503 when the store does not answer
 */
export async function claimNonce(store: NonceStore, uid: string, nonce: string, tokenExp: number | null, request: string, nowMs = Date.now()): Promise<void> {
  const ttlMs = tokenExp === null ? MAX_NONCE_TTL_MS : Math.min(MAX_NONCE_TTL_MS, Math.max(1000, tokenExp * 1000 + 30_000 - nowMs));
  let fresh: boolean;
  try {
    fresh = await store.claim(uid, nonce, ttlMs, request);
  } catch {
    throw new HttpError(503, 'Service Unavailable: the request nonce cannot be checked right now. Try again shortly.', 503);
  }
  if (!fresh) throw new HttpError(409, 'Replayed x-nonce header: a nonce is single-use, send a fresh one with every request', 'NONCE_REPLAYED');
}
