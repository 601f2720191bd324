/**
 * The catalogue pages' state and its URL: `/products` and
 * `/products/category/{category}[/{subcategory}]` with the listing's facets, sort and page in the
 * query string, so a link, a reload or the back button restores the same list.
 *
 * URL (defaults left out, values in a fixed order so one state has one URL):
 * `?brand=Harbour%20Pantry&brand=Co-op%20Gold&dietary=vegan&price=5-10&flyer=1&sort=price-asc&page=2`
 * — `brand` and `price` repeat (OR within the facet), `dietary` repeats (AND: every label), `flyer=1`
 * = on a flyer this week, `sort` one of {@link SORTS}, `page` 1-based (absent = 1).
 */
import { slugify } from '@storefront/remote-kit/slug';

/** The seed's slug rule (kit `slug`): 'Dairy & Eggs' → 'dairy-eggs'; used to link the /products tree. */
export { slugify };

/** Sort orders of a listing: relevance (the index's ranking: popularity), the shelf price or the unit price. */
export const SORTS = ['relevance', 'price-asc', 'price-desc', 'unit-price-asc'] as const;
export type CatalogueSort = (typeof SORTS)[number];
/** Visible names of the sort orders. */
export const SORT_LABELS: Record<CatalogueSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'unit-price-asc': 'Unit price: low to high',
};

/** Dietary labels the seed writes (services/seed `dietaryFor`), in the order the facet shows them. */
export const DIETARY = ['vegan', 'vegetarian', 'gluten-free', 'dairy-free'] as const;
export type DietaryLabel = (typeof DIETARY)[number];
export const DIETARY_LABELS: Record<DietaryLabel, string> = {
  vegan: 'Vegan',
  vegetarian: 'Vegetarian',
  'gluten-free': 'Gluten-free',
  'dairy-free': 'Dairy-free',
};

/** A price band of the 'Price' facet; cents, `min` inclusive, `max` inclusive (null = no upper bound). */
export interface PriceBand {
  id: string;
  label: string;
  min: number;
  max: number | null;
}

/** The price bands (store price in cents). */
export const PRICE_BANDS: readonly PriceBand[] = [
  { id: 'under-5', label: 'Under $5', min: 0, max: 499 },
  { id: '5-10', label: '$5 to $10', min: 500, max: 999 },
  { id: '10-20', label: '$10 to $20', min: 1000, max: 1999 },
  { id: '20-plus', label: '$20 and up', min: 2000, max: null },
];

/** Products per listing page. */
export const LISTING_PAGE_SIZE = 24;
/** Largest page number accepted from a URL (the engine pages at most 1000 hits: 42 pages of 24). */
export const MAX_PAGE = 42;
/** Longest brand value accepted from a URL (characters); at most {@link MAX_BRANDS} brands. */
export const MAX_BRAND_LENGTH = 60;
export const MAX_BRANDS = 10;

/** Facet, sort and page state of a category listing. */
export interface ListingState {
  /** Selected brands (OR). */
  brands: string[];
  /** Selected dietary labels (AND). */
  dietary: DietaryLabel[];
  /** Selected price band ids (OR). */
  price: string[];
  /** Only products on a flyer this week. */
  onFlyer: boolean;
  sort: CatalogueSort;
  /** 0-based page. */
  page: number;
}

export const EMPTY_LISTING: ListingState = { brands: [], dietary: [], price: [], onFlyer: false, sort: 'relevance', page: 0 };

/** What a catalogue path shows: the products index, a department, a category, or not a catalogue path. */
export type CataloguePath =
  | { kind: 'index' }
  | { kind: 'category'; category: string; subcategory: string | null };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads a catalogue path: `/products` → index; `/products/category/bakery[/bread-rolls]` → category
 * (slugs lower-case `a-z0-9-`); anything else (bad slug, extra segments) → null, which the page shows
 * as not found. A trailing slash is ignored.
 */
export function parseCataloguePath(pathname: string): CataloguePath | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/products') return { kind: 'index' };
  const m = /^\/products\/category\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (!m) return null;
  let category: string;
  let sub: string | null;
  try {
    category = decodeURIComponent(m[1] as string);
    sub = m[2] === undefined ? null : decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  if (!SLUG.test(category) || (sub !== null && !SLUG.test(sub))) return null;
  return { kind: 'category', category, subcategory: sub };
}


/** `/products/category/<category>[/<subcategory>]` */
export function categoryUrl(category: string, subcategory?: string | null): string {
  return `/products/category/${category}${subcategory ? `/${subcategory}` : ''}`;
}

/**
 * Parses the listing state from a query string. Unknown values are dropped (a hand-edited URL never
 * breaks the page): unknown dietary labels, price bands and sorts, brands over
 * {@link MAX_BRAND_LENGTH} characters or past {@link MAX_BRANDS}, pages that are not whole numbers
 * 1..{@link MAX_PAGE}. Duplicates are removed.
 */
export function parseListingSearch(search: string | URLSearchParams): ListingState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const uniq = <T,>(xs: T[]) => [...new Set(xs)];
  const brands = uniq(params.getAll('brand').map((b) => b.trim()).filter((b) => b.length > 0 && b.length <= MAX_BRAND_LENGTH)).slice(0, MAX_BRANDS);
  const dietary = DIETARY.filter((d) => params.getAll('dietary').includes(d));
  const price = PRICE_BANDS.map((b) => b.id).filter((id) => params.getAll('price').includes(id));
  const sortRaw = params.get('sort');
  const sort = (SORTS as readonly string[]).includes(sortRaw ?? '') ? (sortRaw as CatalogueSort) : 'relevance';
  const pageRaw = params.get('page');
  const pageNum = pageRaw !== null && /^\d{1,3}$/.test(pageRaw) ? Number(pageRaw) : 1;
  const page = pageNum >= 1 && pageNum <= MAX_PAGE ? pageNum - 1 : 0;
  return { brands, dietary, price, onFlyer: params.get('flyer') === '1', sort, page };
}

/** The query string of a listing state ('' for the defaults), in a fixed order; brands sorted. */
export function listingSearch(state: ListingState): string {
  const params = new URLSearchParams();
  for (const b of [...state.brands].sort()) params.append('brand', b);
  for (const d of DIETARY) if (state.dietary.includes(d)) params.append('dietary', d);
  for (const band of PRICE_BANDS) if (state.price.includes(band.id)) params.append('price', band.id);
  if (state.onFlyer) params.set('flyer', '1');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 0) params.set('page', String(state.page + 1));
  const s = params.toString().replace(/\+/g, '%20');
  return s ? `?${s}` : '';
}

/** Toggles one value in a list (facet checkbox). */
export function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/**
 * The state after a facet or sort change: the page goes back to the first (the old page may not exist
 * in the new list).
 */
export function refine(state: ListingState, patch: Partial<Omit<ListingState, 'page'>>): ListingState {
  return { ...state, ...patch, page: 0 };
}

/** True when any facet is selected (the 'Clear all filters' button and the empty-state text). */
export function hasRefinements(state: ListingState): boolean {
  return refinementCount(state) > 0;
}

/** Number of active refinements ('Filters (N)'): each brand, dietary label and price band, and on flyer. */
export function refinementCount(state: ListingState): number {
  return state.brands.length + state.dietary.length + state.price.length + (state.onFlyer ? 1 : 0);
}

/** The listing state without refinements ('Clear all'): sort kept, first page. */
export function clearRefinements(state: ListingState): ListingState {
  return { ...state, brands: [], dietary: [], price: [], onFlyer: false, page: 0 };
}
