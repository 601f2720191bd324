/**
 * Scene+ link verification codes (spec §4 Verify flow; §9 verify cookies 900 s / 30 s): a random 6-digit
 * code per shopper, kept only as a salted SHA-256 (`code_hash = sha256(code_salt || code)`), valid
 * {@link VERIFY_CODE_TTL_S}, replaced at most every {@link RESEND_AFTER_S}, refused after
 * {@link MAX_VERIFY_ATTEMPTS} tries. Rows are per uid (the verified token's), so a shopper can only ever
 * check a code against their own pending verification. Times come from the caller's clock (epoch ms).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'crypto';
import type { Db } from '../db';

/** Lifetime of a verification code and of the verify_code_req cookie, seconds (spec §4, §9). */
export const VERIFY_CODE_TTL_S = 900;
/** Minimum time between two codes and lifetime of the verify_resend_code cookie, seconds (spec §4, §9). */
export const RESEND_AFTER_S = 30;
/** Tries a code gets; the next one is refused even when right and a new code must be sent. */
export const MAX_VERIFY_ATTEMPTS = 5;

/** A new code: 6 digits, leading zeros kept, from the CSPRNG. */
export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(salt).update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const at = (ms: number) => new Date(ms).toISOString();

/** Outcome of {@link issueVerification}: the new code (to mail), or how long until one may be sent (s). */
export type IssueResult = { code: string; codeHash: string } | { retryAfterS: number };

/**
 * Issues a new code for the shopper, replacing any previous one, unless one was sent less than
 * {@link RESEND_AFTER_S} ago (one statement, so two racing requests cannot both send). Wrong tries carry
 * over while the previous code is live and not used up (sending again never resets them).
 */
export async function issueVerification(db: Db, uid: string, nowMs: number): Promise<IssueResult> {
  const code = newVerificationCode();
  const salt = randomBytes(16).toString('hex');
  const codeHash = hashCode(salt, code);
  const { rows } = await db.query<{ uid: string }>(
    `INSERT INTO verifications (uid, code_hash, code_salt, expires_at, sent_at, attempts, exhausted_at)
     VALUES ($1, $2, $3, $4::timestamptz + make_interval(secs => $5), $4::timestamptz, 0, NULL)
     ON CONFLICT (uid) DO UPDATE SET code_hash = EXCLUDED.code_hash, code_salt = EXCLUDED.code_salt,
       expires_at = EXCLUDED.expires_at, sent_at = EXCLUDED.sent_at, exhausted_at = NULL,
       attempts = CASE WHEN verifications.exhausted_at IS NULL AND verifications.expires_at > EXCLUDED.sent_at
                       THEN verifications.attempts ELSE 0 END
     WHERE verifications.sent_at <= EXCLUDED.sent_at - make_interval(secs => $6)
     RETURNING uid`,
    [uid, codeHash, salt, at(nowMs), VERIFY_CODE_TTL_S, RESEND_AFTER_S],
  );
  if (rows.length === 1) return { code, codeHash };
  return { retryAfterS: await resendWaitS(db, uid, nowMs) };
}

/** Seconds until a new code may be sent (≥ 1 while one was sent under 30 s ago, else 0). */
export async function resendWaitS(db: Db, uid: string, nowMs: number): Promise<number> {
  const { rows } = await db.query<{ left: number | null }>(
    'SELECT ceil(extract(epoch FROM (sent_at + make_interval(secs => $3) - $2::timestamptz)))::int AS left FROM verifications WHERE uid = $1',
    [uid, at(nowMs), RESEND_AFTER_S],
  );
  const left = rows[0]?.left ?? 0;
  return left > 0 ? left : 0;
}

/** Removes the shopper's code `codeHash` again (its mail could not be sent), so a new one may be asked at once. */
export async function withdrawVerification(db: Db, uid: string, codeHash: string): Promise<void> {
  await db.query('DELETE FROM verifications WHERE uid = $1 AND code_hash = $2', [uid, codeHash]);
}

/** Whether the shopper was ever sent a code that is still on record. */
export async function hasVerification(db: Db, uid: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM verifications WHERE uid = $1', [uid]);
  return rows.length === 1;
}

/** Seconds left on the shopper's live, unused code (0 when none). */
export async function codeLifeLeftS(db: Db, uid: string, nowMs: number): Promise<number> {
  const { rows } = await db.query<{ left: number | null }>(
    `SELECT floor(extract(epoch FROM (expires_at - $2::timestamptz)))::int AS left FROM verifications
      WHERE uid = $1 AND exhausted_at IS NULL`,
    [uid, at(nowMs)],
  );
  const left = rows[0]?.left ?? 0;
  return left > 0 ? left : 0;
}

/** Outcome of {@link checkVerificationCode}. */
export type VerifyResult = 'linked' | 'invalid' | 'expired' | 'too-many-attempts';

/**
 * Checks a code against the shopper's own pending code. Every try is counted first (atomically), so
 * racing tries cannot get more than {@link MAX_VERIFY_ATTEMPTS} comparisons. Right → the card on their
 * account is linked and the code removed. Wrong → 'invalid'; the 5th wrong try uses the code up.
 * Used up → 'too-many-attempts' whatever the code. None on record or past expires_at → 'expired'.
 */
export async function checkVerificationCode(db: Db, uid: string, code: string, nowMs: number): Promise<VerifyResult> {
  const { rows } = await db.query<{ code_hash: string; code_salt: string; attempts: number }>(
    `UPDATE verifications SET attempts = attempts + 1
      WHERE uid = $1 AND exhausted_at IS NULL AND expires_at > $2::timestamptz AND attempts < $3
      RETURNING code_hash, code_salt, attempts`,
    [uid, at(nowMs), MAX_VERIFY_ATTEMPTS],
  );
  const pending = rows[0];
  if (!pending) return whyNotPending(db, uid, nowMs);
  if (!sameHash(pending.code_hash, hashCode(pending.code_salt, code))) {
    if (pending.attempts >= MAX_VERIFY_ATTEMPTS) {
      await db.query('UPDATE verifications SET exhausted_at = $2::timestamptz WHERE uid = $1 AND exhausted_at IS NULL', [uid, at(nowMs)]);
    }
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

async function whyNotPending(db: Db, uid: string, nowMs: number): Promise<VerifyResult> {
  const { rows } = await db.query<{ used_up: boolean; live: boolean }>(
    'SELECT (exhausted_at IS NOT NULL OR attempts >= $3) AS used_up, expires_at > $2::timestamptz AS live FROM verifications WHERE uid = $1',
    [uid, at(nowMs), MAX_VERIFY_ATTEMPTS],
  );
  const row = rows[0];
  if (!row) return 'expired';
  return row.used_up ? 'too-many-attempts' : 'expired';
}
