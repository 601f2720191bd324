/**
 * Texts of a search answer (spec §2, §5), shared by the dropdown and the results page; not in the
 * always-loaded box (paint first: they load with the dropdown or the page).
 */

/**
 * What the search box and the results page say when the search engine cannot be reached: say what
 * is unavailable ('No suggestions!' would tell the shopper nothing matched).
 */
export const SEARCH_UNAVAILABLE_TEXT = 'Search is unavailable right now. Please try again later.';

/** Texts of the no-results view (spec §2, §5 "Profanity in the query switches the no-results message"). */
export const NO_RESULTS_TEXT = {
  heading: (query: string) => `Sorry, we couldn’t find any results for “${query}”.`,
  hint: 'Check the spelling, or try a more general word.',
  profaneHeading: 'Sorry, we couldn’t find any results for that search.',
  profaneHint: 'Try searching for a product or a recipe by name.',
} as const;
