/**
 * The shopping list's data and the pure rules over it (spec §3 Shopping list, §4 Shopping list and
 * cart, §5 validation, §9 limits; BFF contract "Shopping-list and cart API"). No I/O here: the list
 * service (../api/listService) stores what these functions compute.
 */
import { PRODUCT_ITEM_ID } from 'shared-events';
import type { CustomMeta, ProductMeta } from 'shared-events/contracts';

/** Largest quantity of one item (BFF contract: integer 1..999). */
export const MAX_QUANTITY = 999;
/** Custom item name limit in characters (spec §5, §9: 50). */
export const MAX_CUSTOM_NAME = 50;
/** Longest product name kept in a product item's `meta.name` (meta ≤ 2048 bytes serialised). */
export const MAX_PRODUCT_NAME = 200;
/** Items the shopping list page shows per page / per 'Load More' (spec §4, §9: 100). */
export const PAGE_SIZE = 100;
/** Most items an anonymous (browser) list holds: one merge request carries at most 1000 (BFF contract). */
export const MAX_BROWSER_ITEMS = 1000;

/** Custom item id: `custom_<uuid>` (BFF contract pattern). */
export const CUSTOM_ITEM_ID = /^custom_[A-Za-z0-9-]{8,64}$/;

/** `product_type` of a custom item (spec §3: "product_type with value Custom"). */
export const CUSTOM_TYPE = 'Custom';
/** `product_type`s a product item may have (BFF contract). */
export const PRODUCT_TYPES = ['product', 'flyer'] as const;

/** `meta` of a custom item (spec §3) and of a product item, as the BFF contract has them. */
export type { CustomMeta, ProductMeta };

/**
 * One list item (spec §3 Shopping list; BFF ListItem). Products: `item_id` articleNumber_uom_storeId,
 * `product_type` 'product' | 'flyer'. Custom items: `item_id` custom_<uuid>, `product_type` 'Custom',
 * `meta` {@link CustomMeta}.
 */
export interface ListItem {
  item_id: string;
  product_type: string;
  /** Integer 1..999 for a stored item. */
  quantity: number;
  /** Checked off on the list page (kept, shown as done). */
  checked: boolean;
  meta: CustomMeta | ProductMeta | null;
  /** ISO 8601; the list is ordered oldest first (created_at, item_id) like the BFF. */
  created_at: string;
  updated_at: string;
}

/** True for a custom (free-text) item. */
export function isCustom(item: Pick<ListItem, 'item_id' | 'product_type'>): boolean {
  return item.product_type === CUSTOM_TYPE || item.item_id.startsWith('custom_');
}

/** Spec §5: only items with quantity above 0 and a non-empty item_id are shown. */
export function isShown(item: Pick<ListItem, 'item_id' | 'quantity'> | null | undefined): boolean {
  return !!item && typeof item.item_id === 'string' && item.item_id.trim() !== '' && typeof item.quantity === 'number' && item.quantity > 0;
}

/** The shown items (spec §5), oldest first. */
export function shownItems(items: readonly ListItem[]): ListItem[] {
  return sortItems(items.filter(isShown));
}

/** The badge count: the number of shown items (spec §5; shared-events `list/count-changed`). */
export function countOf(items: readonly ListItem[]): number {
  return items.filter(isShown).length;
}

/** Oldest first by `created_at`, then `item_id` (the BFF's order). Returns a new array. */
export function sortItems(items: readonly ListItem[]): ListItem[] {
  return [...items].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : 0));
}

/** The article number of a product item: the part of item_id before the first '_' ('20010010_G_3299' → '20010010'). */
export function articleNumberOf(itemId: string): string {
  const i = itemId.indexOf('_');
  return i < 0 ? itemId : itemId.slice(0, i);
}

/** Clamps to an integer 1..999 (non-numbers → 1). */
export function clampQuantity(q: number): number {
  if (!Number.isFinite(q)) return 1;
  return Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(q)));
}

/** True for an integer 1..999 (BFF contract quantity). */
export function isValidQuantity(q: unknown): q is number {
  return typeof q === 'number' && Number.isInteger(q) && q >= 1 && q <= MAX_QUANTITY;
}

/**
 * Reads a typed quantity ('12', ' 3 ') as an integer 1..999, or null when it is not one
 * ('', '0', '1000', '2.5', '3a').
 */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (!/^[0-9]{1,3}$/.test(t)) return null;
  const q = Number(t);
  return isValidQuantity(q) ? q : null;
}

/**
 * `text` cut to at most `max` UTF-16 code units without splitting a character (a surrogate pair).
 * @example cutText('a'.repeat(60), 50).length === 50
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}

/**
 * A custom item name as stored (spec §5 "Custom item name is cut at 50 characters"): control
 * characters become spaces, then trimmed, then cut at 50. Plain text: rendered as text, never HTML.
 * @returns '' when nothing is left (the caller refuses an empty name)
 */
