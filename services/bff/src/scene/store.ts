/**
 * Database side of the Scene+ stand-in: card records and points activity (link codes: verification.ts).
 * Every function takes the verified token's uid and reaches a card only through that shopper's account
 * (`accounts.card_number` = card and `scene_cards.owner_uid` = uid), so no shopper can read or change
 * another's card.
 */
import type { Db } from '../db';

/** Spec §4 card status codes. */
export type CardStatus = 'LP00' | 'LP01' | 'LP02' | 'LP03';

/** Row of `scene_cards`. Amounts: dollar_value_cents in cents. */
export interface CardRow {
  card_number: string;
  owner_uid: string | null;
  status: CardStatus;
  linked: boolean;
  enrollment_status: string;
  point_balance: number;
  dollar_value_cents: number;
  link_outcome: number;
  link_message: string | null;
}

/** Inquire data (spec §3 Scene + card status). info.dollarValue is in cents. */
export interface InquireData {
  cardNumber: string;
  cardStatus: CardStatus;
  enrollmentStatus: string;
  linkedStatus: boolean;
  info: { pointBalance: number; dollarValue: number };
}

/** One points transaction. date: 'YYYY-MM-DD'; points may be negative (redemptions). */
export interface Transaction {
  id: string;
  date: string;
  description: string;
  points: number;
  storeNumber: string | null;
}

const CARD_COLUMNS =
  'c.card_number, c.owner_uid, c.status, c.linked, c.enrollment_status, c.point_balance, c.dollar_value_cents, c.link_outcome, c.link_message';

/** The API shape of a card. */
export function toInquireData(card: CardRow): InquireData {
  return {
    cardNumber: card.card_number,
    cardStatus: card.status,
    enrollmentStatus: card.enrollment_status,
    linkedStatus: card.linked,
    info: { pointBalance: card.point_balance, dollarValue: card.dollar_value_cents },
  };
}

/** The card on the shopper's account (owned by them), or null. */
export async function cardOf(db: Db, uid: string): Promise<CardRow | null> {
  const { rows } = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM accounts a
       JOIN scene_cards c ON c.card_number = a.card_number AND c.owner_uid = a.uid
      WHERE a.uid = $1`,
    [uid],
  );
  return rows[0] ?? null;
}

/** Outcome of {@link addCard}. */
export type AddCardResult = 'added' | 'already-yours' | 'not-found' | 'taken' | 'account-has-card';

/**
 * Puts a card (16 digits) on the shopper's account (add-card popup, spec §2 Card popups). The card must
 * exist and be unowned; the account must have no other card. One statement, so two shoppers racing for
 * the same card cannot both get it.
 */
export async function addCard(db: Db, uid: string, cardNumber: string): Promise<AddCardResult> {
  const { rows } = await db.query<{ owner_uid: string | null; account_card: string | null }>(
    `SELECT c.owner_uid, (SELECT card_number FROM accounts WHERE uid = $2) AS account_card
       FROM scene_cards c WHERE c.card_number = $1`,
    [cardNumber, uid],
  );
  const card = rows[0];
  if (!card) return 'not-found';
  if (card.owner_uid === uid && card.account_card === cardNumber) return 'already-yours';
  if (card.account_card !== null) return 'account-has-card';
  if (card.owner_uid !== null) return 'taken';
  const claimed = await db.query<{ card_number: string }>(
    `WITH claimed AS (
       UPDATE scene_cards SET owner_uid = $2, linked = false
        WHERE card_number = $1 AND owner_uid IS NULL
          AND EXISTS (SELECT 1 FROM accounts WHERE uid = $2 AND card_number IS NULL)
        RETURNING card_number)
     UPDATE accounts SET card_number = claimed.card_number FROM claimed WHERE accounts.uid = $2
     RETURNING accounts.card_number`,
    [cardNumber, uid],
  );
  return claimed.rows.length === 1 ? 'added' : 'taken';
}

const TX_SELECT = `SELECT t.id::text AS id, to_char(t.occurred_on, 'YYYY-MM-DD') AS date, t.description, t.points, t.store_number
    FROM accounts a
    JOIN scene_cards c ON c.card_number = a.card_number AND c.owner_uid = a.uid
    JOIN transactions t ON t.card_number = c.card_number
   WHERE a.uid = $1`;

function toTransaction(r: { id: string; date: string; description: string; points: number; store_number: string | null }): Transaction {
  return { id: r.id, date: r.date, description: r.description, points: r.points, storeNumber: r.store_number };
}

/** The latest `limit` transactions of the shopper's card, newest first. */
export async function latestTransactions(db: Db, uid: string, limit: number): Promise<Transaction[]> {
  const { rows } = await db.query<Parameters<typeof toTransaction>[0]>(
    `${TX_SELECT} ORDER BY t.occurred_on DESC, t.id DESC LIMIT $2`,
    [uid, limit],
  );
  return rows.map(toTransaction);
}

/** Transactions of the shopper's card from startDate to endDate inclusive ('YYYY-MM-DD'), newest first. */
export async function transactionsBetween(db: Db, uid: string, startDate: string, endDate: string): Promise<Transaction[]> {
  const { rows } = await db.query<Parameters<typeof toTransaction>[0]>(
    `${TX_SELECT} AND t.occurred_on BETWEEN $2::date AND $3::date ORDER BY t.occurred_on DESC, t.id DESC`,
    [uid, startDate, endDate],
  );
  return rows.map(toTransaction);
}
