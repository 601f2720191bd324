/**
 * Shopping-list routes of the signed-in shopper (spec §3 "Shopping list", §4 "Shopping list and cart",
 * §5, §6 "shopping list and flyer items sync to the server with an identity token", §9). The contract
 * shared with mf-shopping-list is in README.md ("Shopping list and cart"); the rules are in
 * ../shopping-list.ts. Signed-in only (createAuthHook: bearer + x-id-token + x-nonce); a shopper reads and
 * writes only their own list (every query is scoped by the token's uid; a `uid` in the query or body that
 * is not the caller's → 403). `cache-control: no-store`. Envelope `{ status, code, message, data }`.
 */
import type { FastifyInstance } from 'fastify';
import { shopperOf, type IdTokenVerifier } from '../auth';
import type { Db } from '../db';
import { HttpError, ok, okJson } from '../http';
import {
  checkListItem,
  DEFAULT_HITS_PER_PAGE,
  LIST_ITEM_ID,
  MAX_HITS_PER_PAGE,
  MAX_QUANTITY,
  mergeItems,
  PRODUCT_TYPES,
  putItem,
  readPage,
  removeItem,
  type ListItemInput,
  type ProductType,
} from '../shopping-list';
import { signedInBody, signedInOnly, signedInQuery, strictObject } from './signed-in';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The fields of a list item a request may give (schema shared by PUT and merge items). */
const ITEM_FIELDS = {
  product_type: { type: 'string', enum: PRODUCT_TYPES },
  quantity: { type: 'integer', minimum: 1, maximum: MAX_QUANTITY },
  checked: { type: 'boolean' },
  meta: { type: ['object', 'null'] },
} as const;

/** Largest merge request body (1,000 items with meta). */
export const MERGE_BODY_LIMIT = 512 * 1024;

interface PutBody {
  product_type: ProductType;
  quantity: number;
  checked?: boolean;
  meta?: Record<string, unknown> | null;
}

/** A query-string integer (schema pattern checked digits only) within [min, max], else 400 with the field's rule. */
function intParam(value: string | undefined, field: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new HttpError(400, `Invalid query.${field}: must be an integer from ${min} to ${max}`);
  return n;
}

/**
 * Registers GET /api/shopping-list, PUT|DELETE /api/shopping-list/items/:itemId and
 * POST /api/shopping-list/merge.
 */
export async function shoppingListRoutes(app: FastifyInstance, { db, verify }: { db: Db; verify: IdTokenVerifier }): Promise<void> {
  signedInOnly(app, verify);
  listReadRoute(app, db);
  itemRoutes(app, db);
  mergeRoute(app, db);
}

/** GET /api/shopping-list. */
function listReadRoute(app: FastifyInstance, db: Db): void {
  /**
   * GET /api/shopping-list?page=0&hitsPerPage=100 (spec §4 "The list loads 100 items per page with a
   * 'Load More' control"; §9 page size 100).
   * - `page`: integer ≥ 0 (default 0; at most 999999); `hitsPerPage`: integer 1–1000 (default 100).
   * → 200 data `{ items: ListItem[], page, hitsPerPage, nbHits, nbPages }`; ListItem `{ item_id,
   *   product_type ('product' | 'flyer' | 'Custom'), quantity (integer 1–999), checked, meta (object | null),
   *   created_at, updated_at (ISO 8601 UTC) }`, oldest first (created_at, item_id). Spec §5: only list items
   *   with quantity above 0 and a non-empty item_id are shown (nbHits counts those). A page past the end
   *   has no items.
   * → 400 `Invalid query.hitsPerPage: must be an integer from 1 to 1000`, `Invalid query.page: must be an
   *   integer from 0 to 999999`; 401 signed out; 403 `?uid=` of another shopper.
   */
  app.get<{ Querystring: { page?: string; hitsPerPage?: string } }>(
    '/shopping-list',
    {
      schema: {
        querystring: signedInQuery({
          page: { type: 'string', pattern: '^[0-9]{1,6}$' },
          hitsPerPage: { type: 'string', pattern: '^[0-9]{1,4}$' },
        }),
      },
    },
    async (request, reply) => {
      const page = intParam(request.query.page, 'page', 0, 0, 999_999);
      const hitsPerPage = intParam(request.query.hitsPerPage, 'hitsPerPage', DEFAULT_HITS_PER_PAGE, 1, MAX_HITS_PER_PAGE);
      const { itemsJson, ...counts } = await readPage(db, shopperOf(request).uid, page, hitsPerPage);
      reply.type('application/json; charset=utf-8');
      return okJson({ items: itemsJson }, counts);
    },
  );
}

