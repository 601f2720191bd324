/** jest helpers of the recipe pages: recipe records and a search-engine fetch mock. */
import type { ProductRecord } from '../api/products';
import type { RecipeRecord } from './recipesApi';

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
