/** Recipe records for the pages, through the kit's react-query (fresh 5 min; one query per id set). */
import { useMemo } from 'react';
import { useQuery } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';
import { fetchRecipes, searchRecipes, type RecipeRecord } from '../api/recipesApi';

/** How long recipe records stay fresh (ms). */
const RECIPE_STALE_MS = 5 * 60_000;

/** Records of `ids` (undefined while loading; null: not in the index) and the query's state. */
export interface RecipeRecords {
  get(id: string): RecipeRecord | null | undefined;
  isError: boolean;
  retry(): void;
}

/** The records of `ids`. */
export function useRecipeRecords(search: RuntimeConfig['search'], ids: readonly string[]): RecipeRecords {
  const key = useMemo(() => [...new Set(ids)].sort(), [ids]);
  const q = useQuery({
    queryKey: ['mf-shopping-list', 'recipes', search.appId, search.indices.recipes, key],
    queryFn: () => fetchRecipes(search, key),
    enabled: key.length > 0,
    staleTime: RECIPE_STALE_MS,
  });
  return {
    get: (id) => q.data?.get(id),
    isError: q.isError,
    retry: () => { void q.refetch(); },
  };
}

/** Recipes to choose from (`query` '' = all), for the recipe picker. */
export function useRecipeSearch(search: RuntimeConfig['search'], query: string) {
  return useQuery({
    queryKey: ['mf-shopping-list', 'recipe-search', search.appId, search.indices.recipes, query],
    queryFn: () => searchRecipes(search, query),
    staleTime: RECIPE_STALE_MS,
  });
}
