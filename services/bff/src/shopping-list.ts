/**
 * The signed-in shopper's shopping list (spec §3 "Shopping list", §4 "Shopping list and cart", §5, §6
 * "shopping list and flyer items sync to the server with an identity token", §9 page size 100). Every
 * function is scoped by the verified token's uid; routes are in routes/shopping-list.ts.
 *
 * Rules:
 * - a product item's id is articleNumber_uom_storeId ({@link PRODUCT_ITEM_ID}), product_type 'product' or
 *   'flyer', meta optional (an object such as `{ name }`, or null);
 * - a custom item's id is `custom_` + 8–64 letters, digits or hyphens ({@link CUSTOM_ITEM_ID}),
 *   product_type 'Custom', meta required: `{ name (1–50 characters after trimming), item_Id (= item_id),
 *   itemType: 'custom', category (≤ 50), product_type: 'Custom', id, created_at (ISO) }`;
 * - quantity is an integer 1–999; meta is at most 2048 bytes as JSON;
 * - only items with quantity above 0 and a non-empty item_id are shown (spec §5) — the table's checks
 *   make any other row impossible, and the read filters on it as well;
 * - the list is read oldest first (created_at, item_id).
 */
import type { Db, Queryable } from './db';
import { HttpError } from './http';
import { normaliseText, textKey } from './text';

/** Spec §9 "Shopping list page size": the default page. */
export const DEFAULT_HITS_PER_PAGE = 100;
/** Largest page (and largest merge / cart request). */
export const MAX_HITS_PER_PAGE = 1000;
/** Largest quantity of one item (merges cap sums at it). */
export const MAX_QUANTITY = 999;
/** Spec §5 / §9: a custom item's name is at most 50 characters. */
export const MAX_CUSTOM_NAME = 50;
/** Longest custom-item category, characters. */
export const MAX_CATEGORY = 50;
/** Largest meta, bytes of its JSON (UTF-8). */
export const MAX_META_BYTES = 2048;

/** articleNumber_uom_storeId, e.g. '20090401_KG_3299'. */
export const PRODUCT_ITEM_ID = '^[0-9A-Za-z]{1,20}_(EA|G|KG|L|ML|LB)_[0-9]{4}$';
/** custom_ + 8–64 letters, digits or hyphens, e.g. 'custom_3f2c9a1e-77b0'. */
export const CUSTOM_ITEM_ID = '^custom_[A-Za-z0-9-]{8,64}$';
/** Either kind of list item id (route schemas). */
export const LIST_ITEM_ID = '^(?:[0-9A-Za-z]{1,20}_(?:EA|G|KG|L|ML|LB)_[0-9]{4}|custom_[A-Za-z0-9-]{8,64})$';

const CUSTOM_RE = new RegExp(CUSTOM_ITEM_ID);
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export type ProductType = 'product' | 'flyer' | 'Custom';
export const PRODUCT_TYPES: ProductType[] = ['product', 'flyer', 'Custom'];

/** A list item as the API answers it (spec §3 Shopping list). Timestamps are ISO 8601 UTC, milliseconds. */
export interface ListItem {
  item_id: string;
  product_type: ProductType;
  /** Integer 1–999. */
  quantity: number;
  checked: boolean;
  meta: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** A list item as a request gives it (PUT body plus the item id, or one item of a merge). */
export interface ListItemInput {
  item_id: string;
  product_type: ProductType;
  quantity: number;
  checked?: boolean;
  /** Omitted: keep the stored meta (null for a new item); null: no meta. */
  meta?: Record<string, unknown> | null;
}

/** A page of the list (GET /api/shopping-list). */
export interface ListPage {
  items: ListItem[];
  page: number;
  hitsPerPage: number;
  /** Items shown in the whole list. */
  nbHits: number;
  nbPages: number;
}

/** Where an input's fields are named in error messages. */
export interface FieldNames {
  /** Prefix of the item's fields, e.g. 'body' (PUT) or 'body.items.3' (merge). */
  prefix: string;
}

/** True for a custom item id (custom_…). */
export const isCustomItemId = (itemId: string): boolean => CUSTOM_RE.test(itemId);

/** U+0000 or a lone surrogate: JSON may carry them, PostgreSQL's jsonb and text cannot. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const NOT_STORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when every key and string in `value` can be stored as PostgreSQL text. */
function storable(value: unknown): boolean {
  if (typeof value === 'string') return !NOT_STORABLE.test(value);
  if (Array.isArray(value)) return value.every(storable);
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => !NOT_STORABLE.test(k) && storable(v));
  return true;
}

