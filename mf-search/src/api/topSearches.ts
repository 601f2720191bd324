/**
 * The search engine's top searches (Algolia Analytics `GET /2/searches`, spec §3 Popular search
 * `{ search, count, nbHits }`), with Algolia's analytics client (`@algolia/client-analytics`, loaded
 * lazily in its own chunk) pointed at `config.search.hosts`.
 */
import type { RuntimeConfig } from 'shared-events';

/** One row of the top searches. */
export interface TopSearch {
  search: string;
  count: number;
  nbHits: number;
}

/**
 * The most searched queries of `index` over the engine's default period (last 8 days).
 * @param limit rows wanted (1..1000)
 * @throws on network or API errors (callers fall back to an empty list)
 */
export async function fetchTopSearches(search: RuntimeConfig['search'], index: string, limit: number): Promise<TopSearch[]> {
  const { analyticsClient } = await import(/* webpackChunkName: "algolia-analytics" */ '@algolia/client-analytics');
  const client = analyticsClient(search.appId, search.apiKey, undefined, {
    hosts: search.hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'read' as const })),
  });
  const res = (await client.getTopSearches({ index, limit })) as { searches?: unknown };
  const rows = Array.isArray(res.searches) ? res.searches : [];
  return rows.filter((r): r is TopSearch => typeof r === 'object' && r !== null && typeof (r as TopSearch).search === 'string')
    .map((r) => ({ search: r.search, count: Number(r.count) || 0, nbHits: Number(r.nbHits) || 0 }));
}
