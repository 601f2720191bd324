/**
 * The catalogue pages' queries: every count on the page comes from the search engine as
 * one multi-index query (`client.search({ requests })`), Algolia InstantSearch style:
 *
 * - the listing: the page of hits with the conjunctive facet counts (`dietary`, `onFlyer`);
 * - disjunctive counts for `brand` (the same query without the brand refinement, `hitsPerPage: 0`),
 *   so the other brands keep their counts while one is selected;
 * - one `hitsPerPage: 0` query per price band (the listing without the price refinement, with that
 *   band): its `nbHits` is the band's count;
 * - the category itself, unscoped (its name, and whether it exists: 0 hits = not found);
 * - the category at the store, unrefined (the sub-category links and their counts).
 *
 * Prices are the preferred store's (`storePrices.<storeNumber>`, cents), else the base `price`;
 * sorting by price or unit price uses the engine's `sort` extension (`asc(storePrices.3299)`,
 * `asc(unitPrices.3299)`; on Algolia a replica, services/search-engine README "sort").
 */
import type { IndexRequest, ProductHit, SearchClient } from './types';
import { productFilters, unitPriceAttribute, type SearchScope } from './queries';
import {
  DIETARY, LISTING_PAGE_SIZE, PRICE_BANDS, slugify, type CataloguePath, type DietaryLabel, type ListingState, type PriceBand,
} from '../state/catalogue';

/** Number of featured products on `/products`. */
export const FEATURED_COUNT = 8;

const quote = (v: string) => `"${v.replace(/["\\]/g, '')}"`;

/** The attribute holding the shelf price at the scope's store (cents). */
export function priceAttribute(scope: SearchScope): string {
  return scope.storeNumber && /^\d{1,6}$/.test(scope.storeNumber) ? `storePrices.${scope.storeNumber}` : 'price';
}

/** `attr:500 TO 999` for a band (`attr >= 2000` without an upper bound). */
function bandClause(attr: string, band: PriceBand): string {
  return band.max === null ? `${attr} >= ${band.min}` : `${attr}:${band.min} TO ${band.max}`;
}

/** `(attr:0 TO 499 OR attr:500 TO 999)` for the selected bands, or null for none. */
export function priceClause(attr: string, bandIds: readonly string[]): string | null {
  const bands = PRICE_BANDS.filter((b) => bandIds.includes(b.id));
  if (bands.length === 0) return null;
  return `(${bands.map((b) => bandClause(attr, b)).join(' OR ')})`;
}

/** `categorySlug:"bakery"[ AND subcategorySlug:"bread-rolls"]` */
export function categoryFilter(path: Extract<CataloguePath, { kind: 'category' }>): string {
  const cat = `categorySlug:${quote(path.category)}`;
  return path.subcategory ? `${cat} AND subcategorySlug:${quote(path.subcategory)}` : cat;
}

type FacetFilters = Array<string | string[]>;

/** facetFilters of the refinements: brands ORed, every dietary label, on flyer; `omit` leaves one out. */
function facetFiltersOf(state: ListingState, omit?: 'brand'): FacetFilters {
  const out: FacetFilters = [];
  if (omit !== 'brand' && state.brands.length > 0) out.push(state.brands.map((b) => `brand:${b}`));
  for (const d of state.dietary) out.push(`dietary:${d}`);
  if (state.onFlyer) out.push('onFlyer:true');
  return out;
}

const and = (...parts: Array<string | null>) => parts.filter(Boolean).join(' AND ');

/** A catalogue request: an IndexRequest plus the facet parameters (and the engine's `sort`). */
export interface CatalogueRequest extends IndexRequest {
  facetFilters?: FacetFilters;
  facets?: string[];
  maxValuesPerFacet?: number;
  sort?: string;
}

/**
 * The requests of a category listing, in the order {@link parseListing} reads them: listing, brand
 * (disjunctive), one per price band, category (unscoped), category at the store.
 */
