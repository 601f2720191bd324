/**
 * What one sender holding the public search key can make the engine do: request limits (body size
 * also after decompression, JSON nesting, sub-queries and hits per request) and popular searches that a
 * foreign page's text/plain POSTs cannot poison (one count per client address, invisible characters
 * dropped). Over real HTTP.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { analyticsClient } from 'algoliasearch';
import { clientOf, normalizeSearch } from '../src/analytics';
import { BODY_LIMIT_BYTES, MAX_FACET_VALUES_PER_REQUEST, MAX_HITS_PER_REQUEST, MAX_JSON_DEPTH, MAX_QUERIES_PER_REQUEST } from '../src/limits';
import { buildServer, parseTrustProxy } from '../src/server';
import * as fx from './fixtures';
import { ADMIN_KEY, APP_ID, type Harness, raw, SEARCH_KEY, startHarness } from './helpers';

let h: Harness;
const reader = { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': SEARCH_KEY, 'content-type': 'text/plain' };
const admin = { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': ADMIN_KEY, 'content-type': 'application/json' };

beforeAll(async () => {
  h = await startHarness({ trustProxy: 'loopback', allowedOrigins: ['http://localhost:8080'] });
  await h.admin.setSettings({ indexName: 'products', indexSettings: fx.productSettings });
  await h.admin.saveObjects({ indexName: 'products', objects: fx.products, waitForTasks: true });
});

afterAll(async () => {
  await h.app.close();
});

const multi = (requests: unknown[]) => JSON.stringify({ requests });
const queries = (n: number, extra: Record<string, unknown> = {}) => Array.from({ length: n }, () => ({ indexName: 'products', query: '', ...extra }));

describe('sub-queries and hits per request', () => {
  it(`answers ${MAX_QUERIES_PER_REQUEST} sub-queries, refuses ${MAX_QUERIES_PER_REQUEST + 1} with 400 and the reason`, async () => {
    const ok = await raw(h.port, 'POST', '/1/indexes/*/queries', multi(queries(MAX_QUERIES_PER_REQUEST)), reader);
    expect(ok.status).toBe(200);
    expect((ok.body as { results: unknown[] }).results).toHaveLength(MAX_QUERIES_PER_REQUEST);
    const tooMany = await raw(h.port, 'POST', '/1/indexes/*/queries', multi(queries(MAX_QUERIES_PER_REQUEST + 1)), reader);
    expect(tooMany).toMatchObject({ status: 400, body: { status: 400, message: 'Too many queries in requests: 51, the maximum is 50 per request' } });
  });

  it(`refuses more than ${MAX_HITS_PER_REQUEST} hits asked for over all sub-queries (hitsPerPage, length, index default)`, async () => {
    const ask = (requests: unknown[]) => raw(h.port, 'POST', '/1/indexes/*/queries', multi(requests), reader);
    expect((await ask(queries(2, { hitsPerPage: 500 }))).status).toBe(200);
    const over = await ask(queries(50, { hitsPerPage: 1000 }));
    expect(over).toMatchObject({ status: 400, body: { status: 400, message: expect.stringMatching(/^Too many hits asked for .*: 50000, the maximum is 1000 per request$/) } });
    expect((await ask([...queries(1, { hitsPerPage: 990 }), ...queries(1)])).status).toBe(400); // 990 + the default 20
    expect((await ask(queries(2, { offset: 0, length: 600 }))).status).toBe(400);
    expect((await ask(queries(1, { hitsPerPage: 1001 }))).status).toBe(400);
  });

  it(`refuses more than ${MAX_FACET_VALUES_PER_REQUEST} facet values asked for over all sub-queries (facets × maxValuesPerFacet; '*' = every facetable attribute)`, async () => {
    const ask = (requests: unknown[]) => raw(h.port, 'POST', '/1/indexes/*/queries', multi(requests), reader);
    const storefront = await ask([{ ...queries(1)[0], facets: ['brand', 'dietary', 'onFlyer'], hitsPerPage: 0 }, { ...queries(1)[0], facets: ['category'], maxValuesPerFacet: 200, hitsPerPage: 0 }]);
    expect(storefront.status).toBe(200);
    const over = await ask(queries(50, { facets: ['*'], maxValuesPerFacet: 1000, hitsPerPage: 0 }));
    expect(over).toMatchObject({ status: 400, body: { message: expect.stringMatching(new RegExp(`^Too many facet values asked for .*the maximum is ${MAX_FACET_VALUES_PER_REQUEST} per request`)) } });
    const single = await raw(h.port, 'POST', '/1/indexes/products/query', JSON.stringify({ facets: ['brand', 'category'], maxValuesPerFacet: 1000 }), reader);
    expect(single.status).toBe(200);
  });

  it('validates offset and length, and pages by them', async () => {
    const one = (params: Record<string, unknown>) => raw(h.port, 'POST', '/1/indexes/products/query', JSON.stringify(params), reader);
    for (const bad of [{ offset: -1 }, { offset: 'x' }, { offset: 0, length: 1001 }, { offset: 0, length: -1 }, { offset: 1.5 }]) {
      expect({ bad, res: await one(bad) }).toMatchObject({ res: { status: 400, body: { status: 400, message: expect.stringMatching(/offset|length/) } } });
    }
    const all = (await one({ hitsPerPage: 10 })).body as { hits: Array<{ objectID: string }> };
    const slice = (await one({ offset: 1, length: 2 })).body as { hits: Array<{ objectID: string }>; offset: number; length: number };
    expect(slice).toMatchObject({ offset: 1, length: 2 });
    expect(slice.hits.map((x) => x.objectID)).toEqual(all.hits.slice(1, 3).map((x) => x.objectID));
  });
});

