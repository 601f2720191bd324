/**
 * The pages that have a guided tour (spec §2 Guided tours: welcome (dashboard), flyer, recipe list,
 * offers, search, product, manage list filter, meal plan, recipes, recipe detail), by location.
 */

/** A tour page key; the managed content names its guide by the same key (`guides[].page`). */
export type TourPage =
  | 'welcome'
  | 'search'
  | 'flyer'
  | 'offers'
  | 'product'
  | 'recipes'
  | 'recipeDetail'
  | 'recipeList'
  | 'mealPlan'
  | 'manageListFilter';

export const TOUR_PAGES: readonly TourPage[] = ['welcome', 'search', 'flyer', 'offers', 'product', 'recipes', 'recipeDetail', 'recipeList', 'mealPlan', 'manageListFilter'];

const ONE_SEGMENT = /^[^/]+$/;

/**
 * The tour page of a location, or null when the page has no tour.
 * `/` is the welcome (dashboard) page, `/?query=…` the search results (spec §2 Routes);
 * `/recipes/my-recipe-lists` and `/recipes/meal-plan` win over `/recipes/{slug}`.
 */
export function tourPageFor(location: { pathname: string; search: string }): TourPage | null {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return new URLSearchParams(location.search).has('query') ? 'search' : 'welcome';
  if (path === '/flyer') return 'flyer';
  if (path === '/offers') return 'offers';
  if (path === '/recipes') return 'recipes';
  if (path === '/recipes/my-recipe-lists') return 'recipeList';
  if (path === '/recipes/meal-plan') return 'mealPlan';
  if (path === '/shopping-list') return 'manageListFilter';
  const m = /^\/(products|recipes)\/(.+)$/.exec(path);
  if (m && ONE_SEGMENT.test(m[2] as string) && m[2] !== 'category') return m[1] === 'products' ? 'product' : 'recipeDetail';
  return null;
}
