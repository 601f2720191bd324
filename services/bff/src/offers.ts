/**
 * Scene+ offers of a card, favourite offers and offers links (spec §2 /offers?hash=, /favourites;
 * §3 Offer, Offer collections, Favourites, Load-offer item; §4 Offers; §6; §7 "Offer and cart
 * operations"; §8 expired hash link). Favourites are in offer-favourites.ts, routes in routes/offers.ts;
 * the contract is in README.md ("Offers").
 *
 * Rules:
 * - a signed-in shopper reaches only the card on their own account (`accounts.card_number` owned by them,
 *   as in scene/store.ts cardOf); offer ids are per card, so another card's offer id is simply not found;
 * - collections are derived when read: redeemed → redeemedOffers; endDate passed → expiredOffers;
 *   loaded → activeOffers; else pendingOffers;
 * - only the caller's own pending, live offers whose bannerInd contains 'B' are loaded (spec §4, §5);
 *   loading an offer already loaded (and live) counts as loaded: a retry is harmless;
 * - favourites are per uid, each an offer of the shopper's card; reading them deletes those that are
 *   redeemed or expired (spec §4 "Redeemed or expired offers are removed from favourites");
 * - an offers link (hash) gives read-only access to one card's offers until it expires; only its SHA-256
 *   is stored and looked up, and an unknown hash is answered exactly like an expired one.
 *
 * Reads build the answer's JSON in ONE statement from `json_head_en` / `json_head_fr` (made by the database
 * when an offer is inserted), by concatenation only, so 200 offers are not decoded and encoded again
 * (p95 ≤ 20 ms).
 */
import { createHash } from 'crypto';
import type { Queryable } from './db';
import { SUPPORT_PHONE } from './scene/messages';
import type { CardStatus } from './scene/store';

/** An offer id: 1–64 letters, digits, '-' or '_' (e.g. 'ofr-1003-001'). */
export const OFFER_ID = '^[A-Za-z0-9_-]{1,64}$';
/** An offers link hash: 43-character base64url (256 bits) or 32-character hex (128 bits); 32–64 of [A-Za-z0-9_-]. */
export const OFFER_HASH = '^[A-Za-z0-9_-]{32,64}$';
/** Largest load request (offers per POST /api/offers/load). */
export const MAX_LOAD_OFFERS = 100;
/**
 * Hash lookups allowed per client address (and per signed-in shopper) per window (GET ?hash=, hash/validate,
 * member-inquiry with a hash): 10 links a minute, each link being spec §7's three calls.
 */
export const HASH_LOOKUPS_PER_WINDOW = 30;
/** Hash lookups allowed per window from all clients together (the global ceiling). */
export const HASH_LOOKUPS_GLOBAL = 600;
/** The throttle's window, ms. */
export const HASH_LOOKUP_WINDOW_MS = 60_000;

/** Spec §8 "Expired hash link" (the storefront shows it, then goes home after 3 s). {phone} = the Scene+ support phone. */
export const HASH_EXPIRED_MESSAGE = `The link has expired, please sign in to view your current offers or contact Scene+ support at ${SUPPORT_PHONE}.`;

export type OfferState = 'pending' | 'loaded' | 'redeemed';
export type Banner = 'standard' | 'coop';
export type Channel = 'web' | 'mobile';
export type Lang = 'en' | 'fr';
export type FavouriteKind = 'favourite' | 'basketBuilder';

