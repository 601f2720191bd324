/**
 * The Scene+ stand-in's endpoints, `/api/services/*` (spec §7 "Known method and path"; §4 card popup
 * state and Verify flow; §8 link-account codes). All are POST with a JSON body and shopper-authenticated
 * (Authorization bearer + x-id-token + x-nonce, see auth.ts). Every business outcome answers HTTP 200
 * with the envelope; request problems (auth, validation) answer 4xx. A shopper with a session problem
 * gets HTTP 200 `{ status: 'error', code: 439, message: 'Session expired', data: null }` from every one.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getOrCreateAccount, type AccountRow } from '../accounts';
import { shopperOf, type IdTokenVerifier } from '../auth';
import type { Db } from '../db';
import { fail, ok, type Envelope } from '../http';
import { signedInBody, signedInOnly, UID_PROPERTY } from '../routes/signed-in';
import { parseHistoryRequest } from './history-request';
import { CARD_STATUS_ERROR, linkOutcomeMessage } from './messages';
import {
  RESEND_AFTER_S,
  VERIFY_CODE_TTL_S,
  cardOf,
  latestTransactions,
  resendVerification,
  startVerification,
  toInquireData,
  transactionsBetween,
  verificationLockedFor,
  verifyCode,
  type CardRow,
  type InquireData,
  type Transaction,
} from './store';
import { TtlCache } from './ttl-cache';

/** Cookie set by a successful linkAccount: a code was sent (value: its expiry, epoch ms). 900 s. */
export const VERIFY_CODE_COOKIE = 'verify_code_req';
/** Cookie that blocks resendCode (value: when a resend is allowed, epoch ms). 30 s. */
export const RESEND_COOKIE = 'verify_resend_code';
/** Transactions shown by historyLite. */
export const HISTORY_LITE_COUNT = 5;
/** transactionHistory cache lifetime, ms (spec §9: 600 s). */
export const HISTORY_CACHE_TTL_MS = 600_000;

/** Options of {@link sceneRoutes}. */
export interface SceneRoutesOptions {
  db: Db;
  verify: IdTokenVerifier;
  /** transactionHistory answers per `${uid}|${startDate}|${endDate}`. */
  historyCache: TtlCache<Transaction[]>;
  /** Clock, epoch ms. */
  now: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper's account row, set on /api/services/* before the handler. */
    account: AccountRow | null;
  }
}

/** Readable by the page (it shows a countdown, spec §4 Verify flow), same-site only. */
const COOKIE_OPTIONS: CookieSerializeOptions = { path: '/', sameSite: 'lax', httpOnly: false };

/** `{}` (or an empty body); an optional `uid` must be the caller's own. */
const EMPTY_BODY = { type: ['object', 'null'], properties: UID_PROPERTY, additionalProperties: false } as const;

const NO_CARD = (): Envelope => fail('NO_CARD', 'There is no Scene+ card on this account');
const NOT_LINKED = (): Envelope => fail('CARD_NOT_LINKED', 'Link your Scene+ card to see its points activity');
const ALREADY_LINKED = (card: CardRow): Envelope<InquireData> => ok(toInquireData(card), 'The card is already linked', 'ALREADY_LINKED');
const CODE_EXPIRED = (): Envelope => fail('CODE_EXPIRED', 'The verification code has expired. Please request a new code');

function setVerifyCookies(reply: FastifyReply, nowMs: number): void {
  reply.setCookie(VERIFY_CODE_COOKIE, String(nowMs + VERIFY_CODE_TTL_S * 1000), { ...COOKIE_OPTIONS, maxAge: VERIFY_CODE_TTL_S });
  reply.setCookie(RESEND_COOKIE, String(nowMs + RESEND_AFTER_S * 1000), { ...COOKIE_OPTIONS, maxAge: RESEND_AFTER_S });
}

function clearVerifyCookies(reply: FastifyReply): void {
  reply.clearCookie(VERIFY_CODE_COOKIE, COOKIE_OPTIONS);
  reply.clearCookie(RESEND_COOKIE, COOKIE_OPTIONS);
}

function accountOf(request: FastifyRequest): AccountRow {
  return request.account!;
}

/**
 * The shopper's verification is locked after the 5th wrong code — 429 with Retry-After (s) and
 * `{ status: 'error', code: 'TOO_MANY_ATTEMPTS', message }` for linkAccount, verifyCode and resendCode.
 */
