/**
 * Texts and limits shared by the selector dialog (its eager frame and its lazy panel) and the store
 * pages, in a module of their own so neither side pulls the other's code in for a constant.
 */

/** Spec §8 "Store data fetch". */
export const FETCH_ERROR = 'Failed to fetch store data';
/**
 * What the store pages add to {@link FETCH_ERROR} (the search engine, where the stores are, does not
 * answer), above their 'Try again'.
 */
export const STORE_SEARCH_UNAVAILABLE = 'Store search is unavailable right now. Please try again.';
/** Spec §2 empty state after a typed search. */
export const NO_STORE_FOUND = 'No store found';
/** Spec §2 empty state of the nearby list (empty query). */
export const NO_STORES_NEARBY = 'No stores found in your area';
/** Search input limit (spec §5 "Search input: maximum length 100"). */
export const MAX_QUERY_LENGTH = 100;
/** Loading text of the selector's list (also shown while the list's code is downloaded). */
export const SEARCHING_STORES = 'Searching for stores…';
