import type { RuntimeConfig } from 'shared-events';
import { loadAlgoliaLite } from './algoliaLite';
import { SEARCH_TIMEOUTS } from './engine';
import type { SearchClient } from './types';

export type { SearchClient } from './types';

type LiteClient = ReturnType<Awaited<ReturnType<typeof loadAlgoliaLite>>['liteClient']>;

/**
 * The algoliasearch v5 lite client for the runtime config (`config.search`: appId, search-only
 * apiKey, hosts), built on first use: `algoliasearch/lite` is imported when the first search runs
 * (or `warmUp()` is called), not when the client is made (paint first: `/` does not download it before
 * the shopper types). Pointing the site at real Algolia is a config change (ARCHITECTURE §5).
 * A config without appId or apiKey throws at once, as `liteClient` does. Timeouts: `SEARCH_TIMEOUTS`
 * (./engine: connect 1 s, read 2 s).
 * Tests mock this module (`jest.mock('../api/searchClient')`) with a fake `search`.
 */
export function createSearchClient(search: RuntimeConfig['search']): SearchClient {
  if (!search.appId) throw new Error('`appId` is missing.');
  if (!search.apiKey) throw new Error('`apiKey` is missing.');
  let client: Promise<LiteClient> | null = null;
  const load = (): Promise<LiteClient> => {
    if (!client) {
      const building = loadAlgoliaLite().then(({ liteClient }) => liteClient(search.appId, search.apiKey, {
        hosts: search.hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'read' as const })),
        timeouts: { ...SEARCH_TIMEOUTS },
      }));
      client = building;
      building.catch(() => { if (client === building) client = null; });
    }
    return client;
  };
  return {
    search: async (params) => (await load()).search(params) as Promise<{ results: ReadonlyArray<unknown> }>,
    warmUp: () => { void load().catch(() => undefined); },
  };
}
