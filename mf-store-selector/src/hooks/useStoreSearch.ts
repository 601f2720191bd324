import { keepPreviousData, useDebouncedValue, useQuery } from '@storefront/remote-kit';
import type { Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
import type { LatLng } from '../api/location';
import { storeSearchQuery } from '../api/storeQueries';

/** Store search debounce in ms (spec §5, §9 "Store search debounce 700 ms"). */
export const STORE_SEARCH_DEBOUNCE_MS = 700;

/** Stores listed out of the 4 fetched (spec §5 "The store list shows the first three results", §9). */
export const STORES_LISTED = 3;

/** Where the list is: waiting for the engine (the previous list may still show), answered, or failed. */
export type StoreSearchStatus = 'loading' | 'success' | 'error';

/** What {@link useStoreSearch} returns. */
export interface StoreSearchState {
  status: StoreSearchStatus;
  /** At most {@link STORES_LISTED} stores, in engine order; while loading, those of the previous search. */
  stores: Store[];
  /** The trimmed query these stores answer ('' = the nearby list, shown before the shopper types). */
  forQuery: string;
}

/** Options of {@link useStoreSearch}. */
export interface UseStoreSearchOptions {
  api: StoreSearchApi;
  /** Shopper-typed text (city, postal code or name), as typed. */
  query: string;
  /** Point for the nearby list when the query is empty (the shopper's position or the current store's `_geoloc`). */
  around?: LatLng | null;
}

/**
 * Store search for the selector dialog (spec §2 Store selector, §5, §9), on the remote kit's
 * `useDebouncedValue` and `useQuery`:
 *
 * - on mount it searches at once: the empty query lists stores around `around` (spec §7 "Store
 *   search by latitude and longitude, 4 hits per page"), or answers from the cache when the
 *   first-visit offer already fetched them (same key, {@link storeSearchQuery});
 * - every later change of the trimmed query waits {@link STORE_SEARCH_DEBOUNCE_MS} (700 ms) of quiet;
 * - lists the first {@link STORES_LISTED} (3) of the 4 stores fetched. While a new search runs the
 *   previous list stays (status 'loading'); an answer for an older text is never shown.
 * - engine failure → status 'error', no stores (the dialog shows 'Failed to fetch store data').
 */
export function useStoreSearch({ api, query, around }: UseStoreSearchOptions): StoreSearchState {
  const q = useDebouncedValue(query.trim(), STORE_SEARCH_DEBOUNCE_MS);
  const point = !q && around ? { lat: around.lat, lng: around.lng } : undefined;
  const search = useQuery({ ...storeSearchQuery(api, q, point), placeholderData: keepPreviousData });

  if (search.isError) return { status: 'error', stores: [], forQuery: q };
  if (!search.data) return { status: 'loading', stores: [], forQuery: '' };
  return {
    status: search.isPlaceholderData ? 'loading' : 'success',
    stores: search.data.stores.slice(0, STORES_LISTED),
    forQuery: search.data.query,
  };
}
