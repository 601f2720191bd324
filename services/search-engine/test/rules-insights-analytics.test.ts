/**
 * Service tests over real HTTP with the real algoliasearch v5 clients: query rules (redirect cards as
 * userData, spec §2 Search dropdown, §3 Promotional redirect card), Insights events (spec §7 "Result
 * events sent: click, view, conversion") and top-searches analytics (spec §3 Popular search
 * `{ search, count, nbHits }`, §7 Popular searches).
 */
import { analyticsClient, insightsClient } from 'algoliasearch';
import { SearchAnalytics, PREFIX_WINDOW_MS } from '../src/analytics';
import * as fx from './fixtures';
import { ADMIN_KEY, APP_ID, type Harness, raw, SEARCH_KEY, startHarness } from './helpers';

let h: Harness;
let hosts: Array<{ url: string; protocol: 'http'; accept: 'readWrite' }>;

const redirectCard = {
  cardImage: '/images/flyer.png',
  cardTitle: 'This week’s flyer',
  redirectURL: '/flyer',
  cardCTAText: 'See the flyer',
  bannerCode: 'standard',
};

beforeAll(async () => {
  // X-Forwarded-For from loopback names the client: each test shopper gets an address of their own
  h = await startHarness({ trustProxy: 'loopback' });
  hosts = [{ url: `127.0.0.1:${h.port}`, protocol: 'http', accept: 'readWrite' }];
  await h.admin.setSettings({ indexName: 'products', indexSettings: fx.productSettings });
  await h.admin.saveObjects({ indexName: 'products', objects: fx.products, waitForTasks: true });
});

afterAll(async () => {
  await h.app.close();
});