export function cleanCustomName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = String(raw).replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return cutText(flat, MAX_CUSTOM_NAME).trim();
}

/** Normalised name for de-duplicating custom items (BFF merge rule): trimmed, lower case, inner whitespace collapsed. */
export function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The name of a custom item, or of a product item's meta, or null. */
export function metaName(item: Pick<ListItem, 'meta'>): string | null {
  const n = (item.meta as { name?: unknown } | null)?.name;
  return typeof n === 'string' && n.trim() !== '' ? n : null;
}

/**
 * A new custom item (spec §3: meta { name, item_Id, itemType: 'custom', category, product_type:
 * 'Custom', id, created_at }), quantity 1.
 * @param name already cleaned with {@link cleanCustomName} (non-empty)
 * @param uuid a random UUID (crypto.randomUUID)
 * @param now ISO time
 */
export function newCustomItem(name: string, uuid: string, now: string): ListItem {
  const item_id = `custom_${uuid}`;
  return {
    item_id,
    product_type: CUSTOM_TYPE,
    quantity: 1,
    checked: false,
    meta: { name, item_Id: item_id, itemType: 'custom', category: CUSTOM_TYPE, product_type: CUSTOM_TYPE, id: uuid, created_at: now },
    created_at: now,
    updated_at: now,
  };
}

/**
 * A change the shopper (or another remote) asked for, relative to what the list holds:
 * - `add`: add `quantity` (creates the item, or adds to its quantity, capped at 999);
 * - `update`: set absolute fields of an existing item (quantity 1..999, checked, meta);
 * - `remove`: remove the item.
 */
export type ListChange =
  /** `requestId`: the bus request of the add, answered `list/add-failed` if the server refuses it later. */
  | { kind: 'add'; item: ListItem; requestId?: string }
  | { kind: 'update'; item_id: string; quantity?: number; checked?: boolean; meta?: ListItem['meta'] }
  | { kind: 'remove'; item_id: string };

/** What {@link applyChange} did. */
export interface ChangeResult {
  items: ListItem[];
  /** The item after the change, null when it was removed or did not exist. */
  item: ListItem | null;
  /** For `add`: how much was actually added (0 when the item was already at 999). */
  added: number;
  /** For `remove`: whether there was an item to remove. */
  removed: boolean;
  /** Whether anything changed. */
  changed: boolean;
}

/**
 * Applies one {@link ListChange} to `items` (pure). Adding an item already in the list adds to its
 * quantity, capped at 999 (its `meta` is kept unless it had none).
 * @param now ISO time written to `updated_at`
 */
export function applyChange(items: readonly ListItem[], change: ListChange, now: string): ChangeResult {
  const id = change.kind === 'add' ? change.item.item_id : change.item_id;
  const index = items.findIndex((i) => i.item_id === id);
  const current = index >= 0 ? items[index] : null;
  const replace = (next: ListItem | null): ListItem[] => {
    const out = [...items];
    if (next === null) out.splice(index, 1);
    else if (index >= 0) out[index] = next;
    else out.push(next);
    return out;
  };
  switch (change.kind) {
    case 'add': {
      const want = clampQuantity(change.item.quantity);
      if (!current) {
        const item = { ...change.item, quantity: want, created_at: change.item.created_at || now, updated_at: now };
        return { items: replace(item), item, added: want, removed: false, changed: true };
      }
      const quantity = Math.min(MAX_QUANTITY, current.quantity + want);
      const added = quantity - current.quantity;
      if (added === 0) return { items: [...items], item: current, added: 0, removed: false, changed: false };
      const item = { ...current, quantity, meta: current.meta ?? change.item.meta, updated_at: now };
      return { items: replace(item), item, added, removed: false, changed: true };
    }
    case 'update': {
      if (!current) return { items: [...items], item: null, added: 0, removed: false, changed: false };
      const item: ListItem = {
        ...current,
        ...(change.quantity !== undefined ? { quantity: clampQuantity(change.quantity) } : {}),
        ...(change.checked !== undefined ? { checked: change.checked } : {}),
        ...(change.meta !== undefined ? { meta: change.meta } : {}),
      };
      const changed = item.quantity !== current.quantity || item.checked !== current.checked || item.meta !== current.meta;
      if (!changed) return { items: [...items], item: current, added: 0, removed: false, changed: false };
      const next = { ...item, updated_at: now };
      return { items: replace(next), item: next, added: 0, removed: false, changed: true };
    }
    case 'remove': {
      if (!current) return { items: [...items], item: null, added: 0, removed: false, changed: false };
      return { items: replace(null), item: null, added: 0, removed: true, changed: true };
    }
    default:
      return { items: [...items], item: null, added: 0, removed: false, changed: false };
  }
}

