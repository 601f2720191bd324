import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '@storefront/remote-kit';
import { useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { priceFor, productRegionFilters, scopeFrom, searchCombined, unitPriceAttribute, type CombinedResults } from '../api/queries';
import type { SearchClient } from '../api/types';
import { useEngineQuery } from '../hooks/useEngineQuery';
import { useStoreGate } from '../hooks/useStoreGate';
import { SEARCH_ITEM_LIST, useSearchTracking } from '../hooks/useSearchTracking';
import { parseResultsLocation } from '../state/navigation';
import { parseResultsSort } from '../state/resultsSort';
import { sanitizeQuery, toSearchText } from '../state/query';

/** Results per page on the results page. */
export const RESULTS_PER_PAGE = 24;

/**
 * The results page's search: `query`, `tab` and `sort` (relevance or unit price) from the URL, the preferred store through
 * `useStoreGate`, one multi-index query per (query, tab, page, store, banner, regions, user token)
 * with the kit's `useQuery` (none until there is a store or STORE_WAIT_MS passed without one), and the
 * Insights view + `view_item_list` once per answer shown. The page resets to 0 when the query, tab or
 * store changes.
 */
export function useResultsSearch(client: SearchClient, bus: EventBus, config: RuntimeConfig) {
  const { search } = useLocation();
  const { query: rawQuery, tab } = parseResultsLocation(search);
  const sort = parseResultsSort(search);
  const query = sanitizeQuery(rawQuery);
  const text = toSearchText(query);
  const indices = config.search.indices;
  const gate = useStoreGate(bus, client, indices.products);
  const { store } = gate;
  const session = useBusState(bus.state.session);
  const scope = useMemo(() => scopeFrom(store), [store]);
  const tracking = useSearchTracking(bus, config, session);
  const regionKey = (store?.region ?? []).join(',');
  const productFilter = useMemo(() => productRegionFilters(scope, regionKey ? regionKey.split(',') : []), [scope, regionKey]);

  const pageKey = `${text}|${tab}|${sort}|${scope.storeNumber}|${scope.bannerCode}`;
  // unit price of the price each card shows: the store's attribute (services/seed unitPriceFields)
  const productSort = sort === 'unit-price-asc' ? `asc(${unitPriceAttribute(scope)})` : undefined;
  const [pageState, setPageState] = useState({ key: pageKey, page: 0 });
  const page = pageState.key === pageKey ? pageState.page : 0;
  const setPage = (p: number) => setPageState({ key: pageKey, page: p });

  const engine = useEngineQuery({
    queryKey: ['results', text, tab, page, productSort, scope.storeNumber, scope.bannerCode, productFilter, tracking.userToken, indices],
    queryFn: () => searchCombined(client, indices, {
      text,
      scope,
      products: { hitsPerPage: RESULTS_PER_PAGE, page: tab === 'product' ? page : 0 },
      recipes: { hitsPerPage: RESULTS_PER_PAGE, page: tab === 'recipe' ? page : 0 },
      productFilter,
      productSort,
      userToken: tracking.userToken,
    }),
    enabled: gate.ready && !!text,
  });
  const results = engine.result;
  // The error state shows once the query settled in error, or at once when there is no store and the
  // engine did not answer the probe; 'Try again' shows loading while it asks again.
  const failed = (!!text && gate.engineDown) || engine.failed;
  const retry = () => { if (gate.engineDown) gate.retry(); else engine.retry(); };
  const data = failed ? null : results.data ?? null;
  const loading = !!text && !failed && (!gate.ready || !data);
  const noResults = !!data && data.products.nbHits === 0 && data.recipes.nbHits === 0;

  const tracked = useRef<CombinedResults | null>(null);
  useEffect(() => {
    if (!data || tracked.current === data) return;
    tracked.current = data;
    const shown = tab === 'product' ? data.products.hits : data.recipes.hits;
    tracking.view(tab === 'product' ? indices.products : indices.recipes, shown);
    tracking.viewItemList(SEARCH_ITEM_LIST, data.products.hits.map((h) => ({ ...h, price: priceFor(h, scope.storeNumber) })), text);
  }, [data, tab, tracking, indices, scope.storeNumber, text]);

  return { query, tab, sort, store, scope, tracking, page, setPage, data, failed, retry, loading, noResults };
}
