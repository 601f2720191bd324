/**
 * The recipe pages' reads from the search engine's `recipes` index (spec §2 `/recipes`,
 * `/recipes/{slug}`; §3 Search hit), through the same search client as the results page
 * (`config.search.indices.recipes`), and the product lookup the 'Add the ingredients to my list'
 * button needs (each ingredient's `uom` from the `products` index, for spec §3's
 * `articleNumber_uom_storeId` item id). None of these queries is counted in the engine's analytics.
 */
import type { IndexRequest, RecipeHit, SearchClient } from './types';

/** One ingredient of a recipe record (services/seed/data/recipes.json). */
export interface RecipeIngredient {
  /** The product it is bought as (`articleNumber` = `objectID` of the products index); absent for e.g. water. */
  articleNumber?: string;
  /** e.g. 'haddock fillets'. */
  name: string;
  /** The quantity as the recipe writes it, e.g. '680 g, cut in chunks'. */
  quantityText?: string;
}

/** A full `recipes` index record as the recipe pages use it. */
export interface RecipeRecord extends RecipeHit {
  /** e.g. 'nova-scotia-haddock-chowder' (the page is `/recipes/<slug>`). */
  slug?: string;
  /** Shown as filters on `/recipes`, e.g. ['seafood', 'soup']. */
  tags?: string[];
  ingredients?: RecipeIngredient[];
  /** The method, in order. */
  steps?: string[];
}

/** Most recipes the listing reads in one request (the seed has 14; the engine pages beyond). */
export const RECIPES_PER_PAGE = 100;

const quote = (v: string) => `"${v.replace(/["\\]/g, '')}"`;

const isRecipe = (h: unknown): h is RecipeRecord =>
  typeof h === 'object' && h !== null && typeof (h as { objectID?: unknown }).objectID === 'string'
  && typeof (h as { title?: unknown }).title === 'string';

function hitsOf(result: unknown): RecipeRecord[] {
  const hits = (result as { hits?: unknown } | undefined)?.hits;
  return Array.isArray(hits) ? hits.filter(isRecipe) : [];
}

/** The recipes-index request of the listing: every recipe, or those tagged `tag` (`tags` is a facet). */
export function recipesRequest(indexName: string, tag: string | null): IndexRequest {
  return {
    indexName, query: '', hitsPerPage: RECIPES_PER_PAGE, analytics: false,
    ...(tag ? { filters: `tags:${quote(tag)}` } : {}),
  };
}

/** What `/recipes` shows: the recipes (filtered by the tag) and every tag with its count over all recipes. */
export interface RecipeListing {
  recipes: RecipeRecord[];
  /** Tags of all recipes, most used first, then A–Z. */
  tags: Array<{ tag: string; count: number }>;
}

/** Tags of `recipes` with their counts, most used first, then alphabetical. */
export function tagCounts(recipes: readonly RecipeRecord[]): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of recipes) for (const t of new Set(r.tags ?? [])) if (typeof t === 'string' && t) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/**
 * The listing of `/recipes`: one multi-index call with the unfiltered request (for the tag list) and,
 * when `tag` is set, the filtered one.
 * @throws whatever the client throws (network, API errors): the page shows its error state.
 */
export async function fetchRecipeListing(client: SearchClient, indexName: string, tag: string | null): Promise<RecipeListing> {
  const requests = [recipesRequest(indexName, null), ...(tag ? [recipesRequest(indexName, tag)] : [])];
  const { results } = await client.search({ requests });
  const all = hitsOf(results[0]);
  return { recipes: tag ? hitsOf(results[1]) : all, tags: tagCounts(all) };
}

/** The recipes-index request for one page slug, e.g. 'recipes/maple-glazed-salmon' (`filterOnly(pageSlug)`). */
export function recipeRequest(indexName: string, pageSlug: string): IndexRequest {
  return { indexName, query: '', filters: `pageSlug:${quote(pageSlug)}`, hitsPerPage: 1, analytics: false };
}

/**
 * The recipe whose `pageSlug` is exactly `pageSlug`, or null (unknown slug → the not-found message).
 * @throws whatever the client throws: the page shows its error state.
 */
export async function fetchRecipeBySlug(client: SearchClient, indexName: string, pageSlug: string): Promise<RecipeRecord | null> {
  const { results } = await client.search({ requests: [recipeRequest(indexName, pageSlug)] });
  return hitsOf(results[0]).find((r) => r.pageSlug === pageSlug) ?? null;
}

/** What the list item id needs of a product. */
export interface IngredientProduct {
  articleNumber: string;
  /** Unit of measure, e.g. 'G', 'EA' (default 'EA'). */
  uom: string;
  title: string;
}

/**
 * The products-index request for ingredients' article numbers:
 * `(articleNumber:"a" OR articleNumber:"b")`.
 */
export function ingredientProductsRequest(indexName: string, articleNumbers: readonly string[]): IndexRequest {
  return {
    indexName, query: '', analytics: false, hitsPerPage: Math.max(1, articleNumbers.length),
    filters: `(${articleNumbers.map((n) => `articleNumber:${quote(n)}`).join(' OR ')})`,
  };
}

/**
 * The products of `articleNumbers` (distinct) by article number; a number the index does not know is
 * absent from the map (its ingredient is counted as not added).
 * @throws whatever the client throws (nothing is added then).
 */
export async function fetchIngredientProducts(client: SearchClient, indexName: string, articleNumbers: readonly string[]): Promise<Map<string, IngredientProduct>> {
  const wanted = [...new Set(articleNumbers.filter(Boolean))];
  const out = new Map<string, IngredientProduct>();
  if (wanted.length === 0) return out;
  const { results } = await client.search({ requests: [ingredientProductsRequest(indexName, wanted)] });
  const hits = (results[0] as { hits?: unknown } | undefined)?.hits;
  for (const h of Array.isArray(hits) ? hits : []) {
    const r = h as { articleNumber?: unknown; objectID?: unknown; uom?: unknown; title?: unknown };
    const n = typeof r.articleNumber === 'string' ? r.articleNumber : typeof r.objectID === 'string' ? r.objectID : null;
    if (!n || !wanted.includes(n)) continue;
    out.set(n, { articleNumber: n, uom: typeof r.uom === 'string' && r.uom ? r.uom : 'EA', title: typeof r.title === 'string' ? r.title : n });
  }
  return out;
}
