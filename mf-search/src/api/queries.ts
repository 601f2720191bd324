/**
 * The combined multi-index query of spec §7 ("Combined query for products, recipes and suggestions,
 * filtered by store and banner") and the parsing of its response.
 */
import type { RuntimeConfig, Store } from 'shared-events';
import type { HitsPage, IndexRequest, ProductHit, RecipeHit, SearchClient, SuggestionHit } from './types';

/** Banner used when the store names none (or there is no store yet). */
export const DEFAULT_BANNER = 'standard';

/** Store number and banner code the product and recipe filters use. */
export interface SearchScope {
  /** Preferred store number, e.g. '3299'; null = no store yet (products filtered by banner only). */
  storeNumber: string | null;
  /** 'standard' | 'coop' */
  bannerCode: string;
}

/**
 * The scope from the page's preferred store, `bus.state.store` (owned by mf-store-selector, see the
 * shared-events README "State ownership"). The session is not read: `session.product.storeId` is the
 * account record, which mf-store-selector reconciles into `bus.state.store` on sign-in.
 */
export function scopeFrom(store: Store | null): SearchScope {
  return {
    storeNumber: store?.storeNumber ?? null,
    bannerCode: store?.bannerCode ?? DEFAULT_BANNER,
  };
}

const quote = (v: string) => `"${v.replace(/["\\]/g, '')}"`;

/** `storeIds:"<storeNumber>" AND banners:"<bannerCode>"` (banner only when no store). */
export function productFilters(scope: SearchScope): string {
  const banner = `banners:${quote(scope.bannerCode)}`;
  return scope.storeNumber ? `storeIds:${quote(scope.storeNumber)} AND ${banner}` : banner;
}

/**
 * The results page's products filter (spec §5 availability against the store and its region): the
 * banner, and sold at the store OR in one of the store's regions:
 * `banners:"standard" AND (storeIds:"3299" OR regions:"atlantic" OR regions:"ns")`.
 * Without a store it is the banner only.
 */
export function productRegionFilters(scope: SearchScope, regions: readonly string[]): string {
  const banner = `banners:${quote(scope.bannerCode)}`;
  if (!scope.storeNumber) return banner;
  const any = [`storeIds:${quote(scope.storeNumber)}`, ...regions.map((r) => `regions:${quote(r)}`)];
  return `${banner} AND (${any.join(' OR ')})`;
}

/** `banners:"<bannerCode>"` */
export function recipeFilters(scope: SearchScope): string {
  return `banners:${quote(scope.bannerCode)}`;
}

/** What to ask for: hits per page (0 = skip that index) and 0-based pages. */
export interface CombinedQuery {
  /** Text for the engine (already sanitised, see `toSearchText`). */
  text: string;
  scope: SearchScope;
  products: { hitsPerPage: number; page?: number };
  recipes: { hitsPerPage: number; page?: number };
  /** Query suggestions to fetch; 0 or absent = none. */
  suggestions?: number;
  /** false = not counted in the engine's analytics (default: counted). */
  analytics?: boolean;
  /** The shopper's insights/analytics token. */
  userToken?: string;
  /** Products filter to use instead of {@link productFilters} (e.g. the results page's region filter). */
  productFilter?: string;
  /** Products sorted by the engine's `sort` (e.g. `asc(unitPrices.3299)`); absent = relevance. */
  productSort?: string;
}

/** Parsed combined response. `suggestions` is empty when none were requested. */
export interface CombinedResults {
  products: HitsPage<ProductHit>;
  recipes: HitsPage<RecipeHit>;
  suggestions: SuggestionHit[];
}

const EMPTY_PAGE = { hits: [], nbHits: 0, nbPages: 0, page: 0 };

function toPage<T>(raw: unknown, isHit: (h: unknown) => h is T): HitsPage<T> {
  if (typeof raw !== 'object' || raw === null) return { ...EMPTY_PAGE, hits: [] };
  const r = raw as { hits?: unknown; nbHits?: unknown; nbPages?: unknown; page?: unknown; hitsPerPage?: unknown; queryID?: unknown; userData?: unknown };
  const hits = Array.isArray(r.hits) ? r.hits.filter(isHit) : [];
  const page = typeof r.page === 'number' ? r.page : 0;
  const perPage = typeof r.hitsPerPage === 'number' ? r.hitsPerPage : hits.length;
  const queryID = typeof r.queryID === 'string' ? r.queryID : undefined;
  return {
    hits: hits.map((h, i) => ({ ...h, queryID, position: page * perPage + i + 1 })),
    nbHits: typeof r.nbHits === 'number' ? r.nbHits : hits.length,
    nbPages: typeof r.nbPages === 'number' ? r.nbPages : hits.length > 0 ? 1 : 0,
    page,
    queryID,
    ...(Array.isArray(r.userData) ? { userData: r.userData } : {}),
  };
}