describe('rules (spec §2 promotional redirect card)', () => {
  beforeEach(async () => {
    await h.admin.clearRules({ indexName: 'products' });
  });

  it('saveRules + getRule + searchRules + deleteRule round-trip', async () => {
    const res = await h.admin.saveRules({
      indexName: 'products',
      rules: [
        { objectID: 'flyer', conditions: [{ pattern: 'flyer', anchoring: 'is' }], consequence: { userData: redirectCard }, description: 'Flyer redirect' },
        { objectID: 'deals', conditions: [{ pattern: 'deals', anchoring: 'contains' }], consequence: { userData: { cardTitle: 'Deals' } }, enabled: false },
      ],
    });
    await h.admin.waitForTask({ indexName: 'products', taskID: res.taskID });
    expect(await h.admin.getRule({ indexName: 'products', objectID: 'flyer' })).toMatchObject({ objectID: 'flyer', consequence: { userData: redirectCard } });
    const all = await h.admin.searchRules({ indexName: 'products', searchRulesParams: { query: '' } });
    expect(all.hits.map((r) => r.objectID)).toEqual(['deals', 'flyer']);
    expect(all.nbHits).toBe(2);
    const enabled = await h.admin.searchRules({ indexName: 'products', searchRulesParams: { enabled: true } });
    expect(enabled.hits.map((r) => r.objectID)).toEqual(['flyer']);
    const byText = await h.admin.searchRules({ indexName: 'products', searchRulesParams: { query: 'Flyer redirect' } });
    expect(byText.hits.map((r) => r.objectID)).toEqual(['flyer']);
    await h.admin.deleteRule({ indexName: 'products', objectID: 'flyer' });
    await expect(h.admin.getRule({ indexName: 'products', objectID: 'flyer' })).rejects.toMatchObject({ status: 404 });
  });

  it('saveRule (PUT) and clearExistingRules', async () => {
    await h.admin.saveRule({ indexName: 'products', objectID: 'one', rule: { objectID: 'one', conditions: [{ pattern: 'one', anchoring: 'is' }], consequence: { userData: { n: 1 } } } });
    await h.admin.saveRules({ indexName: 'products', rules: [{ objectID: 'two', consequence: { userData: { n: 2 } }, conditions: [{ pattern: 'two', anchoring: 'is' }] }], clearExistingRules: true });
    const all = await h.admin.searchRules({ indexName: 'products', searchRulesParams: {} });
    expect(all.hits.map((r) => r.objectID)).toEqual(['two']);
  });

  it('applies rules at query time: userData per anchoring (is, startsWith, contains)', async () => {
    await h.admin.saveRules({
      indexName: 'products',
      rules: [
        { objectID: 'a-is', conditions: [{ pattern: 'Flyer', anchoring: 'is' }], consequence: { userData: redirectCard } },
        { objectID: 'b-starts', conditions: [{ pattern: 'cheddar', anchoring: 'startsWith' }], consequence: { userData: { cardTitle: 'Cheese week' } } },
        { objectID: 'c-contains', conditions: [{ pattern: 'milk', anchoring: 'contains' }], consequence: { userData: { cardTitle: 'Dairy' } } },
      ],
    });
    const ud = async (query: string) => (await h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query } })).userData;
    expect(await ud('flyer')).toEqual([redirectCard]);
    expect(await ud('  FLYER! ')).toEqual([redirectCard]);
    expect(await ud('flyer deals')).toBeUndefined(); // 'is' needs the whole query
    expect(await ud('cheddar slices')).toEqual([{ cardTitle: 'Cheese week' }]);
    expect(await ud('old cheddar')).toBeUndefined(); // not at the start
    expect(await ud('homogenized milk 2l')).toEqual([{ cardTitle: 'Dairy' }]);
    expect(await ud('milkshake')).toBeUndefined(); // whole words only
    // multi-index queries carry it too; enableRules: false turns it off
    const { results } = await h.reader.search({ requests: [{ indexName: 'products', query: 'flyer' }, { indexName: 'products', query: 'flyer', enableRules: false }] });
    expect((results[0] as { userData?: unknown }).userData).toEqual([redirectCard]);
    expect((results[1] as { userData?: unknown }).userData).toBeUndefined();
  });

  it('honours enabled, validity and context', async () => {
    const nowSec = Math.floor(Date.now() / 1000);
    await h.admin.saveRules({
      indexName: 'products',
      rules: [
        { objectID: 'off', conditions: [{ pattern: 'x', anchoring: 'is' }], consequence: { userData: { id: 'off' } }, enabled: false },
        { objectID: 'past', conditions: [{ pattern: 'x', anchoring: 'is' }], consequence: { userData: { id: 'past' } }, validity: [{ from: nowSec - 7200, until: nowSec - 3600 }] },
        { objectID: 'now', conditions: [{ pattern: 'x', anchoring: 'is' }], consequence: { userData: { id: 'now' } }, validity: [{ from: nowSec - 60, until: nowSec + 3600 }] },
        { objectID: 'ctx', conditions: [{ pattern: 'x', anchoring: 'is', context: 'mobile' }], consequence: { userData: { id: 'ctx' } } },
      ],
    });
    const plain = await h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query: 'x' } });
    expect(plain.userData).toEqual([{ id: 'now' }]);
    const mobile = await h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query: 'x', ruleContexts: ['mobile'] } });
    expect(mobile.userData).toEqual([{ id: 'ctx' }, { id: 'now' }]);
  });

  it('rejects malformed rules with 400 and the search key with 403', async () => {
    const bad = await raw(h.port, 'POST', '/1/indexes/products/rules/batch', JSON.stringify([{ objectID: 'x', conditions: [{ pattern: 'x', anchoring: 'sideways' }], consequence: {} }]));
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/anchoring/);
    const noConsequence = await raw(h.port, 'PUT', '/1/indexes/products/rules/x', JSON.stringify({ objectID: 'x' }));
    expect(noConsequence.status).toBe(400);
    const notArray = await raw(h.port, 'POST', '/1/indexes/products/rules/batch', JSON.stringify({ objectID: 'x' }));
    expect(notArray.status).toBe(400);
    const withSearchKey = await raw(h.port, 'POST', '/1/indexes/products/rules/batch', '[]', { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': SEARCH_KEY });
    expect(withSearchKey.status).toBe(403);
  });

  it('replaceAllObjects keeps the rules (copy with scope rules)', async () => {
    await h.admin.saveRules({ indexName: 'products', rules: [{ objectID: 'flyer', conditions: [{ pattern: 'flyer', anchoring: 'is' }], consequence: { userData: redirectCard } }] });
    await h.admin.replaceAllObjects({ indexName: 'products', objects: fx.products });
    const res = await h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query: 'flyer' } });
    expect(res.userData).toEqual([redirectCard]);
  });
});

