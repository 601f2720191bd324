/**
 * Favourite offers (spec §3 Favourites; §4 "Redeemed or expired offers are removed from favourites"):
 * per uid, each an offer of the shopper's own card (rules in offers.ts); answers as JSON text made by the database.
 */
import type { Queryable } from './db';
import { offerItem, OWN_CARD, type Lang, type OfferState } from './offers';

/** Favourites as JSON texts made by the database. */
export interface FavouritesJson {
  cardNumber: string;
  /** JSON array text of the favourite offers, oldest first. */
  favouritesJson: string;
  /** JSON array text of the basket-builder offers, oldest first. */
  basketBuilderJson: string;
  /** Redeemed or expired favourites deleted by this read. */
  removed: number;
}

/**
 * The shopper's favourites (spec §3 Favourites) with descriptions in `lang`, in one statement that also
 * DELETES the favourites whose offer is redeemed or expired (spec §4): they are gone for good, not hidden.
 * @returns null when the shopper has no card
 */
export async function readFavourites(db: Queryable, uid: string, lang: Lang): Promise<FavouritesJson | null> {
  const item = offerItem('$2');
  const { rows } = await db.query<{ card_number: string | null; favourites: string; basket: string; removed: number }>(
    `WITH card AS (${OWN_CARD}),
     gone AS (
       DELETE FROM offer_favourites f USING card_offers o
        WHERE f.uid = $1 AND o.card_number = f.card_number AND o.offer_id = f.offer_id
          AND (o.state = 'redeemed' OR o.end_date <= now())
        RETURNING f.offer_id)
     SELECT (SELECT card_number FROM card) AS card_number, (SELECT count(*) FROM gone)::int AS removed,
            '[' || coalesce(string_agg(${item}, ',' ORDER BY f.created_at, f.offer_id) FILTER (WHERE f.kind = 'favourite'), '') || ']' AS favourites,
            '[' || coalesce(string_agg(${item}, ',' ORDER BY f.created_at, f.offer_id) FILTER (WHERE f.kind = 'basketBuilder'), '') || ']' AS basket
       FROM offer_favourites f JOIN card_offers o ON o.card_number = f.card_number AND o.offer_id = f.offer_id
      WHERE f.uid = $1 AND f.card_number = (SELECT card_number FROM card)
        AND o.state <> 'redeemed' AND o.end_date > now()`,
    [uid, lang],
  );
  const row = rows[0]!;
  if (!row.card_number) return null;
  return { cardNumber: row.card_number, favouritesJson: row.favourites, basketBuilderJson: row.basket, removed: row.removed };
}

/** Outcome of {@link addFavourite}. */
export type AddFavouriteResult = 'added' | 'already' | 'not-found' | 'not-live' | 'no-card';

/**
 * Adds an offer of the shopper's own card to their favourites (kind 'favourite'). Only a live offer
 * (not redeemed, not expired) can be added; one already in favourites (either kind) is left as it is.
 */
export async function addFavourite(db: Queryable, uid: string, offerId: string): Promise<AddFavouriteResult> {
  const { rows } = await db.query<{ card_number: string | null; state: OfferState | null; live: boolean | null; added: number }>(
    `WITH card AS (${OWN_CARD}),
     offer AS (SELECT o.card_number, o.offer_id, o.state, o.end_date > now() AS live
                 FROM card_offers o JOIN card ON o.card_number = card.card_number WHERE o.offer_id = $2),
     ins AS (INSERT INTO offer_favourites (uid, card_number, offer_id, kind)
             SELECT $1, offer.card_number, offer.offer_id, 'favourite' FROM offer WHERE offer.state <> 'redeemed' AND offer.live
             ON CONFLICT (uid, card_number, offer_id) DO NOTHING RETURNING 1)
     SELECT (SELECT card_number FROM card) AS card_number, (SELECT state FROM offer) AS state,
            (SELECT live FROM offer) AS live, (SELECT count(*) FROM ins)::int AS added`,
    [uid, offerId],
  );
  const row = rows[0]!;
  if (!row.card_number) return 'no-card';
  if (row.state === null) return 'not-found';
  if (row.state === 'redeemed' || !row.live) return 'not-live';
  return row.added === 1 ? 'added' : 'already';
}

/** Removes an offer from the shopper's favourites (either kind). false: it was not one; null: no card. */
export async function removeFavourite(db: Queryable, uid: string, offerId: string): Promise<boolean | null> {
  const { rows } = await db.query<{ card_number: string | null; removed: number }>(
    `WITH card AS (${OWN_CARD}),
     del AS (DELETE FROM offer_favourites f USING card
              WHERE f.uid = $1 AND f.card_number = card.card_number AND f.offer_id = $2 RETURNING 1)
     SELECT (SELECT card_number FROM card) AS card_number, (SELECT count(*) FROM del)::int AS removed`,
    [uid, offerId],
  );
  const row = rows[0]!;
  return row.card_number ? row.removed > 0 : null;
}
