import { gzipSync } from 'node:zlib';
import type { SearchResponse as AlgoliaSearchResponse } from 'algoliasearch';
import * as fx from './fixtures';
import { ADMIN_KEY, APP_ID, type Harness, raw, SEARCH_KEY, startHarness } from './helpers';
import { buildServer } from '../src/server';

type Hit = Record<string, unknown> & { objectID: string };
type Resp = AlgoliaSearchResponse<Hit>;

let h: Harness;

async function searchOne(indexName: string, params: Record<string, unknown>): Promise<Resp> {
  return (await h.admin.searchSingleIndex<Hit>({ indexName, searchParams: params })) as Resp;
}

async function ids(indexName: string, params: Record<string, unknown>): Promise<string[]> {
  return (await searchOne(indexName, params)).hits.map((x) => x.objectID);
}

beforeAll(async () => {
  h = await startHarness();
  const seed = async (indexName: string, objects: Array<Record<string, unknown>>, indexSettings: Record<string, unknown>) => {
    const { taskID } = await h.admin.setSettings({ indexName, indexSettings });
    await h.admin.waitForTask({ indexName, taskID });
    await h.admin.saveObjects({ indexName, objects, waitForTasks: true });
  };
  await seed('products', fx.products, fx.productSettings);
  await seed('stores', fx.stores, fx.storeSettings);
  await seed('recipes', fx.recipes, fx.recipeSettings);
  await seed('suggestions', fx.suggestions, fx.suggestionSettings);
});

afterAll(async () => {
  await h.app.close();
});

