/**
 * Popular searches for the empty search box (spec §2, §3, §5): the content-managed list from the BFF
 * when it is active today, else the engine's top searches of the products index.
 */
import type { RuntimeConfig } from 'shared-events';
import { choosePopular, isContentActive, MAX_POPULAR, type PopularSearch } from '../state/popular';
import { fetchPopularContent } from './content';
import { fetchTopSearches } from './topSearches';

/**
 * The popular searches to show (at most {@link MAX_POPULAR}): `GET /api/content/popular-searches`
 * when enabled, non-empty and `now` (the shopper's local date) lies within its dates; otherwise (also
 * when the BFF fails) the engine's top searches with results (`GET /2/searches`). Never rejects: a
 * failing engine gives an empty list.
 */
export async function fetchPopularSearches(search: RuntimeConfig['search'], apiBase: string, now: Date = new Date()): Promise<PopularSearch[]> {
  const content = await fetchPopularContent(apiBase);
  if (isContentActive(content, now)) return choosePopular(content, [], now);
  const top = await fetchTopSearches(search, search.indices.products, MAX_POPULAR).catch(() => []);
  return choosePopular(null, top, now);
}
