/**
 * Shopping list and cart (BFF docs/api.md "Shopping list and cart"; spec §3 Shopping list, §4, §5, §9).
 * Paths are under `/api`.
 */
import * as z from 'zod/mini';
import { customItemIdSchema, listItemIdSchema, productItemIdSchema, storeNumberSchema } from './common';

const quantity = z.int().check(z.minimum(1), z.maximum(999));

/** `meta` of a custom item (spec §3): all fields required; `item_Id` equals the item's `item_id`. */
export const customMetaSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(50)),
  item_Id: customItemIdSchema,
  itemType: z.literal('custom'),
  category: z.string().check(z.maxLength(50)),
  product_type: z.literal('Custom'),
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  created_at: z.string(),
});
export type CustomMeta = z.infer<typeof customMetaSchema>;

/** `meta` of a product item: optional, e.g. `{ name }`; other keys are kept. */
export const productMetaSchema = z.looseObject({ name: z.optional(z.string()) });
export type ProductMeta = z.infer<typeof productMetaSchema>;

/** `product_type`: 'product' / 'flyer' for a product id, 'Custom' for a custom id. */
export const productTypeSchema = z.enum(['product', 'flyer', 'Custom']);

const itemDates = { created_at: z.string(), updated_at: z.string() };
/**
 * ListItem as the BFF answers it: a product item (`articleNumber_uom_storeId`, 'product' | 'flyer',
 * optional product meta) or a custom item (`custom_<uuid>`, 'Custom', custom meta). Dates ISO 8601 UTC.
 */
export const listItemSchema = z.union([
  z.object({
    item_id: productItemIdSchema,
    product_type: z.enum(['product', 'flyer']),
    quantity,
    checked: z.boolean(),
    meta: z.nullable(productMetaSchema),
    ...itemDates,
  }),
  z.object({
    item_id: customItemIdSchema,
    product_type: z.literal('Custom'),
    quantity,
    checked: z.boolean(),
    meta: customMetaSchema,
    ...itemDates,
  }),
]);
export type ListItem = z.infer<typeof listItemSchema>;

/** `GET /shopping-list` query: `page` 0–999999, `hitsPerPage` 1–1000 (spec §9: 100). */
export const listPageQuerySchema = z.strictObject({
  page: z.optional(z.int().check(z.minimum(0), z.maximum(999_999))),
  hitsPerPage: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
});
/** `GET /shopping-list` data: one page, oldest first. */
export const listPageSchema = z.object({
  items: z.array(listItemSchema),
  page: z.number(),
  hitsPerPage: z.number(),
  nbHits: z.number(),
  nbPages: z.number(),
});
export type ListPage = z.infer<typeof listPageSchema>;

/** What a write sets on an item (PUT body, merge items). */
const itemWrite = {
  product_type: productTypeSchema,
  quantity,
  checked: z.optional(z.boolean()),
  meta: z.optional(z.nullable(z.union([customMetaSchema, productMetaSchema]))),
};
/** `PUT /shopping-list/items/:itemId` body: ABSOLUTE values; `meta: null` clears, left out keeps. */
export const putItemBodySchema = z.strictObject(itemWrite);
export type PutBody = z.infer<typeof putItemBodySchema>;
/** `PUT /shopping-list/items/:itemId` data. */
export const putItemResultSchema = z.object({ item: listItemSchema, nbHits: z.number() });

/** `DELETE /shopping-list/items/:itemId` data (`removed: false` when it was not on the list). */
export const removeItemResultSchema = z.object({ removed: z.boolean(), nbHits: z.number() });

/** `POST /shopping-list/merge` body (≤ 1000 items; idempotent by `mergeId`, a UUID). */
export const mergeBodySchema = z.strictObject({
  mergeId: z.guid(),
  items: z.array(z.strictObject({ item_id: listItemIdSchema, ...itemWrite })).check(z.maxLength(1000)),
});
/** `POST /shopping-list/merge` data: `added` new items, `updated` items whose quantity grew. */
export const mergeResultSchema = z.object({ mergeId: z.string(), added: z.number(), updated: z.number(), nbHits: z.number() });
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** A cart line: a product item id and 0–999 (0 removes). */
export const cartLineSchema = z.object({ item_id: productItemIdSchema, quantity: z.int().check(z.minimum(0), z.maximum(999)) });
export type CartLine = z.infer<typeof cartLineSchema>;
/** `POST /cart` body: sets the cart of (uid, store) to exactly these lines; `userToken` = the uid. */
export const setCartBodySchema = z.strictObject({
  userToken: z.string().check(z.minLength(1)),
  storeId: storeNumberSchema,
  items: z.array(z.strictObject({ item_id: productItemIdSchema, quantity: z.int().check(z.minimum(0), z.maximum(999)) }))
    .check(z.maxLength(1000)),
});
/** `GET /cart?storeId=` query. */
export const cartQuerySchema = z.strictObject({ storeId: storeNumberSchema });
/** A cart; `updated_at` null when the shopper has none at that store. */
export const cartSchema = z.object({ storeId: z.string(), items: z.array(cartLineSchema), updated_at: z.nullable(z.string()) });
export type Cart = z.infer<typeof cartSchema>;
/** `GET /cart` and `POST /cart` data. */
export const cartResultSchema = z.object({ cart: cartSchema });
