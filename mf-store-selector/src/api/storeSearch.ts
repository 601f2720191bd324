/**
 * Store search against the Algolia-compatible search engine (spec §7 "Search-engine calls":
 * "Store search by latitude and longitude, 4 hits per page; store lookup by store number").
 *
 * Uses the algoliasearch v5 lite client (search only, smaller bundle) built from
 * `RuntimeConfig.search`, so pointing the site at real Algolia is a config change.
 */
import { liteClient } from 'algoliasearch/lite';
import { storeSchema, type RuntimeConfig, type Store } from 'shared-events';

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

/** Builds the store search from the runtime config (`config.search`: appId, key, hosts, indices.stores). */
export function createStoreSearchApi(search: RuntimeConfig['search']): StoreSearchApi {
  const client = liteClient(search.appId, search.apiKey, {
    hosts: search.hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'readWrite' as const })),
  });
  const indexName = search.indices.stores;

  const raw = async (params: Record<string, unknown>) => {
    const { results } = await client.searchForHits<Record<string, unknown>>({
      requests: [{ indexName, ...params }],
    });
    const first = results[0];
    return { hits: first?.hits ?? [], page: first?.page ?? 0, nbPages: first?.nbPages ?? 0 };
  };
  const run = async (params: Record<string, unknown>): Promise<Store[]> =>
    (await raw(params)).hits.map(toStore).filter((s): s is Store => s !== null);

  return {
    searchStores({ query, around }) {
      return run({
        query: query.trim(),
        hitsPerPage: STORES_FETCHED_PER_PAGE,
        ...(around ? { aroundLatLng: `${around.lat}, ${around.lng}` } : {}),
      });
    },
    async searchStoresRanked({ query, around, page = 0 }) {
      const answer = await raw({
        query: query.trim(),
        hitsPerPage: STORES_FETCHED_PER_PAGE,
        page,
        ...(around ? { aroundLatLng: `${around.lat}, ${around.lng}`, getRankingInfo: true } : {}),
      });
      const stores: RankedStore[] = [];
      for (const hit of answer.hits) {
        const store = toStore(hit);
        if (!store) continue;
        const d = (hit as { _rankingInfo?: { geoDistance?: unknown } })._rankingInfo?.geoDistance;
        stores.push({ store, distanceMeters: around && typeof d === 'number' && Number.isFinite(d) ? d : null });
      }
      // Nearest first within the page (the engine ranks text relevance before distance).
      if (around) stores.sort((a, b) => (a.distanceMeters ?? Infinity) - (b.distanceMeters ?? Infinity));
      return { stores, page: answer.page, nbPages: answer.nbPages };
    },
    async getStore(storeNumber) {
      const safe = storeNumber.replace(/[^0-9A-Za-z-]/g, '');
      const stores = await run({ query: '', filters: `storeNumber:"${safe}"`, hitsPerPage: 1 });
      return stores.find((s) => s.storeNumber === safe) ?? null;
    },
    async getStoreBySlug(slug) {
      if (!SLUG_PATTERN.test(slug)) return null;
      const stores = await run({ query: '', filters: `slug:"${slug}"`, hitsPerPage: 1 });
      return stores.find((s) => s.slug === slug) ?? null;
    },
  };
}
