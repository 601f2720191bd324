/**
 * Request throttles (@fastify/rate-limit counters). A throttle counts every request it is called for under
 * up to three policies, each a fixed window of the same length:
 * - `address`: per client address (`request.ip`, IPv6 by /64; the shopper's address from X-Forwarded-For
 *   only when TRUST_PROXY names the proxy, see server.ts) — one visitor cannot use up anyone else's budget;
 * - `account`: per signed-in shopper (`request.shopper.uid`, when the request is signed in);
 * - `global`: one ceiling across all clients (a request refused by its address or account policy does not
 *   count here, so one client alone cannot reach it).
 * Without Redis each process counts in its own LRU store; with Redis (REDIS_URL) in Redis, so N replicas
 * throttle after the same count as one. A store error is not skipped: the throttled request answers 503
 * rather than going unthrottled (these throttles guard against guessing link hashes and card numbers).
 *
 * Every counted answer carries the IETF draft headers (draft-ietf-httpapi-ratelimit-headers):
 * `RateLimit-Policy: "address";q=10;w=60, "global";q=600;w=60` and `RateLimit: "address";r=7;t=42, …`
 * (q = quota, w = window s, r = remaining, t = seconds until the window resets). @fastify/rate-limit's own
 * `enableDraftSpec` only writes the older `RateLimit-Limit/-Remaining/-Reset` trio for one limiter, so the
 * headers are written here from its `createRateLimit()` counters. A 429 also carries `retry-after` (s).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http';
import type { Redis } from './redis';

/** Shared store of the throttles: the process's Redis client and the key prefix of this deployment. */
export interface SharedStore {
  client: Redis;
  /** Prefix of every key, e.g. 'bff:' (keys: `<prefix>rl:<name>:<address>`, `…:uid:<uid>`, `…:all`). */
  prefix: string;
}

/** The three policies of a throttle. */
export type ThrottleScope = 'address' | 'account' | 'global';

/** Options of {@link registerThrottle}. */
export interface ThrottleOptions {
  /** The throttle's name in its Redis keys, e.g. 'offers-hash'. */
  name: string;
  /** Requests per window and client address. */
  perAddress: number;
  /** Requests per window and signed-in shopper (omit: no account policy). */
  perAccount?: number;
  /** Requests per window from all clients together. */
  global: number;
  /** Window, ms (fixed window from the first counted request). */
  timeWindowMs: number;
  /** The 429 message; `after` is the plugin's "1 minute" / "42 seconds", `scope` the policy that refused. */
  message: (after: string, scope: ThrottleScope) => string;
  /** Redis store; null or omitted: this process's own store. */
  store?: SharedStore | null;
}

/** A hook that counts the request: resolves, or throws HttpError 429 (over a limit) / 503 (store down). */
export type Throttle = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

interface Counted {
  isExceeded: boolean;
  remaining: number;
  ttlInSeconds: number;
}
type Limiter = (request: FastifyRequest) => Promise<Counted>;

interface Policy {
  scope: ThrottleScope;
  max: number;
  /** The counted key, or null when the policy does not apply (account policy, signed out). */
  key: ((request: FastifyRequest) => string | null) | null;
}

/**
 * Registers one @fastify/rate-limit counter per policy (each in its own encapsulated context, with its
 * own store or Redis key space) and returns the hook to call where requests must count (nothing is
 * throttled unless it is called).
 */
export async function registerThrottle(app: FastifyInstance, options: ThrottleOptions): Promise<Throttle> {
  const { name, perAddress, perAccount, global, timeWindowMs, message, store } = options;
  const windowS = Math.round(timeWindowMs / 1000);
  const policies: Policy[] = [
    { scope: 'address', max: perAddress, key: null }, // the plugin's own key: request.ip, IPv6 by /64
    ...(perAccount !== undefined ? [{ scope: 'account' as const, max: perAccount, key: (r: FastifyRequest) => (r.shopper ? `uid:${r.shopper.uid}` : null) }] : []),
    { scope: 'global', max: global, key: () => 'all' },
  ];
  const limiters: Array<{ policy: Policy; count: Limiter }> = [];
  for (const policy of policies) {
    let count: Limiter | undefined;
    await app.register(async (child) => {
      await child.register(rateLimit, {
        global: false,
        max: policy.max,
        timeWindow: timeWindowMs,
        ...(policy.key ? { keyGenerator: (request: FastifyRequest) => policy.key!(request) ?? 'none' } : {}),
        ...(store ? { redis: store.client, nameSpace: `${store.prefix}rl:${name}:`, skipOnError: false } : {}),
      });
      // No options: the registered store as it is (with options the plugin derives a child store).
      const check = child.createRateLimit();
      count = async (request) => (await check(request)) as Counted;
    });
    limiters.push({ policy, count: count! });
  }
  const policyHeader = policies.map((p) => `"${p.scope}";q=${p.max};w=${windowS}`).join(', ');

  return async (request, reply) => {
    const state: string[] = [];
    let refused: { scope: ThrottleScope; ttlInSeconds: number } | null = null;
    try {
      for (const { policy, count } of limiters) {
        if (policy.key && policy.key(request) === null) continue;
        const counted = await count(request);
        state.push(`"${policy.scope}";r=${counted.remaining};t=${counted.ttlInSeconds}`);
        if (counted.isExceeded) {
          refused = { scope: policy.scope, ttlInSeconds: counted.ttlInSeconds };
          break; // not counted by the wider policies: one client cannot use up the global ceiling
        }
      }
    } catch (error) {
      request.log.error({ err: error, throttle: name }, 'throttle store unavailable');
      throw new HttpError(503, 'Service Unavailable: the request throttle cannot count right now. Try again shortly.', 503);
    }
    reply.header('ratelimit-policy', policyHeader);
    reply.header('ratelimit', state.join(', '));
    if (refused) {
      const after = refused.ttlInSeconds >= 60 && refused.ttlInSeconds % 60 === 0 ? plural(refused.ttlInSeconds / 60, 'minute') : plural(refused.ttlInSeconds, 'second');
      reply.header('retry-after', String(refused.ttlInSeconds));
      throw new HttpError(429, message(after, refused.scope), 429);
    }
  };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
