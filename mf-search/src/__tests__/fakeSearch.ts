/**
 * A fake of the search client's one method (`search({ requests })`) over in-memory records,
 * for tests only: no network. Understands `query` (every word in the title), `filters` of the form
 * `storeIds:"X" AND banners:"Y"` (an array attribute containing the value, or a scalar equal to it, e.g.
 * `pageSlug:"products/x"`), `hitsPerPage` and `page`, like the Algolia-compatible engine.
 */
import type { IndexRequest, SearchClient } from '../api/types';

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

/** Answers one request as the engine would (nbHits, nbPages, page, hitsPerPage, queryID). */
export function answer(data: FakeData, req: IndexRequest) {
  const all = ((data[req.indexName as 'products' | 'recipes' | 'products_query_suggestions'] ?? []) as FakeRecord[]).filter((r) => matches(r, req));
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