/** An offer as the API returns it (spec §3 Offer). Points are integers; endDate is ISO 8601 UTC. */
export interface Offer {
  /** The offer id (offerId, offer_id and id are the same value: the spec's three names for it). */
  offerId: string;
  offer_id: string;
  id: string;
  /** This card-offer's own UUID (not a shopper's uid). */
  uid: string;
  /** 11–27: the badge layout (README "Offer types"). */
  offerType: number;
  /** Banner indicator letters, e.g. 'B', 'BC', 'C'; only offers with 'B' are used by the storefront. */
  bannerInd: string;
  banner: Banner;
  /** JSON string `{"en","fr","category","articleNumbers"}`. */
  offer_description: string;
  /** The text in the language asked for (English unless ?lang=fr on favourites). */
  description: string;
  /** A product image / icon name, or ''. */
  imageName: string;
  /**
   * The product the offer is about (offers on one product; absent or null for a group or category offer):
   * its catalogue name and picture, a same-origin path such as '/media/1F9C8.svg' (null without one).
   */
  product?: { name: string; picture: string | null } | null;
  endDate: string;
  points: number | null;
  offerIconText1: string | null;
  offerIconText2: string | null;
  offerIconText3: string | null;
  bonusMultiplier: number | null;
  /** Loaded to the card (active, or was before it expired / was redeemed). */
  loaded: boolean;
  category: string;
  articleNumbers: string[];
}

/** Spec §3 Offer collections. */
export interface OfferCollections {
  activeOffers: Offer[];
  pendingOffers: Offer[];
  expiredOffers: Offer[];
  redeemedOffers: Offer[];
}

/** Spec §3 Favourites. */
export interface Favourites {
  favouriteOffers: Offer[];
  basketBuilderOffers: Offer[];
}

/** Spec §3 Load-offer item. */
export interface LoadItem {
  id: string;
  channel: Channel;
  banner: Banner;
}

/** An offer as made for a card (the demo seed's record, services/seed/data/offers/offers.json). */
export interface OfferRecord {
  offerId: string;
  offerType: number;
  bannerInd: string;
  banner: Banner;
  state: OfferState;
  /** endDate = insertion time + endsInDays days (fractional and negative allowed). */
  endsInDays: number;
  points: number | null;
  offerIconText1: string | null;
  offerIconText2: string | null;
  offerIconText3: string | null;
  bonusMultiplier: number | null;
  imageName: string;
  /** The catalogue name of the product the offer is about (offers on one product only). */
  productName?: string;
  /** That product's catalogue picture (its `featuredImage`, '/media/<file>.svg'). */
  picture?: string;
  /** JSON string `{"en","fr","category","articleNumbers"}`. */
  offer_description: string;
}

/** The parsed `offer_description` of an {@link OfferRecord}. */
export interface OfferDescription {
  en: string;
  fr: string;
  category: string;
  articleNumbers: string[];
}

/** '6046000000001003' → '•••• 1003' (answers never carry a whole card number). */
export function maskCardNumber(cardNumber: string): string {
  return `•••• ${cardNumber.slice(-4)}`;
}

/** Hex SHA-256 of a link hash: what offer_links stores and is looked up by. */
export function hashDigest(hash: string): string {
  return createHash('sha256').update(hash, 'utf8').digest('hex');
}

/** The card on the shopper's own account (the join of scene/store.ts cardOf). */
export const OWN_CARD = `SELECT c.card_number, c.status FROM accounts a
  JOIN scene_cards c ON c.card_number = a.card_number AND c.owner_uid = a.uid WHERE a.uid = $1`;

/** The card of a live link (digest in $1 as hex); an unknown digest and an expired link both give no row. */
const LINK_CARD = `SELECT c.card_number, c.status, c.owner_uid, l.expires_at FROM offer_links l
  JOIN scene_cards c ON c.card_number = l.card_number
  WHERE l.hash_sha256 = decode($1, 'hex') AND l.expires_at > now()`;

/** The collection of an offer row `o`: r(edeemed), e(xpired), a(ctive), p(ending). */
const BUCKET = `CASE WHEN o.state = 'redeemed' THEN 'r' WHEN o.end_date <= now() THEN 'e' WHEN o.state = 'loaded' THEN 'a' ELSE 'p' END`;

/**
 * One Offer as JSON text: the stored head in `lang` (a SQL expression giving 'en' or 'fr'; the head is the
 * object without its closing brace, made by the database at insert) plus `loaded`. Only concatenation.
 */
export const offerItem = (lang: string) =>
  `CASE WHEN ${lang} = 'fr' THEN o.json_head_fr ELSE o.json_head_en END
   || CASE WHEN o.state = 'pending' THEN ',"loaded":false}' ELSE ',"loaded":true}' END`;

