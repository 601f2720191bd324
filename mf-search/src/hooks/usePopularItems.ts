import { useEffect, useState } from 'react';
import type { RuntimeConfig } from 'shared-events';
import { productFilters, searchCombined, type SearchScope } from '../api/queries';
import type { ProductHit, RecipeHit, SearchClient } from '../api/types';

/** Carousel slides (spec §9 "Carousel slides: products 18 (5 in global search); recipes 12"). */
export const CAROUSEL_SLIDES = { products: 18, productsInGlobalSearch: 5, recipes: 12 } as const;

/** Popular items of a store: products and recipes in popularity order. */
export interface PopularItems {
  products: ProductHit[];
  recipes: RecipeHit[];
}

const cache = new Map<string, Promise<PopularItems>>();

/** Forgets every cached store (tests). */
export function clearPopularItemsCache(): void {
  cache.clear();
}

/**
 * Popular items per store (spec §7 "popular items per store (cached per store)"): an empty-query
 * search of products filtered by the store and banner (engine order: `desc(popularity)`) and recipes
 * of the banner, not counted in analytics. One fetch per store and banner per page load; a failed
 * fetch is forgotten so the next call retries.
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

/** {@link fetchPopularItems} as a hook: null until loaded (or when `enabled` is false). */
export function usePopularItems(client: SearchClient, indices: RuntimeConfig['search']['indices'], scope: SearchScope, enabled: boolean): PopularItems | null {
  const key = `${scope.storeNumber ?? '-'}|${scope.bannerCode}`;
  const [state, setState] = useState<{ key: string; items: PopularItems } | null>(null);
  const { storeNumber, bannerCode } = scope;
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    fetchPopularItems(client, indices, { storeNumber, bannerCode }).then(
      (items) => { if (live) setState({ key: `${storeNumber ?? '-'}|${bannerCode}`, items }); },
      () => undefined,
    );
    return () => { live = false; };
  }, [client, indices, storeNumber, bannerCode, enabled]);
  return enabled && state?.key === key ? state.items : null;
}
