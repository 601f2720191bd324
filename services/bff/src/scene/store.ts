/**
 * Database side of the Scene+ stand-in: card records, points activity and link verifications.
 * Every function takes the verified token's uid and reaches a card only through that shopper's account
 * (`accounts.card_number` = card and `scene_cards.owner_uid` = uid), so no shopper can read or change
 * another's card.
 */
import { timingSafeEqual } from 'crypto';
import type { Db } from '../db';

/** Demo verification code (no mail is sent; documented in the README). */
export const DEMO_VERIFICATION_CODE = '246810';
/** Lifetime of a verification code and of the verify_code_req cookie, seconds (spec §4, §9). */
export const VERIFY_CODE_TTL_S = 900;
/** Minimum time between codes and lifetime of the verify_resend_code cookie, seconds (spec §4, §9). */
export const RESEND_AFTER_S = 30;
/** Wrong codes accepted before the verification is dropped. */
export const MAX_VERIFY_ATTEMPTS = 5;
/** How long the 5th wrong code locks the verification, seconds. */
export const VERIFY_LOCK_S = 15 * 60;

/** Seconds left on the shopper's verification lock, or 0 when not locked. */
export async function verificationLockedFor(db: Db, uid: string): Promise<number> {
  const { rows } = await db.query<{ left: number | null }>(
    'SELECT ceil(extract(epoch FROM (locked_until - now())))::int AS left FROM verifications WHERE uid = $1 AND locked_until > now()',
    [uid],
  );
  return rows[0]?.left ? Math.max(1, rows[0].left) : 0;
}

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

/**
 * Starts (or restarts) a verification for the shopper: the demo code, valid 900 s. The wrong-code count
 * carries over while the previous verification is unexpired (sending again never resets it);
 * a locked verification is left alone (callers check {@link verificationLockedFor} first).
 */
export async function startVerification(db: Db, uid: string): Promise<void> {
  await db.query(
    `INSERT INTO verifications (uid, code, expires_at, sent_at, attempts)
     VALUES ($1, $2, now() + make_interval(secs => $3), now(), 0)
     ON CONFLICT (uid) DO UPDATE SET code = EXCLUDED.code, expires_at = EXCLUDED.expires_at, sent_at = EXCLUDED.sent_at,
       attempts = CASE WHEN verifications.expires_at > now() THEN verifications.attempts ELSE 0 END
     WHERE verifications.locked_until IS NULL OR verifications.locked_until <= now()`,
    [uid, DEMO_VERIFICATION_CODE, VERIFY_CODE_TTL_S],
  );
}

/** Outcome of {@link resendVerification}. */
export type ResendResult = 'sent' | 'too-soon' | 'none-pending' | 'locked';

/** Sends a new code when one was requested before (linkAccount) and the last one is ≥ 30 s old. */
export async function resendVerification(db: Db, uid: string): Promise<ResendResult> {
  const { rows } = await db.query<{ too_soon: boolean }>(
    `SELECT sent_at > now() - make_interval(secs => $2) AS too_soon FROM verifications WHERE uid = $1`,
    [uid, RESEND_AFTER_S],
  );
  if (!rows[0]) return 'none-pending';
  if (await verificationLockedFor(db, uid)) return 'locked';
  if (rows[0].too_soon) return 'too-soon';
  await startVerification(db, uid);
  return 'sent';
}

/** Outcome of {@link verifyCode}. */
export type VerifyResult = 'linked' | 'invalid' | 'expired' | 'locked';

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a code against the shopper's pending verification. Right → the card on their account is marked
 * linked and the verification removed. Wrong → attempts + 1; the 5th wrong code locks the verification
 * for {@link VERIFY_LOCK_S} (it used to drop it, and a new send started from 0). Locked →
 * 'locked' whatever the code. None pending or past expires_at → 'expired'.
 */
export async function verifyCode(db: Db, uid: string, code: string): Promise<VerifyResult> {
  if (await verificationLockedFor(db, uid)) return 'locked';
  const { rows } = await db.query<{ code: string; live: boolean; attempts: number }>(
    'SELECT code, expires_at > now() AS live, attempts FROM verifications WHERE uid = $1',
    [uid],
  );
  const pending = rows[0];
  if (!pending || !pending.live) return 'expired';
  if (!sameCode(pending.code, code)) {
    if (pending.attempts + 1 >= MAX_VERIFY_ATTEMPTS) {
      await db.query('UPDATE verifications SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $2) WHERE uid = $1', [uid, VERIFY_LOCK_S]);
    } else await db.query('UPDATE verifications SET attempts = attempts + 1 WHERE uid = $1', [uid]);
    return 'invalid';
  }
  await db.query(
    `UPDATE scene_cards SET linked = true
      WHERE owner_uid = $1 AND card_number = (SELECT card_number FROM accounts WHERE uid = $1)`,
    [uid],
  );
  await db.query('DELETE FROM verifications WHERE uid = $1', [uid]);
  return 'linked';
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
