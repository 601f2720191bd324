/**
 * Recent searches of a signed-in shopper (BFF `GET` / `POST /api/recent-searches`,
 * `DELETE /api/recent-searches/:id`; spec §3, §6). Newest first, at most 10; labels are plain text.
 */
import * as z from 'zod/mini';

/** Spec §3 Recent search; `id` a UUID. */
export const recentSearchSchema = z.object({ id: z.string(), label: z.string() });
export type RecentSearch = z.infer<typeof recentSearchSchema>;
/** `GET /recent-searches` and `DELETE /recent-searches/:id` data. */
export const recentSearchesSchema = z.object({ items: z.array(recentSearchSchema) });
/** `POST /recent-searches` body: 1–100 characters. */
export const addRecentSearchBodySchema = z.strictObject({ label: z.string().check(z.minLength(1), z.maxLength(100)) });
/** `POST /recent-searches` data: the stored item and the list now. */
export const addRecentSearchResultSchema = z.object({ item: recentSearchSchema, items: z.array(recentSearchSchema) });
/** `:id` of `DELETE /recent-searches/:id`. */
export const recentSearchIdSchema = z.guid();