describe('writes and settings', () => {
  it('saveObjects + waitForTask store the records', async () => {
    const res = await h.admin.saveObjects({ indexName: 'scratch', objects: [{ objectID: 'a', name: 'one' }, { name: 'no id' }], waitForTasks: true });
    expect(res[0].objectIDs[0]).toBe('a');
    expect(res[0].objectIDs[1]).toMatch(/^[0-9a-f]{16}$/);
    const task = await h.admin.getTask({ indexName: 'scratch', taskID: res[0].taskID });
    expect(task.status).toBe('published');
    expect(await h.admin.getObject({ indexName: 'scratch', objectID: 'a' })).toEqual({ objectID: 'a', name: 'one' });
  });

  it('setSettings round-trips through getSettings', async () => {
    const s = await h.admin.getSettings({ indexName: 'products' });
    expect(s.searchableAttributes).toEqual(fx.productSettings.searchableAttributes);
    expect(s.customRanking).toEqual(['desc(popularity)']);
    expect(s.attributesForFaceting).toEqual(fx.productSettings.attributesForFaceting);
  });

  it('partial updates, built-in operations, deletes and clear', async () => {
    const indexName = 'scratch2';
    await h.admin.saveObjects({ indexName, objects: [{ objectID: 'x', title: 'Banana', count: 1, tags: ['a'] }], waitForTasks: true });
    await h.admin.partialUpdateObject({ indexName, objectID: 'x', attributesToUpdate: { count: { _operation: 'Increment', value: 2 }, tags: { _operation: 'AddUnique', value: 'b' } } });
    expect(await h.admin.getObject({ indexName, objectID: 'x' })).toMatchObject({ title: 'Banana', count: 3, tags: ['a', 'b'] });
    await h.admin.partialUpdateObjects({ indexName, objects: [{ objectID: 'missing', title: 'x' }], createIfNotExists: false, waitForTasks: true });
    await expect(h.admin.getObject({ indexName, objectID: 'missing' })).rejects.toMatchObject({ status: 404 });
    await h.admin.addOrUpdateObject({ indexName, objectID: 'y', body: { title: 'Mango' } });
    expect((await searchOne(indexName, { query: 'mang' })).hits.map((x) => x.objectID)).toEqual(['y']);
    await h.admin.deleteObject({ indexName, objectID: 'y' });
    expect((await searchOne(indexName, { query: 'mango' })).nbHits).toBe(0);
    await h.admin.clearObjects({ indexName });
    expect((await searchOne(indexName, { query: '' })).nbHits).toBe(0);
    await h.admin.deleteIndex({ indexName });
    await expect(searchOne(indexName, {})).rejects.toMatchObject({ status: 404 });
  });

  it('replaceAllObjects swaps the records and keeps the settings', async () => {
    const indexName = 'replace-me';
    await h.admin.setSettings({ indexName, indexSettings: { searchableAttributes: ['title'], customRanking: ['asc(rank)'] } });
    await h.admin.saveObjects({ indexName, objects: [{ objectID: 'old', title: 'Old thing' }], waitForTasks: true });
    await h.admin.replaceAllObjects({ indexName, objects: [{ objectID: 'n1', title: 'New b', rank: 2 }, { objectID: 'n2', title: 'New a', rank: 1 }] });
    expect(await ids(indexName, { query: '' })).toEqual(['n2', 'n1']);
    expect((await h.admin.getSettings({ indexName })).customRanking).toEqual(['asc(rank)']);
    const list = await h.admin.listIndices();
    const names = list.items.map((i) => i.name);
    expect(names).toContain(indexName);
    expect(names.some((n) => n.startsWith(`${indexName}_tmp_`))).toBe(false);
    expect(list.items.find((i) => i.name === indexName)?.entries).toBe(2);
  });

  it('getObjects returns records in order, null for missing ones', async () => {
    const res = await h.admin.getObjects<Hit>({
      requests: [
        { indexName: 'products', objectID: 'p2', attributesToRetrieve: ['title'] },
        { indexName: 'products', objectID: 'nope' },
        { indexName: 'stores', objectID: 's1' },
      ],
    });
    expect(res.results[0]).toEqual({ objectID: 'p2', title: 'Mild Cheddar Slices' });
    expect(res.results[1]).toBeNull();
    expect(res.results[2]).toMatchObject({ storeNumber: '1001' });
  });

  it('getObject returns 404 for an unknown objectID and honours attributesToRetrieve', async () => {
    await expect(h.admin.getObject({ indexName: 'products', objectID: 'nope' })).rejects.toMatchObject({ status: 404, message: 'ObjectID does not exist' });
    expect(await h.admin.getObject({ indexName: 'products', objectID: 'p1', attributesToRetrieve: ['brand'] })).toEqual({ objectID: 'p1', brand: 'Black Diamond' });
  });
});

