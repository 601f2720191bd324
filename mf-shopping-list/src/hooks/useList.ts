/**
 * React access to the list: one source of truth (the list service) read with useSyncExternalStore,
 * and the product records of the shown product items through the kit's react-query.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useQueries } from '@storefront/remote-kit';
import type { RuntimeConfig } from 'shared-events';
import { chunk, fetchProducts, PRODUCT_BATCH_SIZE, type ProductRecord } from '../api/products';
import type { ListService } from '../api/listService';
import type { ListSnapshot } from '../state/listState';

/** The list's current snapshot; re-renders on every change. */
export function useListSnapshot(service: ListService): ListSnapshot {
  return useSyncExternalStore(service.subscribe, service.getSnapshot, service.getSnapshot);
}

/** Product records of {@link useProductRecords}. */
export interface ProductRecords {
  /** articleNumber → record (null: not in the index); absent while loading. */
  records: ReadonlyMap<string, ProductRecord | null>;
  isLoading: boolean;
  isError: boolean;
  /** Fetches the failed batches again. */
  retry(): void;
}

/** How long product details stay fresh (ms): prices and store lists change rarely. */
const PRODUCT_STALE_MS = 5 * 60_000;

type BatchResult = { data?: Map<string, ProductRecord | null>; isPending: boolean; isError: boolean; refetch: () => unknown };

/** Joins the batches (module-level, so react-query memoises it: same answers, same object). */
function combine(results: BatchResult[]): ProductRecords {
  const records = new Map<string, ProductRecord | null>();
  for (const r of results) if (r.data) for (const [k, v] of r.data) records.set(k, v);
  return {
    records,
    isLoading: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError),
    retry: () => results.forEach((r) => { if (r.isError) void r.refetch(); }),
  };
}

/**
 * The records of `articleNumbers` (in list order), one query per batch of 100, so showing 100 more
 * items ('Load More') fetches only the new batch.
 */
export function useProductRecords(search: RuntimeConfig['search'], articleNumbers: readonly string[]): ProductRecords {
  const batches = useMemo(() => chunk([...new Set(articleNumbers)], PRODUCT_BATCH_SIZE), [articleNumbers]);
  return useQueries({
    queries: batches.map((ids) => ({
      queryKey: ['mf-shopping-list', 'products', search.appId, search.indices.products, ids],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchProducts(search, ids, { signal }),
      staleTime: PRODUCT_STALE_MS,
    })),
    combine,
  });
}