describe('body size, measured after decompression', () => {
  const big = (bytes: number) => JSON.stringify({ query: 'milk', pad: 'x'.repeat(bytes) });

  it('refuses a body over 1 MiB with 413 { message, status }, on search and insights routes', async () => {
    for (const path of ['/1/indexes/*/queries', '/1/indexes/products/query', '/1/events', '/1/indexes/*/objects', '/1/indexes/products/rules/search']) {
      const res = await raw(h.port, 'POST', path, big(BODY_LIMIT_BYTES), reader);
      expect({ path, res: res.body }).toEqual({ path, res: { status: 413, message: `Request body is too large: the limit is ${BODY_LIMIT_BYTES} bytes (after decompression)` } });
    }
  });

  it('refuses a small gzip, deflate or br body that inflates over 1 MiB with 413', async () => {
    const bomb = Buffer.from(big(2 * BODY_LIMIT_BYTES));
    for (const [encoding, body] of [['gzip', gzipSync(bomb)], ['deflate', deflateSync(bomb)], ['br', brotliCompressSync(bomb)]] as const) {
      expect(body.length).toBeLessThan(10_000);
      const res = await raw(h.port, 'POST', '/1/indexes/products/query', body, { ...reader, 'content-encoding': encoding });
      expect({ encoding, res: res.body }).toEqual({ encoding, res: { status: 413, message: expect.stringContaining('too large') } });
    }
  });

  it('accepts gzip, deflate and br bodies under the limit, with a content-length; another encoding → 415, a corrupt one → 400', async () => {
    const body = Buffer.from(JSON.stringify({ query: 'homogenized' }));
    for (const [encoding, encoded] of [['gzip', gzipSync(body)], ['deflate', deflateSync(body)], ['br', brotliCompressSync(body)]] as const) {
      const res = await raw(h.port, 'POST', '/1/indexes/products/query', encoded, { ...reader, 'content-encoding': encoding, 'content-length': String(encoded.length) });
      expect({ encoding, status: res.status, nbHits: (res.body as { nbHits: number }).nbHits }).toEqual({ encoding, status: 200, nbHits: 1 });
    }
    expect(await raw(h.port, 'POST', '/1/indexes/products/query', body, { ...reader, 'content-encoding': 'zstd' })).toMatchObject({ status: 415, body: { status: 415 } });
    expect(await raw(h.port, 'POST', '/1/indexes/products/query', Buffer.from('not gzip at all'), { ...reader, 'content-encoding': 'gzip' })).toMatchObject({ status: 400, body: { status: 400 } });
  });

  it('lets admin writes carry up to 10 MiB (a seed batch), not the search key', async () => {
    const objects = Array.from({ length: 1500 }, (_, i) => ({ action: 'addObject', body: { objectID: `big-${i}`, title: `Product ${i}`, text: 'y'.repeat(1000) } }));
    const body = JSON.stringify({ requests: objects });
    expect(body.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    expect((await raw(h.port, 'POST', '/1/indexes/bulk/batch', body, admin)).status).toBe(200);
    expect((await raw(h.port, 'POST', '/1/indexes/bulk/batch', body, { ...admin, 'x-algolia-api-key': SEARCH_KEY })).status).toBe(403);
  });
});

describe('JSON nesting', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it(`answers 400 with the reason for a body nested deeper than ${MAX_JSON_DEPTH} levels, never 5xx`, async () => {
    const deep = `{"requests":[{"indexName":"products","facetFilters":${nested(10_000)}}]}`;
    for (const [path, body] of [
      ['/1/indexes/products/query', `{"query":"milk","anyParameter":${nested(10_000)}}`], // echoed in params: was a 500
      ['/1/indexes/*/queries', deep],
      ['/1/indexes/products/query', `{"query":"milk","facetFilters":${nested(10_000)}}`],
      ['/1/events', `{"events":${nested(10_000)}}`],
      ['/1/indexes/products/query', `{"params":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`],
    ]) {
      const res = await raw(h.port, 'POST', path, body, reader);
      expect({ path, res: res.body }).toEqual({ path, res: { status: 400, message: `Invalid JSON in request body: nested deeper than ${MAX_JSON_DEPTH} levels` } });
    }
    // brackets inside strings do not count; 32 levels are fine
    const fine = await raw(h.port, 'POST', '/1/indexes/products/query', JSON.stringify({ query: '[[[[', x: JSON.parse(nested(MAX_JSON_DEPTH - 1)), y: '\\"[[[' }), reader);
    expect(fine.status).toBe(200);
  });
});

