/**
 * Recent searches of the signed-in shopper (spec §3 "Recent search: id, label"; §6 "recent searches are
 * saved under the user's token"). At most 10 per shopper, newest first, one per label (case-insensitive:
 * searching 'Milk' after 'milk' moves it to the top with the new spelling). Labels are plain text
 * (1–100 characters after trimming), stored and returned as typed; the storefront renders them as text
 * and truncates to 45 characters itself (spec §5).
 */
import type { FastifyInstance } from 'fastify';
import { shopperOf, type IdTokenVerifier } from '../auth';
import type { Db } from '../db';
import { HttpError, ok } from '../http';
import { normaliseText } from '../text';
import { signedInBody, signedInOnly, signedInQuery } from './signed-in';

/** Recent searches kept per shopper. */
export const MAX_RECENT_SEARCHES = 10;
/** Longest label, characters (spec §5 search input maximum length 100). */
export const MAX_LABEL_LENGTH = 100;

/** Spec §3 Recent search. id is a UUID. */
export interface RecentSearch {
  id: string;
  label: string;
}

async function list(db: Db, uid: string): Promise<RecentSearch[]> {
  const { rows } = await db.query<RecentSearch>(
    'SELECT id::text AS id, label FROM recent_searches WHERE uid = $1 ORDER BY created_at DESC LIMIT $2',
    [uid, MAX_RECENT_SEARCHES],
  );
  return rows;
}

/** Registers GET/POST /api/recent-searches and DELETE /api/recent-searches/:id. */
export async function recentSearchRoutes(app: FastifyInstance, { db, verify }: { db: Db; verify: IdTokenVerifier }): Promise<void> {
  signedInOnly(app, verify);

  /** GET /api/recent-searches → data `{ items: [{ id, label }] }`, newest first, at most 10. */
  app.get('/recent-searches', { schema: { querystring: signedInQuery() } }, async (request) => {
    return ok({ items: await list(db, shopperOf(request).uid) });
  });

  /**
   * POST /api/recent-searches `{ label }` (1–100 characters after trimming).
   * → data `{ item: { id, label }, items }` (the saved search and the new list). The oldest beyond 10 are removed.
   * → 400 missing/blank/too long label or wrong type.
   */
  app.post<{ Body: { label: string } }>(
    '/recent-searches',
    {
      schema: {
        body: signedInBody({ label: { type: 'string', minLength: 1, maxLength: 400 } }, ['label']),
      },
    },
    async (request) => {
      const uid = shopperOf(request).uid;
      // One line of plain text (src/text.ts: NFC, invisible and control characters removed…).
      const label = normaliseText(request.body.label, { field: 'body.label', maxLength: MAX_LABEL_LENGTH, tooLong: `must be at most ${MAX_LABEL_LENGTH} characters` });
      const { rows } = await db.query<RecentSearch>(
        `INSERT INTO recent_searches (uid, label) VALUES ($1, $2)
         ON CONFLICT (uid, (lower(label))) DO UPDATE SET label = EXCLUDED.label, created_at = clock_timestamp()
         RETURNING id::text AS id, label`,
        [uid, label],
      );
      await db.query(
        `DELETE FROM recent_searches WHERE uid = $1 AND id IN (
           SELECT id FROM recent_searches WHERE uid = $1 ORDER BY created_at DESC OFFSET $2)`,
        [uid, MAX_RECENT_SEARCHES],
      );
      return ok({ item: rows[0]!, items: await list(db, uid) }, 'Saved');
    },
  );

  /**
   * DELETE /api/recent-searches/:id → data `{ items }` (the list after removal).
   * → 400 id not a UUID; 404 'RECENT_SEARCH_NOT_FOUND' (no such search among the caller's own).
   */
  app.delete<{ Params: { id: string } }>(
    '/recent-searches/:id',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } },
        },
        querystring: signedInQuery(),
      },
    },
    async (request) => {
      const uid = shopperOf(request).uid;
      const { rows } = await db.query('DELETE FROM recent_searches WHERE uid = $1 AND id = $2::uuid RETURNING id', [uid, request.params.id]);
      if (rows.length === 0) throw new HttpError(404, 'No such recent search', 'RECENT_SEARCH_NOT_FOUND');
      return ok({ items: await list(db, uid) }, 'Removed');
    },
  );
}