export function listingRequests(indexName: string, path: Extract<CataloguePath, { kind: 'category' }>, state: ListingState, scope: SearchScope): CatalogueRequest[] {
  const cat = categoryFilter(path);
  const scoped = and(cat, productFilters(scope));
  const attr = priceAttribute(scope);
  const price = priceClause(attr, state.price);
  const common = { indexName, query: '', analytics: false } as const;
  const listing: CatalogueRequest = {
    ...common,
    filters: and(scoped, price),
    facetFilters: facetFiltersOf(state),
    facets: ['brand', 'dietary', 'onFlyer'],
    hitsPerPage: LISTING_PAGE_SIZE,
    page: state.page,
  };
  if (state.sort === 'unit-price-asc') listing.sort = `asc(${unitPriceAttribute(scope)})`;
  else if (state.sort !== 'relevance') listing.sort = `${state.sort === 'price-asc' ? 'asc' : 'desc'}(${attr})`;
  return [
    listing,
    { ...common, filters: and(scoped, price), facetFilters: facetFiltersOf(state, 'brand'), facets: ['brand'], hitsPerPage: 0 },
    ...PRICE_BANDS.map((band): CatalogueRequest => ({ ...common, filters: and(scoped, bandClause(attr, band)), facetFilters: facetFiltersOf(state), hitsPerPage: 0 })),
    { ...common, filters: cat, facets: ['category', 'subcategory'], hitsPerPage: 0 },
    { ...common, filters: scoped, facets: ['hierarchicalCategories.lvl1'], maxValuesPerFacet: 100, hitsPerPage: 0 },
  ];
}

/** One facet value and its count (number of products). */
export interface FacetCount {
  value: string;
  count: number;
}

/** A category listing as the page shows it. */
export interface CategoryListing {
  /** False when no product of the catalogue has these slugs (the page shows 'Page not found'). */
  found: boolean;
  /** e.g. 'Bakery' (null when not found). */
  categoryName: string | null;
  /** e.g. 'Bread & Rolls'; null on a department page. */
  subcategoryName: string | null;
  hits: ProductHit[];
  /** Products matching the refinements at the store. */
  nbHits: number;
  nbPages: number;
  /** 0-based. */
  page: number;
  /** Brands with their counts (disjunctive: other brands keep their counts while one is selected). */
  brands: FacetCount[];
  /** Count per dietary label (conjunctive: within the current refinements). */
  dietary: Record<DietaryLabel, number>;
  /** Products on a flyer within the current refinements. */
  onFlyer: number;
  /** Count per price band id, within the other refinements. */
  priceBands: Record<string, number>;
  /** A department's categories at the store: name, slug and count. */
  subcategories: Array<FacetCount & { slug: string }>;
}

interface RawResult {
  hits?: unknown;
  nbHits?: unknown;
  nbPages?: unknown;
  page?: unknown;
  facets?: Record<string, Record<string, number>>;
}

const isProduct = (h: unknown): h is ProductHit =>
  typeof h === 'object' && h !== null && typeof (h as { objectID?: unknown }).objectID === 'string' && typeof (h as { title?: unknown }).title === 'string';
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const facetOf = (r: RawResult | undefined, attr: string): Record<string, number> => r?.facets?.[attr] ?? {};
const firstKey = (o: Record<string, number>) => Object.keys(o)[0] ?? null;

/**
 * Reads the answers of {@link listingRequests}. Facet values with a count of 0 are kept when selected
 * (a selected brand shows '(0)', never disappears).
 */
