/**
 * Sign-in and sign-up throttling, with rate-limiter-flexible (the login-protection pattern of its docs:
 * limiters counting failures only, keyed by account and address).
 *
 * Sign-in ({@link SIGN_IN_LIMITS}). A lockout must never be a weapon: wrong passwords from one address
 * lock that address out of the account, not the account's owner elsewhere.
 * - per (account, address): 5 failed sign-ins, then that address is blocked for that account for 30 s,
 *   and each further failure after a block doubles it (60 s, 120 s … at most 1 h) — a growing delay.
 *   A success clears that pair's count. The owner, from another address, is not affected;
 * - per address: 20 failed sign-ins in 15 min across any accounts, then 15 min blocked (password spraying);
 * - per account, across every address: after 10 failures in 15 min the account is under attack and needs
 *   a step-up for 15 min — never a hard lock: every attempt first gets a ticket and must wait
 *   {@link SIGN_IN_LIMITS.stepUpWaitS} s before the password is checked (see server.ts), which slows a
 *   distributed guesser while the owner still signs in with the right password after a short wait.
 * While blocked, every attempt — right password or not — is refused with 429 and `Retry-After` (s).
 *
 * Sign-up: at most `signUpsPerHour` (default 5) accounts attempted per address per hour (attempts with a
 * valid form, whether the email was free or taken); then 429 and `Retry-After`.
 *
 * Password reset: {@link RESET_LIMITS} requests per email and per address per hour; then 429.
 *
 * Counters are in this process by default, or in Redis (`RateLimiterRedis`) when given a client, so
 * every replica counts the same failures. Keys are SHA-256 digests of the email / address (no shopper
 * data in the store). When Redis does not answer (not connected, or no reply in the client's command
 * timeout), each limiter falls back to an in-process `insuranceLimiter` with the same limits: the
 * throttles stay on, per replica, until Redis is back (then the Redis counts apply again).
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Sign-in limits, exported for tests and docs. Durations in seconds. */
export const SIGN_IN_LIMITS = {
  /** failures of one account from one address before that address is blocked for it */
  pairFailures: 5,
  pairWindowS: 15 * 60,
  firstBlockS: 30,
  maxBlockS: 60 * 60,
  addressFailures: 20,
  addressWindowS: 15 * 60,
  addressBlockS: 15 * 60,
  /** failures of one account across every address before it needs the step-up */
  accountCeiling: 10,
  accountWindowS: 15 * 60,
  /** how long the step-up stays required once the ceiling is reached */
  stepUpS: 15 * 60,
  /** the wait a step-up ticket imposes before the password is checked */
  stepUpWaitS: 5,
  /** how long a step-up ticket can be used */
  stepUpTicketS: 5 * 60,
} as const;

/** Password-reset requests allowed per hour: per email (known or not) and per client address. */
export const RESET_LIMITS = { perEmail: 3, perAddress: 10, windowS: 3600 } as const;

/** Default sign-ups per address per hour. */
export const SIGN_UPS_PER_HOUR = 5;

/** The verdict of {@link SignInThrottle.check}: blocked for `retryAfterS` seconds, or allowed (maybe with a step-up). */
export type ThrottleVerdict = { allowed: true; stepUp: boolean } | { allowed: false; retryAfterS: number };

/** The verdict of {@link SignInThrottle.signUpAttempt}. */
export type SignUpVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** Options of {@link SignInThrottle}. */
export interface SignInThrottleOptions {
  /**
   * An ioredis client to keep the counters in (shared by every replica). Create it with
   * `enableOfflineQueue: false` and a `commandTimeout` so a Redis outage falls back at once.
   * Default: counters in this process.
   */
  redis?: Redis;
  /** Sign-ups allowed per address per hour (default {@link SIGN_UPS_PER_HOUR}). */
  signUpsPerHour?: number;
}

/** Throttles sign-in attempts by (account, address), by address and by account, and sign-ups by address. */
export class SignInThrottle {
  private readonly byPair: RateLimiterAbstract;
  /** How many blocks an (account, address) pair has had in a row (for the growing delay); cleared by a success. */
  private readonly pairBlocks: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;
  private readonly spentTickets: RateLimiterAbstract;
  private readonly signUps: RateLimiterAbstract;
  private readonly resetsByEmail: RateLimiterAbstract;
  private readonly resetsByAddress: RateLimiterAbstract;

