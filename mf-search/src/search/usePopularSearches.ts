import { useQuery } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';
import { fetchPopularSearches } from '../api/popularSearches';
import type { PopularSearch } from '../state/popular';

/** How long fetched popular searches are reused before the next open refetches them, in ms. */
export const POPULAR_TTL_MS = 30_000;

const NONE: PopularSearch[] = [];

/**
 * Popular searches for the empty box (spec §2, §5) through the kit's `useQuery` over
 * {@link fetchPopularSearches}: fetched when `enabled` turns true (the empty dropdown opened), reused
 * for {@link POPULAR_TTL_MS} ms; the last list stays shown while a refetch runs.
 * @returns the list (empty until loaded)
 */
export function usePopularSearches(enabled: boolean, config: RuntimeConfig): PopularSearch[] {
  const { search, apiBase } = config;
  const { data } = useQuery({
    queryKey: ['popular-searches', apiBase, search],
    queryFn: () => fetchPopularSearches(search, apiBase),
    enabled,
    staleTime: POPULAR_TTL_MS,
  });
  return data ?? NONE;
}