/** JSON array text of the rows of `x` in one bucket (`x.j` = item JSON), in the given order. */
const bucketArray = (bucket: string, order: string) =>
  `'[' || coalesce(string_agg(x.j, ',' ORDER BY ${order}) FILTER (WHERE x.b = '${bucket}'), '') || ']'`;

/**
 * The card's offer collections as one JSON object text (spec §3 Offer collections), `card` a SQL
 * expression naming the card. Live ones ending soonest first; expired and redeemed most recent first.
 */
const collectionsOf = (card: string) => `(SELECT
    '{"activeOffers":' || ${bucketArray('a', 'x.end_date, x.offer_id')}
    || ',"pendingOffers":' || ${bucketArray('p', 'x.end_date, x.offer_id')}
    || ',"expiredOffers":' || ${bucketArray('e', 'x.end_date DESC, x.offer_id')}
    || ',"redeemedOffers":' || ${bucketArray('r', 'x.end_date DESC, x.offer_id')} || '}'
  FROM (SELECT ${BUCKET} AS b, o.json_head_en || CASE WHEN o.state = 'pending' THEN ',"loaded":false}' ELSE ',"loaded":true}' END AS j,
               o.end_date, o.offer_id
        FROM card_offers o WHERE o.card_number = ${card}) x)`;

/** A card's offers as the API answers them, the collections as JSON text made by the database. */
export interface CardOffersJson {
  cardNumber: string;
  status: CardStatus;
  /** JSON text of {@link OfferCollections}. */
  collectionsJson: string;
}

/** The signed-in shopper's card and its offer collections in one statement, or null when they have no card. */
export async function readOwnOffers(db: Queryable, uid: string): Promise<CardOffersJson | null> {
  const { rows } = await db.query<{ card_number: string; status: CardStatus; collections: string }>(
    `SELECT c.card_number, c.status, ${collectionsOf('c.card_number')} AS collections FROM (${OWN_CARD}) c`,
    [uid],
  );
  const row = rows[0];
  return row ? { cardNumber: row.card_number, status: row.status, collectionsJson: row.collections } : null;
}

/** The card of a live offers link and its collections in one statement, or null (unknown or expired hash). */
export async function readOffersByHash(db: Queryable, hash: string): Promise<CardOffersJson | null> {
  const { rows } = await db.query<{ card_number: string; status: CardStatus; collections: string }>(
    `SELECT c.card_number, c.status, ${collectionsOf('c.card_number')} AS collections FROM (${LINK_CARD}) c`,
    [hashDigest(hash)],
  );
  const row = rows[0];
  return row ? { cardNumber: row.card_number, status: row.status, collectionsJson: row.collections } : null;
}

/** The card (full number) and expiry (ISO 8601 UTC) of a live offers link, or null (unknown or expired). */
export async function validateHash(db: Queryable, hash: string): Promise<{ cardNumber: string; expiresAt: string } | null> {
  const { rows } = await db.query<{ card_number: string; expires_at: string }>(
    `SELECT c.card_number, iso_utc(c.expires_at) AS expires_at FROM (${LINK_CARD}) c`,
    [hashDigest(hash)],
  );
  return rows[0] ? { cardNumber: rows[0].card_number, expiresAt: rows[0].expires_at } : null;
}

/** Member inquiry data (full card number; the route masks it). firstName null when the account has none. */
export interface MemberData {
  cardNumber: string;
  status: CardStatus;
  firstName: string | null;
}

/** The member of a live offers link (the card's owner), or null (unknown or expired hash). */
export async function memberByHash(db: Queryable, hash: string): Promise<MemberData | null> {
  const { rows } = await db.query<{ card_number: string; status: CardStatus; first_name: string | null }>(
    `SELECT c.card_number, c.status, nullif(a.first_name, '') AS first_name FROM (${LINK_CARD}) c
       LEFT JOIN accounts a ON a.uid = c.owner_uid AND a.card_number = c.card_number`,
    [hashDigest(hash)],
  );
  const row = rows[0];
  return row ? { cardNumber: row.card_number, status: row.status, firstName: row.first_name } : null;
}

