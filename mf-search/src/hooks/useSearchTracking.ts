import { useCallback, useMemo } from 'react';
import { type EventBus, type RuntimeConfig, type Session } from 'shared-events';
import { consentSignals, gateOnConsent } from '../api/consentGate';
import { createInsightsSender, type InsightsSender } from '../api/insights';
import { storeUserTokenWithConsent, userTokenFor } from '../api/userToken';

/** Spec §7, §9: "Item list id 7 'Search - Products'". */
export const SEARCH_ITEM_LIST = { item_list_id: '7', item_list_name: 'Search - Products' } as const;
/** The dropdown's recipes fetch (spec §7 "tracked with the top 2"). */
export const SEARCH_RECIPES_ITEM_LIST = { item_list_id: 'search_recipes', item_list_name: 'Search - Recipes' } as const;
/** Recipes reported for the dropdown's recipes fetch. */
export const TRACKED_RECIPES = 2;

/** A hit as the trackers need it. */
export interface TrackedHit {
  objectID: string;
  title: string;
  queryID?: string;
  /** 1-based. */
  position?: number;
  price?: number | null;
}

/** Trackers for one shopper. */
export interface SearchTracking {
  userToken: string;
  /** Insights click with queryID and 1-based position. */
  click(index: string, hit: TrackedHit): void;
  /** Insights view of the hits shown (no queryID: Algolia view events carry none). */
  view(index: string, hits: readonly TrackedHit[], eventName?: string): void;
  /** Insights conversion after search (queryID). */
  conversion(index: string, hit: TrackedHit, eventName?: string): void;
  /** `analytics/track` `view_item_list` into the dataLayer. */
  viewItemList(list: { item_list_id: string; item_list_name: string }, hits: readonly TrackedHit[], searchTerm: string): void;
}

/**
 * One consent-gated sender per bus and engine (so events queued by the dropdown are sent with those of
 * the results page, once, when consent is granted).
 */
const senders = new WeakMap<EventBus, { key: string; send: InsightsSender }>();
function senderFor(bus: EventBus, search: RuntimeConfig['search']): InsightsSender {
  const key = JSON.stringify(search.hosts) + search.appId;
  const known = senders.get(bus);
  if (known && known.key === key) return known.send;
  const send = gateOnConsent(createInsightsSender(search), consentSignals(bus.state), { onDecision: storeUserTokenWithConsent });
  senders.set(bus, { key, send });
  return send;
}

/**
 * Search analytics for the dropdown and results page (spec §7): Insights events to the engine's
 * `/1/events` (click, view, conversion with `queryID` and 1-based `position`) and `view_item_list`
 * (`item_list_id: '7'`, `item_list_name: 'Search - Products'`) on the bus for the dataLayer (the shell
 * gates the dataLayer on consent). Insights events leave only with the analytics consent group C0002
 * (`api/consentGate.ts`: queued until the banner is answered, dropped on a refusal).
 */
export function useSearchTracking(bus: EventBus, config: RuntimeConfig, session: Session | null): SearchTracking {
  const userToken = useMemo(() => userTokenFor(session), [session]);
  const send = senderFor(bus, config.search);
  const click = useCallback((index: string, hit: TrackedHit) => {
    if (!hit.queryID || !hit.position) return;
    void send([{ eventType: 'click', eventName: 'Search Result Clicked', index, userToken, queryID: hit.queryID, objectIDs: [hit.objectID], positions: [hit.position] }]);
  }, [send, userToken]);
  const view = useCallback((index: string, hits: readonly TrackedHit[], eventName = 'Search Results Viewed') => {
    if (hits.length === 0) return;
    void send([{ eventType: 'view', eventName, index, userToken, objectIDs: hits.slice(0, 20).map((h) => h.objectID) }]);
  }, [send, userToken]);
  const conversion = useCallback((index: string, hit: TrackedHit, eventName = 'Product Added To List') => {
    void send([{ eventType: 'conversion', eventName, index, userToken, objectIDs: [hit.objectID], ...(hit.queryID ? { queryID: hit.queryID } : {}) }]);
  }, [send, userToken]);
  const viewItemList = useCallback((list: { item_list_id: string; item_list_name: string }, hits: readonly TrackedHit[], searchTerm: string) => {
    if (hits.length === 0) return;
    bus.emit('analytics/track', {
      event: 'view_item_list',
      params: {
        ...list,
        search_term: searchTerm,
        items: hits.map((h, i) => ({ item_id: h.objectID, item_name: h.title, index: h.position ?? i + 1, ...(typeof h.price === 'number' ? { price: h.price / 100 } : {}) })),
      },
    });
  }, [bus]);
  return useMemo(() => ({ userToken, click, view, conversion, viewItemList }), [userToken, click, view, conversion, viewItemList]);
}
