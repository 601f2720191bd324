/**
 * Does a catalogue page exist, and what is its record? ("unknown slugs show the not-found page
 * with status 404"). The edge asks the services that own the data before it answers a remote-owned
 * page with 200:
 *
 *   /products/{slug}                         the products index has a hit with pageSlug 'products/{slug}'
 *   /recipes/{slug}                          the recipes index has a hit with pageSlug 'recipes/{slug}'
 *   /products/category/{c}[/{s}]             the header menu (BFF `GET /api/content/menu`, spec §3 Menu
 *                                            item) links to that path (every department and aisle is there)
 *
 * A product or recipe page's search hit is its **record**: its top-level text and number fields (e.g.
 * `title`, `size`, `brand`, `featuredImage`), which the first view of the page is filled from
 * (./startup-hints.mjs; a product page's picture and title paint with the HTML).
 *
 * Every other path: exists (the remote renders its own empty state). When a service does not answer
 * (down, timeout 1500 ms, an error) the answer is "exists": the page loads and says what is
 * unavailable — a 404 must never be the way an outage shows (any one part down leaves the rest).
 * Answers are cached for 60 s (max 2,000 paths) so a busy page costs one lookup a minute.
 */

import { createSharedCache } from './shared-cache.mjs';

/** Routes of other remotes under /recipes that are not recipe slugs (tooling/registry/remotes.json). */
const RECIPE_PLAN_PATHS = new Set(['my-recipe-lists', 'meal-plan']);
const TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;
const TIMEOUT_MS = 1_500;

/**
 * What the edge knows of a page before serving it.
 * @typedef {{ exists: boolean, record: Record<string, string | number> | null }} PageLookup
 *   `exists` false only when the owning service says the page does not exist; `record` the page's
 *   search hit (text and number fields only), or null (not a record page, or the service did not answer)
 */

/** The top-level text and number fields of a hit (nothing nested: prices by store, nutrition, steps). */
function scalarFields(hit) {
  const out = {};
  for (const [key, value] of Object.entries(hit || {})) {
    if ((typeof value === 'string' && value.length <= 2_000) || (typeof value === 'number' && Number.isFinite(value))) out[key] = value;
  }
  return out;
}

/**
 * Builds the lookup.
 * @param {{ search?: { appId: string, apiKey: string, hosts: Array<{ url: string, protocol?: string }>, indices: { products: string, recipes: string } } }} config the RuntimeConfig the edge serves
 * @param {string} bffUrl the BFF's origin (as the edge proxies `/api/*` to it)
 * @param {{ fetchImpl?: typeof fetch, now?: () => number, redis?: import('ioredis').Redis | null }} [o] `redis`: the
 *   answers are shared by every edge replica (./shared-cache.mjs); null: this process's memory
 * @returns {(urlPath: string) => Promise<PageLookup>} never rejects
 */
export function createPageLookup(config, bffUrl, { fetchImpl = fetch, now = Date.now, redis = null } = {}) {
  const cache = createSharedCache({ redis, prefix: 'page', maxEntries: MAX_ENTRIES, now });
  const search = config?.search;
  const host = search?.hosts?.[0];
  const searchBase = host ? `${host.protocol || 'http'}://${host.url}` : null;

  const timed = (url, init) => fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

  /** The page's record from the search engine, false when it has none, or null when it did not answer. */
  async function hitFor(index, pageSlug) {
    if (!searchBase || !index) return null;
    try {
      const res = await timed(`${searchBase}/1/indexes/${encodeURIComponent(index)}/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-algolia-application-id': search.appId, 'x-algolia-api-key': search.apiKey },
        body: JSON.stringify({ query: '', filters: `pageSlug:${JSON.stringify(pageSlug)}`, hitsPerPage: 1, attributesToHighlight: [], analytics: false }),
      });
      if (!res.ok) return null;
      const body = await res.json();
      if (typeof body.nbHits !== 'number') return null;
      return body.nbHits > 0 && Array.isArray(body.hits) && body.hits[0] ? scalarFields(body.hits[0]) : false;
    } catch {
      return null;
    }
  }

  /** The set of paths the header menu links to, or null when the BFF did not answer. */
  async function menuLinks() {
    try {
      const res = await timed(`${bffUrl.replace(/\/+$/, '')}/api/content/menu`, { headers: { accept: 'application/json' } });
      if (!res.ok) return null;
      const links = new Set();
      const walk = (items) => {
        for (const item of Array.isArray(items) ? items : []) {
          if (item && typeof item.link === 'string') links.add(item.link.split('?')[0].replace(/\/+$/, ''));
          if (item && item.dropdown) walk(item.dropdown);
          if (item && item.sameLevelList) walk(item.sameLevelList);
        }
      };
      // the BFF answers its envelope `{ status, code, message, data: <the content document> }` (spec §7)
      const body = await res.json();
      walk((body && body.data ? body.data : body).items);
      return links;
    } catch {
      return null;
    }
  }

  /** @returns {Promise<PageLookup | null>} null when the owner did not answer */
  async function lookup(urlPath) {
    let segs;
    try {
      segs = urlPath.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
    } catch {
      return { exists: true, record: null }; // not percent-encoded UTF-8: the page route decides
    }
    const recordPage = (hit) => (hit === null ? null : { exists: hit !== false, record: hit || null });
    if (segs[0] === 'products' && segs.length === 2 && segs[1] !== 'category') return recordPage(await hitFor(search?.indices?.products, `products/${segs[1]}`));
    if (segs[0] === 'recipes' && segs.length === 2 && !RECIPE_PLAN_PATHS.has(segs[1])) return recordPage(await hitFor(search?.indices?.recipes, `recipes/${segs[1]}`));
    if (segs[0] === 'products' && segs[1] === 'category' && (segs.length === 3 || segs.length === 4)) {
      const links = await menuLinks();
      return links ? { exists: links.has(`/${segs.map(encodeURIComponent).join('/')}`), record: null } : null;
    }
    return { exists: true, record: null };
  }

  return async function pageLookup(urlPath) {
    const key = urlPath.replace(/\/+$/, '') || '/';
    const hit = await cache.get(key);
    if (hit) return hit;
    const answer = await lookup(key);
    if (answer === null) return { exists: true, record: null }; // the owner did not answer: let the page load and say so
    await cache.set(key, answer, TTL_MS);
    return answer;
  };
}
