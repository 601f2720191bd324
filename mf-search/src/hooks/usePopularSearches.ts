import { useEffect, useState } from 'react';
import type { RuntimeConfig } from 'shared-events';
import { fetchPopularContent } from '../api/content';
import { fetchTopSearches } from '../api/topSearches';
import { choosePopular, isContentActive, MAX_POPULAR, type PopularSearch } from '../state/popular';

/** How long fetched popular searches are reused before the next open refetches them, in ms. */
export const POPULAR_TTL_MS = 30_000;

/**
 * Popular searches for the empty box (spec §2, §5): the content-managed list from the BFF when it is
 * active today, else the engine's top searches of the products index. Fetched when `enabled` turns
 * true (the empty dropdown opened), reused for {@link POPULAR_TTL_MS}. Any failure gives the other
 * source, or an empty list.
 */
export function usePopularSearches(enabled: boolean, config: RuntimeConfig): PopularSearch[] {
  const [state, setState] = useState<{ at: number; items: PopularSearch[] }>({ at: 0, items: [] });
  const { search, apiBase } = config;

  useEffect(() => {
    if (!enabled || (state.at !== 0 && Date.now() - state.at < POPULAR_TTL_MS)) return undefined;
    let live = true;
    (async () => {
      const now = new Date();
      const content = await fetchPopularContent(apiBase);
      if (isContentActive(content, now)) return choosePopular(content, [], now);
      const top = await fetchTopSearches(search, search.indices.products, MAX_POPULAR).catch(() => []);
      return choosePopular(null, top, now);
    })().then((items) => { if (live) setState({ at: Date.now(), items }); }, () => undefined);
    return () => { live = false; };
  }, [enabled, apiBase, search, state.at]);

  return state.items;
}
