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

/** The store calls this remote makes. Every store returned has passed `storeSchema`. */
export interface StoreSearchApi {
  /** Up to {@link STORES_FETCHED_PER_PAGE} stores. Rejects when the engine cannot be reached. */
  searchStores(params: StoreSearchParams): Promise<Store[]>;
  /** The store with this number (e.g. '3299'), or null when none exists. Rejects on fetch failure. */
  getStore(storeNumber: string): Promise<Store | null>;
}

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

  const run = async (params: Record<string, unknown>): Promise<Store[]> => {
    const { results } = await client.searchForHits<Record<string, unknown>>({
      requests: [{ indexName, ...params }],
    });
    const hits = results[0]?.hits ?? [];
    return hits.map(toStore).filter((s): s is Store => s !== null);
  };

  return {
    searchStores({ query, around }) {
      return run({
        query: query.trim(),
        hitsPerPage: STORES_FETCHED_PER_PAGE,
        ...(around ? { aroundLatLng: `${around.lat}, ${around.lng}` } : {}),
      });
    },
    async getStore(storeNumber) {
      const safe = storeNumber.replace(/[^0-9A-Za-z-]/g, '');
      const stores = await run({ query: '', filters: `storeNumber:"${safe}"`, hitsPerPage: 1 });
      return stores.find((s) => s.storeNumber === safe) ?? null;
    },
  };
}