/** The signed-in shopper as a member (their own card), or null when they have no card. */
export async function memberByUid(db: Queryable, uid: string): Promise<MemberData | null> {
  const { rows } = await db.query<{ card_number: string; status: CardStatus; first_name: string | null }>(
    `SELECT c.card_number, c.status, nullif(a.first_name, '') AS first_name FROM accounts a
       JOIN scene_cards c ON c.card_number = a.card_number AND c.owner_uid = a.uid WHERE a.uid = $1`,
    [uid],
  );
  const row = rows[0];
  return row ? { cardNumber: row.card_number, status: row.status, firstName: row.first_name } : null;
}

/** Outcome of {@link loadOffers}: ids loaded (or already loaded), and the others with a reason; request order. */
export interface LoadResult {
  cardNumber: string;
  loaded: string[];
  failed: Array<{ id: string; reason: string }>;
}

/**
 * Loads offers to the shopper's own card (spec §4 "Pending offers whose banner indicator contains B are
 * loaded to the card"; §7 "Load offers to the card"), in one statement: each asked offer that is on the
 * caller's card, pending, live, has 'B' in its bannerInd and the banner asked for becomes loaded (with the
 * channel). An offer already loaded and live counts as loaded. Every other id goes to `failed` with a
 * reason, and nothing else changes — another card's offer is never reached (offers are looked up on the
 * caller's card only, so its id reads as "not an offer on your card").
 * @returns null when the shopper has no card
 */
export async function loadOffers(db: Queryable, uid: string, items: LoadItem[]): Promise<LoadResult | null> {
  const { rows } = await db.query<{
    card_number: string | null; id: string; state: OfferState | null; live: boolean | null; banner_ind: string | null; banner: Banner | null; asked: Banner;
  }>(
    `WITH card AS (${OWN_CARD}),
     req AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(id text, channel text, banner text, ord int)),
     upd AS (
       UPDATE card_offers o SET state = 'loaded', loaded_at = now(), loaded_channel = req.channel
         FROM req, card
        WHERE o.card_number = card.card_number AND o.offer_id = req.id AND o.state = 'pending'
          AND o.end_date > now() AND strpos(o.banner_ind, 'B') > 0 AND o.banner = req.banner
        RETURNING o.offer_id)
     SELECT (SELECT card_number FROM card) AS card_number, req.id, o.state, o.end_date > now() AS live,
            o.banner_ind, o.banner, req.banner AS asked, (SELECT count(*) FROM upd) AS n
       FROM req LEFT JOIN card_offers o ON o.card_number = (SELECT card_number FROM card) AND o.offer_id = req.id
      ORDER BY req.ord`,
    [uid, JSON.stringify(items.map((item, ord) => ({ ...item, ord })))],
  );
  const cardNumber = rows[0]?.card_number;
  if (!cardNumber) return null;
  const result: LoadResult = { cardNumber, loaded: [], failed: [] };
  for (const row of rows) {
    const reason =
      row.state === null ? 'not an offer on your card'
        : row.state === 'redeemed' ? 'the offer has been redeemed'
          : !row.live ? 'the offer has expired'
            : !row.banner_ind!.includes('B') ? `the offer cannot be loaded here: its banner indicator '${row.banner_ind}' has no 'B'`
              : row.banner !== row.asked ? `banner must be '${row.banner}' for this offer`
                : null;
    // Pending or loaded, live, B, right banner: loaded now, or already (a retry or a concurrent load).
    if (reason === null) result.loaded.push(row.id);
    else result.failed.push({ id: row.id, reason });
  }
  return result;
}

/** The Offer fields of an input row `r` of {@link insertOffers}, as json_build_object arguments (description apart). */
const OFFER_FIELDS = `'offerId', r.offer_id, 'offer_id', r.offer_id, 'id', r.offer_id, 'uid', r.uid,
  'offerType', r.offer_type, 'bannerInd', r.banner_ind, 'banner', r.banner,
  'offer_description', r.offer_description, 'imageName', r.image_name, 'endDate', iso_utc(r.end_date),
  'points', r.points, 'offerIconText1', r.icon1, 'offerIconText2', r.icon2, 'offerIconText3', r.icon3,
  'bonusMultiplier', r.bonus_multiplier, 'category', r.category, 'articleNumbers', r.article_numbers,
  'product', CASE WHEN r.product_name IS NULL THEN NULL ELSE json_build_object('name', r.product_name, 'picture', r.picture) END`;

