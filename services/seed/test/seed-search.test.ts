import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'net';
import { loadProducts, loadStores, seedSearch } from '../src';

interface Recorded {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
}

/** A tiny Algolia-compatible fake that records every request (settings, batch, task). */
async function startFake(): Promise<{ app: FastifyInstance; host: string; requests: Recorded[] }> {
  const app = Fastify({ bodyLimit: 50 * 1024 * 1024 });
  const requests: Recorded[] = [];
  let task = 0;
  app.removeAllContentTypeParsers(); // the client sends JSON as text/plain
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body ? JSON.parse(body as string) : undefined);
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  app.addHook('preHandler', async (req) => {
    requests.push({ method: req.method, url: req.url, body: req.body, headers: req.headers });
  });
  app.put('/1/indexes/:index/settings', async () => ({ taskID: ++task, updatedAt: new Date().toISOString() }));
  app.post('/1/indexes/:index/batch', async (req) => {
    const body = req.body as { requests: { body: { objectID: string } }[] };
    return { taskID: ++task, objectIDs: body.requests.map((r) => r.body.objectID) };
  });
  app.post('/1/indexes/:index/rules/batch', async () => ({ taskID: ++task, updatedAt: new Date().toISOString() }));
  app.get('/1/indexes/:index/task/:taskID', async () => ({ status: 'published', pendingTask: false }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, host: `127.0.0.1:${port}`, requests };
}

describe('seedSearch (real algoliasearch v5 client against a fake engine)', () => {
  let fake: Awaited<ReturnType<typeof startFake>>;
  beforeAll(async () => {
    fake = await startFake();
  });
  afterAll(async () => {
    await fake.app.close();
  });

  test('sets settings, saves every record in batches and waits for each task', async () => {
    const result = await seedSearch({ host: fake.host, appId: 'test-app', apiKey: 'test-key', batchSize: 1000 });
    const products = loadProducts();
    expect(result).toEqual({
      products: products.length,
      recipes: expect.any(Number),
      products_query_suggestions: expect.any(Number),
      stores: loadStores().length,
    });

    const { requests } = fake;
    expect(requests[0]?.headers['x-algolia-application-id']).toBe('test-app');
    expect(requests[0]?.headers['x-algolia-api-key']).toBe('test-key');

    const settings = requests.filter((r) => r.method === 'PUT' && /\/settings/.test(r.url));
    expect(settings.map((r) => r.url.split('?')[0])).toEqual([
      '/1/indexes/products/settings',
      '/1/indexes/recipes/settings',
      '/1/indexes/products_query_suggestions/settings',
      '/1/indexes/stores/settings',
    ]);
    expect(settings[0]?.body).toMatchObject({ customRanking: ['desc(popularity)'], attributesForFaceting: expect.arrayContaining(['filterOnly(storeIds)']) });

    const productBatches = requests.filter((r) => r.method === 'POST' && r.url.startsWith('/1/indexes/products/batch'));
    expect(productBatches).toHaveLength(Math.ceil(products.length / 1000));
    const saved = productBatches.flatMap((r) => (r.body as { requests: { action: string; body: { objectID: string } }[] }).requests);
    expect(saved).toHaveLength(products.length);
    expect(saved.every((r) => r.action === 'addObject')).toBe(true);
    expect(new Set(saved.map((r) => r.body.objectID)).size).toBe(products.length);

    // settings before records, and a task wait after every write
    const firstBatch = requests.findIndex((r) => r.url.startsWith('/1/indexes/products/batch'));
    const firstSettings = requests.findIndex((r) => r.url.startsWith('/1/indexes/products/settings'));
    expect(firstSettings).toBeLessThan(firstBatch);
    const writes = requests.filter((r) => r.method !== 'GET').length;
    const waits = requests.filter((r) => r.method === 'GET' && /\/task\//.test(r.url)).length;
    expect(waits).toBe(writes);
  }, 30_000);

  test('indexes every product with its unit price per store: the price that store shows, per 100 g / 100 mL / item', async () => {
    fake.requests.length = 0;
    await seedSearch({ host: fake.host, appId: 'test-app', apiKey: 'test-key', batchSize: 1000 });
    const saved = fake.requests
      .filter((r) => r.method === 'POST' && r.url.startsWith('/1/indexes/products/batch'))
      .flatMap((r) => (r.body as { requests: { body: Record<string, unknown> }[] }).requests.map((q) => q.body));
    const byId = new Map(saved.map((p) => [p.objectID as string, p]));
    const stores = loadStores().map((s) => s.storeNumber);
    // Salted Butter, 454 g: $8.19 at 3299 → 180.396… cents per 100 g; base $7.39
    const butter = byId.get('20010010') as { unitPrice: number; unitPrices: Record<string, number> };
    expect(butter.unitPrices['3299']).toBeCloseTo(819 / 4.54, 2);
    expect(butter.unitPrice).toBeCloseTo(739 / 4.54, 2);
    expect(Object.keys(butter.unitPrices).sort()).toEqual([...stores].sort());
    // a store that does not carry it: the base price (what the page shows there)
    const notCarried = stores.find((s) => !(s in (loadProducts().find((p) => p.objectID === '20010010')!.storePrices)));
    if (notCarried) expect(butter.unitPrices[notCarried]).toBeCloseTo(739 / 4.54, 2);
    // loose produce (PLU): priced per kg → per 100 g is a tenth
    const loose = loadProducts().find((p) => p.plu !== null)!;
    expect((byId.get(loose.objectID) as { unitPrices: Record<string, number> }).unitPrices['3299'])
      .toBeCloseTo((loose.storePrices['3299'] ?? loose.price) / 10, 2);
    // the committed data stays without them
    expect(loadProducts()[0]).not.toHaveProperty('unitPrices');
  }, 30_000);

  test('rejects when the engine is unreachable', async () => {
    await expect(seedSearch({ host: '127.0.0.1:1', apiKey: 'k', appId: 'a' })).rejects.toThrow();
  }, 30_000);
});