function locked(reply: FastifyReply, seconds: number) {
  const s = Math.max(1, seconds);
  reply.code(429).header('Retry-After', String(s));
  return fail('TOO_MANY_ATTEMPTS', `Too many wrong codes. Please wait ${Math.ceil(s / 60)} minutes and try again.`);
}

/** Registers POST /api/services/{Inquire,historyLite,linkAccount,verifyCode,resendCode,transactionHistory}. */
export async function sceneRoutes(app: FastifyInstance, { db, verify, historyCache, now }: SceneRoutesOptions): Promise<void> {
  signedInOnly(app, verify);
  app.addHook('preHandler', async (request, reply) => {
    const account = await getOrCreateAccount(db, shopperOf(request));
    if (account.session_problem) return reply.send(fail(439, 'Session expired'));
    request.account = account;
  });
  cardRoutes(app, { db, verify, historyCache, now });
  verifyRoutes(app, { db, verify, historyCache, now });
  transactionHistoryRoute(app, { db, verify, historyCache, now });
}

/** POST Inquire, historyLite, linkAccount. */
function cardRoutes(app: FastifyInstance, { db, now }: SceneRoutesOptions): void {
  /**
   * POST /api/services/Inquire `{}` (spec §4 "the card status is inquired").
   * → code = card status: 'LP01' | 'LP03' status 'success'; 'LP00' | 'LP02' status 'error' with the spec §8
   *   card-status message; data `{ cardNumber, cardStatus, enrollmentStatus, linkedStatus, info: { pointBalance, dollarValue (cents) } }`.
   * → no card on the account: `{ status: 'error', code: 'NO_CARD', data: null }`.
   */
  app.post('/Inquire', { schema: { body: EMPTY_BODY } }, async (request) => {
    const card = await cardOf(db, accountOf(request).uid);
    if (!card) return NO_CARD();
    const data = toInquireData(card);
    switch (card.status) {
      case 'LP00':
      case 'LP02':
        return fail(card.status, CARD_STATUS_ERROR, data);
      case 'LP03':
        return ok(data, 'Scene+ card registration is not complete', card.status);
      default:
        return ok(data, 'Scene+ card is valid', card.status);
    }
  });

  /**
   * POST /api/services/historyLite `{}` (spec §4 "When linked and status is LP01 or LP02, historyLite is fetched").
   * → data `{ transactions: [{ id, date 'YYYY-MM-DD', description, points, storeNumber }] }`, the latest 5, newest first.
   * → 'NO_CARD'; 'CARD_NOT_LINKED' while the card is not linked.
   */
  app.post('/historyLite', { schema: { body: EMPTY_BODY } }, async (request) => {
    const card = await cardOf(db, accountOf(request).uid);
    if (!card) return NO_CARD();
    if (!card.linked) return NOT_LINKED();
    return ok({ transactions: await latestTransactions(db, card.owner_uid!, HISTORY_LITE_COUNT) });
  });

  /**
   * POST /api/services/linkAccount `{}` (spec §4 Verify flow, §8 link-account codes): applies the card's
   * link outcome. 200 → a verification code is "sent" (demo code 246810, valid 900 s),
   * `{ status: 'success', code: 200, message: 'Verification code sent', data: { expiresIn: 900, resendIn: 30 } }`
   * and Set-Cookie verify_code_req (Max-Age 900) + verify_resend_code (Max-Age 30).
   * Other outcomes → `{ status: 'error', code: <6001|100|401|504|500|6002|6101|6103|6104|6105|other>, message }`.
   * → 'NO_CARD'; 'ALREADY_LINKED' (success, data = Inquire data) when the card is linked.
   */
  app.post('/linkAccount', { schema: { body: EMPTY_BODY } }, async (request, reply) => {
    const card = await cardOf(db, accountOf(request).uid);
    if (!card) return NO_CARD();
    if (card.linked) return ALREADY_LINKED(card);
    if (card.link_outcome !== 200) return fail(card.link_outcome, linkOutcomeMessage(card.link_outcome, card.link_message));
    const lockedFor = await verificationLockedFor(db, accountOf(request).uid);
    if (lockedFor) return locked(reply, lockedFor);
    await startVerification(db, accountOf(request).uid);
    setVerifyCookies(reply, now());
    return ok({ expiresIn: VERIFY_CODE_TTL_S, resendIn: RESEND_AFTER_S }, 'Verification code sent', 200);
  });
}

