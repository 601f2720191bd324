/**
 * The signed-in shopper's cart at one store (spec §7 "Offer and cart operations": "Add or update list to
 * cart (userToken, items, storeId); get cart"; §4 "An anonymous shopping list is merged into the account
 * on login, then the cart is refreshed"). One cart per (uid, storeId); its items are `{ item_id, quantity }`
 * of products (articleNumber_uom_storeId). Signed-in only (createAuthHook); every query is scoped by the
 * token's uid. `cache-control: no-store`.
 */
import type { FastifyInstance } from 'fastify';
import { shopperOf, type IdTokenVerifier } from '../auth';
import type { Db } from '../db';
import { CART_FIELD_RULES, HttpError, ok } from '../http';
import { MAX_HITS_PER_PAGE, MAX_QUANTITY, PRODUCT_ITEM_ID } from '../shopping-list';
import { signedInBody, signedInOnly, signedInQuery, strictObject } from './signed-in';

const STORE_ID = { type: 'string', pattern: '^[0-9]{4}$' } as const;

/** Largest cart request body (1,000 items). */
export const CART_BODY_LIMIT = 128 * 1024;

/** One cart line: a product and its quantity (1–999). */
export interface CartItem {
  item_id: string;
  quantity: number;
}

/** `data.cart` of the cart routes. updated_at: ISO 8601 UTC, null when the shopper has no cart at that store. */
export interface Cart {
  storeId: string;
  items: CartItem[];
  updated_at: string | null;
}

/** ISO 8601 UTC with milliseconds (iso_utc of migration 003). */
const UPDATED_AT = 'iso_utc(updated_at)';

/** The shopper's cart at `storeId` (an empty one when there is none). */
async function readCart(db: Db, uid: string, storeId: string): Promise<Cart> {
  const { rows } = await db.query<{ items: CartItem[]; updated_at: string }>(
    `SELECT items, ${UPDATED_AT} AS updated_at FROM carts WHERE uid = $1 AND store_id = $2`,
    [uid, storeId],
  );
  return rows[0] ? { storeId, items: rows[0].items, updated_at: rows[0].updated_at } : { storeId, items: [], updated_at: null };
}

/** Registers POST /api/cart and GET /api/cart. */
export async function cartRoutes(
  app: FastifyInstance,
  { db, verify, storeNumbers }: { db: Db; verify: IdTokenVerifier; storeNumbers: Set<string> },
): Promise<void> {
  signedInOnly(app, verify);

  const knownStore = (storeId: string): void => {
    if (!storeNumbers.has(storeId)) throw new HttpError(404, `Unknown store '${storeId}'`, 'STORE_NOT_FOUND');
  };
  cartWriteRoute(app, db, knownStore);
  cartReadRoute(app, db, knownStore);
}

/** POST /api/cart. */
function cartWriteRoute(app: FastifyInstance, db: Db, knownStore: (storeId: string) => void): void {
  /**
   * POST /api/cart body `{ userToken, storeId, items: Array<{ item_id, quantity }> (≤ 1000) }` (spec §7 "Add
   * or update list to cart (userToken, items, storeId)"). Sets the caller's cart at that store to exactly
   * those quantities, in the order given: items with quantity 0 are left out (removed), items not sent are
   * no longer in the cart. Idempotent (a replay changes nothing, updated_at included).
   * - `userToken`: the signed-in shopper's uid (the token's `sub`), else 403 `Forbidden: not your account`;
   * - `storeId`: 4 digits, a store of services/seed/data/stores.json (else 404 code 'STORE_NOT_FOUND');
   * - `item_id`: a product id articleNumber_uom_storeId (custom list items are not products);
   * - `quantity`: integer 0–999; each item_id at most once.
   * → 200 data `{ cart: { storeId, items: Array<{ item_id, quantity }>, updated_at } }`.
   * → 400 `Invalid body.storeId: must be a 4-digit store number such as '3299'`, `Invalid
   *   body.items.2.quantity: must be an integer from 0 to 999 (0 removes the item)`, `Invalid
   *   body.items.2.item_id: must be a product item id …`, `Invalid body.items: item_id 'x' is given twice`,
   *   `Invalid body: unknown property 'x'`; 401; 403; 404 `STORE_NOT_FOUND`; 413 body over 128 KiB.
   */
  app.post<{ Body: { userToken: string; storeId: string; items: CartItem[] } }>(
    '/cart',
    {
      bodyLimit: CART_BODY_LIMIT,
      config: { fieldRules: CART_FIELD_RULES },
      schema: {
        body: signedInBody(
          {
            userToken: { type: 'string', minLength: 1, maxLength: 255 },
            storeId: STORE_ID,
            items: {
              type: 'array',
              maxItems: MAX_HITS_PER_PAGE,
              items: strictObject(
                {
                  item_id: { type: 'string', pattern: PRODUCT_ITEM_ID },
                  quantity: { type: 'integer', minimum: 0, maximum: MAX_QUANTITY },
                },
                ['item_id', 'quantity'],
              ),
            },
          },
          ['userToken', 'storeId', 'items'],
        ),
      },
    },
    async (request) => {
      const uid = shopperOf(request).uid;
      const { userToken, storeId, items } = request.body;
      if (userToken !== uid) throw new HttpError(403, 'Forbidden: not your account');
      knownStore(storeId);
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.item_id)) throw new HttpError(400, `Invalid body.items: item_id '${item.item_id}' is given twice`);
        seen.add(item.item_id);
      }
      const kept = items.filter((i) => i.quantity > 0).map(({ item_id, quantity }) => ({ item_id, quantity }));
      const { rows } = await db.query<{ items: CartItem[]; updated_at: string }>(
        `INSERT INTO carts AS c (uid, store_id, items) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (uid, store_id) DO UPDATE SET
           items = EXCLUDED.items,
           updated_at = CASE WHEN c.items = EXCLUDED.items THEN c.updated_at ELSE clock_timestamp() END
         RETURNING items, ${UPDATED_AT} AS updated_at`,
        [uid, storeId, JSON.stringify(kept)],
      );
      return ok({ cart: { storeId, items: rows[0]!.items, updated_at: rows[0]!.updated_at } satisfies Cart }, 'Cart updated');
    },
  );
}

/** GET /api/cart. */
function cartReadRoute(app: FastifyInstance, db: Db, knownStore: (storeId: string) => void): void {
  /**
   * GET /api/cart?storeId=3299 (spec §7 "get cart"; §4 "then the cart is refreshed").
   * → 200 data `{ cart: { storeId, items: Array<{ item_id, quantity }>, updated_at: ISO | null } }` — an
   *   empty cart with `updated_at: null` when the shopper has none at that store.
   * → 400 `Invalid query.storeId: must be a 4-digit store number such as '3299'` (also missing:
   *   `Invalid query: missing required property 'storeId'`); 401; 403 `?uid=` of another shopper;
   *   404 `STORE_NOT_FOUND`.
   */
  app.get<{ Querystring: { storeId: string } }>(
    '/cart',
    { schema: { querystring: signedInQuery({ storeId: STORE_ID }, ['storeId']) } },
    async (request) => {
      knownStore(request.query.storeId);
      return ok({ cart: await readCart(db, shopperOf(request).uid, request.query.storeId) });
    },
  );
}