describe('search', () => {
  it('runs a three-index multi-query (products filtered by store and banner, recipes, suggestions)', async () => {
    const { results } = await h.reader.search<Hit>({
      requests: [
        { indexName: 'products', query: 'cheddar', filters: 'storeIds:3299 AND banners:standard', hitsPerPage: 5 },
        { indexName: 'recipes', query: 'cheddar', hitsPerPage: 2 },
        { indexName: 'suggestions', query: 'ched' },
      ],
    });
    const [p, r, s] = results as Resp[];
    expect(p.index).toBe('products');
    expect(p.hits.map((x) => x.objectID)).toEqual(['p2', 'p1']); // p7 is discount-only; popularity orders the rest
    expect(r.hits.map((x) => x.objectID)).toEqual(['r1']);
    expect(s.hits.map((x) => x.objectID)).toEqual(['q1', 'q2']);
    expect(p).toMatchObject({ nbHits: 2, page: 0, nbPages: 1, hitsPerPage: 5, query: 'cheddar', exhaustiveNbHits: true });
    expect(typeof p.processingTimeMS).toBe('number');
    expect(p.params).toContain('filters=storeIds%3A3299');
  });

  it('accepts v4-style url-encoded params strings in multi-queries', async () => {
    const res = await raw(
      h.port,
      'POST',
      '/1/indexes/*/queries',
      JSON.stringify({ requests: [{ indexName: 'products', params: 'query=milk&hitsPerPage=1&facetFilters=%5B%22category%3ADairy%20%26%20Eggs%22%5D' }] }),
    );
    expect(res.status).toBe(200);
    const body = res.body as { results: Resp[] };
    expect(body.results[0].hits.map((x) => x.objectID)).toEqual(['p3']);
    expect(body.results[0].hitsPerPage).toBe(1);
  });

  it('an empty query returns every record ordered by customRanking', async () => {
    expect(await ids('products', { query: '' })).toEqual(['p3', 'p8', 'p2', 'p5', 'p7', 'p1', 'p4', 'p6']);
  });

  it('finds by prefix ("chedd" → Cheddar) and with a typo ("chedar" → Cheddar)', async () => {
    expect(new Set(await ids('products', { query: 'chedd' }))).toEqual(new Set(['p1', 'p2', 'p7']));
    expect(new Set(await ids('products', { query: 'chedar' }))).toEqual(new Set(['p1', 'p2', 'p7']));
    expect(await ids('products', { query: 'chedar', typoTolerance: false })).toEqual([]);
    // words under 4 characters get no typo tolerance
    expect(await ids('products', { query: 'mlk' })).toEqual([]);
    // accents are ignored
    expect(await ids('products', { query: 'creme fraiche' })).toEqual(['p6']);
  });

  it('ranks exact matches above typo matches ("milk" also finds "Mild" with one typo)', async () => {
    expect(await ids('products', { query: 'milk' })).toEqual(['p3', 'p2']);
  });

  it('requires every query word to match (AND)', async () => {
    expect(await ids('products', { query: 'cheddar crackers' })).toEqual(['p7']);
    expect((await ids('products', { query: 'dairy' })).length).toBe(5);
  });

  it('searches nested attributes (recipes by ingredient name, stores by address.city)', async () => {
    expect(await ids('recipes', { query: 'butter' })).toEqual(['r2']);
    expect(new Set(await ids('stores', { query: 'mississauga' }))).toEqual(new Set(['s3']));
    expect(await ids('stores', { query: 'montreal' })).toEqual(['s5']);
  });

  describe('filters', () => {
    it('AND, OR, NOT and parentheses', async () => {
      expect(new Set(await ids('products', { filters: 'storeIds:1001 AND banners:premium' }))).toEqual(new Set(['p1', 'p4']));
      expect(new Set(await ids('products', { filters: 'banners:discount OR brand:Kraft' }))).toEqual(new Set(['p2', 'p3', 'p5', 'p7']));
      expect(new Set(await ids('products', { filters: 'storeIds:3299 AND NOT banners:standard' }))).toEqual(new Set(['p7']));
      expect(new Set(await ids('products', { filters: '(brand:Kraft OR brand:Natrel) AND NOT storeIds:2002' }))).toEqual(new Set(['p2']));
    });

    it('quoted values, case-insensitive values and array attributes', async () => {
      expect((await ids('products', { filters: 'category:"Dairy & Eggs"' })).length).toBe(5);
      expect(await ids('products', { filters: 'brand:"black diamond"' })).toEqual(['p1']);
      expect(new Set(await ids('products', { filters: 'storeIds:2002' }))).toEqual(new Set(['p3', 'p5', 'p6', 'p7']));
      expect(await ids('stores', { filters: 'address.province:QC' })).toEqual(['s5']);
    });

    it('numeric comparisons and ranges', async () => {
      expect(new Set(await ids('products', { filters: 'price < 4' }))).toEqual(new Set(['p6', 'p7']));
      expect(new Set(await ids('products', { filters: 'price >= 5.99' }))).toEqual(new Set(['p1', 'p5']));
      expect(new Set(await ids('products', { filters: 'price:4 TO 5' }))).toEqual(new Set(['p2', 'p4', 'p8']));
      expect(await ids('products', { filters: 'popularity = 95' })).toEqual(['p3']);
      expect((await ids('products', { filters: 'popularity != 95' })).length).toBe(7);
      expect(await ids('products', { query: 'cheddar', filters: 'price > 3 AND price <= 5' })).toEqual(['p2']);
    });

    it('facetFilters: string, AND list, nested OR and negation', async () => {
      expect(await ids('products', { facetFilters: 'brand:Kraft' })).toEqual(['p2']);
      expect(new Set(await ids('products', { facetFilters: ['category:Dairy & Eggs', 'storeIds:2002'] }))).toEqual(new Set(['p3', 'p6']));
      expect(new Set(await ids('products', { facetFilters: [['brand:Kraft', 'brand:Goldfish']] }))).toEqual(new Set(['p2', 'p7']));
      expect((await ids('products', { facetFilters: ['-category:Dairy & Eggs'] })).length).toBe(3);
    });

    it('numericFilters combine with filters', async () => {
      expect(await ids('products', { filters: 'storeIds:3299', numericFilters: ['price<4'] })).toEqual(['p7']);
      expect(new Set(await ids('products', { numericFilters: [['price<3', 'price>6']] }))).toEqual(new Set(['p1', 'p7']));
    });

    it('facet counts for requested facets', async () => {
      const res = await searchOne('products', { query: 'cheddar', facets: ['*'] });
      expect(res.facets).toEqual({ category: { 'Dairy & Eggs': 2, Snacks: 1 }, brand: { 'Black Diamond': 1, Kraft: 1, Goldfish: 1 } });
    });
  });

  it('paginates with hitsPerPage and page', async () => {
    const p0 = await searchOne('products', { hitsPerPage: 3, page: 0 });
    const p2 = await searchOne('products', { hitsPerPage: 3, page: 2 });
    const p9 = await searchOne('products', { hitsPerPage: 3, page: 9 });
    expect(p0.hits.map((x) => x.objectID)).toEqual(['p3', 'p8', 'p2']);
    expect(p2.hits.map((x) => x.objectID)).toEqual(['p4', 'p6']);
    expect(p0).toMatchObject({ nbHits: 8, nbPages: 3, page: 0, hitsPerPage: 3 });
    expect(p9.hits).toEqual([]);
    const text = await searchOne('products', { query: 'cheddar', hitsPerPage: 2, page: 1 });
    expect(text).toMatchObject({ nbHits: 3, nbPages: 2, page: 1 });
    expect(text.hits).toHaveLength(1);
  });

  it('retrieves only the requested attributes', async () => {
    const res = await searchOne('products', { query: 'milk', attributesToRetrieve: ['title', 'price'], attributesToHighlight: [] });
    expect(res.hits[0]).toEqual({ objectID: 'p3', title: 'Homogenized Milk 2L', price: 5.29 });
  });

  it('highlights matches with custom tags, including nested attributes', async () => {
    const res = await searchOne('products', { query: 'old chedd', highlightPreTag: '<mark>', highlightPostTag: '</mark>' });
    const hl = res.hits[0]._highlightResult as Record<string, { value: string; matchLevel: string; matchedWords: string[] }>;
    expect(res.hits[0].objectID).toBe('p1');
    expect(hl.title).toMatchObject({ value: '<mark>Old</mark> <mark>Chedd</mark>ar Cheese', matchLevel: 'full', matchedWords: ['old', 'chedd'] });
    expect(hl.brand).toMatchObject({ value: 'Black Diamond', matchLevel: 'none', matchedWords: [] });
    const typo = await searchOne('products', { query: 'chedar', attributesToHighlight: ['title'] });
    expect((typo.hits[0]._highlightResult as Record<string, { value: string }>).title.value).toContain('<em>Cheddar</em>');
    const recipe = await searchOne('recipes', { query: 'flour' });
    const rh = recipe.hits[0]._highlightResult as unknown as { ingredients: Array<{ name: { value: string; matchLevel: string } }> };
    expect(rh.ingredients[1].name).toMatchObject({ value: '<em>flour</em>', matchLevel: 'full' });
    expect(rh.ingredients[0].name.matchLevel).toBe('none');
  });

  it('sorts by distance with aroundLatLng (page size 4, nearest first) and reports geoDistance in metres', async () => {
    const res = await searchOne('stores', { aroundLatLng: '43.6453, -79.3806', hitsPerPage: 4, getRankingInfo: true });
    expect(res.hits.map((x) => x.objectID)).toEqual(['s1', 's6', 's2', 's3']);
    expect(res.nbHits).toBe(6); // s7 has no _geoloc
    const d = res.hits.map((x) => (x._rankingInfo as { geoDistance: number }).geoDistance);
    expect(d[0]).toBeGreaterThan(400);
    expect(d[0]).toBeLessThan(600);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    const page2 = await searchOne('stores', { aroundLatLng: '43.6453,-79.3806', hitsPerPage: 4, page: 1 });
    expect(page2.hits.map((x) => x.objectID)).toEqual(['s4', 's5']);
    const near = await searchOne('stores', { aroundLatLng: '43.6453,-79.3806', aroundRadius: 5000 });
    expect(near.hits.map((x) => x.objectID)).toEqual(['s1', 's6', 's2']);
    const filtered = await searchOne('stores', { aroundLatLng: '45.5,-73.6', filters: 'address.province:ON', hitsPerPage: 1 });
    expect(filtered.hits.map((x) => x.objectID)).toEqual(['s4']);
  });

  it('returns a 32-hex queryID with clickAnalytics and accepts analytics/userToken', async () => {
    const res = await searchOne('products', { query: 'milk', clickAnalytics: true, analytics: false, userToken: 'user-1' });
    expect(res.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect((await searchOne('products', { query: 'milk' })).queryID).toBeUndefined();
  });
});

describe('auth', () => {
  it('the search key can read but not write', async () => {
    expect((await h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query: 'homogenized' } })).nbHits).toBe(1);
    await expect(h.reader.saveObjects({ indexName: 'products', objects: [{ objectID: 'evil' }] })).rejects.toMatchObject({ status: 403 });
    await expect(h.reader.setSettings({ indexName: 'products', indexSettings: { customRanking: [] } })).rejects.toMatchObject({ status: 403 });
    await expect(h.reader.deleteIndex({ indexName: 'products' })).rejects.toMatchObject({ status: 403 });
    expect((await h.admin.searchSingleIndex({ indexName: 'products', searchParams: { query: '' } })).nbHits).toBe(8);
  });

  it('rejects unknown keys and app ids, accepts credentials in query parameters', async () => {
    const bad = await raw(h.port, 'POST', '/1/indexes/products/query', '{}', { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': 'nope' });
    expect(bad).toMatchObject({ status: 403, body: { status: 403 } });
    const wrongApp = await raw(h.port, 'POST', '/1/indexes/products/query', '{}', { 'x-algolia-application-id': 'other', 'x-algolia-api-key': ADMIN_KEY });
    expect(wrongApp.status).toBe(403);
    const none = await raw(h.port, 'GET', '/1/indexes', undefined, {});
    expect(none.status).toBe(403);
    const viaQuery = await raw(h.port, 'POST', `/1/indexes/products/query?x-algolia-application-id=${APP_ID}&x-algolia-api-key=${SEARCH_KEY}`, '{"query":"eggs"}', {});
    expect(viaQuery.status).toBe(200);
  });

  it("answers CORS preflights with the x-algolia headers allowed, for the storefront's origin only", async () => {
    const preflight = (origin: string) => raw(h.port, 'OPTIONS', '/1/indexes/*/queries', undefined, {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-algolia-api-key,x-algolia-application-id,content-type',
    });
    const res = await preflight('http://localhost:8080');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-algolia-api-key');
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses the admin key in the query string, and writes that are not application/json (a cross-site text/plain request must not clear an index)', async () => {
    const inQuery = await raw(h.port, 'GET', `/1/indexes?x-algolia-application-id=${APP_ID}&x-algolia-api-key=${ADMIN_KEY}`, undefined, {});
    expect(inQuery).toMatchObject({ status: 403, body: { message: 'The admin API key is accepted only in the x-algolia-api-key header' } });
    const plain = await raw(h.port, 'POST', '/1/indexes/products/clear', '', { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': ADMIN_KEY, 'content-type': 'text/plain' });
    expect(plain).toMatchObject({ status: 415, body: { message: 'Writes must be sent as application/json' } });
    const search = await raw(h.port, 'POST', '/1/indexes/products/query', '{"query":"eggs"}', { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': SEARCH_KEY, 'content-type': 'text/plain' });
    expect(search.status).toBe(200);
  });

  it('has no default admin key: without SEARCH_ADMIN_KEY it will not start', () => {
    const saved = process.env.SEARCH_ADMIN_KEY;
    delete process.env.SEARCH_ADMIN_KEY;
    try {
      expect(() => buildServer({})).toThrow(/SEARCH_ADMIN_KEY is required/);
    } finally {
      if (saved !== undefined) process.env.SEARCH_ADMIN_KEY = saved;
    }
  });
});

describe('bad input', () => {
  it('unknown index → 404 "Index does not exist"', async () => {
    await expect(h.admin.search({ requests: [{ indexName: 'nope', query: 'x' }] })).rejects.toMatchObject({ status: 404, message: 'Index does not exist' });
    await expect(h.admin.getSettings({ indexName: 'nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('malformed JSON → 400', async () => {
    const res = await raw(h.port, 'POST', '/1/indexes/*/queries', '{"requests": [');
    expect(res).toMatchObject({ status: 400, body: { status: 400 } });
  });

  it('bad filter syntax → 400 with the column', async () => {
    await expect(searchOne('products', { filters: 'storeIds:3299 AND AND banners:standard' })).rejects.toMatchObject({
      status: 400,
      message: 'filters: Unexpected token AND expected attribute name at col 19',
    });
    await expect(searchOne('products', { filters: 'price > cheap' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/at col 9$/) });
    await expect(searchOne('products', { filters: '(brand:Kraft' })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("expected ')'") });
    await expect(searchOne('products', { filters: 'brand:"unterminated' })).rejects.toMatchObject({ status: 400 });
    await expect(searchOne('products', { facetFilters: ['nocolon'] })).rejects.toMatchObject({ status: 400 });
  });

  it('query longer than 512 characters → 400', async () => {
    await expect(searchOne('products', { query: 'a'.repeat(513) })).rejects.toMatchObject({ status: 400 });
    expect((await searchOne('products', { query: 'a '.repeat(256) })).nbHits).toBe(0);
  });

  it('hitsPerPage out of range → 400; bad page → 400', async () => {
    await expect(searchOne('products', { hitsPerPage: 1001 })).rejects.toMatchObject({ status: 400 });
    await expect(searchOne('products', { hitsPerPage: -1 })).rejects.toMatchObject({ status: 400 });
    await expect(searchOne('products', { page: -2 })).rejects.toMatchObject({ status: 400 });
    expect((await searchOne('products', { hitsPerPage: 0 })).hits).toEqual([]);
  });

  it('bad aroundLatLng → 400', async () => {
    for (const aroundLatLng of ['abc', '43.6', '91,0', '43.6,-79.3,1', ',']) {
      await expect(searchOne('stores', { aroundLatLng })).rejects.toMatchObject({ status: 400 });
    }
  });

  it('accepts gzip-compressed bodies', async () => {
    const body = gzipSync(Buffer.from(JSON.stringify({ query: 'homogenized' })));
    const res = await raw(h.port, 'POST', '/1/indexes/products/query', body, {
      'x-algolia-application-id': APP_ID,
      'x-algolia-api-key': ADMIN_KEY,
      'content-encoding': 'gzip',
    });
    expect(res.status).toBe(200);
    expect((res.body as Resp).nbHits).toBe(1);
  });

  it('no garbage input crashes the server or yields a 5xx', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/1/indexes/*/queries'],
      ['POST', '/1/indexes/products/query'],
      ['POST', '/1/indexes/nope/query'],
      ['GET', '/1/indexes/products/p1'],
      ['GET', '/1/indexes/products/p1?attributesToRetrieve=%5Bbad'],
      ['POST', '/1/indexes/*/objects'],
      ['POST', '/1/indexes/fuzz/batch'],
      ['POST', '/1/indexes/*/batch'],
      ['PUT', '/1/indexes/fuzz/obj1'],
      ['POST', '/1/indexes/fuzz'],
      ['POST', '/1/indexes/fuzz/obj1/partial'],
      ['DELETE', '/1/indexes/fuzz/obj1'],
      ['POST', '/1/indexes/fuzz/clear'],
      ['PUT', '/1/indexes/fuzz/settings'],
      ['GET', '/1/indexes/fuzz/settings'],
      ['GET', '/1/indexes/fuzz/task/abc'],
      ['GET', '/1/task/-1'],
      ['POST', '/1/indexes/fuzz/operation'],
      ['GET', '/1/indexes?page=x&hitsPerPage=-1'],
      ['GET', '/1/indexes/%E0%A4%A/x'],
      ['POST', '/nope'],
    ];
    const bodies = [
      '',
      'null',
      'true',
      '42',
      '"str"',
      '[]',
      '{',
      '\u0000\u0001',
      '{"requests": null}',
      '{"requests": [null, 1, "x", []]}',
      '{"requests": [{"indexName": {"x": 1}, "query": ["a"]}]}',
      '{"requests": [{"indexName": "products", "query": {"a": 1}, "hitsPerPage": "x", "filters": 5}]}',
      '{"requests": [{"indexName": "products", "params": "filters=((((&aroundLatLng=1"}]}',
      '{"requests": [{"indexName": "products", "facetFilters": [[{"a": 1}]], "numericFilters": "price<<3"}]}',
      '{"requests": [{"action": "explode", "body": {}}]}',
      '{"requests": [{"action": "updateObject", "body": {"title": "no id"}}]}',
      '{"requests": [{"action": "addObject", "body": {"objectID": {"x": 1}}}]}',
      '{"requests": [{"action": "partialUpdateObject", "body": {"objectID": "z", "n": {"_operation": "Explode"}}}]}',
      '{"query": "x", "filters": "NOT NOT NOT", "aroundLatLng": [1, 2], "aroundRadius": "far", "page": 1.5}',
      '{"operation": "teleport", "destination": 7}',
      '{"operation": "copy", "destination": "fuzz2", "scope": "settings"}',
      '{"searchableAttributes": "title", "customRanking": [1, 2]}',
      '{"attributesToRetrieve": [null], "facets": [7], "queryType": "prefixMaybe", "typoTolerance": "sometimes"}',
      JSON.stringify({ query: 'x'.repeat(10_000) }),
      JSON.stringify({ filters: '('.repeat(5_000) }),
    ];
    for (const [method, path] of routes) {
      for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : bodies) {
        const res = await raw(h.port, method, path, body);
        if (res.status >= 500 || res.status === 0) throw new Error(`${method} ${path} ${body} → ${res.status} ${JSON.stringify(res.body)}`);
        if (res.status >= 400) expect({ method, path, body, res: res.body }).toMatchObject({ res: { status: res.status, message: expect.any(String) } });
      }
    }
    // still alive and consistent
    expect((await searchOne('products', { query: 'cheddar' })).nbHits).toBe(3);
  });
});