/** The key custom items are de-duplicated by in a merge: the text key of src/text.ts (stored text, lower case). */
export function normaliseName(name: string): string {
  return textKey(name);
}

/**
 * Checks what JSON schema cannot: product_type against the kind of item id, the custom item's meta, and
 * the meta size. Returns the input with meta ready to store (a custom item's name trimmed, control
 * characters as spaces). Types and ranges were checked by the route schema.
 * @throws HttpError 400 "Invalid <field>: <reason>"
 */
export function checkListItem(input: ListItemInput, names: FieldNames): ListItemInput {
  const { prefix } = names;
  const custom = isCustomItemId(input.item_id);
  if (custom && input.product_type !== 'Custom') {
    throw new HttpError(400, `Invalid ${prefix}.product_type: must be 'Custom' for a custom item (item_id custom_…)`);
  }
  if (!custom && input.product_type === 'Custom') {
    throw new HttpError(400, `Invalid ${prefix}.product_type: must be 'product' or 'flyer' for a product item (item_id articleNumber_uom_storeId)`);
  }
  let meta = input.meta;
  if (meta !== undefined && meta !== null) {
    const bytes = Buffer.byteLength(JSON.stringify(meta), 'utf8');
    if (bytes > MAX_META_BYTES) throw new HttpError(400, `Invalid ${prefix}.meta: must be at most ${MAX_META_BYTES} bytes as JSON (is ${bytes})`);
    // a custom item's name is cleaned below (src/text.ts removes U+0000, refuses lone surrogates)
    const rest = custom && typeof meta.name === 'string' ? { ...meta, name: '' } : meta;
    if (!storable(rest)) throw new HttpError(400, `Invalid ${prefix}.meta: must not contain the character U+0000 or unpaired surrogates`);
  }
  if (custom) {
    if (meta === undefined || meta === null) {
      throw new HttpError(400, `Invalid ${prefix}.meta: a custom item needs meta { name, item_Id, itemType, category, product_type, id, created_at }`);
    }
    const m = meta;
    const bad = (field: string, reason: string) => new HttpError(400, `Invalid ${prefix}.meta.${field}: ${reason}`);
    if (typeof m.name !== 'string') throw bad('name', `must be a string of 1–${MAX_CUSTOM_NAME} characters`);
    const name = normaliseText(m.name, { field: `${prefix}.meta.name`, maxLength: MAX_CUSTOM_NAME });
    if (m.item_Id !== input.item_id) throw bad('item_Id', `must equal the item_id '${input.item_id}'`);
    if (m.itemType !== 'custom') throw bad('itemType', "must be 'custom'");
    if (typeof m.category !== 'string' || [...m.category].length > MAX_CATEGORY) throw bad('category', `must be a string of at most ${MAX_CATEGORY} characters`);
    if (m.product_type !== 'Custom') throw bad('product_type', "must be 'Custom'");
    if (typeof m.id !== 'string' || m.id.length === 0 || m.id.length > 100) throw bad('id', 'must be a string of 1–100 characters');
    if (typeof m.created_at !== 'string' || !ISO_RE.test(m.created_at) || Number.isNaN(Date.parse(m.created_at))) {
      throw bad('created_at', "must be an ISO 8601 date-time such as '2026-01-05T15:00:00.000Z'");
    }
    meta = name === m.name ? m : { ...m, name };
  }
  return { ...input, meta };
}

