/**
 * Store search against the Algolia-compatible search engine (spec §7 "Search-engine calls":
 * "Store search by latitude and longitude, 4 hits per page; store lookup by store number").
 *
 * Uses the algoliasearch v5 lite client (search only, smaller bundle) built from
 * `RuntimeConfig.search`, so pointing the site at real Algolia is a config change. The client lives in
 * its own chunk (`./algoliaStoreSearch`), loaded on the first store call or by
 * {@link preloadStoreSearch} (the store button of a returning shopper needs no search client).
 */
import { SEARCH_TIMEOUTS as STORE_SEARCH_TIMEOUTS } from '@storefront/remote-kit/search-engine';
import { storeSchema, type RuntimeConfig, type Store } from 'shared-events';

/**
 * The store lookups' waits on the search engine: the kit's policy (connect 1 s, read 2 s, one retry
 * 300 ms later, at once when the engine refused).
 */
export { STORE_SEARCH_TIMEOUTS };
export { searchRetryDelay as storeRetryDelay } from '@storefront/remote-kit/search-engine';

/**
 * How long {@link getStoreRecord} (a plain `fetch`, not the algoliasearch client) waits for the engine,
 * ms: the client's connect + read timeouts.
 */
export const STORE_RECORD_TIMEOUT_MS = STORE_SEARCH_TIMEOUTS.connect + STORE_SEARCH_TIMEOUTS.read;

/** Stores fetched per search page (spec §9 "Stores listed / fetched per page 3 / 4"). */
export const STORES_FETCHED_PER_PAGE = 4;

/** What to search for: free text (city, postal code or name) and/or a point to sort around. */
export interface StoreSearchParams {
  /** Shopper-typed text; '' lists stores without a text match (e.g. around a point). */
  query: string;
  /** Sort by distance from this point (decimal degrees), spec §7 "by latitude and longitude". */
  around?: { lat: number; lng: number };
}

/** A store of a ranked search with its distance from the search point. */
export interface RankedStore {
  store: Store;
  /** Metres from the search point (engine `_rankingInfo.geoDistance`); null without a point. */
  distanceMeters: number | null;
}

/** One page of a ranked search (page numbers start at 0). */
export interface RankedStorePage {
  stores: RankedStore[];
  page: number;
  /** Pages available for this query ({@link STORES_FETCHED_PER_PAGE} stores each). */
  nbPages: number;
}

/** The store calls this remote makes. Every store returned has passed `storeSchema`. */
export interface StoreSearchApi {
  /** Up to {@link STORES_FETCHED_PER_PAGE} stores. Rejects when the engine cannot be reached. */
  searchStores(params: StoreSearchParams): Promise<Store[]>;
  /**
   * Store locator search: {@link STORES_FETCHED_PER_PAGE} stores per page, with `getRankingInfo` so
   * each store carries its distance (m) from `around`; nearest first within the page.
   * Rejects when the engine cannot be reached.
   */
  searchStoresRanked(params: StoreSearchParams & { page?: number }): Promise<RankedStorePage>;
  /** The store with this number (e.g. '3299'), or null when none exists. Rejects on fetch failure. */
  getStore(storeNumber: string): Promise<Store | null>;
  /** The store with this slug (e.g. 'halifax-quinpool-3299'), or null when none. Rejects on fetch failure. */
  getStoreBySlug(slug: string): Promise<Store | null>;
}

/** Slugs are lower-case words joined by '-' (e.g. 'antigonish-co-op-2062'); anything else cannot exist. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Parses an engine hit into a {@link Store}: unknown keys (objectID, _highlightResult, ...) are dropped.
 * @returns null when the hit does not match the Store shape of spec §3.
 */
export function toStore(hit: unknown): Store | null {
  const parsed = storeSchema.safeParse(hit);
  return parsed.success ? parsed.data : null;
}

/**
 * One store by number with the search engine's "retrieve a record" call (`GET /1/indexes/<stores>/<objectID>`,
 * the store number is the record's objectID; the search-only key, as query parameters so the browser sends
 * no preflight). A plain `fetch`: the store button of a first visit (the default store) needs no
 * algoliasearch client (~7 KB gzip less on every first page). 404 → null; other failures
 * reject, and so does no answer within {@link STORE_RECORD_TIMEOUT_MS}.
 */
export async function getStoreRecord(search: RuntimeConfig['search'], storeNumber: string, fetchImpl: typeof fetch = fetch): Promise<Store | null> {
  const safe = storeNumber.replace(/[^0-9A-Za-z-]/g, '');
  if (!safe) return null;
  const host = search.hosts[0];
  if (!host) throw new Error('config.search has no host');
  const params = new URLSearchParams({ 'x-algolia-application-id': search.appId, 'x-algolia-api-key': search.apiKey });
  const timeout = typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function' ? { signal: AbortSignal.timeout(STORE_RECORD_TIMEOUT_MS) } : {};
  const res = await fetchImpl(`${host.protocol}://${host.url}/1/indexes/${encodeURIComponent(search.indices.stores)}/${encodeURIComponent(safe)}?${params}`, { headers: { accept: 'application/json' }, ...timeout });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`store ${safe}: HTTP ${res.status}`);
  const store = toStore(await res.json());
  return store && store.storeNumber === safe ? store : null;
}

type ClientModule = typeof import('./algoliaStoreSearch');

let clientModule: Promise<ClientModule> | null = null;

/**
 * Starts downloading the search-engine client chunk (algoliasearch lite) and resolves with it; one
 * download per page. A failed download is forgotten, so the next call tries again.
 */
export function preloadStoreSearch(): Promise<ClientModule> {
  if (!clientModule) {
    clientModule = import(/* webpackChunkName: "store-search-client" */ './algoliaStoreSearch');
    clientModule.catch(() => {
      clientModule = null;
    });
  }
  return clientModule;
}

/**
 * Builds the store search from the runtime config (`config.search`: appId, key, hosts, indices.stores).
 * Nothing is downloaded here: the algoliasearch client is loaded and built on the first call (once per
 * returned api), so a call simply waits a moment longer the first time. A failed chunk download rejects
 * that call like an unreachable engine (callers show 'Failed to fetch store data'); the next call retries.
 */
export function createStoreSearchApi(search: RuntimeConfig['search']): StoreSearchApi {
  let real: Promise<StoreSearchApi> | null = null;
  const client = (): Promise<StoreSearchApi> => {
    if (!real) {
      real = preloadStoreSearch().then((m) => m.createAlgoliaStoreSearchApi(search));
      real.catch(() => {
        real = null;
      });
    }
    return real;
  };
  return {
    searchStores: async (params) => (await client()).searchStores(params),
    searchStoresRanked: async (params) => (await client()).searchStoresRanked(params),
    getStore: (storeNumber) => getStoreRecord(search, storeNumber),
    getStoreBySlug: async (slug) => (await client()).getStoreBySlug(slug),
  };
}
