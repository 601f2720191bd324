/**
 * Request throttles (@fastify/rate-limit). Without Redis each process counts in its own LRU store; with
 * Redis (REDIS_URL) every limiter counts in Redis under its own key prefix, so N replicas behind a load
 * balancer throttle after the same count as one. A store error is not skipped (`skipOnError: false`):
 * the throttled request answers 503 rather than going unthrottled (these throttles guard against guessing
 * link hashes and card numbers).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http';
import type { Redis } from './redis';

/** Shared store of the throttles: the process's Redis client and the key prefix of this deployment. */
export interface SharedStore {
  client: Redis;
  /** Prefix of every key, e.g. 'bff:' (a limiter's keys: `<prefix>rl:<name>:<key>`). */
  prefix: string;
}

/** Options of {@link registerThrottle}. */
export interface ThrottleOptions {
  /** The limiter's name in its Redis keys, e.g. 'offers-hash'. */
  name: string;
  /** Requests allowed per window and key. */
  max: number;
  /** Window, ms (fixed window from the first counted request). */
  timeWindowMs: number;
  /** The counted key (default: the client address `request.ip`, IPv6 by /64; see trustProxy in server.ts). */
  keyGenerator?: (request: FastifyRequest) => string;
  /** The 429 message; `after` is the plugin's "1 minute" / "42 seconds". */
  message: (after: string) => string;
  /** Redis store; null or omitted: this process's own store. */
  store?: SharedStore | null;
}

/** A hook that counts the request: resolves, or throws HttpError 429 (over the limit) / 503 (store down). */
export type Throttle = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Registers @fastify/rate-limit in `app`'s context (once per context) with `options` and returns the
 * hook to call where requests must count (nothing is throttled unless it is called). 429 answers carry
 * `retry-after` (s) and `x-ratelimit-*`.
 */
export async function registerThrottle(app: FastifyInstance, options: ThrottleOptions): Promise<Throttle> {
  const { name, max, timeWindowMs, keyGenerator, message, store } = options;
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: timeWindowMs,
    ...(keyGenerator ? { keyGenerator } : {}),
    errorResponseBuilder: (_request, context) => new HttpError(429, message(context.after), 429),
    ...(store ? { redis: store.client, nameSpace: `${store.prefix}rl:${name}:`, skipOnError: false } : {}),
  });
  // No options: the registered store and settings as they are (with options the plugin derives a child store).
  const count = app.rateLimit();
  return async (request, reply) => {
    try {
      await count.call(app, request, reply);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      request.log.error({ err: error, throttle: name }, 'throttle store unavailable');
      throw new HttpError(503, 'Service Unavailable: the request throttle cannot count right now. Try again shortly.', 503);
    }
  };
}
