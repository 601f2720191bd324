/**
 * Seeds the demo accounts and Scene+ stand-in cards (services/seed/data/accounts/shoppers.json and
 * cards.json) into the database after migrations, plus points activity for every card with a positive
 * balance over the last 200 days. Idempotent: existing accounts and cards are left as they are (so a
 * persisted database keeps a shopper's changes), and a card that already has transactions gets none.
 * {@link seedShoppingLists} seeds the demo shoppers' shopping lists (lists.json) once per shopper;
 * {@link seedOffers} the demo cards' offers, favourites and offers links (offers/offers.json) once per database.
 */
import { readFileSync } from 'fs';
import path from 'path';
import { ACCOUNTS_DIR, DATA_DIR, loadCards, loadShoppers, loadStores, mulberry32, type CardRecord, type ShopperRecord } from '@storefront/seed';
import type { Db, Queryable } from './db';
import { hashDigest, insertOfferLink, insertOffers, OFFER_HASH, OFFER_ID, type FavouriteKind, type OfferDescription, type OfferRecord } from './offers';
import { checkListItem, LIST_ITEM_ID, MAX_QUANTITY, mergeItems, PRODUCT_TYPES, type ListItemInput } from './shopping-list';

/** Days of generated points activity per card. */
export const SEED_HISTORY_DAYS = 200;

/** What {@link seedAccounts} inserted. */
export interface SeedResult {
  accounts: number;
  cards: number;
  transactions: number;
}

/** One generated transaction: `daysAgo` is counted back from the database's current_date. */
export interface SeedTransaction {
  daysAgo: number;
  description: string;
  points: number;
  storeNumber: string | null;
}

/** Deterministic PRNG (the seed generator's mulberry32) so every start generates the same history for a card. */
const prng = mulberry32;

const BONUS = [
  'Bonus: 2x points on fresh produce',
  'Bonus: Weekly personalised offer',
  'Bonus: Buy 3 dairy items, get 150 points',
  'Bonus: Bakery combo offer',
];

/**
 * Realistic points activity for one card: one to three grocery trips a week at a home store and now and
 * then another store (1 point per dollar, $18–$260), offer bonuses on about one trip in five, and a
 * 1,000-point ($10) redemption now and then when the card has a large balance. Newest first.
 */
export function generateTransactions(card: CardRecord, storeNumbers: string[], days = SEED_HISTORY_DAYS): SeedTransaction[] {
  const rand = prng(Number(card.cardNumber.slice(-8)));
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const home = pick(storeNumbers);
  const rows: SeedTransaction[] = [];
  for (let daysAgo = 1 + Math.floor(rand() * 3); daysAgo < days; daysAgo += 2 + Math.floor(rand() * 4)) {
    const store = rand() < 0.8 ? home : pick(storeNumbers);
    const spend = 18 + Math.floor(rand() * 242);
    rows.push({ daysAgo, description: `Grocery purchase ($${spend}.${String(Math.floor(rand() * 100)).padStart(2, '0')})`, points: spend, storeNumber: store });
    if (rand() < 0.2) rows.push({ daysAgo, description: pick(BONUS), points: 50 * (1 + Math.floor(rand() * 6)), storeNumber: store });
    if (card.pointBalance >= 5000 && rand() < 0.08) rows.push({ daysAgo, description: 'Redemption: $10 off your purchase', points: -1000, storeNumber: store });
  }
  return rows;
}

async function insertAccount(db: Db, s: ShopperRecord): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO accounts (uid, email, first_name, last_name, card_number, preferred_store_id, subscribed, session_problem)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (uid) DO NOTHING RETURNING uid`,
    [s.uid, s.email, s.firstName, s.lastName, s.cardNumber, s.preferredStoreId, s.subscribed, s.sessionProblem === true],
  );
  return rows.length;
}

async function insertCard(db: Db, c: CardRecord): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO scene_cards (card_number, owner_uid, status, linked, enrollment_status, point_balance, dollar_value_cents, link_outcome, link_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (card_number) DO NOTHING RETURNING card_number`,
    [c.cardNumber, c.ownerUid, c.status, c.linked, c.enrollmentStatus, c.pointBalance, c.dollarValue, c.linkOutcome, c.linkMessage ?? null],
  );
  return rows.length;
}

/** Inserts the demo shoppers, cards and their points activity (see module doc). */
export async function seedAccounts(db: Db): Promise<SeedResult> {
  const result: SeedResult = { accounts: 0, cards: 0, transactions: 0 };
  // Cards first: accounts reference card numbers, transactions reference cards.
  for (const card of loadCards()) result.cards += await insertCard(db, card);
  for (const shopper of loadShoppers()) result.accounts += await insertAccount(db, shopper);

  const storeNumbers = loadStores().map((s) => s.storeNumber);
  const { rows } = await db.query<{ card_number: string }>('SELECT DISTINCT card_number FROM transactions');
  const withHistory = new Set(rows.map((r) => r.card_number));
  for (const card of loadCards()) {
    if (card.pointBalance <= 0 || withHistory.has(card.cardNumber)) continue;
    const txs = generateTransactions(card, storeNumbers);
    const params: unknown[] = [];
    const values = txs.map((t, i) => {
      params.push(card.cardNumber, t.daysAgo, t.description, t.points, t.storeNumber);
      const b = i * 5;
      return `($${b + 1}, current_date - $${b + 2}::int, $${b + 3}, $${b + 4}, $${b + 5})`;
    });
    if (values.length === 0) continue;
    await db.query(`INSERT INTO transactions (card_number, occurred_on, description, points, store_number) VALUES ${values.join(', ')}`, params);
    result.transactions += txs.length;
  }
  return result;
}

