/**
 * Server state of mf-store-selector (spec §7 search-engine calls): the query keys and query functions
 * used with the remote kit's `useQuery` / `useQueries` / `queryClient.fetchQuery` (@tanstack/react-query).
 * A query's data always belongs to its key, so an answer for an older search text or point is never
 * shown (no hand-kept flags). Every key starts with {@link STORE_QUERY_ROOT}; points are keyed by their
 * `lat`/`lng` numbers. This file holds the selector's query (part of './spa'); the store pages' queries
 * are in `./pageQueries` (route-owned './pages' only, so './spa' does not carry them).
 */
import type { QueryKey } from '@storefront/remote-kit';
import type { Store } from 'shared-events';
import { storeRetryDelay, type StoreSearchApi } from './storeSearch';
import type { LatLng } from './location';

/** First element of every query key of this remote. */
export const STORE_QUERY_ROOT = 'mf-store-selector';

/** The stores of one `searchStores` call, with the trimmed text they answer. */
export interface StoreSearchAnswer {
  /** The text searched ('' = the nearby list around a point). */
  query: string;
  /** Up to 4 stores, in engine order. */
  stores: Store[];
}

/**
 * A query definition for `useQuery(...)` / `queryClient.fetchQuery(...)`; its one retry (the kit's)
 * comes {@link storeRetryDelay} after a failure (300 ms, or at once when the engine refused).
 */
export interface StoreQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  retryDelay: typeof storeRetryDelay;
}

/**
 * The selector's store search (spec §2 Store selector, §7 "Store search by latitude and longitude,
 * 4 hits per page"): `api.searchStores({ query, around })`. The first-visit offer of the nearest
 * stores and the selector's nearby list share this key, so the selector opens on the fetched stores
 * without a second request.
 * @param query trimmed search text ('' with `around` = stores near that point)
 * @param around point in decimal degrees, or undefined
 * @throws (through the query) whatever `searchStores` rejects with (engine unreachable)
 */
export function storeSearchQuery(api: StoreSearchApi, query: string, around: LatLng | undefined): StoreQuery<StoreSearchAnswer> {
  return {
    queryKey: [STORE_QUERY_ROOT, 'search', query, around?.lat ?? null, around?.lng ?? null],
    queryFn: async () => ({ query, stores: await api.searchStores({ query, around }) }),
    retryDelay: storeRetryDelay,
  };
}
