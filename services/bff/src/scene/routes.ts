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
import { verificationCodeMail, type Mailer } from '../mail';
import { signedInBody, signedInOnly, UID_PROPERTY } from '../routes/signed-in';
import { parseHistoryRequest } from './history-request';
import { CARD_STATUS_ERROR, linkOutcomeMessage } from './messages';
import {
  cardOf,
  latestTransactions,
  toInquireData,
  transactionsBetween,
  type CardRow,
  type InquireData,
  type Transaction,
} from './store';
import { TtlCache } from './ttl-cache';
import {
  MAX_VERIFY_ATTEMPTS,
  RESEND_AFTER_S,
  VERIFY_CODE_TTL_S,
  checkVerificationCode,
  codeLifeLeftS,
  hasVerification,
  issueVerification,
  resendWaitS,
  withdrawVerification,
} from './verification';

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
  /** Sends the verification code mail to the account's email. */
  mailer: Mailer;
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

/** Sets both cookies: the code lives `codeS` more seconds, a new one may be asked in `resendS` (default 900 / 30). */
function setVerifyCookies(reply: FastifyReply, nowMs: number, codeS = VERIFY_CODE_TTL_S, resendS = RESEND_AFTER_S): void {
  reply.setCookie(VERIFY_CODE_COOKIE, String(nowMs + codeS * 1000), { ...COOKIE_OPTIONS, maxAge: codeS });
  if (resendS > 0) reply.setCookie(RESEND_COOKIE, String(nowMs + resendS * 1000), { ...COOKIE_OPTIONS, maxAge: resendS });
}

function clearVerifyCookies(reply: FastifyReply): void {
  reply.clearCookie(VERIFY_CODE_COOKIE, COOKIE_OPTIONS);
  reply.clearCookie(RESEND_COOKIE, COOKIE_OPTIONS);
}

function accountOf(request: FastifyRequest): AccountRow {
  return request.account!;
}

/** 429 + Retry-After: a code was sent under 30 s ago; `data.retryAfter` is the wait in seconds. */
function resendTooSoon(reply: FastifyReply, seconds: number): Envelope<{ retryAfter: number }> {
  const s = Math.max(1, seconds);
  reply.code(429).header('Retry-After', String(s));
  return fail('RESEND_TOO_SOON', `Please wait ${s} seconds before requesting a new code`, { retryAfter: s });
}

/** 429: the code had its 5 tries; only a new code helps. */
function tooManyAttempts(reply: FastifyReply): Envelope {
  reply.code(429);
  return fail('TOO_MANY_ATTEMPTS', `Too many attempts (${MAX_VERIFY_ATTEMPTS} wrong codes). Please ask for a new code.`);
}

/** The account has no email to send the code to (spec §8 6002 message). */
const NO_EMAIL = (): Envelope => fail(6002, linkOutcomeMessage(6002, null));

/** 503: the code mail could not be sent (the code is withdrawn, so a new one may be asked at once). */
function mailFailed(reply: FastifyReply): Envelope {
  reply.code(503);
  return fail('MAIL_NOT_SENT', 'The verification code could not be sent. Please try again in a moment.');
}

/** Registers POST /api/services/{Inquire,historyLite,linkAccount,verifyCode,resendCode,transactionHistory}. */
export async function sceneRoutes(app: FastifyInstance, { db, verify, historyCache, now, mailer }: SceneRoutesOptions): Promise<void> {
  signedInOnly(app, verify);
  app.addHook('preHandler', async (request, reply) => {
    const account = await getOrCreateAccount(db, shopperOf(request));
    if (account.session_problem) return reply.send(fail(439, 'Session expired'));
    request.account = account;
  });
  const options = { db, verify, historyCache, now, mailer };
  cardRoutes(app, options);
  verifyRoutes(app, options);
  resendRoute(app, options);
  transactionHistoryRoute(app, options);
}

/** POST Inquire, historyLite. */
function cardRoutes(app: FastifyInstance, { db }: SceneRoutesOptions): void {
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
}

/**
 * Issues and mails a new code to the account's email; the answer of linkAccount / resendCode once the
 * card may be verified. A code sent under 30 s ago → `tooSoon(seconds)`.
 */
async function sendCode(
  { db, now, mailer }: SceneRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  tooSoon: (seconds: number) => Envelope<unknown> | Promise<Envelope<unknown>>,
): Promise<Envelope<unknown>> {
  const account = accountOf(request);
  if (!account.email) return NO_EMAIL();
  const nowMs = now();
  const issued = await issueVerification(db, account.uid, nowMs);
  if ('retryAfterS' in issued) return await tooSoon(issued.retryAfterS);
  try {
    await mailer.send(verificationCodeMail({ to: account.email, firstName: account.first_name, code: issued.code, validForS: VERIFY_CODE_TTL_S, banner: mailer.banner }));
  } catch (error) {
    request.log.error({ err: error }, 'the verification code mail could not be sent');
    await withdrawVerification(db, account.uid, issued.codeHash);
    return mailFailed(reply);
  }
  setVerifyCookies(reply, nowMs);
  return ok({ expiresIn: VERIFY_CODE_TTL_S, resendIn: RESEND_AFTER_S }, 'Verification code sent', 200);
}