/** services/seed/data/accounts/lists.json: the demo shoppers' shopping lists. */
export const DEMO_LISTS_FILE = path.join(ACCOUNTS_DIR, 'lists.json');

/**
 * The merge id under which a demo shopper's list is seeded (shopping_list_merges): the seed is an
 * idempotent merge like a browser list's, applied once per shopper.
 */
export const SEED_MERGE_ID = '5eed0000-0000-4000-8000-000000000013';

/** The demo lists of lists.json by uid, each item checked with the API's rules (a bad file fails the start). */
export function loadDemoLists(file = DEMO_LISTS_FILE): Map<string, ListItemInput[]> {
  const { lists } = JSON.parse(readFileSync(file, 'utf8')) as { lists: Record<string, ListItemInput[]> };
  return new Map(
    Object.entries(lists).map(([uid, items]) => [
      uid,
      items.map((item, i) => {
        if (!new RegExp(LIST_ITEM_ID).test(item.item_id) || !PRODUCT_TYPES.includes(item.product_type)
          || !Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_QUANTITY) {
          throw new Error(`${file}: ${uid} item ${i}: bad item_id, product_type or quantity`);
        }
        return checkListItem(item, { prefix: `${uid}[${i}]` });
      }),
    ]),
  );
}

/**
 * Seeds every demo shopper's shopping list (lists.json) the first time a database is started: once per
 * shopper (recorded as the merge {@link SEED_MERGE_ID}), so items a shopper removed or changed stay
 * removed or changed across restarts. Idempotent.
 * @returns the number of list items inserted by this call
 */
export async function seedShoppingLists(db: Db, file = DEMO_LISTS_FILE): Promise<number> {
  const lists = loadDemoLists(file);
  const { rows } = await db.query<{ uid: string }>(
    'SELECT uid FROM shopping_list_merges WHERE merge_id = $1::uuid AND uid = ANY($2::text[])',
    [SEED_MERGE_ID, [...lists.keys()]],
  );
  const seeded = new Set(rows.map((r) => r.uid));
  let inserted = 0;
  for (const [uid, items] of lists) {
    if (!seeded.has(uid)) inserted += (await mergeItems(db, uid, SEED_MERGE_ID, items)).added;
  }
  return inserted;
}

/** services/seed/data/offers/offers.json: the demo cards' offers, favourites and offers links (generated, committed). */
export const DEMO_OFFERS_FILE = path.join(DATA_DIR, 'offers', 'offers.json');

/** An offers link of the demo seed: the hash is public (documented), the database keeps its SHA-256. */
export interface DemoHashLink {
  hash: string;
  cardNumber: string;
  /** expires_at = seeding time + expiresInDays days (negative: already expired). */
  expiresInDays: number;
  shows: string;
}

/** The demo offers seed (services/bff/scripts/generate-offers.ts writes it). */
export interface DemoOffers {
  hashLinks: DemoHashLink[];
  /** card number → its owner's uid and offers. */
  cards: Record<string, { uid: string; offers: OfferRecord[] }>;
  /** uid → favourites (offers of that shopper's card). */
  favourites: Record<string, Array<{ offerId: string; kind: FavouriteKind }>>;
}

const isText = (v: unknown, max = 500): v is string => typeof v === 'string' && v.length <= max;
const isTextOrNull = (v: unknown, max = 60) => v === null || isText(v, max);

/** What is wrong with an offer record, or null (the rules of the card_offers table and the API). */
function offerProblem(o: OfferRecord): string | null {
  if (!isText(o.offerId) || !new RegExp(OFFER_ID).test(o.offerId)) return 'offerId';
  if (!Number.isInteger(o.offerType) || o.offerType < 11 || o.offerType > 27) return 'offerType (11-27)';
  if (!isText(o.bannerInd) || !/^[A-Z]{1,8}$/.test(o.bannerInd)) return 'bannerInd';
  if (o.banner !== 'standard' && o.banner !== 'coop') return 'banner';
  if (!['pending', 'loaded', 'redeemed'].includes(o.state)) return 'state';
  if (typeof o.endsInDays !== 'number' || !Number.isFinite(o.endsInDays) || o.endsInDays === 0) return 'endsInDays';
  if (o.points !== null && !Number.isInteger(o.points)) return 'points';
  if (!isTextOrNull(o.offerIconText1) || !isTextOrNull(o.offerIconText2) || !isTextOrNull(o.offerIconText3)) return 'offerIconText';
  if (o.bonusMultiplier !== null && (typeof o.bonusMultiplier !== 'number' || !(o.bonusMultiplier > 0))) return 'bonusMultiplier';
  if (!isText(o.imageName, 200)) return 'imageName';
  let d: OfferDescription;
  try {
    d = JSON.parse(o.offer_description) as OfferDescription;
  } catch {
    return 'offer_description (not JSON)';
  }
  if (!isText(d.en) || !isText(d.fr) || !isText(d.category, 100) || !Array.isArray(d.articleNumbers) || !d.articleNumbers.every((a) => isText(a, 20))) {
    return 'offer_description { en, fr, category, articleNumbers }';
  }
  return null;
}

