/**
 * The edge's caches, shared by every edge replica when `REDIS_URL` is set (Redis keys with a TTL), else
 * kept in this process (one edge). A cache outage costs a trip to the owner, never an answer: every Redis
 * error reads as a miss and a write is dropped, and the edge stays ready.
 */
import Redis from 'ioredis';

/**
 * A key/value cache of JSON values with a time to live.
 * @typedef {{ get(key: string): Promise<unknown>, set(key: string, value: unknown, ttlMs: number): Promise<void>,
 *   delete(key: string): Promise<void>, close(): Promise<void> }} SharedCache
 *   `get` resolves undefined on a miss (or a Redis error); `set` never rejects
 */

/**
 * One Redis connection for the edge's caches: fails fast (no offline queue, one try per command) so a
 * dead Redis answers as a miss within ~`commandTimeoutMs`.
 * @param {string} url redis://host:port
 * @param {{ commandTimeoutMs?: number }} [o] default 200 ms
 * @returns {import('ioredis').Redis}
 */
export function connectRedis(url, { commandTimeoutMs = 200 } = {}) {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: commandTimeoutMs, lazyConnect: false });
  client.on('error', () => { /* reconnects by itself; each command reads as a miss meanwhile */ });
  return client;
}

/**
 * A cache namespace.
 * @param {{ redis?: import('ioredis').Redis | null, prefix: string, maxEntries?: number, now?: () => number }} o
 *   `redis` shared store (null: this process's memory, at most `maxEntries`, oldest dropped first)
 * @returns {SharedCache}
 */
export function createSharedCache({ redis = null, prefix, maxEntries = 2_000, now = Date.now }) {
  if (redis) {
    const k = (key) => `edge:${prefix}:${key}`;
    return {
      async get(key) {
        try {
          const text = await redis.get(k(key));
          return text === null ? undefined : JSON.parse(text);
        } catch {
          return undefined;
        }
      },
      async set(key, value, ttlMs) {
        await redis.set(k(key), JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs))).catch(() => undefined);
      },
      async delete(key) {
        await redis.del(k(key)).catch(() => undefined);
      },
      async close() { /* the connection is the caller's */ },
    };
  }
  const map = new Map();
  return {
    async get(key) {
      const hit = map.get(key);
      if (!hit) return undefined;
      if (hit.until <= now()) { map.delete(key); return undefined; }
      return hit.value;
    },
    async set(key, value, ttlMs) {
      map.delete(key);
      map.set(key, { value, until: now() + ttlMs });
      if (map.size > maxEntries) map.delete(map.keys().next().value);
    },
    async delete(key) { map.delete(key); },
    async close() { map.clear(); },
  };
}
