import { useState } from 'react';
import { keepPreviousData, useDebouncedValue, useQueries, useQuery } from '@storefront/remote-kit';
import type { RankedStore, StoreSearchApi } from '../api/storeSearch';
import type { LatLng } from '../api/location';
import { rankedStoresQuery, type RankedStoreAnswer } from '../api/pageQueries';
import { STORE_SEARCH_DEBOUNCE_MS } from './useStoreSearch';

/** What {@link useStoreLocatorSearch} returns. */
export interface StoreLocatorResults {
  /**
   * 'loading' while the first page of a search runs (the previous list stays meanwhile), 'success'
   * once answered, 'error' when the first page failed (no stores) or a further page failed (the
   * stores loaded so far stay).
   */
  status: 'loading' | 'success' | 'error';
  /** Every store loaded for the search, page after page, nearest first within each page. */
  stores: RankedStore[];
  /** The trimmed query these stores answer ('' = the nearby list). */
  forQuery: string;
  /** A further page is loading (the list stays). */
  more: boolean;
  /** The engine has a further page for this search. */
  hasMore: boolean;
  /** Loads the next page (4 stores) and appends it ('Show more stores'). */
  showMore: () => void;
  /** Asks the engine again for what failed (the error's 'Try again'): page 0, or the further pages that failed. */
  retry: () => void;
}

/** Options of {@link useStoreLocatorSearch}. */
export interface UseStoreLocatorSearchOptions {
  api: StoreSearchApi;
  /** Shopper-typed text, as typed (trimmed and debounced here). */
  query: string;
  /** Where distances are measured from (the shopper's position or the current store's `_geoloc`). */
  around: LatLng | null;
}

/** The further pages asked for one search (page 0 is always loaded). */
interface MorePages {
  query: string;
  around: LatLng | null;
  /** Pages 1..count are loaded. */
  count: number;
}

function sameSearch(more: MorePages, answer: RankedStoreAnswer): boolean {
  return more.query === answer.query && more.around?.lat === answer.around?.lat && more.around?.lng === answer.around?.lng;
}

/**
 * The store locator's search (spec §2 /store-locator, §9), on the remote kit's `useDebouncedValue`,
 * `useQuery` and `useQueries`: the trimmed text waits {@link STORE_SEARCH_DEBOUNCE_MS} (700 ms) of
 * quiet; page 0 of `searchStoresRanked({ query, around, page })` is fetched at once for each
 * text/point, further pages on {@link StoreLocatorResults.showMore}. While a new search runs the
 * whole previous list stays (so focus on a 'Select this store' button is never lost); once it is
 * answered, the pages of the previous search are dropped.
 */
export function useStoreLocatorSearch({ api, query, around }: UseStoreLocatorSearchOptions): StoreLocatorResults {
  const q = useDebouncedValue(query.trim(), STORE_SEARCH_DEBOUNCE_MS);
  const point = around ? { lat: around.lat, lng: around.lng } : undefined;
  const first = useQuery({ ...rankedStoresQuery(api, q, point, 0), placeholderData: keepPreviousData });
  const [more, setMore] = useState<MorePages | null>(null);
  const further = useQueries({
    queries: more
      ? Array.from({ length: more.count }, (_, i) => rankedStoresQuery(api, more.query, more.around ?? undefined, i + 1))
      : [],
  });

  const base = first.data;
  // The new search has answered: forget the pages of the previous one (React's "adjust state while
  // rendering" pattern; a later return to that search starts at page 0 again).
  if (more && base && !first.isPlaceholderData && !sameSearch(more, base)) setMore(null);
  const showMore = () =>
    setMore((m) => (m && base && sameSearch(m, base) ? { ...m, count: m.count + 1 } : { query: q, around: point ?? null, count: 1 }));

  const retry = () => {
    if (first.isError) void first.refetch();
    for (const page of further) if (page.isError) void page.refetch();
  };

  if (first.isError) return { status: first.isFetching ? 'loading' : 'error', stores: [], forQuery: q, more: false, hasMore: false, showMore, retry };
  if (!base) return { status: 'loading', stores: [], forQuery: '', more: false, hasMore: false, showMore, retry };

  const stores = [...base.stores];
  let last: RankedStoreAnswer = base;
  let failed = false;
  let loadingMore = false;
  if (more && sameSearch(more, base)) {
    for (const page of further) {
      const pageFailed = page.isError && !page.isFetching; // asked again ('Try again'): loading, not failed
      if (pageFailed) failed = true;
      if (!page.data) {
        loadingMore = !pageFailed;
        break;
      }
      stores.push(...page.data.stores.filter((s) => !stores.some((x) => x.store.storeNumber === s.store.storeNumber)));
      last = page.data;
    }
  }
  return {
    status: first.isPlaceholderData ? 'loading' : failed ? 'error' : 'success',
    stores,
    forQuery: base.query,
    more: loadingMore,
    hasMore: last.page + 1 < last.nbPages,
    showMore,
    retry,
  };
}
