/** Test double of `../topSearches` (`jest.mock('../api/topSearches')`): no top searches, no network. */
import type { TopSearch } from '../topSearches';

export const fetchTopSearches = jest.fn(async (): Promise<TopSearch[]> => []);
