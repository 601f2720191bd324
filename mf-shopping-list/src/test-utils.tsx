/**
 * jest helpers of mf-shopping-list: a fresh fake IndexedDB per test, an in-memory BFF that follows
 * the list contract (/tmp/list-api.md → README), a cross-tab hub, sessions, item builders, and the recipe
 * pages' records and search-engine fetch mock.
 */
import { act } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { DEFAULT_RUNTIME_CONFIG, EMPTY_SESSION, type EventBus, type Session } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import type { Cart, CartLine, MergeResult } from 'shared-events/contracts';
import { ListApiError, type ListApi } from './api/listApi';
import type { ProductRecord } from './api/products';
import type { RecipeRecord } from './api/recipesApi';
import { memoryBackend } from './api/backend';
import { silentChannel, type ChangeChannel } from './api/channel';
import { createListService, type ListServiceOptions } from './api/listService';
import type { ListItem } from './state/model';
import type { PutBody } from './state/outbox';
import { mergeItems } from './state/signInMerge';

/** A new, empty fake IndexedDB as `globalThis.indexedDB` (what the next idb-keyval store opens). */
export function freshIndexedDB(): IDBFactory {
  const factory = new IDBFactory();
  (globalThis as { indexedDB?: IDBFactory }).indexedDB = factory;
  return factory;
}

/** Removes `globalThis.indexedDB` (a browser without it: private mode, old engines). */
export function removeIndexedDB(): void {
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
}

/** Sessions: anonymous, and a signed-in shopper as the shell publishes one (no id token on the page). */
export const sessions = {
  anonymous: (): Session => ({ ...EMPTY_SESSION }),
  nora: (over: Partial<Session> = {}): Session => fixtures.session({ uid: 'u-1001', id_token: null, ...over }),
};

