/** Test double of `../content` (`jest.mock('../api/content')`): no managed popular searches, no network. */
import type { fetchPopularContent as real } from '../content';

export const fetchPopularContent = jest.fn(async (): ReturnType<typeof real> => null);