describe('popular searches against poisoning', () => {
  const analytics = () => analyticsClient(APP_ID, SEARCH_KEY, undefined, { hosts: [{ url: `127.0.0.1:${h.port}`, protocol: 'http', accept: 'readWrite' }] });
  const top = async (index: string) => ((await analytics().getTopSearches({ index })) as { searches: Array<{ search: string; count: number }> }).searches;
  // a CORS "simple" request as a browser sends it: text/plain, key in the URL, the page's Origin
  const post = (origin: string | undefined) => (port: number, index: string, body: unknown, address?: string) =>
    raw(port, 'POST', `/1/indexes/*/queries?x-algolia-application-id=${APP_ID}&x-algolia-api-key=${SEARCH_KEY}`, JSON.stringify(body), {
      'content-type': 'text/plain', ...(origin ? { origin } : {}), ...(address ? { 'x-forwarded-for': address } : {}),
    });
  const foreign = post('https://foreign.example');
  const shop = post('http://localhost:8080'); // the storefront's origin
  const server = post(undefined); // the BFF, scripts: no Origin

  it('counts 40 posts from one address once, whatever their userTokens, so two real shoppers outrank them', async () => {
    const index = 'poison_products';
    await h.admin.saveObjects({ indexName: index, objects: fx.products, waitForTasks: true });
    for (let i = 0; i < 40; i++) {
      const res = await server(h.port, index, { requests: [{ indexName: index, query: 'meat horse', userToken: `bot-${i}` }] }, '198.51.100.66');
      expect(res.status).toBe(200);
    }
    await shop(h.port, index, { requests: [{ indexName: index, query: 'milk' }] }, '198.51.100.1');
    await shop(h.port, index, { requests: [{ indexName: index, query: 'milk' }] }, '198.51.100.2');
    expect(await top(index)).toEqual([{ search: 'milk', count: 2, nbHits: 2 }, { search: 'meat horse', count: 1, nbHits: 0 }]);
  });

  it("serves a foreign page's searches but does not count them, even from many shoppers' browsers", async () => {
    const index = 'poison_foreign';
    await h.admin.saveObjects({ indexName: index, objects: fx.products, waitForTasks: true });
    for (let i = 0; i < 40; i++) {
      const res = await foreign(h.port, index, { requests: [{ indexName: index, query: 'meat horse' }] }, `198.51.100.${i}`);
      expect(res.status).toBe(200);
    }
    await shop(h.port, index, { requests: [{ indexName: index, query: 'milk' }] }, '198.51.100.1');
    expect(await top(index)).toEqual([{ search: 'milk', count: 1, nbHits: 2 }]);
  });

  it('drops NUL, other controls and invisible formatting characters from recorded queries, NFC', async () => {
    const index = 'poison_chars';
    await h.admin.saveObjects({ indexName: index, objects: fx.products, waitForTasks: true });
    const sent = ['\u0000milk', 'mi\u200blk', '\u202emilk\u202c', 'milk\u0085', '\u2066MILK\u2069', 'cafe\u0301', 'café'];
    for (const [i, query] of sent.entries()) await shop(h.port, index, { requests: [{ indexName: index, query }] }, `198.51.100.${i + 10}`);
    expect((await top(index)).map(({ search, count }) => ({ search, count }))).toEqual([{ search: 'milk', count: 5 }, { search: 'café', count: 2 }]);
  });

  it('without a trusted proxy, X-Forwarded-For is not believed: every post from this socket is one client', async () => {
    const direct = buildServer({ appId: APP_ID, apiKeys: { admin: ADMIN_KEY, search: SEARCH_KEY }, logger: false, trustProxy: false });
    await direct.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (direct.server.address() as { port: number }).port;
      await raw(port, 'POST', '/1/indexes/idx/batch', JSON.stringify({ requests: [{ action: 'addObject', body: { objectID: '1', title: 'milk' } }] }), admin);
      for (let i = 0; i < 5; i++) await server(port, 'idx', { requests: [{ indexName: 'idx', query: 'milk', userToken: `u-${i}` }] }, `198.51.100.${i}`);
      const res = await raw(port, 'GET', '/2/searches?index=idx', undefined, reader);
      expect(res.body).toEqual({ searches: [{ search: 'milk', count: 1, nbHits: 1 }] });
    } finally {
      await direct.close();
    }
  });

  it('normalizeSearch and clientOf', () => {
    expect(normalizeSearch('  \u0000Milk\u200b\u00ad  2L\t')).toBe('milk 2l');
    expect(normalizeSearch('\u202e\u200d\ufeff')).toBe('');
    // IPv6 by /64, IPv4-mapped as IPv4, nothing readable kept
    expect(clientOf('2001:db8:1:2::1')).toBe(clientOf('2001:0db8:0001:0002:ffff::9'));
    expect(clientOf('2001:db8:1:2::1')).not.toBe(clientOf('2001:db8:1:3::1'));
    expect(clientOf('::ffff:203.0.113.7')).toBe(clientOf('203.0.113.7'));
    expect(clientOf('203.0.113.7')).not.toBe(clientOf('203.0.113.8'));
    expect(clientOf('203.0.113.7')).not.toContain('203');
  });

  it('counts a query by the text rules the BFF stores shopper text by: a run of combining marks is cut at 4', () => {
    expect(normalizeSearch(`CAFE${'\u0301'.repeat(6)}`)).toBe(`café${'\u0301'.repeat(3)}`);
  });

  it('parseTrustProxy reads TRUST_PROXY', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => buildServer({ apiKeys: { admin: 'a', search: 's' }, trustProxy: ['everyone'] })).toThrow();
  });
});
