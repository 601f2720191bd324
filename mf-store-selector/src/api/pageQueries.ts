/**
 * Server state of the store pages ('./pages': /store-locator, /stores/{slug}), spec §7 search-engine
 * calls: their query keys and functions, kept apart from the selector's `./storeQueries` so none of it
 * is part of './spa' (it stays out of the first load). Keys start with {@link STORE_QUERY_ROOT}.
 */
import { skipToken, type QueryKey } from '@storefront/remote-kit';
import type { Store } from 'shared-events';
import { storeRetryDelay, type RankedStore, type RankedStorePage, type StoreSearchApi } from './storeSearch';
import type { LatLng } from './location';
import { STORE_QUERY_ROOT as ROOT, type StoreQuery } from './storeQueries';

/** One page of a ranked search, with the search it answers (the locator compares pages by it). */
export interface RankedStoreAnswer extends RankedStorePage {
  query: string;
  /** The point distances are measured from, or null. */
  around: LatLng | null;
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
    retryDelay: storeRetryDelay,
  };
}

/**
 * The stores near a store for its detail page (spec §2 /stores/{slug} "Nearby stores"):
 * `api.searchStoresRanked({ query: '', around: store._geoloc })` (first page, 4 stores with their
 * distance in metres), the store itself left out. Skipped (`skipToken`) while `store` is null.
 */
export function nearbyStoresQuery(api: StoreSearchApi, store: Store | null): { queryKey: QueryKey; queryFn: (() => Promise<RankedStore[]>) | typeof skipToken; retryDelay: typeof storeRetryDelay } {
  return {
    queryKey: [ROOT, 'nearby', store?.storeNumber ?? null, store?._geoloc.lat ?? null, store?._geoloc.lng ?? null],
    queryFn: store
      ? async () => (await api.searchStoresRanked({ query: '', around: store._geoloc })).stores.filter((s) => s.store.storeNumber !== store.storeNumber)
      : skipToken,
    retryDelay: storeRetryDelay,
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
    retryDelay: storeRetryDelay,
  };
}