export function parseListing(results: ReadonlyArray<unknown>, path: Extract<CataloguePath, { kind: 'category' }>, state: ListingState): CategoryListing {
  const r = results as ReadonlyArray<RawResult | undefined>;
  const [listing, brandQ] = r;
  const bandResults = r.slice(2, 2 + PRICE_BANDS.length);
  const category = r[2 + PRICE_BANDS.length];
  const atStore = r[3 + PRICE_BANDS.length];
  const found = num(category?.nbHits) > 0;
  const brandCounts = facetOf(state.brands.length > 0 ? brandQ : listing, 'brand');
  const brands: FacetCount[] = Object.entries(brandCounts).map(([value, count]) => ({ value, count }));
  for (const b of state.brands) if (!brands.some((x) => x.value === b)) brands.push({ value: b, count: 0 });
  brands.sort((a, b) => a.value.localeCompare(b.value));
  const dietaryFacet = facetOf(listing, 'dietary');
  const dietary = Object.fromEntries(DIETARY.map((d) => [d, dietaryFacet[d] ?? 0])) as Record<DietaryLabel, number>;
  const priceBands = Object.fromEntries(PRICE_BANDS.map((b, i) => [b.id, num(bandResults[i]?.nbHits)]));
  const categoryName = found ? firstKey(facetOf(category, 'category')) : null;
  const subcategoryName = found && path.subcategory ? firstKey(facetOf(category, 'subcategory')) : null;
  const subcategories = Object.entries(facetOf(atStore, 'hierarchicalCategories.lvl1'))
    .map(([value, count]) => {
      const name = value.split(' > ')[1] ?? value;
      return { value: name, count, slug: slugify(name) };
    })
    .sort((a, b) => a.value.localeCompare(b.value));
  return {
    found,
    categoryName,
    subcategoryName,
    hits: Array.isArray(listing?.hits) ? listing.hits.filter(isProduct) : [],
    nbHits: num(listing?.nbHits),
    nbPages: num(listing?.nbPages),
    page: num(listing?.page),
    brands,
    dietary,
    onFlyer: facetOf(listing, 'onFlyer').true ?? 0,
    priceBands,
    subcategories,
  };
}

/** Runs a category listing's requests as one multi-index query. Throws what the client throws. */
export async function fetchListing(client: SearchClient, indexName: string, path: Extract<CataloguePath, { kind: 'category' }>, state: ListingState, scope: SearchScope): Promise<CategoryListing> {
  const { results } = await client.search({ requests: listingRequests(indexName, path, state, scope) });
  return parseListing(results, path, state);
}

/** A department of `/products` with its categories, counted at the store. */
export interface Department {
  name: string;
  slug: string;
  count: number;
  categories: Array<{ name: string; slug: string; count: number }>;
}

/** What `/products` shows: departments (with categories) and featured products at the store. */
export interface ProductsOverview {
  departments: Department[];
  featured: ProductHit[];
}

/**
 * The requests of `/products`: the hierarchical category counts at the store (`hitsPerPage: 0`) and
 * the featured products (this week's flyer products at the store, most popular first).
 */
export function overviewRequests(indexName: string, scope: SearchScope): CatalogueRequest[] {
  const scoped = productFilters(scope);
  return [
    { indexName, query: '', analytics: false, filters: scoped, facets: ['hierarchicalCategories.lvl0', 'hierarchicalCategories.lvl1'], maxValuesPerFacet: 200, hitsPerPage: 0 },
    { indexName, query: '', analytics: false, filters: `${scoped} AND onFlyer:true`, hitsPerPage: FEATURED_COUNT },
  ];
}

/** Reads the answers of {@link overviewRequests}: departments and categories by name, with counts. */
export function parseOverview(results: ReadonlyArray<unknown>): ProductsOverview {
  const [tree, featured] = results as ReadonlyArray<RawResult | undefined>;
  const lvl0 = facetOf(tree, 'hierarchicalCategories.lvl0');
  const lvl1 = facetOf(tree, 'hierarchicalCategories.lvl1');
  const departments: Department[] = Object.entries(lvl0)
    .map(([name, count]) => ({
      name,
      slug: slugify(name),
      count,
      categories: Object.entries(lvl1)
        .filter(([path]) => path.startsWith(`${name} > `))
        .map(([path, c]) => {
          const sub = path.slice(name.length + 3);
          return { name: sub, slug: slugify(sub), count: c };
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { departments, featured: Array.isArray(featured?.hits) ? featured.hits.filter(isProduct) : [] };
}

/** Runs `/products`' requests as one multi-index query. Throws what the client throws. */
export async function fetchOverview(client: SearchClient, indexName: string, scope: SearchScope): Promise<ProductsOverview> {
  const { results } = await client.search({ requests: overviewRequests(indexName, scope) });
  return parseOverview(results);
}
