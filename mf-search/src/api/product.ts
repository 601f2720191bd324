/**
 * The product page's lookup (spec §2 `/{type}/{pageSlug}`): one products-index query filtered on the
 * record's `pageSlug` (`filterOnly(pageSlug)` in the seed's settings), through the same search client
 * as the results page. Not counted in the engine's analytics.
 */
import type { ProductHit, SearchClient } from './types';

const quote = (v: string) => `"${v.replace(/["\\]/g, '')}"`;

/** The products-index request for one page slug, e.g. 'products/salted-butter-20010010'. */
export function productRequest(indexName: string, pageSlug: string) {
  return { indexName, query: '', filters: `pageSlug:${quote(pageSlug)}`, hitsPerPage: 1, analytics: false };
}

const isProduct = (h: unknown): h is ProductHit =>
  typeof h === 'object' && h !== null && typeof (h as { objectID?: unknown }).objectID === 'string'
  && typeof (h as { title?: unknown }).title === 'string';

/**
 * The product whose `pageSlug` is exactly `pageSlug`, or null when there is none (unknown slug).
 * @throws whatever the client throws (network, API errors): the page shows its error state.
 */
export async function fetchProductBySlug(client: SearchClient, indexName: string, pageSlug: string): Promise<ProductHit | null> {
  const { results } = await client.search({ requests: [productRequest(indexName, pageSlug)] });
  const first = results[0] as { hits?: unknown } | undefined;
  const hits = Array.isArray(first?.hits) ? first.hits.filter(isProduct) : [];
  return hits.find((h) => h.pageSlug === pageSlug) ?? null;
}
