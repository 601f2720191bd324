/**
 * Shared test helpers of mf-search: a fake search client over in-memory records, record builders,
 * `mountApp` (an app on a fresh test bus with the kit) and the fake-timer flushes.
 *
 * The fake implements the search client's one method (`search({ requests })`) over in-memory records,
 * for tests only: no network. Understands `query` (every word in the title), `filters` of the form
 * `storeIds:"X" AND banners:"Y"` (an array attribute containing the value, or a scalar equal to it, e.g.
 * `pageSlug:"products/x"`), `hitsPerPage` and `page`, like the Algolia-compatible engine.
 */
import type { ComponentType } from 'react';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate as kitNavigate } from '@storefront/remote-kit';
import { renderWithKit } from '@storefront/remote-kit/testing';
import type { EventBus, Store } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { createSearchClient } from './api/searchClient';
import type { IndexRequest, SearchClient } from './api/types';

export interface FakeRecord { objectID: string; [key: string]: unknown }

export interface FakeData {
  products: FakeRecord[];
  recipes: FakeRecord[];
  products_query_suggestions: FakeRecord[];
  /** Query rules of the products index: exact query (lower case) → userData array returned. */
  rules?: Record<string, unknown[]>;
}

export interface FakeSearchClient extends SearchClient {
  search: jest.Mock<ReturnType<SearchClient['search']>, Parameters<SearchClient['search']>>;
  /** Every `requests` array received, in order. */
  calls: IndexRequest[][];
}

function condition(record: FakeRecord, cond: string): boolean {
  const m = /^(\w+):"([^"]*)"$/.exec(cond.trim());
  if (!m) throw new Error(`fake search: unsupported filter ${cond}`);
  const value = record[m[1]];
  return Array.isArray(value) ? value.includes(m[2]) : typeof value === 'string' && value === m[2];
}

/** `a:"x" AND (b:"y" OR c:"z")` — ANDed parts, each a condition or a parenthesised OR of conditions. */
function filterMatches(record: FakeRecord, filters: string): boolean {
  return filters.split(' AND ').every((part) => {
    const p = part.trim();
    if (p.startsWith('(') && p.endsWith(')')) return p.slice(1, -1).split(' OR ').some((c) => condition(record, c));
    return condition(record, p);
  });
}

function matches(record: FakeRecord, req: IndexRequest): boolean {
  const text = String(record.title ?? record.query ?? '').toLowerCase();
  const words = req.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.every((w) => text.includes(w))) return false;
  return !req.filters || filterMatches(record, req.filters);
}

/** The engine's `sort: 'asc(a.b)'` extension: by a dotted numeric attribute, records without it last. */
function sortedBy(records: FakeRecord[], sort: string | undefined): FakeRecord[] {
  const m = sort ? /^(asc|desc)\(([\w.]+)\)$/.exec(sort) : null;
  if (!m) return records;
  const key = (r: FakeRecord) => m[2]!.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), r);
  const dir = m[1] === 'asc' ? 1 : -1;
  return [...records].sort((a, b) => {
    const x = key(a); const y = key(b);
    if (typeof x !== 'number' || typeof y !== 'number') return (typeof x === 'number' ? -1 : 0) + (typeof y === 'number' ? 1 : 0);
    return (x - y) * dir;
  });
}

/** Answers one request as the engine would (nbHits, nbPages, page, hitsPerPage, queryID; the `sort` extension). */
export function answer(data: FakeData, req: IndexRequest) {
  const found = ((data[req.indexName as 'products' | 'recipes' | 'products_query_suggestions'] ?? []) as FakeRecord[]).filter((r) => matches(r, req));
  const all = sortedBy(found, req.sort);
  const perPage = req.hitsPerPage ?? 20;
  const page = req.page ?? 0;
  return {
    hits: all.slice(page * perPage, page * perPage + perPage),
    nbHits: all.length,
    nbPages: Math.ceil(all.length / perPage),
    page,
    hitsPerPage: perPage,
    query: req.query,
    ...(req.clickAnalytics ? { queryID: `qid-${req.indexName}-${req.query}` } : {}),
    ...(req.indexName === 'products' && data.rules?.[req.query.toLowerCase()] ? { userData: data.rules[req.query.toLowerCase()] } : {}),
  };
}