// Timestamps: the ISO text the table keeps in generated columns (iso_utc, migration 003).
const ITEM_COLUMNS = 'item_id, product_type, quantity, checked, meta, created_iso AS created_at, updated_iso AS updated_at';
/** Spec §5: what the storefront shows (always true for stored rows; kept as a guard). */
const SHOWN = "quantity > 0 AND item_id <> ''";
/**
 * One list item as JSON text, put together by the database. Nothing needs escaping: the table's checks
 * restrict item_id to [0-9A-Za-z_-] and product_type to three words, quantity is an integer, checked a
 * boolean ('true' / 'false'), meta is jsonb (its text is JSON) and the ISO columns come from iso_utc.
 */
const ITEM_JSON = `'{"item_id":"' || item_id || '","product_type":"' || product_type || '","quantity":' || quantity
  || ',"checked":' || checked || ',"meta":' || coalesce(meta::text, 'null')
  || ',"created_at":"' || created_iso || '","updated_at":"' || updated_iso || '"}'`;

/** Number of shown items of the shopper's list. */
export async function countItems(db: Queryable, uid: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shopping_list_items WHERE uid = $1 AND ${SHOWN}`, [uid]);
  return rows[0]!.n;
}

/** A page of the list whose items are JSON text made by the database (see {@link readPage}). */
export interface ListPageJson extends Omit<ListPage, 'items'> {
  /** JSON array of {@link ListItem}, oldest first. */
  itemsJson: string;
}

/**
 * One page of the shopper's list, oldest first (created_at, item_id), in ONE statement: the count, and
 * the page's rows (an index-ordered, limited subquery) joined into a JSON array text by the database
 * ({@link ITEM_JSON}, in the aggregate's explicit order). The text goes into the answer as is: 1,000
 * items are not decoded row by row and encoded again (p95 ≤ 20 ms for 1,000 items).
 */
export async function readPage(db: Db, uid: string, page: number, hitsPerPage: number): Promise<ListPageJson> {
  const { rows } = await db.query<{ nb_hits: number; items: string }>(
    `SELECT (SELECT count(*) FROM shopping_list_items WHERE uid = $1 AND ${SHOWN})::int AS nb_hits,
            '[' || coalesce(string_agg(${ITEM_JSON}, ',' ORDER BY created_at, item_id), '') || ']' AS items
     FROM (SELECT * FROM shopping_list_items
           WHERE uid = $1 AND ${SHOWN} ORDER BY created_at, item_id LIMIT $2 OFFSET $3) page`,
    [uid, hitsPerPage, page * hitsPerPage],
  );
  const nbHits = rows[0]!.nb_hits;
  return { itemsJson: rows[0]!.items, page, hitsPerPage, nbHits, nbPages: Math.ceil(nbHits / hitsPerPage) };
}

/**
 * Creates or sets an item with absolute values (a replay changes nothing, updated_at included).
 * `checked` / `meta` omitted keep the stored values (false / null for a new item).
 */
export async function putItem(db: Db, uid: string, input: ListItemInput): Promise<{ item: ListItem; nbHits: number }> {
  const { rows } = await db.query<ListItem>(
    `INSERT INTO shopping_list_items AS t (uid, item_id, product_type, quantity, checked, meta)
     VALUES ($1, $2, $3, $4, coalesce($5::boolean, false), $6::jsonb)
     ON CONFLICT (uid, item_id) DO UPDATE SET
       product_type = EXCLUDED.product_type,
       quantity = EXCLUDED.quantity,
       checked = coalesce($5::boolean, t.checked),
       meta = CASE WHEN $7::boolean THEN EXCLUDED.meta ELSE t.meta END,
       updated_at = CASE
         WHEN (t.product_type, t.quantity, t.checked, t.meta) IS NOT DISTINCT FROM
              (EXCLUDED.product_type, EXCLUDED.quantity, coalesce($5::boolean, t.checked), CASE WHEN $7::boolean THEN EXCLUDED.meta ELSE t.meta END)
         THEN t.updated_at ELSE clock_timestamp() END
     RETURNING ${ITEM_COLUMNS}`,
    [
      uid,
      input.item_id,
      input.product_type,
      input.quantity,
      input.checked ?? null,
      input.meta === undefined || input.meta === null ? null : JSON.stringify(input.meta),
      input.meta !== undefined,
    ],
  );
  return { item: rows[0]!, nbHits: await countItems(db, uid) };
}

/** Removes an item; `removed: false` when it was not on the shopper's list (a replayed delete is harmless). */
export async function removeItem(db: Db, uid: string, itemId: string): Promise<{ removed: boolean; nbHits: number }> {
  const { rows } = await db.query('DELETE FROM shopping_list_items WHERE uid = $1 AND item_id = $2 RETURNING item_id', [uid, itemId]);
  return { removed: rows.length > 0, nbHits: await countItems(db, uid) };
}

/** Answer of a merge. */
export interface MergeResult {
  mergeId: string;
  /** Items that were not on the list. */
  added: number;
  /** Items already on the list whose quantity grew. */
  updated: number;
  nbHits: number;
}

interface StoredItem {
  item_id: string;
  product_type: ProductType;
  quantity: number;
  meta: Record<string, unknown> | null;
}

/** One row the merge writes: a new item, or a quantity to add to an existing one. */
interface MergeRow {
  item_id: string;
  product_type: ProductType;
  /** New item: its quantity; existing item: the quantity to add (the sum is capped at 999). */
  quantity: number;
  checked: boolean;
  meta: Record<string, unknown> | null;
  /** Position among new items (their created_at keeps the order given). */
  ord: number;
}

const customName = (meta: Record<string, unknown> | null): string | null =>
  meta && typeof meta.name === 'string' ? normaliseName(meta.name) : null;

/**
 * What a merge writes (pure): the guest's items folded per target row (a custom item joins the shopper's
 * custom item of the same normalised name; quantities add up to MAX_QUANTITY), and how many rows are
 * added and updated. Rows already at MAX_QUANTITY with meta are left alone.
 * @param existing the shopper's rows for these ids (and every custom row when a custom item is merged), oldest first
 */
function planMerge(items: ListItemInput[], existing: StoredItem[]): { write: MergeRow[]; added: number; updated: number } {
  const byId = new Map(existing.map((e) => [e.item_id, e]));
  const customByName = new Map<string, string>(); // normalised name → item_id (the oldest)
  for (const e of existing) {
    const key = e.product_type === 'Custom' ? customName(e.meta) : null;
    if (key !== null && !customByName.has(key)) customByName.set(key, e.item_id);
  }

  const rows = new Map<string, MergeRow>(); // item_id → what to write
  let ord = 0;
  for (const item of items) {
    let target = item.item_id;
    if (item.product_type === 'Custom' && !byId.has(target) && !rows.has(target)) {
      const key = customName(item.meta ?? null);
      const same = key === null ? undefined : customByName.get(key);
      if (same !== undefined) target = same;
      else if (key !== null) customByName.set(key, target);
    }
    const row = rows.get(target);
    if (row) {
      row.quantity = Math.min(MAX_QUANTITY, row.quantity + item.quantity);
      if (row.meta === null && item.meta) row.meta = item.meta;
      continue;
    }
    const isNew = !byId.has(target);
    rows.set(target, {
      item_id: target,
      product_type: isNew ? item.product_type : byId.get(target)!.product_type,
      quantity: Math.min(MAX_QUANTITY, item.quantity),
      checked: isNew ? item.checked === true : false,
      meta: item.meta ?? null,
      ord: isNew ? ord++ : 0,
    });
  }

  let added = 0;
  let updated = 0;
  const write: MergeRow[] = [];
  for (const row of rows.values()) {
    const old = byId.get(row.item_id);
    if (!old) {
      added++;
      write.push(row);
    } else if (old.quantity < MAX_QUANTITY || (old.meta === null && row.meta !== null)) {
      if (old.quantity < MAX_QUANTITY) updated++;
      write.push(row);
    }
  }
  return { write, added, updated };
}

/**
 * Merges items (an anonymous browser list, spec §4 "merged into the account on login") into the
 * shopper's list in one transaction, idempotent by `mergeId`:
 * - union by item_id, quantities summed and capped at 999;
 * - a custom item whose normalised name (trimmed, lower case, inner whitespace collapsed) matches a
 *   custom item on the list (or earlier in the same merge) adds its quantity to that one;
 * - existing items keep their checked flag and meta (meta is filled in when they had none); new items
 *   keep the order given;
 * - a mergeId already applied for this shopper changes nothing and answers the counts of its first
 *   application (nbHits is the list's count now).
 * Per-shopper serialisation: a transaction-scoped advisory lock on the uid (concurrent merges of one
 * shopper run one after the other on pg; PGlite runs one transaction at a time anyway). Quantities of
 * existing rows are added in SQL (`quantity + n`), so a concurrent PUT is never overwritten with a stale value.
 * @param items already checked with {@link checkListItem}
 */
export async function mergeItems(db: Db, uid: string, mergeId: string, items: ListItemInput[]): Promise<MergeResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 13))', [`shopping-list:${uid}`]);
    const done = await tx.query<{ added: number; updated: number }>(
      'SELECT added, updated FROM shopping_list_merges WHERE uid = $1 AND merge_id = $2::uuid',
      [uid, mergeId],
    );
    if (done.rows[0]) return { mergeId, added: done.rows[0].added, updated: done.rows[0].updated, nbHits: await countItems(tx, uid) };

    const ids = [...new Set(items.map((i) => i.item_id))];
    const hasCustom = items.some((i) => i.product_type === 'Custom');
    const { rows: existing } = await tx.query<StoredItem>(
      `SELECT item_id, product_type, quantity, meta FROM shopping_list_items
       WHERE uid = $1 AND (item_id = ANY($2::text[]) OR ($3::boolean AND product_type = 'Custom'))
       ORDER BY created_at, item_id`,
      [uid, ids, hasCustom],
    );
    const { write, added, updated } = planMerge(items, existing);
    if (write.length > 0) {
      await tx.query(
        `WITH r AS (
           SELECT * FROM jsonb_to_recordset($2::jsonb)
             AS r(item_id text, product_type text, quantity int, checked boolean, meta jsonb, ord int)
         ), t0 AS (SELECT clock_timestamp() AS t)
         INSERT INTO shopping_list_items AS t (uid, item_id, product_type, quantity, checked, meta, created_at, updated_at)
         SELECT $1, r.item_id, r.product_type, r.quantity, r.checked,
                CASE WHEN jsonb_typeof(r.meta) = 'object' THEN r.meta END,
                t0.t + r.ord * interval '1 microsecond', t0.t + r.ord * interval '1 microsecond'
         FROM r, t0 ORDER BY r.ord
         ON CONFLICT (uid, item_id) DO UPDATE SET
           quantity = least(${MAX_QUANTITY}, t.quantity + EXCLUDED.quantity),
           meta = coalesce(t.meta, EXCLUDED.meta),
           updated_at = CASE WHEN t.quantity < ${MAX_QUANTITY} OR (t.meta IS NULL AND EXCLUDED.meta IS NOT NULL)
                             THEN clock_timestamp() ELSE t.updated_at END`,
        [uid, JSON.stringify(write)],
      );
    }
    await tx.query('INSERT INTO shopping_list_merges (uid, merge_id, added, updated) VALUES ($1, $2::uuid, $3, $4)', [uid, mergeId, added, updated]);
    return { mergeId, added, updated, nbHits: await countItems(tx, uid) };
  });
}
