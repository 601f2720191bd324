/**
 * The home page's real content, loaded after the first paint with plain `fetch` (no client
 * library, nothing added to the first-load JavaScript): popular searches from the search engine's
 * analytics (`GET /2/searches`, spec §3 Popular search, as mf-search's dropdown reads them) and this
 * week's flyer highlights from the flyer provider's publications API (services/flyer-provider/README.md).
 * Every function rejects on a network error, a non-2xx answer or a malformed body; the page shows a
 * short note then.
 */
import type { RuntimeConfig } from 'shared-events';

/** One popular search with results (spec §3 Popular search `{ search, count, nbHits }`). */
export interface PopularSearch {
  search: string;
  count: number;
  nbHits: number;
}

/** One flyer item shown on the home page (a subset of the provider's `FlyerItem`). */
export interface FlyerHighlight {
  id: string;
  name: string;
  priceText: string;
  saleStory: string;
}

/** This week's flyer of a store: its title, dates and a few items. */
export interface FlyerTeaser {
  title: string;
  validFrom: string;
  validTo: string;
  items: FlyerHighlight[];
}

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return res.json();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The products index's most searched queries that have results (the engine's default period), best
 * first, at most `limit`. The engine takes the application id and search-only key as query parameters
 * (Algolia's URL auth), so the request is a simple GET with no preflight.
 */
export async function fetchPopularSearches(search: RuntimeConfig['search'], limit = 8, signal?: AbortSignal): Promise<PopularSearch[]> {
  const host = search.hosts[0];
  if (!host) throw new Error('config.search has no host');
  const params = new URLSearchParams({
    index: search.indices.products,
    limit: String(Math.min(1000, limit * 2)),
    'x-algolia-application-id': search.appId,
    'x-algolia-api-key': search.apiKey,
  });
  const body = await getJson(`${host.protocol}://${host.url}/2/searches?${params.toString()}`, signal);
  if (!isObject(body) || !Array.isArray(body.searches)) throw new Error('GET /2/searches: no searches array');
  return body.searches
    .filter((r): r is Record<string, unknown> => isObject(r) && typeof r.search === 'string' && r.search.trim() !== '')
    .map((r) => ({ search: str(r.search).trim(), count: Number(r.count) || 0, nbHits: Number(r.nbHits) || 0 }))
    .filter((r) => r.nbHits > 0)
    .slice(0, limit);
}

/**
 * This week's flyer of store `storeCode` (4 digits, spec §5): the provider's current publication
 * (`GET /api/publications?merchant=&storeCode=`, the current one first) and its first `limit` items.
 * Resolves to null when the provider has no publication for the store.
 */
export async function fetchFlyerTeaser(flyer: NonNullable<RuntimeConfig['flyer']>, storeCode: string, limit = 4, signal?: AbortSignal): Promise<FlyerTeaser | null> {
  const origin = flyer.origin.replace(/\/+$/, '');
  const query = new URLSearchParams({ merchant: flyer.merchant, storeCode: storeCode.padStart(4, '0') });
  const list = await getJson(`${origin}/api/publications?${query.toString()}`, signal);
  const current = isObject(list) && Array.isArray(list.publications) ? list.publications.find(isObject) : undefined;
  if (!current || typeof current.id !== 'string') return null;
  const publication = await getJson(`${origin}/api/publications/${encodeURIComponent(current.id)}`, signal);
  if (!isObject(publication)) throw new Error('GET /api/publications/:id: not an object');
  const pages = Array.isArray(publication.pages) ? publication.pages.filter(isObject) : [];
  const items = pages
    .flatMap((p) => (Array.isArray(p.items) ? p.items.filter(isObject) : []))
    .filter((i) => typeof i.id === 'string' && typeof i.name === 'string')
    .slice(0, limit)
    .map((i): FlyerHighlight => ({ id: str(i.id), name: str(i.name), priceText: str(i.priceText), saleStory: str(i.saleStory) }));
  return { title: str(publication.title) || str(current.title), validFrom: str(publication.validFrom), validTo: str(publication.validTo), items };
}

/**
 * Runs `task` once the browser is idle after the first paint (`requestIdleCallback`, at most 2 s
 * away; a timer where it is missing), so the home page's extra requests never compete with it.
 * @returns a cancel function
 */
export function whenIdle(task: () => void): () => void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(task, { timeout: 2000 });
    return () => w.cancelIdleCallback!(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}
