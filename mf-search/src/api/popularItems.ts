/**
 * Popular items per store (spec §7 "popular items per store (cached per store)", §9 carousel slides):
 * an empty-query combined search by store and banner, not counted in the engine's analytics.
 */
import type { RuntimeConfig } from 'shared-events';
import { productFilters, searchCombined, type SearchScope } from './queries';
import type { ProductHit, RecipeHit, SearchClient } from './types';

/** Carousel slides (spec §9 "Carousel slides: products 18 (5 in global search); recipes 12"). */
export const CAROUSEL_SLIDES = { products: 18, productsInGlobalSearch: 5, recipes: 12 } as const;

/** Popular items of a store: products and recipes in popularity order. */
export interface PopularItems {
  products: ProductHit[];
  recipes: RecipeHit[];
}

/** One promise per store and banner for the page's life, shared by the search box and the results page. */
const cache = new Map<string, Promise<PopularItems>>();

/** Forgets every cached store (tests). */
export function clearPopularItemsCache(): void {
  cache.clear();
}

/**
 * The popular items of a store: products filtered by the store and banner (engine order:
 * `desc(popularity)`, {@link CAROUSEL_SLIDES}.products hits) and recipes of the banner
 * ({@link CAROUSEL_SLIDES}.recipes hits), `analytics: false`. One request per store and banner per
 * page load; a failed one is forgotten so the next call retries.
 * @throws whatever the search client throws
 */
export function fetchPopularItems(client: SearchClient, indices: RuntimeConfig['search']['indices'], scope: SearchScope): Promise<PopularItems> {
  const key = `${scope.storeNumber ?? '-'}|${scope.bannerCode}`;
  let p = cache.get(key);
  if (!p) {
    p = searchCombined(client, indices, {
      text: '',
      scope,
      products: { hitsPerPage: CAROUSEL_SLIDES.products },
      recipes: { hitsPerPage: CAROUSEL_SLIDES.recipes },
      analytics: false,
      productFilter: productFilters(scope),
    }).then((r) => ({ products: r.products.hits, recipes: r.recipes.hits }));
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}
