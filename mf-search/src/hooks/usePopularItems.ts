import { useQuery } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';
import { fetchPopularItems, type PopularItems } from '../api/popularItems';
import type { SearchScope } from '../api/queries';
import type { SearchClient } from '../api/types';

/**
 * The preferred store's popular items for the no-results carousels (spec §2, §9), through the kit's
 * `useQuery` over {@link fetchPopularItems} (one request per store and banner per page load, never
 * stale). Fetched once `enabled` turns true (a no-results answer is shown).
 * @returns the items of the current store and banner, or null while loading, on failure or when disabled
 */
export function usePopularItems(client: SearchClient, indices: RuntimeConfig['search']['indices'], scope: SearchScope, enabled: boolean): PopularItems | null {
  const { storeNumber, bannerCode } = scope;
  const { data } = useQuery({
    queryKey: ['popular-items', storeNumber, bannerCode, indices],
    queryFn: () => fetchPopularItems(client, indices, { storeNumber, bannerCode }),
    enabled,
    staleTime: Infinity,
  });
  return enabled ? data ?? null : null;
}
