/**
 * Stores and the account's preferred store (BFF docs/api.md "POST /api/account/preferred-store"; spec §3
 * Store, §4 Store selection). Store records come from the search engine's stores index in the bus's
 * `storeSchema` shape (re-exported here). Paths under `/api`.
 */
import * as z from 'zod/mini';
import { storeNumberSchema } from './common';

export { storeSchema, type Store } from '../entities';
export { storeNumberSchema };

/** `POST /account/preferred-store` body: a 4-digit store number of the stores list (else 404 STORE_NOT_FOUND). */
export const preferredStoreBodySchema = z.strictObject({ storeId: storeNumberSchema });
/** `POST /account/preferred-store` data. */
export const preferredStoreResultSchema = z.object({ preferredStoreId: storeNumberSchema });
