import { useEffect, useState } from 'react';
import type { Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';

/** Store search debounce in ms (spec §5, §9 "Store search debounce 700 ms"). */
export const STORE_SEARCH_DEBOUNCE_MS = 700;

/** Stores listed out of the 4 fetched (spec §5 "The store list shows the first three results", §9). */
export const STORES_LISTED = 3;

/** Where the list is: nothing asked yet, waiting for the engine, answered, or failed. */
export type StoreSearchStatus = 'idle' | 'loading' | 'success' | 'error';

export interface StoreSearchState {
  status: StoreSearchStatus;
  /** At most {@link STORES_LISTED} stores, in engine order. */
  stores: Store[];
  /** The trimmed query these stores answer ('' = the nearby list, shown before the shopper types). */
  forQuery: string;
}

export interface UseStoreSearchOptions {
  api: StoreSearchApi;
  /** Shopper-typed text (city, postal code or name). */
  query: string;
  /** Point for the nearby list when the query is empty: the current store's `_geoloc`. */
  around?: { lat: number; lng: number } | null;
  /** Searching happens only while the selector is open. */
  enabled: boolean;
  /**
   * Stores already fetched for the empty query (e.g. the nearest stores found from the shopper's
   * location on the first visit): shown at once instead of the first search.
   */
  initialStores?: Store[] | null;
}

const IDLE: StoreSearchState = { status: 'idle', stores: [], forQuery: '' };

/**
 * Store search for the selector (spec §2 Store selector, §5, §9).
 *
 * - On enable, searches at once: the empty query lists stores around `around` (spec §7 "Store search
 *   by latitude and longitude, 4 hits per page").
 * - Every later change of the trimmed query waits {@link STORE_SEARCH_DEBOUNCE_MS} (700 ms) of quiet.
 * - Lists the first {@link STORES_LISTED} (3) of the 4 stores fetched; stale answers are dropped.
 */
export function useStoreSearch({ api, query, around, enabled, initialStores }: UseStoreSearchOptions): StoreSearchState {
  const [state, setState] = useState<StoreSearchState>(IDLE);
  const [searchedOnce, setSearchedOnce] = useState(false);
  const q = query.trim();
  const lat = around?.lat;
  const lng = around?.lng;

  useEffect(() => {
    if (!enabled) {
      setSearchedOnce(false);
      setState(IDLE);
      return;
    }
    let cancelled = false;
    const search = () => {
      setState((s) => ({ ...s, status: 'loading' }));
      const point = !q && lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
      api.searchStores({ query: q, around: point }).then(
        (stores) => {
          if (!cancelled) setState({ status: 'success', stores: stores.slice(0, STORES_LISTED), forQuery: q });
        },
        () => {
          if (!cancelled) setState({ status: 'error', stores: [], forQuery: q });
        },
      );
    };
    if (!searchedOnce) {
      setSearchedOnce(true);
      if (initialStores && !q) {
        setState({ status: 'success', stores: initialStores.slice(0, STORES_LISTED), forQuery: '' });
        return;
      }
      search();
      return () => { cancelled = true; };
    }
    const timer = setTimeout(search, STORE_SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // searchedOnce and initialStores are deliberately left out: flipping it must not start a second search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, enabled, q, lat, lng]);

  return state;
}
