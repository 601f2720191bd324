/**
 * Building blocks of the HTTP contracts: the BFF envelope (spec §7 "status, code, message, data") and
 * the patterns several resources share. Responses are parsed with `z.object` (fields the BFF adds later
 * are dropped, not refused); request bodies with `z.strictObject`, since the BFF refuses unknown
 * properties (400 `Invalid body: unknown property 'x'`).
 */
import * as z from 'zod/mini';
import { PRODUCT_ITEM_ID } from '../itemId';

/** The BFF answer envelope around `data` (null on errors). */
export function bffEnvelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    status: z.enum(['success', 'error']),
    code: z.union([z.string(), z.number()]),
    message: z.string(),
    data: z.nullable(data),
  });
}

/** A store number: 4 digits, e.g. '3299' (spec §5 pads to 4). */
export const storeNumberSchema = z.string().check(z.regex(/^[0-9]{4}$/));
/** A calendar day `YYYY-MM-DD`. */
export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** A product item id `articleNumber_uom_storeId` (spec §3). */
export const productItemIdSchema = z.string().check(z.regex(PRODUCT_ITEM_ID));
/** A custom list item id `custom_<uuid>`. */
export const customItemIdSchema = z.string().check(z.regex(/^custom_[A-Za-z0-9-]{8,64}$/));
/** Any list item id: product or custom. */
export const listItemIdSchema = z.union([productItemIdSchema, customItemIdSchema]);
/** A card number as sent: 16 digits, spaces allowed. */
export const cardNumberInputSchema = z.string().check(z.regex(/^(?:\d ?){15}\d$/));