/** The demo offers seed, every record checked (a bad file fails the start). */
export function loadDemoOffers(file = DEMO_OFFERS_FILE): DemoOffers {
  const seed = JSON.parse(readFileSync(file, 'utf8')) as DemoOffers;
  for (const [cardNumber, { offers }] of Object.entries(seed.cards)) {
    if (!/^[0-9]{16}$/.test(cardNumber)) throw new Error(`${file}: card ${cardNumber}: not 16 digits`);
    const ids = new Set<string>();
    offers.forEach((o, i) => {
      const problem = offerProblem(o);
      if (problem) throw new Error(`${file}: card ${cardNumber} offer ${i}: bad ${problem}`);
      if (ids.has(o.offerId)) throw new Error(`${file}: card ${cardNumber}: offer ${o.offerId} twice`);
      ids.add(o.offerId);
    });
  }
  for (const link of seed.hashLinks) {
    if (!new RegExp(OFFER_HASH).test(link.hash) || !/^[0-9]{16}$/.test(link.cardNumber) || typeof link.expiresInDays !== 'number') {
      throw new Error(`${file}: bad hash link ${JSON.stringify(link)}`);
    }
  }
  for (const [uid, list] of Object.entries(seed.favourites)) {
    for (const f of list) {
      if (!new RegExp(OFFER_ID).test(f.offerId) || (f.kind !== 'favourite' && f.kind !== 'basketBuilder')) {
        throw new Error(`${file}: bad favourite of ${uid}: ${JSON.stringify(f)}`);
      }
    }
  }
  return seed;
}

/** What {@link seedOffers} inserted. */
export interface SeedOffersResult {
  offers: number;
  favourites: number;
  links: number;
}

/**
 * Seeds the demo offers (offers.json) after the accounts and cards: each card's offers, each offers link
 * and each shopper's favourites once per database (recorded in demo_seeds as 'offers:<card>',
 * 'offer-link:<sha-256>', 'favourites:<uid>'), each part in one transaction. So an offer a shopper loaded
 * stays loaded and a favourite removed (or dropped because it was redeemed or expired) stays removed
 * across restarts; starting again inserts nothing. End dates are seeding time + endsInDays.
 */
export async function seedOffers(db: Db, file = DEMO_OFFERS_FILE): Promise<SeedOffersResult> {
  const seed = loadDemoOffers(file);
  const result: SeedOffersResult = { offers: 0, favourites: 0, links: 0 };
  const { rows } = await db.query<{ key: string }>('SELECT key FROM demo_seeds');
  const done = new Set(rows.map((r) => r.key));
  const once = async (key: string, fn: (tx: Queryable) => Promise<void>) => {
    if (done.has(key)) return;
    await db.transaction(async (tx) => {
      const { rows: claimed } = await tx.query('INSERT INTO demo_seeds (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key', [key]);
      if (claimed.length === 1) await fn(tx);
    });
  };
  for (const [cardNumber, { offers }] of Object.entries(seed.cards)) {
    await once(`offers:${cardNumber}`, async (tx) => {
      result.offers += await insertOffers(tx, cardNumber, offers);
    });
  }
  for (const link of seed.hashLinks) {
    await once(`offer-link:${hashDigest(link.hash)}`, async (tx) => {
      result.links += await insertOfferLink(tx, link.hash, link.cardNumber, link.expiresInDays);
    });
  }
  for (const [uid, list] of Object.entries(seed.favourites)) {
    await once(`favourites:${uid}`, async (tx) => {
      const { rows: inserted } = await tx.query(
        `INSERT INTO offer_favourites (uid, card_number, offer_id, kind, created_at)
         SELECT $1, o.card_number, o.offer_id, f.kind, clock_timestamp() + f.ord * interval '1 millisecond'
           FROM jsonb_to_recordset($2::jsonb) AS f(offer_id text, kind text, ord int)
           JOIN accounts a ON a.uid = $1
           JOIN card_offers o ON o.card_number = a.card_number AND o.offer_id = f.offer_id
         ON CONFLICT DO NOTHING RETURNING offer_id`,
        [uid, JSON.stringify(list.map((f, ord) => ({ offer_id: f.offerId, kind: f.kind, ord })))],
      );
      result.favourites += inserted.length;
    });
  }
  return result;
}
