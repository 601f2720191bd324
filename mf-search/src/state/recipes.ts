/**
 * Pure helpers of the recipe pages (spec §2 `/recipes`, `/recipes/{slug}`): URL parsing and
 * building, time and servings text, and the truthful message after 'Add the ingredients to my list'.
 */

/** Paths under /recipes that belong to mf-shopping-list, not to a recipe (spec §2 Routes). */
export const RECIPE_LIST_PAGES: readonly string[] = ['my-recipe-lists', 'meal-plan'];

/**
 * The recipe page slug of a path: '/recipes/maple-glazed-salmon' → 'recipes/maple-glazed-salmon';
 * null for '/recipes', the list pages of mf-shopping-list and anything else. Slugs are lower-case
 * letters, digits and dashes (the seed's slugs); other text gives null (→ not found).
 */
export function recipePageSlugFromPath(pathname: string): string | null {
  const m = /^\/recipes\/([^/]+)\/?$/.exec(pathname);
  if (!m || RECIPE_LIST_PAGES.includes(m[1])) return null;
  let slug: string;
  try { slug = decodeURIComponent(m[1]); } catch { return null; }
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? `recipes/${slug}` : null;
}

/** Whether the path is the listing `/recipes` (trailing slash allowed). */
export function isRecipeListingPath(pathname: string): boolean {
  return /^\/recipes\/?$/.test(pathname);
}

/** The `/recipes` URL for a tag filter (`?tag=`), or plain `/recipes` for all. */
export function recipesUrl(tag: string | null): string {
  return tag ? `/recipes?tag=${encodeURIComponent(tag)}` : '/recipes';
}

/** The page of a recipe hit: '/' + pageSlug, else '/recipes/<slug>'. */
export function recipeHref(r: { pageSlug?: string; slug?: string }): string {
  if (r.pageSlug && /^recipes\/[a-z0-9-]+$/.test(r.pageSlug)) return `/${r.pageSlug}`;
  return r.slug ? `/recipes/${encodeURIComponent(r.slug)}` : '/recipes';
}

/** Total time in minutes as text: 45 → '45 min', 90 → '1 h 30 min', 60 → '1 h'; null when unknown. */
export function formatMinutes(minutes: number | undefined | null): string | null {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return null;
  const m = Math.round(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** Servings as text: 1 → 'Serves 1', 6 → 'Serves 6'; null when unknown. */
export function formatServings(servings: number | undefined | null): string | null {
  return typeof servings === 'number' && servings > 0 ? `Serves ${servings}` : null;
}

/** Links to mf-shopping-list's pages with a recipe to add (helper pages handle `?add=<objectID>`). */
export function recipeListLinks(objectID: string): { saveToList: string; addToMealPlan: string } {
  const id = encodeURIComponent(objectID);
  return { saveToList: `/recipes/my-recipe-lists?add=${id}`, addToMealPlan: `/recipes/meal-plan?add=${id}` };
}

/** What one 'Add the ingredients to my list' did (counts of ingredients with an article number). */
export interface IngredientsOutcome {
  /** Ingredients sent to the list (have an article number). */
  requested: number;
  /** Stored by the shopping list (`list/item-added`). */
  added: number;
  /** Refused (`list/add-failed`), unknown to the products index, or unanswered in time. */
  failed: number;
  /** The first reason given for a failure, if any. */
  reason?: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The button's result text, e.g. 'Added 8 ingredients to your list.' or '… 2 could not be added.' */
export function ingredientsMessage(o: IngredientsOutcome): string {
  if (o.requested === 0) return 'This recipe lists no ingredients you can add to a list.';
  if (o.added === 0) return `No ingredient was added to your list.${o.reason ? ` ${o.reason}` : ''}`;
  const head = `Added ${count(o.added, 'ingredient', 'ingredients')} to your list.`;
  return o.failed > 0 ? `${head} ${count(o.failed, 'ingredient', 'ingredients')} could not be added.` : head;
}
