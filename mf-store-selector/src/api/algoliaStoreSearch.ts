/**
 * The algoliasearch v5 lite client behind {@link createStoreSearchApi} (spec §7 "Search-engine calls").
 * Its own chunk (nothing downloaded that the page does not use): `./storeSearch` imports it
 * with `import()` the first time a store call is made (or when the selector is about to open), so a
 * returning shopper's page never downloads algoliasearch for the store button.
 */
import { liteClient } from 'algoliasearch/lite';
import type { RuntimeConfig, Store } from 'shared-events';
import {
  SLUG_PATTERN, STORE_SEARCH_TIMEOUTS, STORES_FETCHED_PER_PAGE, toStore, type RankedStore, type StoreSearchApi,
} from './storeSearch';

/**
 * The store calls on an algoliasearch lite client built from `config.search` (appId, key, hosts,
 * indices.stores), with {@link STORE_SEARCH_TIMEOUTS} (connect 1 s, read 2 s).
 */
export function createAlgoliaStoreSearchApi(search: RuntimeConfig['search']): StoreSearchApi {
  const client = liteClient(search.appId, search.apiKey, {
    hosts: search.hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'readWrite' as const })),
    timeouts: { ...STORE_SEARCH_TIMEOUTS },
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
