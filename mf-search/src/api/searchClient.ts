import { liteClient } from 'algoliasearch/lite';
import type { RuntimeConfig } from 'shared-events';
import type { SearchClient } from './types';

export type { SearchClient } from './types';

/**
 * Builds the algoliasearch v5 lite client from the runtime config (`config.search`: appId, search-only
 * apiKey, hosts). Pointing the site at real Algolia is a config change (ARCHITECTURE §5).
 * Tests mock this module (`jest.mock('../api/searchClient')`) with a fake `search`.
 */
export function createSearchClient(search: RuntimeConfig['search']): SearchClient {
  return liteClient(search.appId, search.apiKey, {
    hosts: search.hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'read' as const })),
  });
}
