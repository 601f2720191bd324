/**
 * The results page's product sort, in its URL: `/?query=milk&tab=product&sort=unit-price-asc`
 * (absent = relevance). Kept apart from `navigation.ts`, which the search box loads on every page.
 */
import { resultsUrl, type ResultTab } from './navigation';

/** Sort orders of the results page's products: relevance (default) or unit price, low to high. */
export const RESULTS_SORTS = ['relevance', 'unit-price-asc'] as const;
export type ResultsSort = (typeof RESULTS_SORTS)[number];
/** Visible names of the results page's sort orders. */
export const RESULTS_SORT_LABELS: Record<ResultsSort, string> = {
  relevance: 'Relevance',
  'unit-price-asc': 'Unit price: low to high',
};

/** The sort of a location search string ('?query=milk&sort=unit-price-asc'); unknown or absent = relevance. */
export function parseResultsSort(search: string): ResultsSort {
  const raw = new URLSearchParams(search).get('sort') ?? '';
  return (RESULTS_SORTS as readonly string[]).includes(raw) ? (raw as ResultsSort) : 'relevance';
}

/** `resultsUrl(query, tab)` plus `&sort=<sort>` when it is not relevance. */
export function sortedResultsUrl(query: string, tab: ResultTab, sort: ResultsSort): string {
  return `${resultsUrl(query, tab)}${sort === 'relevance' ? '' : `&sort=${sort}`}`;
}
