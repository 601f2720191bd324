/**
 * Server state of mf-store-selector (spec §7 search-engine calls): the query keys and query functions
 * the selector, the store locator and the store detail page use with the remote kit's `useQuery` /
 * `useQueries` / `queryClient.fetchQuery` (@tanstack/react-query). A query's data always belongs to
 * its key, so an answer for an older search text or point is never shown (no hand-kept flags).
 * Every key starts with `'mf-store-selector'`; points are keyed by their `lat`/`lng` numbers.
 */
import { skipToken, type QueryKey } from '@storefront/remote-kit';
import type { Store } from 'shared-events';
import type { RankedStore, RankedStorePage, StoreSearchApi } from '../api/storeSearch';
import type { LatLng } from '../geo/location';

const ROOT = 'mf-store-selector';

/** The stores of one `searchStores` call, with the trimmed text they answer. */
export interface StoreSearchAnswer {
  /** The text searched ('' = the nearby list around a point). */
  query: string;
  /** Up to 4 stores, in engine order. */
  stores: Store[];
}

/** One page of a ranked search, with the search it answers (the locator compares pages by it). */
export interface RankedStoreAnswer extends RankedStorePage {
  query: string;
  /** The point distances are measured from, or null. */
  around: LatLng | null;
}

/** A query definition for `useQuery(...)` / `queryClient.fetchQuery(...)`. */
export interface StoreQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
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
    queryKey: [ROOT, 'search', query, around?.lat ?? null, around?.lng ?? null],
    queryFn: async () => ({ query, stores: await api.searchStores({ query, around }) }),
  };
}

/**
 * The store locator's ranked search (spec §2 /store-locator): `api.searchStoresRanked({ query,
 * around, page })`, 4 stores a page with their distance in metres from `around`.
 * @param page 0-based page number
 */
export function rankedStoresQuery(api: StoreSearchApi, query: string, around: LatLng | undefined, page: number): StoreQuery<RankedStoreAnswer> {
  return {
    queryKey: [ROOT, 'ranked', query, around?.lat ?? null, around?.lng ?? null, page],
    queryFn: async () => ({ ...(await api.searchStoresRanked({ query, around, page })), query, around: around ?? null }),
  };
}

/**
 * The stores near a store for its detail page (spec §2 /stores/{slug} "Nearby stores"):
 * `api.searchStoresRanked({ query: '', around: store._geoloc })` (first page, 4 stores with their
 * distance in metres), the store itself left out. Skipped (`skipToken`) while `store` is null.
 */
export function nearbyStoresQuery(api: StoreSearchApi, store: Store | null): { queryKey: QueryKey; queryFn: (() => Promise<RankedStore[]>) | typeof skipToken } {
  return {
    queryKey: [ROOT, 'nearby', store?.storeNumber ?? null, store?._geoloc.lat ?? null, store?._geoloc.lng ?? null],
    queryFn: store
      ? async () => (await api.searchStoresRanked({ query: '', around: store._geoloc })).stores.filter((s) => s.store.storeNumber !== store.storeNumber)
      : skipToken,
  };
}

/**
 * The store detail lookup (spec §2 /stores/{slug}): `api.getStoreBySlug(slug)`, data `null` for an
 * unknown (or malformed) slug.
 */
export function storeBySlugQuery(api: StoreSearchApi, slug: string): StoreQuery<Store | null> {
  return {
    queryKey: [ROOT, 'slug', slug],
    queryFn: () => api.getStoreBySlug(slug),
  };
}