/** A fake client answering from `data` (at once, as a resolved promise). */
export function fakeClient(data: FakeData): FakeSearchClient {
  const calls: IndexRequest[][] = [];
  const search = jest.fn(async ({ requests }: { requests: IndexRequest[] }) => {
    calls.push(requests);
    return { results: requests.map((r) => answer(data, r)) };
  });
  return { search, calls };
}

export const product = (id: string, title: string, extra: Partial<FakeRecord> = {}): FakeRecord => ({
  objectID: id, title, size: '1 L', price: 499, storePrices: { '3299': 449 }, pageSlug: `products/${id}`,
  banners: ['standard'], storeIds: ['3299'], ...extra,
});

export const recipe = (id: string, title: string, extra: Partial<FakeRecord> = {}): FakeRecord => ({
  objectID: id, title, pageSlug: `recipes/${id}`, servings: 4, totalTimeMinutes: 30, banners: ['standard'], ...extra,
});

export const suggestion = (q: string): FakeRecord => ({ objectID: q, query: q, popularity: 1 });

/** A promise with its resolve exposed, for ordering tests (stale answers). */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/** Options of {@link mountApp}. */
export interface MountOptions {
  /** What the mocked `createSearchClient` returns (the test file mocks `./api/searchClient`). */
  client: SearchClient;
  /** The page address before mounting. */
  url?: string;
  /** `window.innerWidth` in px (cards per row follow it). */
  width?: number;
  /** The preferred store (fixture overrides), or false for none yet. Default: the fixture store. */
  store?: Partial<Store> | false;
  /** The shopper granted analytics (consent group C0002): Insights events are sent. */
  consent?: boolean;
  /**
   * The shell's navigate: a function, 'kit' for the kit's own (pushState + popstate, so the URL really
   * changes), or absent for renderWithKit's `jest.fn()`.
   */
  navigate?: ((to: string) => void) | 'kit';
}

/**
 * Renders a remote's app with the kit (`renderWithKit`) on a fresh test bus: the URL, viewport width,
 * consent and preferred store set first, the search client mocked to `o.client`. Needs fake timers.
 * @returns the test bus, a user-event driver on the fake clock, and the render result
 */
export function mountApp(App: ComponentType<{ bus: EventBus }>, o: MountOptions) {
  if (o.width !== undefined) Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: o.width });
  if (o.url !== undefined) window.history.replaceState(null, '', o.url);
  (createSearchClient as jest.Mock).mockReturnValue(o.client);
  const kit = createTestBus();
  if (o.consent) kit.bus.emit('consent/changed', { groups: ['C0001', 'C0002'] });
  if (o.store !== false) kit.bus.emit('store/changed', { store: kit.fixtures.store(o.store ?? {}), source: 'default' });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const navigate = o.navigate === 'kit' ? (to: string) => kitNavigate(to) : o.navigate;
  const view = renderWithKit(<App bus={kit.bus} />, { kit, ...(navigate ? { remoteProps: { navigate } } : {}) });
  return { kit, user, view };
}

/** {@link mountApp} on a {@link fakeClient} over `data`; also returns that client. */
export function mountOnData(App: ComponentType<{ bus: EventBus }>, data: FakeData, o: Omit<MountOptions, 'client'> = {}) {
  const client = fakeClient(data);
  return { client, ...mountApp(App, { ...o, client }) };
}

/** Every test of the file runs on jest's fake clock and leaves the page at '/'. */
export function fakeClockPerTest() {
  beforeEach(() => { jest.useFakeTimers(); });
  afterEach(() => { jest.useRealTimers(); window.history.replaceState(null, '', '/'); });
}

/**
 * Runs pending effects, 0 ms timers (react-query notifies on one) and promise chains, in `rounds` act
 * rounds: an effect flushed at the end of one round starts a fetch that settles in the next.
 */
export async function flush(rounds = 4) {
  for (let round = 0; round < rounds; round += 1) {
    await act(async () => {
      jest.advanceTimersByTime(0);
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
  }
}

/** Lets `ms` of fake time pass (default the 1000 ms suggestion debounce), then {@link flush}es. */
export async function settle(ms = 1000, rounds = 4) {
  await act(async () => { jest.advanceTimersByTime(ms); });
  await flush(rounds);
}
