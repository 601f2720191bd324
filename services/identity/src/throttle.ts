/**
 * Sign-in throttling, with rate-limiter-flexible (the login-protection pattern of its docs: one limiter
 * per account and one per address, counting failures only).
 *
 * - per account (normalised email): 5 failed sign-ins, then the account is blocked for 30 s, and each
 *   further failure after a block doubles the block (60 s, 120 s … at most 1 h) — a growing delay;
 *   a successful sign-in clears the account's count;
 * - per address (the client IP): 20 failed sign-ins in 15 min across any accounts, then 15 min blocked.
 * While blocked, every attempt — right password or not — is refused with 429 and `Retry-After` (s).
 *
 * Counters are in this process by default, or in Redis (`RateLimiterRedis`) when given a client, so
 * every replica counts the same failures. Keys are SHA-256 digests of the email / address (no shopper
 * data in the store). When Redis does not answer (not connected, or no reply in the client's command
 * timeout), each limiter falls back to an in-process `insuranceLimiter` with the same limits: sign-in
 * stays throttled, per replica, until Redis is back (then the Redis counts apply again).
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Limits, exported for tests and docs. Durations in seconds. */
export const SIGN_IN_LIMITS = {
  accountFailures: 5,
  accountWindowS: 15 * 60,
  firstBlockS: 30,
  maxBlockS: 60 * 60,
  addressFailures: 20,
  addressWindowS: 15 * 60,
  addressBlockS: 15 * 60,
} as const;

/** The verdict of {@link SignInThrottle.check}: allowed, or blocked for `retryAfterS` seconds. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** Options of {@link SignInThrottle}. */
export interface SignInThrottleOptions {
  /**
   * An ioredis client to keep the counters in (shared by every replica). Create it with
   * `enableOfflineQueue: false` and a `commandTimeout` so a Redis outage falls back at once.
   * Default: counters in this process.
   */
  redis?: Redis;
}

/** Throttles sign-in attempts by account and by address. */
export class SignInThrottle {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  /** How many blocks an account has had in a row (for the growing delay); cleared by a success. */
  private readonly blocks: RateLimiterAbstract;

  constructor({ redis }: SignInThrottleOptions = {}) {
    const limiter = (opts: IRateLimiterOptions): RateLimiterAbstract => (redis
      ? new RateLimiterRedis({ ...opts, keyPrefix: `identity:${opts.keyPrefix}`, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) })
      : new RateLimiterMemory(opts));
    this.byAccount = limiter({ keyPrefix: 'signin-account', points: SIGN_IN_LIMITS.accountFailures, duration: SIGN_IN_LIMITS.accountWindowS });
    this.byAddress = limiter({ keyPrefix: 'signin-address', points: SIGN_IN_LIMITS.addressFailures, duration: SIGN_IN_LIMITS.addressWindowS, blockDuration: SIGN_IN_LIMITS.addressBlockS });
    this.blocks = limiter({ keyPrefix: 'signin-blocks', points: 1_000, duration: SIGN_IN_LIMITS.maxBlockS * 2 });
  }

  /** Before checking the password: may `email` sign in from `address` now? */
  async check(email: string, address: string): Promise<ThrottleVerdict> {
    const [account, ip] = await Promise.all([this.byAccount.get(key(email)), this.byAddress.get(digest(address))]);
    // block() sets the consumed points above the limit for the block's duration
    const waits = [
      blockedFor(account, SIGN_IN_LIMITS.accountFailures),
      blockedFor(ip, SIGN_IN_LIMITS.addressFailures),
    ].filter((ms): ms is number => ms !== null);
    return waits.length ? { allowed: false, retryAfterS: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) } : { allowed: true };
  }

  /** After a wrong password: counts it; blocks the account (growing) or the address when over the limit. */
  async failed(email: string, address: string): Promise<void> {
    const k = key(email);
    const a = digest(address);
    await this.byAddress.penalty(a, 1).catch(() => undefined);
    const res = await this.byAccount.penalty(k, 1);
    if (res.consumedPoints >= SIGN_IN_LIMITS.accountFailures) {
      const times = (await this.blocks.penalty(k, 1)).consumedPoints;
      const seconds = Math.min(SIGN_IN_LIMITS.firstBlockS * 2 ** (times - 1), SIGN_IN_LIMITS.maxBlockS);
      await this.byAccount.block(k, seconds);
    }
    const ip = await this.byAddress.get(a);
    if (ip && ip.consumedPoints >= SIGN_IN_LIMITS.addressFailures) await this.byAddress.block(a, SIGN_IN_LIMITS.addressBlockS);
  }

  /** After a successful sign-in: the account's failures and block history are forgotten. */
  async succeeded(email: string): Promise<void> {
    await Promise.all([this.byAccount.delete(key(email)), this.blocks.delete(key(email))]);
  }
}

/** A store key: the first 32 hex digits of the SHA-256 of `value`. */
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
const key = (email: string) => digest(email.trim().toLowerCase());
/** ms until a blocked key may try again, or null when it is not blocked. */
const blockedFor = (r: RateLimiterRes | null, limit: number) => (r && r.consumedPoints > limit && r.msBeforeNext > 0 ? r.msBeforeNext : null);