  constructor({ redis, signUpsPerHour = SIGN_UPS_PER_HOUR }: SignInThrottleOptions = {}) {
    const limiter = (opts: IRateLimiterOptions): RateLimiterAbstract => (redis
      ? new RateLimiterRedis({ ...opts, keyPrefix: `identity:${opts.keyPrefix}`, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) })
      : new RateLimiterMemory(opts));
    const L = SIGN_IN_LIMITS;
    this.byPair = limiter({ keyPrefix: 'signin-pair', points: L.pairFailures, duration: L.pairWindowS });
    this.pairBlocks = limiter({ keyPrefix: 'signin-pair-blocks', points: 1_000, duration: L.maxBlockS * 2 });
    this.byAddress = limiter({ keyPrefix: 'signin-address', points: L.addressFailures, duration: L.addressWindowS, blockDuration: L.addressBlockS });
    this.byAccount = limiter({ keyPrefix: 'signin-account-all', points: L.accountCeiling, duration: L.accountWindowS });
    this.spentTickets = limiter({ keyPrefix: 'signin-stepup-spent', points: 1, duration: L.stepUpTicketS * 2 });
    this.signUps = limiter({ keyPrefix: 'signup-address', points: signUpsPerHour, duration: 3600 });
    this.resetsByEmail = limiter({ keyPrefix: 'reset-email', points: RESET_LIMITS.perEmail, duration: RESET_LIMITS.windowS });
    this.resetsByAddress = limiter({ keyPrefix: 'reset-address', points: RESET_LIMITS.perAddress, duration: RESET_LIMITS.windowS });
  }

  /**
   * Before checking the password: may `email` sign in from `address` now?
   * @returns blocked with `retryAfterS` (≥ 1 s), or allowed; `stepUp` when the account is over its
   *   ceiling across addresses and the attempt must go through a step-up ticket first
   */
  async check(email: string, address: string): Promise<ThrottleVerdict> {
    const [pair, ip, account] = await Promise.all([this.byPair.get(pairKey(email, address)), this.byAddress.get(digest(address)), this.byAccount.get(key(email))]);
    // block() sets the consumed points above the limit for the block's duration
    const waits = [
      blockedFor(pair, SIGN_IN_LIMITS.pairFailures),
      blockedFor(ip, SIGN_IN_LIMITS.addressFailures),
    ].filter((ms): ms is number => ms !== null);
    if (waits.length) return { allowed: false, retryAfterS: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
    return { allowed: true, stepUp: !!account && account.consumedPoints >= SIGN_IN_LIMITS.accountCeiling && account.msBeforeNext > 0 };
  }

  /**
   * After a wrong password: counts it for the pair, the address and the account; blocks the pair
   * (growing) or the address when over their limits; puts the account under step-up at its ceiling.
   */
  async failed(email: string, address: string): Promise<void> {
    const p = pairKey(email, address);
    const a = digest(address);
    const k = key(email);
    await this.byAddress.penalty(a, 1).catch(() => undefined);
    const all = await this.byAccount.penalty(k, 1).catch(() => null);
    if (all && all.consumedPoints === SIGN_IN_LIMITS.accountCeiling) await this.byAccount.block(k, SIGN_IN_LIMITS.stepUpS).catch(() => undefined);
    const res = await this.byPair.penalty(p, 1);
    if (res.consumedPoints >= SIGN_IN_LIMITS.pairFailures) {
      const times = (await this.pairBlocks.penalty(p, 1)).consumedPoints;
      const seconds = Math.min(SIGN_IN_LIMITS.firstBlockS * 2 ** (times - 1), SIGN_IN_LIMITS.maxBlockS);
      await this.byPair.block(p, seconds);
    }
    const ip = await this.byAddress.get(a);
    if (ip && ip.consumedPoints >= SIGN_IN_LIMITS.addressFailures) await this.byAddress.block(a, SIGN_IN_LIMITS.addressBlockS);
  }

  /**
   * After a successful sign-in: the pair's failures and block history are forgotten. The account-wide
   * count is kept (an attacker elsewhere is still guessing); it expires with its window.
   */
  async succeeded(email: string, address: string): Promise<void> {
    const p = pairKey(email, address);
    await Promise.all([this.byPair.delete(p), this.pairBlocks.delete(p)]);
  }

  /**
   * Spends a step-up ticket (by its nonce): true the first time, false when it was used already, so one
   * wait buys one password check.
   */
  async spendTicket(nonce: string): Promise<boolean> {
    try {
      await this.spentTickets.consume(digest(nonce), 1);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /**
   * Counts a sign-up attempt (a valid form) from `address`.
   * @returns allowed, or blocked with `retryAfterS` (≥ 1 s) until the address's hour window ends
   */
  async signUpAttempt(address: string): Promise<SignUpVerdict> {
    try {
      await this.signUps.consume(digest(address), 1);
      return { allowed: true };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { allowed: false, retryAfterS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      throw err;
    }
  }

  /**
   * Counts a password-reset request for `email` (whether an account has it or not, so the answer tells
   * nothing) from `address`: {@link RESET_LIMITS} per address, then per email.
   * @returns allowed, or blocked with `retryAfterS` (≥ 1 s)
   */
  async resetRequest(email: string, address: string): Promise<SignUpVerdict> {
    try {
      await this.resetsByAddress.consume(digest(address), 1);
      await this.resetsByEmail.consume(key(email), 1);
      return { allowed: true };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { allowed: false, retryAfterS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      throw err;
    }
  }
}

/** A store key: the first 32 hex digits of the SHA-256 of `value`. */
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
const normal = (email: string) => email.trim().toLowerCase();
const key = (email: string) => digest(normal(email));
const pairKey = (email: string, address: string) => digest(`${normal(email)}\n${address}`);
/** ms until a blocked key may try again, or null when it is not blocked. */
const blockedFor = (r: RateLimiterRes | null, limit: number) => (r && r.consumedPoints > limit && r.msBeforeNext > 0 ? r.msBeforeNext : null);
