/**
 * The offers sections of the shopping-list panel (spec §2 "Shopping-list side panel … offers sections"),
 * answered over the bus only (shared-events 1.3.0): the panel publishes `offers/matches-requested
 * { requestId, articleNumbers }`; this answers `offers/matches { requestId, offers }` with the shopper's
 * LOADED (active, live, spec §5-usable) offers whose article numbers intersect the list's.
 *
 * - Signed-in shoppers only (the band is mounted for them, registry `when: signed-in`). A session still
 *   loading is waited for (at most {@link SESSION_WAIT_MS} ms). Signed out, no card, or card status LP00
 *   (spec §4: offers loading is skipped) → an empty answer, no BFF call.
 * - GET /api/offers once per shopper, cached ({@link OFFERS_CACHE_MS}, api/offersCache.ts) and shared
 *   with the /offers page; concurrent requests share one fetch. A failed fetch → an empty answer (spec
 *   §8 "Other failures are silently ignored"), nothing cached.
 * - After a load on /offers (the page puts the new collections in the cache), the last
 *   {@link RECENT_REQUESTS} requests are answered again with the same requestIds, so the panel shows the
 *   newly loaded offers at once. A change of shopper clears the cache and the remembered requests.
 */
import type { EventBus, Session } from 'shared-events';
import type { OffersApi } from './offersApi';
import { isSignedIn } from '../state/signedIn';
import { usableCollections, type OfferCollections } from '../state/offer';
import { canReadOffers, matchOffers, type MatchedOffer } from '../state/matches';
import { cachedCollections, clearOffersCache, onCollectionsPut, putCollections, OFFERS_CACHE_MS } from './offersCache';

export { OFFERS_CACHE_MS };

/** How long a request waits for a loading session, ms. */
export const SESSION_WAIT_MS = 10_000;
/** Requests remembered to be answered again after a load. */
export const RECENT_REQUESTS = 5;

/** The session once it is no longer loading (or after `timeoutMs`, whatever it is then). */
export function settledSession(bus: EventBus, timeoutMs = SESSION_WAIT_MS): Promise<Session> {
  const current = bus.state.session.value;
  if (!current.isLoading) return Promise.resolve(current);
  return new Promise((resolve) => {
    let done = false;
    const finish = (s: Session) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      queueMicrotask(() => sub.unsubscribe());
      resolve(s);
    };
    const timer = setTimeout(() => finish(bus.state.session.value), timeoutMs);
    const sub = bus.state.session.subscribe((s) => { if (!s.isLoading) finish(s); });
  });
}

/**
 * Answers `offers/matches-requested` on `bus` until the returned function is called.
 * @param api the BFF calls (tests pass a fake)
 * @param now clock (tests)
 */
export function startOffersMatches({ bus, api, now = Date.now }: { bus: EventBus; api: OffersApi; now?: () => number }): () => void {
  const recent: Array<{ requestId: string; articleNumbers: string[] }> = [];
  const inflight = new Map<string, Promise<OfferCollections>>();
  let stopped = false;
  let uid = isSignedIn(bus.state.session.value) ? bus.state.session.value.uid : null;

  const collectionsOf = (session: Session): Promise<OfferCollections> => {
    const key = session.uid as string;
    const cached = cachedCollections(key, now());
    if (cached) return Promise.resolve(cached);
    let pending = inflight.get(key);
    if (!pending) {
      pending = api.fetchOffers()
        .then((data) => {
          const collections = usableCollections(data.collections);
          if (bus.state.session.value.uid === key) putCollections(key, collections, { now: now() });
          return collections;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };

  const answer = (requestId: string, offers: MatchedOffer[]) => {
    if (!stopped) bus.emit('offers/matches', { requestId, offers });
  };

  const handle = async (requestId: string, articleNumbers: string[]) => {
    const session = await settledSession(bus);
    if (stopped) return;
    if (!canReadOffers(session)) { answer(requestId, []); return; }
    recent.push({ requestId, articleNumbers });
    if (recent.length > RECENT_REQUESTS) recent.shift();
    try {
      const collections = await collectionsOf(session);
      answer(requestId, matchOffers(collections, articleNumbers, now()));
    } catch {
      answer(requestId, []);
    }
  };

  const requests = bus.on('offers/matches-requested').subscribe((e) => {
    void handle(e.payload.requestId, e.payload.articleNumbers.slice(0, 1000));
  });

  // Another shopper (or signed out): nothing of the previous one is kept or answered again.
  const sessions = bus.state.session.subscribe((s) => {
    const next = isSignedIn(s) ? s.uid : null;
    if (next !== uid) {
      uid = next;
      recent.length = 0;
      clearOffersCache();
    }
  });

  // A load on /offers put new collections: answer the recent requests again (same requestIds).
  const stopListening = onCollectionsPut((putUid, reason) => {
    if (reason !== 'load') return;
    const session = bus.state.session.value;
    if (session.uid !== putUid || !canReadOffers(session)) return;
    const collections = cachedCollections(putUid, now());
    if (!collections) return;
    for (const r of recent) answer(r.requestId, matchOffers(collections, r.articleNumbers, now()));
  });

  return () => {
    stopped = true;
    requests.unsubscribe();
    sessions.unsubscribe();
    stopListening();
  };
}