/** PUT|DELETE /api/shopping-list/items/:itemId. */
function itemRoutes(app: FastifyInstance, db: Db): void {
  /**
   * PUT /api/shopping-list/items/:itemId body `{ product_type, quantity, checked?, meta? }` (spec §3 Shopping
   * list; §6 list items sync to the server): creates or sets the item with ABSOLUTE values, so a replay
   * changes nothing (updated_at included). `checked` / `meta` omitted keep the stored value (false / null
   * for a new item); `meta: null` clears it.
   * - `itemId`: articleNumber_uom_storeId (`^[0-9A-Za-z]{1,20}_(EA|G|KG|L|ML|LB)_[0-9]{4}$`, product_type
   *   'product' or 'flyer') or `custom_` + 8–64 letters, digits, hyphens (product_type 'Custom');
   * - `quantity`: integer 1–999 (remove an item with DELETE);
   * - `meta`: object or null, at most 2048 bytes as JSON; a custom item needs meta `{ name (1–50
   *   characters after trimming; spec §5 "Custom item name is cut at 50 characters"), item_Id (= itemId),
   *   itemType: 'custom', category (string ≤ 50), product_type: 'Custom', id, created_at (ISO) }`; its name
   *   is stored trimmed, control characters as spaces.
   * → 200 data `{ item: ListItem, nbHits }`.
   * → 400 with the field, e.g. `Invalid body.quantity: must be an integer from 1 to 999`, `Invalid
   *   params.itemId: must be a product item id …`, `Invalid body.meta: a custom item needs meta { … }`,
   *   `Invalid body.meta.name: must be at most 50 characters after trimming`, `Invalid body.meta: must be at
   *   most 2048 bytes as JSON (is N)`, `Invalid body: unknown property 'x'`; 401; 403 other uid.
   */
  app.put<{ Params: { itemId: string }; Body: PutBody }>(
    '/shopping-list/items/:itemId',
    {
      schema: {
        params: { type: 'object', required: ['itemId'], properties: { itemId: { type: 'string', pattern: LIST_ITEM_ID } } },
        querystring: signedInQuery(),
        body: signedInBody(ITEM_FIELDS, ['product_type', 'quantity']),
      },
    },
    async (request) => {
      const { product_type, quantity, checked, meta } = request.body;
      const input = checkListItem(
        { item_id: request.params.itemId, product_type, quantity, checked, meta },
        { prefix: 'body' },
      );
      return ok(await putItem(db, shopperOf(request).uid, input), 'Saved');
    },
  );

  /**
   * DELETE /api/shopping-list/items/:itemId (spec §4 "removing a flyer item"): removes the item from the
   * caller's own list.
   * → 200 data `{ removed: boolean, nbHits }`: `removed: false` (still 200) when the item is not on the
   *   caller's list — a replayed delete from an outbox is harmless, and another shopper's item of the same
   *   id is never touched.
   * → 400 `Invalid params.itemId: must be a product item id … or a custom item id …`; 401; 403 other uid.
   */
  app.delete<{ Params: { itemId: string } }>(
    '/shopping-list/items/:itemId',
    {
      schema: {
        params: { type: 'object', required: ['itemId'], properties: { itemId: { type: 'string', pattern: LIST_ITEM_ID } } },
        querystring: signedInQuery(),
      },
    },
    async (request) => {
      const result = await removeItem(db, shopperOf(request).uid, request.params.itemId);
      return ok(result, result.removed ? 'Removed' : 'Not on the list');
    },
  );
}

/** POST /api/shopping-list/merge. */
function mergeRoute(app: FastifyInstance, db: Db): void {
  /**
   * POST /api/shopping-list/merge body `{ mergeId: UUID, items: Array<{ item_id, product_type, quantity,
   * checked?, meta? }> (≤ 1000) }` (spec §4 "An anonymous shopping list is merged into the account on
   * login"). Items follow the PUT rules. One transaction: union by item_id with quantities summed (capped
   * at 999); a custom item whose normalised name (trimmed, lower case, inner whitespace collapsed) matches
   * a custom item on the list adds its quantity to that one; existing items keep checked and meta.
   * Idempotent by mergeId: a mergeId already applied for this shopper adds nothing and answers the same
   * added / updated (nbHits is the count now). Body limit 512 KiB (413 above).
   * → 200 data `{ mergeId, added (new items), updated (existing items whose quantity grew), nbHits }`.
   * → 400 `Invalid body.mergeId: must be a UUID …`, `Invalid body.items: must be an array of at most 1000
   *   items`, `Invalid body.items.3.quantity: must be an integer from 1 to 999`, … (the first bad field);
   *   401; 403 other uid; 413 body over 512 KiB.
   */
  app.post<{ Body: { mergeId: string; items: ListItemInput[] } }>(
    '/shopping-list/merge',
    {
      bodyLimit: MERGE_BODY_LIMIT,
      schema: {
        body: signedInBody(
          {
            mergeId: { type: 'string', pattern: UUID },
            items: {
              type: 'array',
              maxItems: MAX_HITS_PER_PAGE,
              items: strictObject({ item_id: { type: 'string', pattern: LIST_ITEM_ID }, ...ITEM_FIELDS }, ['item_id', 'product_type', 'quantity']),
            },
          },
          ['mergeId', 'items'],
        ),
      },
    },
    async (request) => {
      const items = request.body.items.map((item, i) =>
        checkListItem(item, { prefix: `body.items.${i}` }),
      );
      const result = await mergeItems(db, shopperOf(request).uid, request.body.mergeId.toLowerCase(), items);
      return ok(result, 'Merged');
    },
  );
}