/** A product item (spec §3: articleNumber_uom_storeId). */
export function product(article: string | number, over: Partial<ListItem> = {}): ListItem {
  const id = `${article}_EA_3299`;
  return { item_id: id, product_type: 'product', quantity: 1, checked: false, meta: null, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', ...over };
}

/** A custom item named `name`. */
export function custom(name: string, uuid = `00000000-0000-4000-8000-${String(Math.abs(hash(name))).padStart(12, '0').slice(0, 12)}`, over: Partial<ListItem> = {}): ListItem {
  const item_id = `custom_${uuid}`;
  const at = '2025-01-01T00:00:00.000Z';
  return {
    item_id, product_type: 'Custom', quantity: 1, checked: false,
    meta: { name, item_Id: item_id, itemType: 'custom', category: 'Custom', product_type: 'Custom', id: uuid, created_at: at },
    created_at: at, updated_at: at, ...over,
  };
}

function hash(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

/** Counting UUIDs: 'uuid-0001-…' style, valid for the custom id pattern. */
export function sequentialUuids(prefix = 'aaaaaaaa'): () => string {
  let n = 0;
  return () => `${prefix}-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

/** The in-memory BFF: the list of one shopper, merges by mergeId, the cart; every method a jest mock. */
export interface FakeServer {
  api: { [K in keyof ListApi]: jest.Mock };
  items: Map<string, ListItem>;
  merges: Map<string, MergeResult>;
  carts: Map<string, CartLine[]>;
  /** The next `n` calls of `method` fail (transient unless `permanent`). */
  failNext(method: keyof ListApi, n?: number, permanent?: boolean): void;
  /** Every call of `method` fails until {@link FakeServer.heal}. */
  failAlways(method: keyof ListApi, permanent?: boolean): void;
  heal(): void;
}

/** A fake BFF holding `initial` items. */
export function fakeServer(initial: ListItem[] = []): FakeServer {
  const items = new Map(initial.map((i) => [i.item_id, { ...i }]));
  const merges = new Map<string, MergeResult>();
  const carts = new Map<string, CartLine[]>();
  const failing = new Map<string, { left: number; permanent: boolean }>();
  const maybeFail = (method: string) => {
    const f = failing.get(method);
    if (!f || f.left === 0) return;
    f.left -= 1;
    throw new ListApiError(`BFF ${method}: ${f.permanent ? 'Invalid body.quantity' : 'network error'}`, f.permanent ? 400 : 0, f.permanent);
  };
  let clock = 0;
  const stamp = () => new Date(Date.UTC(2025, 1, 1, 0, 0, clock++)).toISOString();
  const impl: ListApi = {
    async fetchAll() {
      maybeFail('fetchAll');
      return [...items.values()].filter((i) => i.quantity > 0).map((i) => ({ ...i }));
    },
    async put(itemId, body: PutBody) {
      maybeFail('put');
      const prev = items.get(itemId);
      const at = stamp();
      items.set(itemId, { item_id: itemId, product_type: body.product_type, quantity: body.quantity, checked: body.checked, meta: body.meta ?? null, created_at: prev?.created_at ?? at, updated_at: at });
    },
    async remove(itemId) {
      maybeFail('remove');
      items.delete(itemId);
    },
    async merge(mergeId, incoming) {
      maybeFail('merge');
      const seen = merges.get(mergeId);
      if (seen) return seen;
      const before = [...items.values()];
      const merged = mergeItems(before, incoming as ListItem[]);
      let added = 0;
      let updated = 0;
      for (const m of merged) {
        const prev = items.get(m.item_id);
        if (!prev) added += 1;
        else if (prev.quantity !== m.quantity) updated += 1;
        items.set(m.item_id, { ...m, created_at: m.created_at ?? stamp(), updated_at: stamp() });
      }
      const result = { mergeId, added, updated, nbHits: items.size };
      merges.set(mergeId, result);
      return result;
    },
    async setCart(_user, storeId, lines) {
      maybeFail('setCart');
      carts.set(storeId, lines.filter((l) => l.quantity > 0).map((l) => ({ ...l })));
    },
    async getCart(storeId): Promise<Cart> {
      maybeFail('getCart');
      return { storeId, items: carts.get(storeId) ?? [], updated_at: null };
    },
  };
  const api = Object.fromEntries(Object.entries(impl).map(([k, fn]) => [k, jest.fn(fn)])) as FakeServer['api'];
  return {
    api, items, merges, carts,
    failNext: (method, n = 1, permanent = false) => { failing.set(method, { left: n, permanent }); },
    failAlways: (method, permanent = false) => { failing.set(method, { left: Infinity, permanent }); },
    heal: () => failing.clear(),
  };
}

/** An in-memory cross-tab hub: each `channel()` is one tab; a post reaches the other tabs (next microtask). */
export function channelHub(): { channel(): ChangeChannel } {
  const tabs = new Set<Set<(key: string) => void>>();
  return {
    channel() {
      const mine = new Set<(key: string) => void>();
      tabs.add(mine);
      return {
        post: (key) => {
          for (const tab of tabs) if (tab !== mine) for (const l of tab) queueMicrotask(() => l(key));
        },
        listen: (fn) => { mine.add(fn); return () => { mine.delete(fn); }; },
        close: () => { tabs.delete(mine); },
      };
    },
  };
}

/** Waits (in act) until `check` passes or `timeoutMs` passes (then throws its last error). */
export async function eventually(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
    }
    await act(async () => { await new Promise((r) => setTimeout(r, 5)); });
  }
}

/** A product record like services/seed/data/products.json (prices in cents). */
export function record(article: string | number, over: Partial<ProductRecord> = {}): ProductRecord {
  return {
    objectID: String(article), articleNumber: String(article), title: `Product ${article}`, brand: 'Harbour Pantry',
    category: 'Pantry', size: '454 g', uom: 'EA', price: 739, storePrices: { '3299': 819 }, storeIds: ['3299'],
    regions: ['atlantic', 'ns'], pageSlug: `products/product-${article}`, ...over,
  };
}

/**
 * A `fetch` answering the search engine's multi-get (`POST …/1/indexes/*\/objects`) from `records`
 * (unknown ids → null), like services/search-engine. Other URLs answer 404.
 */
export function mockProductFetch(records: ProductRecord[]): jest.Mock {
  const byId = new Map(records.map((r) => [r.objectID, r]));
  return jest.fn(async (url: string, init?: RequestInit) => {
    if (!String(url).endsWith('/1/indexes/*/objects')) return { ok: false, status: 404, json: async () => ({ message: 'Not Found', status: 404 }) } as Response;
    const body = JSON.parse(String(init?.body ?? '{}')) as { requests: Array<{ objectID: string }> };
    return { ok: true, status: 200, json: async () => ({ results: body.requests.map((r) => byId.get(r.objectID) ?? null) }) } as Response;
  });
}

/** A list service on a fresh memory store (no other tabs), holding `items` as the browser list. */
export async function memoryService(bus: EventBus, items: ListItem[] = [], o: Partial<ListServiceOptions> = {}) {
  const map = new Map<string, string>();
  if (items.length) map.set('anon', JSON.stringify({ v: 1, items }));
  const service = createListService({
    bus, config: DEFAULT_RUNTIME_CONFIG, backend: memoryBackend(map), channel: silentChannel, api: fakeServer().api,
    uuid: sequentialUuids(), retry: { baseMs: 60000, maxMs: 60000 }, ...o,
  });
  await eventually(() => expect(service.getSnapshot().status).toBe('ready'));
  return service;
}

/** `n` product items 1..n (article numbers 10000001…), created in that order. */
export function manyProducts(n: number, over: (i: number) => Partial<ListItem> = () => ({})): ListItem[] {
  return Array.from({ length: n }, (_, i) => product(10000001 + i, { created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(), ...over(i) }));
}

// Recipe pages: recipe records and a search-engine fetch mock.

/** A recipe record with `ingredients` article numbers. */
export function recipe(n: number, ingredients: string[] = [], over: Partial<RecipeRecord> = {}): RecipeRecord {
  const id = `recipe-${String(n).padStart(3, '0')}`;
  return {
    objectID: id, title: `Recipe ${n}`, slug: `recipe-${n}`, servings: 4, totalTimeMinutes: 30, featuredImage: '/media/fish.svg',
    ingredients: ingredients.map((a) => ({ articleNumber: a, name: `ingredient ${a}` })), ...over,
  };
}

/**
 * A fetch mock of the search engine: multi-get of recipes and products (`/1/indexes/*\/objects`, by
 * indexName) and recipe search (`/1/indexes/recipes/query`, title contains the query).
 */
export function mockSearchFetch(recipes: RecipeRecord[], products: ProductRecord[] = []): jest.Mock {
  const byIndex: Record<string, Map<string, unknown>> = {
    recipes: new Map(recipes.map((r) => [r.objectID, r])),
    products: new Map(products.map((p) => [p.objectID, p])),
  };
  return jest.fn(async (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    if (String(url).endsWith('/1/indexes/*/objects')) {
      const results = (body.requests as Array<{ indexName: string; objectID: string }>).map((r) => byIndex[r.indexName]?.get(r.objectID) ?? null);
      return { ok: true, status: 200, json: async () => ({ results }) } as Response;
    }
    if (String(url).endsWith('/1/indexes/recipes/query')) {
      const q = String(body.query ?? '').toLowerCase();
      return { ok: true, status: 200, json: async () => ({ hits: recipes.filter((r) => r.title.toLowerCase().includes(q)) }) } as Response;
    }
    return { ok: false, status: 404, json: async () => ({}) } as Response;
  });
}
