/**
 * Product details of the list's product items (spec §7 "Fetch products by item id in batches"): the
 * search engine's multi-get `POST {protocol}://{host}/1/indexes/*\/objects` with
 * `{ requests: [{ indexName, objectID, attributesToRetrieve }] }` (Algolia REST; the local engine is
 * services/search-engine), at most 100 objects per request, authenticated with
 * `x-algolia-application-id` / `x-algolia-api-key` from the runtime config (search-only key).
 */
import type { RuntimeConfig } from 'shared-events';
import type { ProductRecord } from '../state/productRecord';

/** Most objects per request (one list page). */
export const PRODUCT_BATCH_SIZE = 100;

export type { ProductRecord } from '../state/productRecord';

/** What the list needs of a record (attributesToRetrieve). */
export const PRODUCT_ATTRIBUTES = [
  'objectID', 'articleNumber', 'title', 'brand', 'category', 'subcategory', 'size', 'uom', 'price',
  'storePrices', 'storeIds', 'regions', 'pageSlug', 'image', 'imageUrl',
] as const;

/** Options of {@link fetchProducts}. */
export interface FetchProductsOptions {
  signal?: AbortSignal;
  /** Default: global fetch. */
  fetchImpl?: typeof fetch;
}

/** Splits `list` into chunks of `size`. */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** One multi-get request, trying each configured host in turn on a network error. */
async function getObjects(search: RuntimeConfig['search'], ids: readonly string[], o: FetchProductsOptions): Promise<Array<ProductRecord | null>> {
  const doFetch = o.fetchImpl ?? fetch;
  const body = JSON.stringify({
    requests: ids.map((objectID) => ({ indexName: search.indices.products, objectID, attributesToRetrieve: PRODUCT_ATTRIBUTES })),
  });
  let lastError: unknown = new Error('no search host configured');
  for (const host of search.hosts) {
    let res: Response;
    try {
      res = await doFetch(`${host.protocol}://${host.url}/1/indexes/*/objects`, {
        method: 'POST',
        // text/plain like the Algolia clients: a "simple" content type.
        headers: { 'content-type': 'text/plain', 'x-algolia-application-id': search.appId, 'x-algolia-api-key': search.apiKey },
        body,
        signal: o.signal,
      });
    } catch (error) {
      if ((error as { name?: string })?.name === 'AbortError') throw error;
      lastError = error;
      continue;
    }
    if (!res.ok) throw new Error(`product details: HTTP ${res.status}`);
    const json = (await res.json()) as { results?: unknown };
    const results = Array.isArray(json.results) ? json.results : [];
    return ids.map((_, i) => {
      const r = results[i];
      return r && typeof r === 'object' && typeof (r as ProductRecord).objectID === 'string' ? (r as ProductRecord) : null;
    });
  }
  throw lastError;
}

/**
 * The records of `articleNumbers` (duplicates asked once), in batches of at most 100 sent in
 * parallel. A number the index does not know maps to null (shown as 'No longer available').
 * @throws Error on an HTTP error or when no host answers
 * @example const records = await fetchProducts(config.search, ['20010010', '20010065']);
 */
export async function fetchProducts(search: RuntimeConfig['search'], articleNumbers: readonly string[], o: FetchProductsOptions = {}): Promise<Map<string, ProductRecord | null>> {
  const unique = [...new Set(articleNumbers.filter((n) => n !== ''))];
  const batches = chunk(unique, PRODUCT_BATCH_SIZE);
  const answers = await Promise.all(batches.map((ids) => getObjects(search, ids, o)));
  const out = new Map<string, ProductRecord | null>();
  batches.forEach((ids, b) => ids.forEach((id, i) => out.set(id, answers[b][i])));
  return out;
}