describe('insights events (spec §7 click, view, conversion)', () => {
  const insights = () => insightsClient(APP_ID, SEARCH_KEY, undefined, { hosts });

  it('accepts click, view and conversion events from the real insights client and stores them', async () => {
    const search = await h.reader.searchSingleIndex({ indexName: 'products', searchParams: { query: 'cheddar', clickAnalytics: true } });
    const queryID = search.queryID!;
    expect(queryID).toMatch(/^[0-9a-f]{32}$/);
    const res = await insights().pushEvents({
      events: [
        { eventType: 'click', eventName: 'Product Clicked', index: 'products', userToken: 'u-1003', queryID, objectIDs: ['p2'], positions: [1] },
        { eventType: 'view', eventName: 'Search Results Viewed', index: 'products', userToken: 'u-1003', objectIDs: ['p2', 'p1'] },
        { eventType: 'conversion', eventName: 'Product Added To List', index: 'products', userToken: 'u-1003', queryID, objectIDs: ['p2'] },
      ],
    });
    expect(res).toMatchObject({ status: 200, message: 'OK' });
    const stored = await raw(h.port, 'GET', `/1/events?queryID=${queryID}`);
    expect(stored.status).toBe(200);
    const events = (stored.body as { events: Array<Record<string, unknown>> }).events;
    expect(events.map((e) => e.eventType)).toEqual(['click', 'conversion']);
    expect(events[0]).toMatchObject({ positions: [1], objectIDs: ['p2'], userToken: 'u-1003' });
    expect(typeof events[0].timestamp).toBe('number');
    const views = await raw(h.port, 'GET', '/1/events?eventType=view&userToken=u-1003');
    expect((views.body as { events: unknown[] }).events).toHaveLength(1);
  });

  it.each([
    ['unknown eventType', { eventType: 'hover' }, /eventType/],
    ['missing eventName', { eventName: undefined }, /eventName/],
    ['bad userToken', { userToken: 'has space' }, /userToken/],
    ['click with queryID but no positions', { positions: undefined }, /positions/],
    ['positions not matching objectIDs', { positions: [1, 2] }, /one entry per objectID/],
    ['position 0 (positions are 1-based)', { positions: [0] }, /at least 1/],
    ['bad queryID', { queryID: 'nope' }, /queryID/],
    ['more than 20 objectIDs', { objectIDs: Array.from({ length: 21 }, (_, i) => `p${i}`), positions: Array.from({ length: 21 }, (_, i) => i + 1) }, /objectIDs/],
    ['neither objectIDs nor filters', { objectIDs: undefined, positions: undefined, queryID: undefined }, /objectIDs or filters/],
  ])('answers 422 for %s', async (_name, patch, message) => {
    const event = { eventType: 'click', eventName: 'Product Clicked', index: 'products', userToken: 'anon-1', queryID: 'a'.repeat(32), objectIDs: ['p1'], positions: [1], ...patch };
    const res = await raw(h.port, 'POST', '/1/events', JSON.stringify({ events: [event] }), { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': SEARCH_KEY });
    expect(res.status).toBe(422);
    expect((res.body as { message: string }).message).toMatch(message);
  });

  it('answers 400 without an events array, 422 for an empty one, and nothing bad is stored', async () => {
    const before = (await raw(h.port, 'GET', '/1/events?limit=1000')).body as { events: unknown[] };
    expect((await raw(h.port, 'POST', '/1/events', '{"nope":1}')).status).toBe(400);
    expect((await raw(h.port, 'POST', '/1/events', '{"events":[]}')).status).toBe(422);
    const after = (await raw(h.port, 'GET', '/1/events?limit=1000')).body as { events: unknown[] };
    expect(after.events).toHaveLength(before.events.length);
  });

  it('listing events needs the admin key', async () => {
    const res = await raw(h.port, 'GET', '/1/events', undefined, { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': SEARCH_KEY });
    expect(res.status).toBe(403);
  });
});

describe('top searches analytics (spec §3 Popular search, §7 Popular searches)', () => {
  const analytics = () => analyticsClient(APP_ID, SEARCH_KEY, undefined, { hosts });

  it('reflects the searches really served: counts, nbHits, order, analytics:false and empty queries ignored', async () => {
    const idx = 'analytics_products';
    await h.admin.saveObjects({ indexName: idx, objects: fx.products, waitForTasks: true });
    const from = (userToken: string) => ({ headers: { 'x-forwarded-for': `203.0.113.${userToken.charCodeAt(0)}` } });
    const s = (query: string, userToken: string, extra: Record<string, unknown> = {}) =>
      h.reader.searchSingleIndex({ indexName: idx, searchParams: { query, userToken, ...extra } }, from(userToken));
    await s('cheddar', 'a');
    await s('Cheddar', 'b');
    await s('cheddar ', 'c');
    await s('milk', 'a');
    await s('milk', 'b');
    await s('eggs', 'd');
    await s('', 'e');
    await s('secret', 'f', { analytics: false });
    await h.reader.search({ requests: [{ indexName: idx, query: 'bread', userToken: 'g' }] }, from('g'));
    const top = await analytics().getTopSearches({ index: idx, limit: 3 });
    expect(top).toEqual({
      searches: [
        { search: 'cheddar', count: 3, nbHits: 3 },
        { search: 'milk', count: 2, nbHits: 2 }, // 'Milk 2L' and, with a typo, 'Mild Cheddar'
        { search: 'bread', count: 1, nbHits: 1 },
      ],
    });
    const rest = await analytics().getTopSearches({ index: idx, limit: 10, offset: 3 });
    expect((rest as { searches: Array<{ search: string }> }).searches.map((x) => x.search)).toEqual(['eggs']);
    const none = await analytics().getTopSearches({ index: 'unknown_index' });
    expect(none).toEqual({ searches: [] });
  });

  it('counts search-as-you-type once: prefixes of the same user within the window become the final query', async () => {
    const idx = 'analytics_typing';
    await h.admin.saveObjects({ indexName: idx, objects: fx.products, waitForTasks: true });
    for (const q of ['ch', 'che', 'chedd', 'cheddar']) {
      await h.reader.searchSingleIndex({ indexName: idx, searchParams: { query: q, userToken: 'typist' } });
    }
    await h.reader.searchSingleIndex({ indexName: idx, searchParams: { query: 'cheddar', userToken: 'typist' } }); // results page: same query again
    const top = await analytics().getTopSearches({ index: idx });
    expect(top).toEqual({ searches: [{ search: 'cheddar', count: 1, nbHits: 3 }] });
  });

  it('validates parameters: index required, limit 1..1000, dates YYYY-MM-DD', async () => {
    expect((await raw(h.port, 'GET', '/2/searches')).status).toBe(400);
    expect((await raw(h.port, 'GET', '/2/searches?index=products&limit=0')).status).toBe(400);
    expect((await raw(h.port, 'GET', '/2/searches?index=products&startDate=yesterday')).status).toBe(400);
    expect((await raw(h.port, 'GET', '/2/searches?index=products&startDate=2026-02-02&endDate=2026-01-01')).status).toBe(400);
    const bad = await raw(h.port, 'GET', '/2/searches?index=products', undefined, { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': 'wrong' });
    expect(bad.status).toBe(403);
    expect(ADMIN_KEY).not.toBe(SEARCH_KEY);
  });
});

describe('SearchAnalytics (unit, with a clock)', () => {
  it('counts separate searches after the aggregation window and filters by date', async () => {
    let t = Date.parse('2026-03-10T12:00:00Z');
    const a = new SearchAnalytics(() => t);
    await a.record('p', 'milk', 5, 'u');
    t += PREFIX_WINDOW_MS + 1;
    await a.record('p', 'milk', 6, 'u', 'another client');
    t += 86_400_000;
    await a.record('p', 'bread', 2, 'u');
    expect(await a.topSearches('p')).toEqual([{ search: 'milk', count: 2, nbHits: 6 }, { search: 'bread', count: 1, nbHits: 2 }]);
    expect(await a.topSearches('p', { startDate: '2026-03-11', endDate: '2026-03-11' })).toEqual([{ search: 'bread', count: 1, nbHits: 2 }]);
    // a different user typing a prefix does not replace another user's search
    await a.record('p', 'bre', 9, 'other');
    expect(await a.topSearches('p', { startDate: '2026-03-11', endDate: '2026-03-11' })).toEqual([{ search: 'bre', count: 1, nbHits: 9 }, { search: 'bread', count: 1, nbHits: 2 }]);
  });
});