/** POST linkAccount, verifyCode. */
function verifyRoutes(app: FastifyInstance, options: SceneRoutesOptions): void {
  const { db, historyCache, now } = options;
  /**
   * POST /api/services/linkAccount `{}` (spec §4 Verify flow, §8 link-account codes): applies the card's
   * link outcome. 200 → a random 6-digit code is mailed to the account's email (valid 900 s),
   * `{ status: 'success', code: 200, message: 'Verification code sent', data: { expiresIn: 900, resendIn: 30 } }`
   * and Set-Cookie verify_code_req (Max-Age 900) + verify_resend_code (Max-Age 30). Asked again within 30 s
   * of a code: no new mail, the same answer with the seconds left (`expiresIn`, `resendIn`), or 429
   * 'RESEND_TOO_SOON' (`data.retryAfter`) when that code is used up.
   * Other outcomes → `{ status: 'error', code: <6001|100|401|504|500|6002|6101|6103|6104|6105|other>, message }`
   * (6002 also when the account has no email). → 'NO_CARD'; 'ALREADY_LINKED' (success, data = Inquire data)
   * when the card is linked; 503 'MAIL_NOT_SENT' when the mail relay fails.
   */
  app.post('/linkAccount', { schema: { body: EMPTY_BODY } }, async (request, reply) => {
    const card = await cardOf(db, accountOf(request).uid);
    if (!card) return NO_CARD();
    if (card.linked) return ALREADY_LINKED(card);
    if (card.link_outcome !== 200) return fail(card.link_outcome, linkOutcomeMessage(card.link_outcome, card.link_message));
    return sendCode(options, request, reply, async (resendIn) => {
      const expiresIn = await codeLifeLeftS(db, accountOf(request).uid, now());
      if (expiresIn === 0) return resendTooSoon(reply, resendIn); // that code is used up
      setVerifyCookies(reply, now(), expiresIn, resendIn);
      return ok({ expiresIn, resendIn }, 'Verification code sent', 200);
    });
  });

  /**
   * POST /api/services/verifyCode `{ code: '123456' }` (spec §4 Verify flow), checked against the
   * caller's own code only.
   * → right code: the card is linked (Inquire answers linkedStatus true from now on), cookies cleared,
   *   `{ status: 'success', code: 200, message: 'Card linked', data: <Inquire data> }`.
   * → 'INVALID_CODE' (wrong); 429 'TOO_MANY_ATTEMPTS' from the 6th try of a code on (5 wrong ones use
   *   it up; a new code must be asked); 'CODE_EXPIRED' (no verify_code_req cookie, no code sent or past
   *   its 900 s); 'NO_CARD'; 'ALREADY_LINKED'.
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
      const result = await checkVerificationCode(db, uid, request.body.code, now());
      if (result === 'too-many-attempts') return tooManyAttempts(reply);
      if (result === 'expired') return CODE_EXPIRED();
      if (result === 'invalid') return fail('INVALID_CODE', 'The verification code is not correct');
      clearVerifyCookies(reply);
      historyCache.deletePrefix(`${uid}|`);
      const linked = await cardOf(db, uid);
      return ok(toInquireData(linked!), 'Card linked', 200);
    },
  );
}

/** POST resendCode. */
function resendRoute(app: FastifyInstance, options: SceneRoutesOptions): void {
  const { db, now } = options;
  /**
   * POST /api/services/resendCode `{}` (spec §4 Verify flow): a new code by mail (the previous one stops
   * working), valid 900 s, and both cookies again: `{ status: 'success', code: 200, message: 'Verification code sent' }`.
   * → 429 'RESEND_TOO_SOON' + Retry-After when the last code is under 30 s old, `data: { retryAfter: <s> }`;
   * → 'NO_PENDING_VERIFICATION' before any successful linkAccount; 'NO_CARD'; 'ALREADY_LINKED';
   *   6002 (no email on the account); 503 'MAIL_NOT_SENT'.
   */
  app.post('/resendCode', { schema: { body: EMPTY_BODY } }, async (request, reply) => {
    const uid = accountOf(request).uid;
    const card = await cardOf(db, uid);
    if (!card) return NO_CARD();
    if (card.linked) return ALREADY_LINKED(card);
    if (!(await hasVerification(db, uid))) return fail('NO_PENDING_VERIFICATION', 'Link your card first to receive a verification code');
    const wait = await resendWaitS(db, uid, now());
    if (wait > 0) return resendTooSoon(reply, wait);
    return sendCode(options, request, reply, (seconds) => resendTooSoon(reply, seconds));
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
