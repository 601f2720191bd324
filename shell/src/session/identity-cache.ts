/**
 * Spec §3 "Identity cache: idToken, uid, cardNumber, name, cachedAt" and spec §7 "Identity fetch is
 * cached 55 seconds": what the shell learnt from `GET /api/account` and `POST /api/services/Inquire`
 * for one BFF session, kept in sessionStorage for {@link IDENTITY_CACHE_TTL_MS} so a reload or a page
 * change within 55 s does not call the BFF again. Spec §3 keys the entry by the id token; the page holds
 * no token, so it is keyed by the BFF session's non-secret handle: another session (another shopper, a
 * new sign-in) never reads it.
 */
import type { CardStatus, Scene } from 'shared-events';

/** Spec §7: the identity fetch is cached 55 seconds (ms). */
export const IDENTITY_CACHE_TTL_MS = 55_000;
/** sessionStorage key of the cache entry. */
export const IDENTITY_CACHE_KEY = 'storefront.identity';

/** One cache entry: the spec §3 fields plus the account and card data the session is built from. */
export interface IdentityCacheEntry {
  /** The BFF session this entry belongs to (`sessionId` of GET /api/auth/session, not a secret). */
  sessionId: string;
  uid: string;
  /** The account's card number (16 digits) or null (no card). */
  cardNumber: string | null;
  /** The shopper's name as on the account. */
  name: { firstName: string; lastName: string };
  /** `Date.now()` when cached (ms since epoch). */
  cachedAt: number;
  /** Account data (GET /api/account). */
  preferredStoreId: string | null;
  /** The preferred store's banner; lifestyle preferences (an entry written without them reads as null / []). */
  bannerCode?: string | null;
  lifestyles?: string[];
  subscribed: boolean;
  /** Card data (Inquire), as published in the session. */
  scene: Scene | null;
  cardStatus: CardStatus | null;
}

/** Storage the cache uses (sessionStorage in the browser). */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The entry for `sessionId` when it is younger than 55 s, else null (an old or foreign entry is removed).
 * Storage errors (privacy mode, quota) and malformed JSON read as "no entry".
 */
export function readIdentityCache(storage: CacheStorage | null, sessionId: string, now: number = Date.now()): IdentityCacheEntry | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(IDENTITY_CACHE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as IdentityCacheEntry;
    const age = now - entry.cachedAt;
    if (entry.sessionId !== sessionId || !(age >= 0 && age < IDENTITY_CACHE_TTL_MS)) {
      storage.removeItem(IDENTITY_CACHE_KEY);
      return null;
    }
    return entry;
  } catch {
    return null;
  }
}

/** Stores `entry` (its `cachedAt` set to `now`); storage errors are ignored (the cache is an optimisation). */
export function writeIdentityCache(storage: CacheStorage | null, entry: Omit<IdentityCacheEntry, 'cachedAt'>, now: number = Date.now()): void {
  try {
    storage?.setItem(IDENTITY_CACHE_KEY, JSON.stringify({ ...entry, cachedAt: now }));
  } catch {
    /* quota or privacy mode: no cache */
  }
}

/** Removes the entry (sign-out, refresh, session problem). */
export function clearIdentityCache(storage: CacheStorage | null): void {
  try {
    storage?.removeItem(IDENTITY_CACHE_KEY);
  } catch {
    /* nothing to clear */
  }
}
