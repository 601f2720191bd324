/**
 * The signed-in shopper's offer collections, shared by the two apps of this remote in one page: the
 * /offers page puts what it read or what a load answered here, and the list-panel band
 * (`offers/matches`) answers from it. Both apps run in the same Module Federation container, so this
 * module is one instance per page. One shopper at a time (keyed by uid); an entry is fresh for
 * {@link OFFERS_CACHE_MS} ms. Never persisted.
 */
import type { OfferCollections } from '../state/offer';

/** How long cached collections are used before GET /api/offers is asked again: 5 minutes, in ms. */
export const OFFERS_CACHE_MS = 5 * 60 * 1000;

interface Entry {
  uid: string;
  at: number;
  collections: OfferCollections;
}

/** Why collections were put: a read (GET /api/offers) or a load (POST /api/offers/load answered them). */
export type PutReason = 'read' | 'load';

let entry: Entry | null = null;
const listeners = new Set<(uid: string, reason: PutReason) => void>();

/** The cached collections of `uid` when younger than {@link OFFERS_CACHE_MS}, else null. */
export function cachedCollections(uid: string, now = Date.now()): OfferCollections | null {
  if (!entry || entry.uid !== uid || now - entry.at > OFFERS_CACHE_MS || now < entry.at) return null;
  return entry.collections;
}

/**
 * Stores the collections of `uid` (after a read or a load) and tells the listeners — after a load the
 * band answers the shopping-list panel's recent requests again, so the panel shows it without a reload.
 */
export function putCollections(uid: string, collections: OfferCollections, { reason = 'read', now = Date.now() }: { reason?: PutReason; now?: number } = {}): void {
  entry = { uid, at: now, collections };
  for (const listener of [...listeners]) listener(uid, reason);
}

/** Forgets everything (sign-out, another shopper, tests). */
export function clearOffersCache(): void {
  entry = null;
}

/** Calls `listener(uid, reason)` after every {@link putCollections}. @returns unsubscribe */
export function onCollectionsPut(listener: (uid: string, reason: PutReason) => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