/** POST verifyCode, resendCode. */
function verifyRoutes(app: FastifyInstance, { db, historyCache, now }: SceneRoutesOptions): void {
  /**
   * POST /api/services/verifyCode `{ code: '246810' }` (spec §4 Verify flow).
   * → right code: the card is linked (Inquire answers linkedStatus true from now on), cookies cleared,
   *   `{ status: 'success', code: 200, message: 'Card linked', data: <Inquire data> }`.
   * → 'INVALID_CODE' (wrong; the 5th wrong code drops the verification); 'CODE_EXPIRED' (no verify_code_req
   *   cookie, no pending code or past its 900 s); 'NO_CARD'; 'ALREADY_LINKED'.
   */
  app.post<{ Body: { code: string } }>(
    '/verifyCode',
    {
      schema: {
        body: signedInBody({ code: { type: 'string', pattern: '^[0-9]{6}$' } }, ['code']),
      },
    },
    async (request, reply) => {
      const uid = accountOf(request).uid;
      const card = await cardOf(db, uid);
      if (!card) return NO_CARD();
      if (card.linked) return ALREADY_LINKED(card);
      if (!request.cookies[VERIFY_CODE_COOKIE]) return CODE_EXPIRED();
      const result = await verifyCode(db, uid, request.body.code);
      if (result === 'locked') return locked(reply, await verificationLockedFor(db, uid));
      if (result === 'expired') return CODE_EXPIRED();
      if (result === 'invalid') return fail('INVALID_CODE', 'The verification code is not correct');
      clearVerifyCookies(reply);
      historyCache.deletePrefix(`${uid}|`);
      const linked = await cardOf(db, uid);
      return ok(toInquireData(linked!), 'Card linked', 200);
    },
  );

  /**
   * POST /api/services/resendCode `{}` (spec §4 Verify flow).
   * → 'RESEND_TOO_SOON' while the verify_resend_code cookie is present or the last code is under 30 s old;
   * → otherwise a new code (900 s) and both cookies again: `{ status: 'success', code: 200, message: 'Verification code sent' }`;
   * → 'NO_PENDING_VERIFICATION' before any successful linkAccount; 'NO_CARD'; 'ALREADY_LINKED'.
   */
  app.post('/resendCode', { schema: { body: EMPTY_BODY } }, async (request, reply) => {
    const uid = accountOf(request).uid;
    const card = await cardOf(db, uid);
    if (!card) return NO_CARD();
    if (card.linked) return ALREADY_LINKED(card);
    const tooSoon = () => fail('RESEND_TOO_SOON', `Please wait ${RESEND_AFTER_S} seconds before requesting a new code`);
    if (request.cookies[RESEND_COOKIE]) return tooSoon();
    const result = await resendVerification(db, uid);
    if (result === 'locked') return locked(reply, await verificationLockedFor(db, uid));
    if (result === 'too-soon') return tooSoon();
    if (result === 'none-pending') return fail('NO_PENDING_VERIFICATION', 'Link your card first to receive a verification code');
    setVerifyCookies(reply, now());
    return ok({ expiresIn: VERIFY_CODE_TTL_S, resendIn: RESEND_AFTER_S }, 'Verification code sent', 200);
  });
}

/** POST transactionHistory. */
function transactionHistoryRoute(app: FastifyInstance, { db, historyCache, now }: SceneRoutesOptions): void {
  /**
   * POST /api/services/transactionHistory `{ data: base64(JSON { startDate, endDate, enrollmentStatus }) }`
   * (spec §3, §7; §9 window 180 days, cached 600 s). Dates 'YYYY-MM-DD', inclusive.
   * → data `{ transactions: [...] }` newest first; header `x-cache: hit | miss` (cached per uid + range).
   * → 400 'Invalid body.data: <reason>' (not base64 JSON, bad dates, end before start, window > 180 days);
   *   'NO_CARD'; 'CARD_NOT_LINKED'.
   */
  app.post<{ Body: { data: string } }>(
    '/transactionHistory',
    {
      schema: {
        body: signedInBody({ data: { type: 'string', minLength: 1, maxLength: 2048 } }, ['data']),
      },
    },
    async (request, reply) => {
      const uid = accountOf(request).uid;
      const range = parseHistoryRequest(request.body.data, now());
      const key = `${uid}|${range.startDate}|${range.endDate}`;
      const cached = historyCache.get(key);
      if (cached) {
        reply.header('x-cache', 'hit');
        return ok({ transactions: cached });
      }
      const card = await cardOf(db, uid);
      if (!card) return NO_CARD();
      if (!card.linked) return NOT_LINKED();
      const transactions = await transactionsBetween(db, uid, range.startDate, range.endDate);
      historyCache.set(key, transactions);
      reply.header('x-cache', 'miss');
      return ok({ transactions });
    },
  );
}
