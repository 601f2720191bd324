/**
 * Analytics and Insights events in PostgreSQL (src/storage.ts), on the throwaway cluster of
 * test/postgres.setup.ts: replicas starting together migrate once, two engines on one database answer
 * the same top searches and events whichever received the traffic (search-as-you-type included), old
 * rows are pruned, and /readyz reports a database that went away.
 */
import { randomBytes } from 'node:crypto';
import { analyticsClient, insightsClient } from 'algoliasearch';
import { Client } from 'pg';
import { PREFIX_WINDOW_MS } from '../src/analytics';
import { type PgStorage, migrate, openPgStorage } from '../src/storage';
import * as fx from './fixtures';
import { APP_ID, type Harness, SEARCH_KEY, raw, startHarness } from './helpers';

const CLUSTER = process.env.SEARCH_TEST_DATABASE_URL as string;
const quiet = { onError: () => undefined };

/** A fresh database on the test cluster; its URL. */
async function freshDatabase(): Promise<{ url: string; name: string }> {
  const name = `search_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: CLUSTER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(CLUSTER);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

async function onCluster(sql: string): Promise<void> {
  const admin = new Client({ connectionString: CLUSTER });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

const hostsOf = (h: Harness) => [{ url: `127.0.0.1:${h.port}`, protocol: 'http' as const, accept: 'readWrite' as const }];

describe('migrations', () => {
  it('run once when several replicas start together, and not again', async () => {
    const { url } = await freshDatabase();
    const storages = await Promise.all([1, 2, 3].map(() => openPgStorage(url, quiet)));
    try {
      const { rows } = await storages[0].pool.query('SELECT version FROM search_engine_migrations');
      expect(rows).toEqual([{ version: 1 }, { version: 2 }]);
      expect(await migrate(storages[1].pool)).toEqual([]);
      const tables = await storages[0].pool.query("SELECT tablename FROM pg_tables WHERE tablename LIKE 'search_%' ORDER BY tablename");
      expect(tables.rows.map((r) => r.tablename)).toEqual(['search_analytics_clients', 'search_analytics_counts', 'search_analytics_last', 'search_engine_migrations', 'search_insights_events']);
    } finally {
      await Promise.all(storages.map((s) => s.close()));
    }
  });
});

describe('two engines on one database', () => {
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    const { url } = await freshDatabase();
    // behind a proxy on loopback: X-Forwarded-For names each test shopper's address
    [a, b] = await Promise.all([1, 2].map(async () => startHarness({ storage: await openPgStorage(url, quiet), trustProxy: 'loopback' })));
    for (const h of [a, b]) {
      await h.admin.setSettings({ indexName: 'products', indexSettings: fx.productSettings });
      await h.admin.saveObjects({ indexName: 'products', objects: fx.products, waitForTasks: true });
    }
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
  });

  const addressOf = (userToken: string) => `203.0.113.${[...userToken].reduce((n, c) => n + c.charCodeAt(0), 0) % 250}`;
  const search = (h: Harness, query: string, userToken: string, address = addressOf(userToken)) =>
    h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query, userToken } }, { headers: { 'x-forwarded-for': address } });
  const top = (h: Harness) => analyticsClient(APP_ID, SEARCH_KEY, undefined, { hosts: hostsOf(h) }).getTopSearches({ index: 'products' });

  it('answer the same top searches whichever engine served the searches', async () => {
    await search(a, 'cheddar', 'u1');
    await search(b, 'Cheddar', 'u2');
    await search(a, 'milk', 'u3');
    await search(b, 'milk', 'u4');
    const eggs = await search(b, 'eggs', 'u5');
    // one shopper typing, each keystroke on another replica: counted once, as the final query
    await search(a, 'ch', 'typist');
    await search(b, 'chedd', 'typist');
    await search(a, 'cheddar', 'typist');
    await search(b, 'cheddar', 'typist'); // the results page: the same query again
    const expected = {
      searches: [
        { search: 'cheddar', count: 3, nbHits: 3 },
        { search: 'milk', count: 2, nbHits: 2 },
        { search: 'eggs', count: 1, nbHits: eggs.nbHits },
      ],
    };
    expect(await top(a)).toEqual(expected);
    expect(await top(b)).toEqual(expected);
  });

  it('count a query once per client address, whichever engine and userToken, with invisible characters dropped', async () => {
    const index = 'products_poison';
    for (const h of [a, b]) await h.admin.saveObjects({ indexName: index, objects: fx.products, waitForTasks: true });
    const post = (h: Harness, query: string, address: string, userToken: string) => raw(h.port, 'POST', `/1/indexes/${index}/query`, JSON.stringify({ query, userToken }), {
      'content-type': 'text/plain', 'x-forwarded-for': address, 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': SEARCH_KEY,
    });
    for (let i = 0; i < 40; i++) expect((await post(i % 2 ? a : b, 'meat horse', '198.51.100.66', `bot-${i}`)).status).toBe(200);
    await post(b, '\u0000Milk', '198.51.100.2', 's2');
    await post(a, 'mi\u200blk\u202e', '198.51.100.3', 's3');
    await post(a, 'milk', '198.51.100.1', 's1'); // the latest gives nbHits
    const expected = { searches: [{ search: 'milk', count: 3, nbHits: 2 }, { search: 'meat horse', count: 1, nbHits: 0 }] };
    const topOf = (h: Harness) => analyticsClient(APP_ID, SEARCH_KEY, undefined, { hosts: hostsOf(h) }).getTopSearches({ index });
    expect(await topOf(a)).toEqual(expected);
    expect(await topOf(b)).toEqual(expected);
  });

  it('list the same Insights events whichever engine received them', async () => {
    const push = (h: Harness, events: Parameters<ReturnType<typeof insightsClient>['pushEvents']>[0]['events']) =>
      insightsClient(APP_ID, SEARCH_KEY, undefined, { hosts: hostsOf(h) }).pushEvents({ events });
    const queryID = 'b'.repeat(32);
    await push(a, [{ eventType: 'click', eventName: 'Product Clicked', index: 'products', userToken: 'u-9', queryID, objectIDs: ['p2'], positions: [1] }]);
    await push(b, [{ eventType: 'conversion', eventName: 'Product Added To List', index: 'products', userToken: 'u-9', queryID, objectIDs: ['p2'] }]);
    await push(b, [{ eventType: 'view', eventName: 'Results Viewed', index: 'products', userToken: 'u-9', objectIDs: ['p1', 'p2'] }]);
    const listed = await Promise.all([a, b].map(async (h) => (await raw(h.port, 'GET', `/1/events?queryID=${queryID}`)).body as { events: Array<Record<string, unknown>> }));
    expect(listed[0]).toEqual(listed[1]);
    expect(listed[0].events.map((e) => e.eventType)).toEqual(['click', 'conversion']);
    expect(listed[0].events[0]).toMatchObject({ positions: [1], objectIDs: ['p2'], userToken: 'u-9' });
    expect(typeof listed[0].events[0].timestamp).toBe('number');
    const views = await raw(a.port, 'GET', '/1/events?eventType=view&userToken=u-9&limit=5');
    expect((views.body as { events: unknown[] }).events).toHaveLength(1);
  });

  it('store nothing from a request with one bad event', async () => {
    const before = (await raw(a.port, 'GET', '/1/events?limit=1000')).body as { events: unknown[] };
    const good = { eventType: 'view', eventName: 'Results Viewed', index: 'products', userToken: 'u-8', objectIDs: ['p1'] };
    const res = await raw(b.port, 'POST', '/1/events', JSON.stringify({ events: [good, { ...good, userToken: 'has space' }] }));
    expect(res.status).toBe(422);
    const nul = await raw(b.port, 'POST', '/1/events', JSON.stringify({ events: [{ ...good, value: 'a\u0000b' }] }));
    expect(nul.status).toBe(422);
    const after = (await raw(a.port, 'GET', '/1/events?limit=1000')).body as { events: unknown[] };
    expect(after.events).toHaveLength(before.events.length);
  });
});

describe('retention', () => {
  let storage: PgStorage;
  let now = Date.parse('2026-03-20T12:00:00Z');
  afterAll(() => storage?.close());

  it('prunes counts and events older than the retention, keeps the rest', async () => {
    const { url } = await freshDatabase();
    storage = await openPgStorage(url, { ...quiet, retentionDays: 30, clock: () => now });
    const event = { eventType: 'view' as const, eventName: 'Results Viewed', index: 'products', userToken: 'u-1', objectIDs: ['p1'], timestamp: now };
    await storage.analytics.record('products', 'old', 1, 'u-old');
    await storage.insights.add([event]);
    now += 31 * 86_400_000;
    await storage.analytics.record('products', 'new', 2, 'u-new');
    await storage.insights.add([{ ...event, userToken: 'u-2', timestamp: now }]);
    expect(await storage.analytics.topSearches('products', { startDate: '2026-01-01', endDate: '2026-12-31' })).toHaveLength(2);
    expect(await storage.prune()).toEqual({ counts: 1, events: 1 });
    expect(await storage.analytics.topSearches('products', { startDate: '2026-01-01', endDate: '2026-12-31' })).toEqual([{ search: 'new', count: 1, nbHits: 2 }]);
    expect((await storage.insights.list()).map((e) => e.userToken)).toEqual(['u-2']);
  });

  it('counts a search again after the search-as-you-type window', async () => {
    await storage.analytics.record('recipes', 'salmon', 4, 'u');
    now += PREFIX_WINDOW_MS + 1;
    await storage.analytics.record('recipes', 'salmon', 5, 'u', 'another client');
    expect(await storage.analytics.topSearches('recipes')).toEqual([{ search: 'salmon', count: 2, nbHits: 5 }]);
  });
});

describe('readiness', () => {
  it('answers /readyz 503 when the database went away, and searches still work', async () => {
    const { url, name } = await freshDatabase();
    const h = await startHarness({ storage: await openPgStorage(url, quiet) });
    try {
      await h.admin.saveObjects({ indexName: 'products', objects: fx.products, waitForTasks: true });
      expect((await raw(h.port, 'GET', '/readyz', undefined, {})).status).toBe(200);
      await onCluster(`DROP DATABASE ${name} WITH (FORCE)`);
      const ready = await raw(h.port, 'GET', '/readyz', undefined, {});
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', reason: expect.stringMatching(/^database unreachable/) });
      const res = await h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query: 'milk' } });
      expect(res.nbHits).toBeGreaterThan(0);
    } finally {
      await h.app.close();
    }
  });
});
