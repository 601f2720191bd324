/**
 * Offers seen through an offers link (`/offers?hash=…`) kept in browser storage under a session key
 * (spec §6 "Anonymous visitor: … offers stay in browser storage (offers under a session key)"), so a
 * reload of the link does not query the BFF again (hash lookups are throttled, 10 a minute).
 *
 * sessionStorage key {@link LINK_STORAGE_KEY}: `{ v: 1, hash, savedAt (epoch ms), data: OffersData }`,
 * one link at a time (the last one opened in this tab). An entry is used for {@link LINK_CACHE_MS} ms
 * (then the link is asked again: it may have expired). Storage that is blocked or full is ignored.
 */
import type { OffersData } from './offersApi';

/** The session key of the offers of the last opened offers link. */
export const LINK_STORAGE_KEY = 'mf-offers:link-offers';
/** How long stored link offers are shown without asking the BFF again: 30 minutes, in ms. */
export const LINK_CACHE_MS = 30 * 60 * 1000;

interface Stored {
  v: 1;
  hash: string;
  savedAt: number;
  data: OffersData;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** The stored offers of `hash` when saved less than {@link LINK_CACHE_MS} ago, else null. */
export function readLinkOffers(hash: string, now = Date.now()): OffersData | null {
  try {
    const raw = storage()?.getItem(LINK_STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Stored>;
    if (s?.v !== 1 || s.hash !== hash || typeof s.savedAt !== 'number' || !s.data || typeof s.data !== 'object') return null;
    if (now - s.savedAt > LINK_CACHE_MS || now < s.savedAt) return null;
    return s.data;
  } catch {
    return null;
  }
}

/** Stores the offers of `hash` (replacing any other link's). */
export function saveLinkOffers(hash: string, data: OffersData, now = Date.now()): void {
  try {
    const value: Stored = { v: 1, hash, savedAt: now, data };
    storage()?.setItem(LINK_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // blocked or full storage: the link is asked again next time
  }
}

/** Forgets the stored link offers (an expired link). */
export function clearLinkOffers(): void {
  try {
    storage()?.removeItem(LINK_STORAGE_KEY);
  } catch {
    // nothing to do
  }
}
