/**
 * Seeds the demo accounts and Scene+ stand-in cards (services/seed/data/accounts/shoppers.json and
 * cards.json) into the database after migrations, plus points activity for every card with a positive
 * balance over the last 200 days. Idempotent: existing accounts and cards are left as they are (so a
 * persisted database keeps a shopper's changes), and a card that already has transactions gets none.
 */
import { loadCards, loadShoppers, loadStores, mulberry32, type CardRecord, type ShopperRecord } from '@storefront/seed';
import type { Db } from './db';

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
