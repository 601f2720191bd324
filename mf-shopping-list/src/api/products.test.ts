import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { mockProductFetch, record } from '../test-utils';
import { fetchProducts, PRODUCT_BATCH_SIZE } from './products';

const search = DEFAULT_RUNTIME_CONFIG.search;

describe('product details from the search engine (spec §7 "Fetch products by item id in batches")', () => {
  it('asks for 250 ids in 3 requests of at most 100, with the search credentials', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => String(20000000 + i));
    const fetchImpl = mockProductFetch(ids.slice(0, 200).map((id) => record(id)));
    const records = await fetchProducts(search, ids, { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    const sizes = fetchImpl.mock.calls.map(([, init]) => JSON.parse(init.body).requests.length);
    expect(sizes).toEqual([100, 100, 50]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PRODUCT_BATCH_SIZE);
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('http://localhost:7700/1/indexes/*/objects');
    expect(init).toMatchObject({ method: 'POST', headers: { 'x-algolia-application-id': 'grocery-local', 'x-algolia-api-key': 'local-search-key' } });
    expect(JSON.parse(init.body).requests[0]).toMatchObject({ indexName: 'products', objectID: '20000000', attributesToRetrieve: expect.arrayContaining(['title', 'storeIds', 'storePrices', 'regions', 'category']) });
    expect(records.size).toBe(250);
    expect(records.get('20000000')?.title).toBe('Product 20000000');
    // Not in the index: null ('No longer available').
    expect(records.get('20000249')).toBeNull();
  });

  it('asks for each id once', async () => {
    const fetchImpl = mockProductFetch([record(1)]);
    await fetchProducts(search, ['1', '1', '1'], { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(JSON.parse(fetchImpl.mock.calls[0][1].body).requests).toHaveLength(1);
  });

  it('tries the next host when one cannot be reached, and fails on an HTTP error', async () => {
    const two = { ...search, hosts: [{ url: 'down.example', protocol: 'https' as const }, { url: 'up.example', protocol: 'https' as const }] };
    const answer = mockProductFetch([record(1)]);
    const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
      if (url.includes('down.example')) throw new TypeError('Failed to fetch');
      return answer(url, init);
    });
    const records = await fetchProducts(two, ['1'], { fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(records.get('1')?.objectID).toBe('1');
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual(['https://down.example/1/indexes/*/objects', 'https://up.example/1/indexes/*/objects']);

    const failing = jest.fn(async () => ({ ok: false, status: 403, json: async () => ({}) }) as Response);
    await expect(fetchProducts(search, ['1'], { fetchImpl: failing as unknown as typeof fetch })).rejects.toThrow('product details: HTTP 403');
  });
});
