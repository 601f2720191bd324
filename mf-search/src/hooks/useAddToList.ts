import { useCallback } from 'react';
import { itemId, type EventBus, type RuntimeConfig } from 'shared-events';
import { requestListAdd } from '../api/listAdd';
import type { ProductHit } from '../api/types';
import type { AddToListOutcome } from '../state/listAdd';
import type { SearchTracking } from './useSearchTracking';

/**
 * 'Add to list' on a product card or the product page (spec §3 Shopping list item, §4 Shopping list and
 * cart, §7 Insights conversion). Publishes `list/add-requested` `{ requestId, itemId: articleNumber_uom_storeId, quantity (default 1),
 * productType: 'product', name, queryID?, position? }` for the preferred store (else the config's default
 * store) and resolves when the shopping list (mf-shopping-list, the owner of the list) answers:
 * - `list/item-added` with the same requestId → `{ ok: true }` and the Insights conversion is sent (only
 *   stored adds count as conversions);
 * - `list/add-failed` → `{ ok: false, reason }` (the owner tells the shopper why in its own toast);
 * - no answer within ADD_TO_LIST_TIMEOUT_MS (5 s) (the list remote is down) → `{ ok: false }` and an
 *   error toast 'Your shopping list is not available right now…', so nobody is told 'Added' for nothing.
 * @param storeNumber the preferred store's number, or null
 * @param productsIndex the products index name (the conversion's index)
 */
export function useAddToList(bus: EventBus, config: RuntimeConfig, storeNumber: string | null | undefined, tracking: SearchTracking, productsIndex: string) {
  return useCallback(async (hit: ProductHit, quantity = 1): Promise<AddToListOutcome> => {
    const outcome = await requestListAdd(bus, {
      itemId: listItemId(hit, storeNumber ?? config.defaultStoreNumber), quantity, productType: 'product', name: hit.title,
      ...(hit.queryID ? { queryID: hit.queryID } : {}), ...(hit.position ? { position: hit.position } : {}),
    });
    if (outcome.ok) tracking.conversion(productsIndex, hit);
    else if (outcome.timedOut) bus.emit('toast/show', { message: outcome.reason, kind: 'error' });
    return outcome;
  }, [bus, config.defaultStoreNumber, productsIndex, storeNumber, tracking]);
}

/** The shopping-list item id of a product (spec §3: articleNumber_uom_storeId; the objectID without an article number). */
export function listItemId(hit: Pick<ProductHit, 'objectID' | 'articleNumber' | 'uom'>, storeNumber: string): string {
  return itemId({ articleNumber: hit.articleNumber ?? hit.objectID, uom: hit.uom, storeId: storeNumber });
}
