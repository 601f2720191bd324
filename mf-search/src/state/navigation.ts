/**
 * Search result URLs (spec §2 Routes: "/ with query and tab parameters acts as the search results
 * page (tab is product or recipe)"). Navigation itself goes through the kit's `useNavigate()`.
 */

/** The two result tabs of the results page and of the dropdown's 'view all' links. */
export type ResultTab = 'product' | 'recipe';

/** `/?query=<encodeURIComponent(query)>&tab=<tab>` */
export function resultsUrl(query: string, tab: ResultTab): string {
  return `/?query=${encodeURIComponent(query)}&tab=${tab}`;
}

/**
 * The tab a submitted search opens (spec §2 Search dropdown): the first result type that has
 * results, products first, then recipes; 'product' when neither has any.
 * @param counts total hits (nbHits) per type
 */
export function firstTabWithResults(counts: { products: number; recipes: number }): ResultTab {
  if (counts.products > 0) return 'product';
  if (counts.recipes > 0) return 'recipe';
  return 'product';
}

/** Reads `query` and `tab` from a location search string ('?query=milk&tab=recipe'). */
export function parseResultsLocation(search: string): { query: string; tab: ResultTab } {
  const params = new URLSearchParams(search);
  const tab = params.get('tab') === 'recipe' ? 'recipe' : 'product';
  return { query: params.get('query') ?? '', tab };
}
