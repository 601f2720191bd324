/**
 * The shopping-list item id of a product (spec §3 Shopping list: "item_id (built as
 * articleNumber_uom_storeId)"), e.g. '20010010_G_3299'. The one builder every remote uses.
 */

/** Units of measure an item id may carry (the list's BFF contract pattern). */
export const UOMS = ['EA', 'G', 'KG', 'L', 'ML', 'LB'] as const;
export type Uom = (typeof UOMS)[number];

/**
 * The unit used when a product has none. Spec §3 names no default; 'EA' (each) is the unit of a
 * product sold by the piece, and what the search, recipe and list remotes already fell back to.
 */
export const DEFAULT_UOM: Uom = 'EA';

/** A product item id: articleNumber (1–20 letters/digits) _ uom _ storeId (4 digits). */
export const PRODUCT_ITEM_ID = /^([0-9A-Za-z]{1,20})_(EA|G|KG|L|ML|LB)_([0-9]{4})$/;

/** The parts of a product item id. */
export interface ItemIdParts {
  articleNumber: string;
  /** Unit of measure, one of {@link UOMS}. */
  uom: Uom;
  /** Store number, 4 digits (e.g. '3299'). */
  storeId: string;
}

/**
 * Builds `articleNumber_uom_storeId` (spec §3).
 * - `uom`: trimmed and upper-cased; missing or empty → {@link DEFAULT_UOM} ('EA').
 * - `storeId`: a store number; shorter ones are left-padded with zeros to 4 characters (spec §5).
 * Never throws; check a doubtful id with {@link parseItemId} (null when a part is not valid).
 */
export function itemId({ articleNumber, uom, storeId }: { articleNumber: string; uom?: string | null; storeId: string }): string {
  const unit = uom?.trim().toUpperCase() || DEFAULT_UOM;
  return `${articleNumber.trim()}_${unit}_${storeId.trim().padStart(4, '0')}`;
}

/**
 * The parts of a product item id, or null for anything else (a custom item `custom_<uuid>`, a
 * malformed id, an unknown unit, a store number that is not 4 digits).
 */
export function parseItemId(id: string): ItemIdParts | null {
  const m = PRODUCT_ITEM_ID.exec(id);
  if (!m) return null;
  return { articleNumber: m[1], uom: m[2] as Uom, storeId: m[3] };
}
