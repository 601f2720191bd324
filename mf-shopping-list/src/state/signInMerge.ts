/**
 * The sign-in merge rules (pure; spec §4 "An anonymous shopping list is merged into the account on
 * login, then the cart is refreshed"). The sync (api/outboxSync) sends the merge.
 */
import { isCustom, isShown, isStorable, MAX_QUANTITY, metaName, normaliseName, shownItems, type ListItem } from './model';

/**
 * Merges an anonymous list into an account list, the BFF merge rule (spec §4 "An anonymous shopping
 * list is merged into the account on login"; vercel/commerce "union, sum"): union by item_id with
 * quantities summed (capped at 999); a custom item whose normalised name matches an existing custom
 * item adds its quantity to that one. Used to show a pending merge before the server has answered.
 */
export function mergeItems(target: readonly ListItem[], incoming: readonly ListItem[]): ListItem[] {
  const out = [...target];
  for (const item of incoming) {
    if (!isShown(item)) continue;
    let index = out.findIndex((t) => t.item_id === item.item_id);
    if (index < 0 && isCustom(item)) {
      const name = metaName(item);
      if (name !== null) index = out.findIndex((t) => isCustom(t) && metaName(t) !== null && normaliseName(metaName(t)!) === normaliseName(name));
    }
    if (index < 0) out.push({ ...item });
    else out[index] = { ...out[index], quantity: Math.min(MAX_QUANTITY, out[index].quantity + item.quantity) };
  }
  return out;
}

/** A list item as it goes into a merge request (BFF contract merge items). */
export function mergePayload(item: ListItem): { item_id: string; product_type: string; quantity: number; checked: boolean; meta?: ListItem['meta'] } {
  return { item_id: item.item_id, product_type: item.product_type, quantity: item.quantity, checked: item.checked, ...(item.meta ? { meta: item.meta } : {}) };
}

/** A merge of the browser list into the account that has not finished yet. */
export interface PendingMerge {
  /** Generated once; every retry sends the same (the BFF merge is idempotent by mergeId). */
  mergeId: string;
  /** The browser items being merged (snapshot taken at sign-in). */
  items: ListItem[];
  /** 'merge': not yet accepted; 'reload': accepted, list not read again yet; 'cart': cart not refreshed yet. */
  stage: 'merge' | 'reload' | 'cart';
  createdAt: string;
}

/** The browser items a sign-in merges: the shown ones the BFF accepts (others stay in the browser). */
export function itemsToMerge(browserItems: readonly ListItem[]): ListItem[] {
  return shownItems(browserItems).filter(isStorable);
}
