/**
 * Recipes from the search engine's recipes index (Algolia REST; the local engine indexes
 * services/seed/data/recipes.json): records by objectID (`POST /1/indexes/*\/objects`) and the
 * recipes to choose from (`POST /1/indexes/{recipes}/query`). The index name, hosts and search-only key
 * come from the runtime config (`config.search`), as the list's product details do (../api/products).
 */
import type { RuntimeConfig } from 'shared-events';
import { chunk } from './products';

/** One ingredient of a recipe: the product it is bought as (`articleNumber` of the products index). */
export interface RecipeIngredient {
  articleNumber?: string;
  name: string;
  /** e.g. '680 g, cut in chunks'. */
  quantityText?: string;
}

/** A recipe record (the fields the pages use). */
export interface RecipeRecord {
  objectID: string;
  title: string;
  /** The recipe page is `/recipes/{slug}`. */
  slug?: string;
  pageSlug?: string;
  description?: string;
  servings?: number;
  /** Minutes. */
  totalTimeMinutes?: number;
  /** Site path or URL of the picture (e.g. '/media/fish.svg'), or null. */
  featuredImage?: string | null;
  ingredients?: RecipeIngredient[];
}

/** What the pages read of a recipe. */
export const RECIPE_ATTRIBUTES = ['objectID', 'title', 'slug', 'pageSlug', 'description', 'servings', 'totalTimeMinutes', 'featuredImage', 'ingredients'] as const;

type Search = RuntimeConfig['search'];

/** POSTs `body` to `path` on the first configured host that answers (network errors try the next). */
async function post(search: Search, path: string, body: unknown, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  let lastError: unknown = new Error('no search host configured');
  for (const host of search.hosts) {
    let res: Response;
    try {
      res = await fetchImpl(`${host.protocol}://${host.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-algolia-application-id': search.appId, 'x-algolia-api-key': search.apiKey },
        body: JSON.stringify(body),
      });
    } catch (error) {
      lastError = error;
      continue;
    }
    if (!res.ok) throw new Error(`recipes: HTTP ${res.status}`);
    return res.json();
  }
  throw lastError;
}

const isRecipe = (r: unknown): r is RecipeRecord => !!r && typeof r === 'object' && typeof (r as RecipeRecord).objectID === 'string' && typeof (r as RecipeRecord).title === 'string';

/**
 * The recipes of `ids` (duplicates asked once, 100 per request). An id the index does not know maps to null.
 * @throws Error on an HTTP error or when no host answers
 */
export async function fetchRecipes(search: Search, ids: readonly string[], fetchImpl?: typeof fetch): Promise<Map<string, RecipeRecord | null>> {
  const unique = [...new Set(ids.filter(Boolean))];
  const out = new Map<string, RecipeRecord | null>();
  await Promise.all(chunk(unique, 100).map(async (batch) => {
    const json = (await post(search, '/1/indexes/*/objects', {
      requests: batch.map((objectID) => ({ indexName: search.indices.recipes, objectID, attributesToRetrieve: RECIPE_ATTRIBUTES })),
    }, fetchImpl)) as { results?: unknown[] };
    batch.forEach((id, i) => {
      const r = json.results?.[i];
      out.set(id, isRecipe(r) ? r : null);
    });
  }));
  return out;
}

/**
 * Recipes matching `query` ('' = all), best first, at most `hitsPerPage` (default 50).
 * @throws Error on an HTTP error or when no host answers
 */
export async function searchRecipes(search: Search, query: string, hitsPerPage = 50, fetchImpl?: typeof fetch): Promise<RecipeRecord[]> {
  const json = (await post(search, `/1/indexes/${encodeURIComponent(search.indices.recipes)}/query`, {
    query, hitsPerPage, attributesToRetrieve: RECIPE_ATTRIBUTES,
  }, fetchImpl)) as { hits?: unknown[] };
  return (json.hits ?? []).filter(isRecipe);
}

/** The recipe page of a record: `/recipes/{slug}` (or '/' + pageSlug). */
export function recipeHref(r: Pick<RecipeRecord, 'slug' | 'pageSlug' | 'objectID'>): string {
  if (r.slug) return `/recipes/${encodeURIComponent(r.slug)}`;
  if (r.pageSlug) return `/${r.pageSlug.split('/').map(encodeURIComponent).join('/')}`;
  return '/recipes';
}