/** A catalogue picture the storefront serves itself: a same-origin '/media/…' image path (CSP img-src 'self'). */
const PICTURE_PATH = /^\/media\/[A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp)$/;

/** The product name and picture of a record, kept only when they are short text and a safe picture path. */
function productFields(o: OfferRecord): { product_name: string | null; picture: string | null } {
  const name = typeof o.productName === 'string' && o.productName.length > 0 && o.productName.length <= 200 ? o.productName : null;
  const picture = name && typeof o.picture === 'string' && PICTURE_PATH.test(o.picture) ? o.picture : null;
  return { product_name: name, picture };
}

/**
 * Makes offers for a card (the demo seed; tests; the bench). The API object of each offer, in English and
 * in French (`json_head_en`, `json_head_fr`: without `loaded` and the closing brace), is built here once by
 * the database (json_build_object), with a new UUID as its `uid` and endDate = now() + endsInDays days
 * (whole seconds). An offer id the card already has is left as it is.
 * @returns the number of offers inserted
 */
export async function insertOffers(db: Queryable, cardNumber: string, offers: OfferRecord[]): Promise<number> {
  if (offers.length === 0) return 0;
  const input = offers.map((o) => {
    const d = JSON.parse(o.offer_description) as OfferDescription;
    return {
      offer_id: o.offerId, offer_type: o.offerType, banner_ind: o.bannerInd, banner: o.banner, state: o.state,
      ends_in_days: o.endsInDays, points: o.points, icon1: o.offerIconText1, icon2: o.offerIconText2,
      icon3: o.offerIconText3, bonus_multiplier: o.bonusMultiplier, image_name: o.imageName,
      offer_description: o.offer_description, description_en: d.en, description_fr: d.fr, category: d.category,
      article_numbers: d.articleNumbers, ...productFields(o),
    };
  });
  const { rows } = await db.query<{ offer_id: string }>(
    `INSERT INTO card_offers (card_number, offer_id, offer_type, banner_ind, banner, state, end_date, json_head_en, json_head_fr, loaded_at)
     SELECT $1, r.offer_id, r.offer_type, r.banner_ind, r.banner, r.state, r.end_date,
            left(json_build_object(${OFFER_FIELDS}, 'description', r.description_en)::text, -1),
            left(json_build_object(${OFFER_FIELDS}, 'description', r.description_fr)::text, -1),
            CASE WHEN r.state <> 'pending' THEN now() END
       FROM (SELECT x.*, gen_random_uuid()::text AS uid,
                    date_trunc('second', now() + x.ends_in_days * interval '1 day') AS end_date
               FROM jsonb_to_recordset($2::jsonb) AS x(
                 offer_id text, offer_type int, banner_ind text, banner text, state text, ends_in_days float8,
                 points int, icon1 text, icon2 text, icon3 text, bonus_multiplier numeric, image_name text,
                 offer_description text, description_en text, description_fr text, category text, article_numbers jsonb,
                 product_name text, picture text)
            ) r
     ON CONFLICT (card_number, offer_id) DO NOTHING
     RETURNING offer_id`,
    [cardNumber, JSON.stringify(input)],
  );
  return rows.length;
}

/** Makes an offers link to a card valid for `expiresInDays` days (negative: already expired). Stores SHA-256(hash) only. */
export async function insertOfferLink(db: Queryable, hash: string, cardNumber: string, expiresInDays: number): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO offer_links (hash_sha256, card_number, expires_at)
     VALUES (decode($1, 'hex'), $2, now() + $3::float8 * interval '1 day')
     ON CONFLICT (hash_sha256) DO NOTHING RETURNING card_number`,
    [hashDigest(hash), cardNumber, expiresInDays],
  );
  return rows.length;
}
