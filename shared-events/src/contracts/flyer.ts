/**
 * The flyer provider ⇄ mf-flyer contract (services/flyer-provider README "Contract"): its HTTP API and
 * the flyer bridge's `postMessage` messages. The API answers any origin; the bridge accepts a message
 * only from the provider's origin and the storefront's own iframe (checked by mf-flyer, not here) and
 * only in exactly these shapes (strict objects: no other key).
 */
import * as z from 'zod/mini';
import { UOMS } from '../itemId';
import { isoDateSchema, storeNumberSchema } from './common';

export { UOMS, type Uom } from '../itemId';
export const uomSchema = z.enum(UOMS);

/** Non-blank text of at most 200 characters. */
const text = z.string().check(z.maxLength(200), z.refine((s) => s.trim().length > 0, 'must not be blank'));

/**
 * One item of a publication (contract §2 FlyerItem): `articleNumber` + `uom` build the list item id
 * (`itemId`); `image` an absolute URL on the provider's origin; `saleStory` may be ''; dates YYYY-MM-DD.
 */
export const flyerItemSchema = z.strictObject({
  id: text,
  articleNumber: z.string().check(z.regex(/^[0-9A-Za-z]{1,20}$/)),
  uom: uomSchema,
  name: text,
  image: z.url({ protocol: /^https?$/ }),
  priceText: text,
  saleStory: z.string().check(z.maxLength(200)),
  validFrom: isoDateSchema,
  validTo: isoDateSchema,
});
export type FlyerItem = z.infer<typeof flyerItemSchema>;

/** `GET {origin}/api/publications?merchant&storeCode` query. */
export const publicationsQuerySchema = z.strictObject({ merchant: z.string().check(z.minLength(1)), storeCode: storeNumberSchema });
/** A weekly publication of one store; `id` e.g. '3299-20261119'. */
export const publicationSummarySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  storeCode: z.string(),
  title: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type Publication = z.infer<typeof publicationSummarySchema>;
/** `GET /api/publications` answer (not enveloped): current first; 404 `{ message }` for an unknown store. */
export const publicationsSchema = z.object({ publications: z.array(publicationSummarySchema) });
/** `GET /api/publications/:id` answer: the publication with its pages of items. */
export const publicationDetailSchema = z.object({
  ...publicationSummarySchema.shape,
  pages: z.array(z.object({ number: z.number(), items: z.array(flyerItemSchema) })),
});

const fromFlyer = { source: z.literal('flyer-provider'), version: z.literal(1), publicationId: text };
/** iframe → host `flyer:ready`. */
export const flyerReadyMessageSchema = z.strictObject({ ...fromFlyer, type: z.literal('flyer:ready') });
/** iframe → host `flyer:resize`: the flyer's height in px (finite, ≥ 0; the host clamps it). */
export const flyerResizeMessageSchema = z.strictObject({
  ...fromFlyer, type: z.literal('flyer:resize'), height: z.number().check(z.minimum(0)),
});
/** iframe → host: an item opened, saved or unsaved by the shopper. */
export const flyerItemMessageSchema = z.strictObject({
  ...fromFlyer,
  type: z.enum(['flyer:item-open', 'flyer:add-to-list', 'flyer:remove-from-list']),
  item: flyerItemSchema,
});
/** Every iframe → host message (contract §3). */
export const flyerMessageSchema = z.union([flyerReadyMessageSchema, flyerResizeMessageSchema, flyerItemMessageSchema]);
export type FlyerMessage = z.infer<typeof flyerMessageSchema>;
export type FlyerMessageType = FlyerMessage['type'];

/** host → iframe `flyer:saved-items`: the list item ids of this store's saved flyer items. */
export const flyerSavedItemsMessageSchema = z.strictObject({
  source: z.literal('flyer-host'),
  version: z.literal(1),
  type: z.literal('flyer:saved-items'),
  listItemIds: z.array(z.string()),
});
export type FlyerSavedItemsMessage = z.infer<typeof flyerSavedItemsMessageSchema>;
