/**
 * Shopper accounts (spec §3 Session: uid, profile, {product} storeId, subscribed; §7 "Get account info",
 * "set account data (store id)"). Every function is scoped by the verified token's uid.
 */
import type { Shopper } from './auth';
import type { Db } from './db';

/** Row of `accounts`. */
export interface AccountRow {
  uid: string;
  email: string | null;
  first_name: string;
  last_name: string;
  card_number: string | null;
  preferred_store_id: string | null;
  subscribed: boolean;
  session_problem: boolean;
}

/** `GET /api/account` data. cardNumber: 16 digits; preferredStoreId: 4 digits. */
export interface AccountData {
  uid: string;
  email: string | null;
  firstName: string;
  lastName: string;
  cardNumber: string | null;
  preferredStoreId: string | null;
  subscribed: boolean;
}

const COLUMNS = 'uid, email, first_name, last_name, card_number, preferred_store_id, subscribed, session_problem';

/** The API shape of an account row. */
export function toAccountData(row: AccountRow): AccountData {
  return {
    uid: row.uid,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    cardNumber: row.card_number,
    preferredStoreId: row.preferred_store_id,
    subscribed: row.subscribed,
  };
}

/**
 * The shopper's account row; created from the id-token claims (email, given_name, family_name) on first
 * use, e.g. right after sign-up. Existing rows are not overwritten.
 */
export async function getOrCreateAccount(db: Db, shopper: Shopper): Promise<AccountRow> {
  const found = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE uid = $1`, [shopper.uid]);
  if (found.rows[0]) return found.rows[0];
  await db.query(
    `INSERT INTO accounts (uid, email, first_name, last_name) VALUES ($1, $2, $3, $4) ON CONFLICT (uid) DO NOTHING`,
    [shopper.uid, shopper.email, shopper.firstName, shopper.lastName],
  );
  const created = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE uid = $1`, [shopper.uid]);
  return created.rows[0]!;
}

/** Saves the preferred store (4-digit store number) on the shopper's own account. */
export async function setPreferredStore(db: Db, uid: string, storeId: string): Promise<string> {
  const { rows } = await db.query<{ preferred_store_id: string }>(
    'UPDATE accounts SET preferred_store_id = $2 WHERE uid = $1 RETURNING preferred_store_id',
    [uid, storeId],
  );
  return rows[0]!.preferred_store_id;
}

/**
 * Records a sign-out (the shopper's session end, one row per shopper): now, and the provider session
 * `sid` that ended (null when the token carried none). From then on the id-token verifier refuses that
 * session's tokens and any issued before it (src/auth.ts). Used by POST /api/session/end (bearer
 * clients) and POST /api/auth/logout (cookie sessions).
 * @returns when the session ended
 */
export async function recordSessionEnd(db: Db, uid: string, sid: string | null): Promise<Date> {
  const { rows } = await db.query<{ ended_at: Date | string }>(
    `INSERT INTO session_ends (uid, ended_at, sid) VALUES ($1, now(), $2)
     ON CONFLICT (uid) DO UPDATE SET ended_at = EXCLUDED.ended_at, sid = EXCLUDED.sid RETURNING ended_at`,
    [uid, sid],
  );
  return new Date(rows[0]!.ended_at);
}