const hasTitle = (h: unknown): h is { objectID: string; title: string } =>
  typeof h === 'object' && h !== null && typeof (h as { objectID?: unknown }).objectID === 'string'
  && typeof (h as { title?: unknown }).title === 'string';
const isSuggestion = (h: unknown): h is SuggestionHit =>
  typeof h === 'object' && h !== null && typeof (h as { query?: unknown }).query === 'string';

/** The `requests` of one combined query, in order products, recipes, suggestions (those asked for). */
export function buildRequests(indices: RuntimeConfig['search']['indices'], q: CombinedQuery): IndexRequest[] {
  const requests: IndexRequest[] = [];
  const common: Partial<IndexRequest> = {
    ...(q.analytics === false ? { analytics: false } : {}),
    ...(q.userToken ? { userToken: q.userToken } : {}),
  };
  if (q.products.hitsPerPage > 0) {
    requests.push({
      indexName: indices.products, query: q.text, filters: q.productFilter ?? productFilters(q.scope),
      hitsPerPage: q.products.hitsPerPage, page: q.products.page ?? 0, clickAnalytics: true, ...common,
      ...(q.productSort ? { sort: q.productSort } : {}),
    });
  }
  if (q.recipes.hitsPerPage > 0) {
    requests.push({
      indexName: indices.recipes, query: q.text, filters: recipeFilters(q.scope),
      hitsPerPage: q.recipes.hitsPerPage, page: q.recipes.page ?? 0, clickAnalytics: true, ...common,
    });
  }
  if (q.suggestions) {
    // Suggestions never count as searches in the analytics (products and recipes do).
    requests.push({ indexName: indices.suggestions, query: q.text, hitsPerPage: q.suggestions, analytics: false });
  }
  return requests;
}

/**
 * Runs the combined query as ONE multi-index request (`client.search({ requests })`).
 * @throws whatever the client throws (network, API errors) — callers show their error state.
 */
export async function searchCombined(
  client: SearchClient,
  indices: RuntimeConfig['search']['indices'],
  q: CombinedQuery,
): Promise<CombinedResults> {
  const requests = buildRequests(indices, q);
  const { results } = await client.search({ requests });
  let i = 0;
  const products = q.products.hitsPerPage > 0 ? toPage(results[i++], hasTitle) : { ...EMPTY_PAGE, hits: [] };
  const recipes = q.recipes.hitsPerPage > 0 ? toPage(results[i++], hasTitle) : { ...EMPTY_PAGE, hits: [] };
  const suggestions = q.suggestions ? toPage(results[i++], isSuggestion).hits : [];
  return { products: products as HitsPage<ProductHit>, recipes: recipes as HitsPage<RecipeHit>, suggestions };
}

const CAD = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

/** Formats integer cents as CAD, e.g. 499 → '$4.99'. */
export function formatCents(cents: number): string {
  return CAD.format(cents / 100);
}

/**
 * The record attribute holding the unit price of the price a shopper of the scope's store sees
 * (`unitPrices.<store>`, else the base `unitPrice`; cents per 100 g / 100 mL / item). The seed
 * computes both when it indexes (services/seed `unitPriceFields`, with the kit's `unitPrice`).
 */
export function unitPriceAttribute(scope: SearchScope): string {
  return scope.storeNumber && /^\d{1,6}$/.test(scope.storeNumber) ? `unitPrices.${scope.storeNumber}` : 'unitPrice';
}

/** The product's price in cents for the store: `storePrices[storeNumber]`, else `price`, else null. */
export function priceFor(hit: ProductHit, storeNumber: string | null): number | null {
  const storePrice = storeNumber ? hit.storePrices?.[storeNumber] : undefined;
  if (typeof storePrice === 'number') return storePrice;
  return typeof hit.price === 'number' ? hit.price : null;
}