/** Why an add request is refused, or null when it is valid. */
export function validateAddRequest(p: { itemId: unknown; quantity?: unknown; productType?: unknown; name?: unknown }): string | null {
  if (typeof p.itemId !== 'string' || p.itemId === '') return 'Invalid itemId: must be a non-empty string';
  const custom = CUSTOM_ITEM_ID.test(p.itemId);
  if (!custom && !PRODUCT_ITEM_ID.test(p.itemId)) {
    return 'Invalid itemId: must be articleNumber_uom_storeId (e.g. 20010010_G_3299) or custom_<uuid>';
  }
  if (p.quantity !== undefined && !isValidQuantity(p.quantity)) return 'Invalid quantity: must be an integer from 1 to 999';
  if (custom) {
    if (p.productType !== undefined && p.productType !== CUSTOM_TYPE) return `Invalid productType: a custom item's is '${CUSTOM_TYPE}'`;
    if (typeof p.name !== 'string' || cleanCustomName(p.name) === '') return 'Invalid name: a custom item needs a name (1–50 characters)';
  } else if (p.productType !== undefined && !(PRODUCT_TYPES as readonly unknown[]).includes(p.productType)) {
    return "Invalid productType: must be 'product' or 'flyer'";
  }
  return null;
}

/** Longest flyer sale story kept in an item's meta, characters (e.g. '2 for $5'). */
export const MAX_SALE_STORY = 100;

/** A flyer item's sale story from its meta (`meta.saleStory`), or null. */
export function metaSaleStory(item: Pick<ListItem, 'meta'>): string | null {
  const v = (item.meta as { saleStory?: unknown } | null)?.saleStory;
  return typeof v === 'string' && v.trim() ? v : null;
}

/**
 * The item a valid add request stands for (see {@link validateAddRequest}): a product or flyer item
 * (meta `{ name, saleStory }` with what was given: name cut at 200 characters, sale story at 100) or a
 * custom item (`custom_<uuid>` with the name cut at 50).
 */
export function itemFromRequest(p: { itemId: string; quantity?: number; productType?: string; name?: string; saleStory?: string }, now: string): ListItem {
  const quantity = p.quantity ?? 1;
  if (CUSTOM_ITEM_ID.test(p.itemId)) {
    const uuid = p.itemId.slice('custom_'.length);
    return { ...newCustomItem(cleanCustomName(p.name ?? ''), uuid, now), quantity };
  }
  const name = typeof p.name === 'string' ? cutText(p.name.trim(), MAX_PRODUCT_NAME) : '';
  const saleStory = typeof p.saleStory === 'string' ? cutText(p.saleStory.trim(), MAX_SALE_STORY) : '';
  const meta = { ...(name ? { name } : {}), ...(saleStory ? { saleStory } : {}) };
  return {
    item_id: p.itemId,
    product_type: p.productType ?? 'product',
    quantity,
    checked: false,
    meta: Object.keys(meta).length ? meta : null,
    created_at: now,
    updated_at: now,
  };
}

/** A value read from storage or the BFF as a list item, or null when it is not one. */
export function asListItem(v: unknown): ListItem | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.item_id !== 'string' || typeof o.quantity !== 'number') return null;
  const now = new Date(0).toISOString();
  return {
    item_id: o.item_id,
    product_type: typeof o.product_type === 'string' ? o.product_type : 'product',
    quantity: o.quantity,
    checked: o.checked === true,
    meta: o.meta && typeof o.meta === 'object' ? (o.meta as ListItem['meta']) : null,
    created_at: typeof o.created_at === 'string' ? o.created_at : now,
    updated_at: typeof o.updated_at === 'string' ? o.updated_at : typeof o.created_at === 'string' ? o.created_at : now,
  };
}

/** Items of an unknown value (storage, BFF), dropping anything that is not an item. */
export function asListItems(v: unknown): ListItem[] {
  return Array.isArray(v) ? v.map(asListItem).filter((i): i is ListItem => i !== null) : [];
}

/**
 * True for an item the BFF accepts (contract: product item_id pattern and type, or a custom item
 * with its meta name; quantity 1..999). Browser items that are not are left out of a merge.
 */
export function isStorable(item: ListItem): boolean {
  if (!isValidQuantity(item.quantity)) return false;
  if (PRODUCT_ITEM_ID.test(item.item_id)) return (PRODUCT_TYPES as readonly string[]).includes(item.product_type);
  if (CUSTOM_ITEM_ID.test(item.item_id)) return item.product_type === CUSTOM_TYPE && metaName(item) !== null;
  return false;
}
