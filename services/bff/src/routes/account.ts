/**
 * Account endpoints (spec §7 "Account and identity": get account info, set account data for the store
 * id, signed token request; "POST /api/generateToken"). Shopper-authenticated; every query is scoped by
 * the verified token's uid.
 */
import type { FastifyInstance } from 'fastify';
import { loadStores } from '@storefront/seed';
import { getOrCreateAccount, recordSessionEnd, setPreferredStore, toAccountData } from '../accounts';
import { checkNonce, rejectOtherUid, shopperOf, spendNonce, usesSessionCookie, type IdTokenVerifier } from '../auth';
import type { Db } from '../db';
import { HttpError, ok } from '../http';
import { addCard } from '../scene';
import { registerThrottle, type SharedStore } from '../throttle';
import { TOKEN_TTL_S, type TokenSigner } from '../tokens';
import { signedInBody, signedInOnly, signedInQuery } from './signed-in';

/** Options of {@link accountRoutes}. */
export interface AccountRoutesOptions {
  db: Db;
  verify: IdTokenVerifier;
  sign: TokenSigner;
  /** Known 4-digit store numbers (preferred store must be one of them). */
  storeNumbers: ReadonlySet<string>;
  /** Redis store of the card-add throttle (several replicas count together); null: this process's own. */
  sharedStore?: SharedStore | null;
  /** The card-add throttle's limits (defaults {@link CARD_ADDS_PER_WINDOW}, {@link CARD_ADDS_GLOBAL}). */
  cardLimit?: Partial<CardLimit>;
}

/** Card numbers tried per {@link CARD_ADD_WINDOW_MS}: per client address, per shopper, by everyone. */
export interface CardLimit {
  perAddress: number;
  perAccount: number;
  global: number;
}

/** 16 digits, spaces allowed between them (as typed in the add-card popup). */
const CARD_NUMBER = { type: 'string', maxLength: 40, pattern: '^[0-9 ]*$' } as const;

/** Card numbers one shopper, and one client address, may try per {@link CARD_ADD_WINDOW_MS}. */
export const CARD_ADDS_PER_WINDOW = 10;
/** Card numbers all shoppers together may try per {@link CARD_ADD_WINDOW_MS} (the global ceiling). */
export const CARD_ADDS_GLOBAL = 500;
/** The card-add throttle's window, ms (10 min). */
export const CARD_ADD_WINDOW_MS = 10 * 60_000;

/** '6046 0000 0000 2000' → '6046000000002000'; anything but 16 digits → 400. */
function normaliseCardNumber(raw: string): string {
  const digits = raw.replace(/ /g, '');
  if (!/^[0-9]{16}$/.test(digits)) throw new HttpError(400, 'Invalid body.cardNumber: must be a 16-digit card number (spaces allowed)');
  return digits;
}

/** Store number → banner code ('standard' | 'coop') of the seed's stores, read once. */
let banners: ReadonlyMap<string, string> | null = null;
/** The banner of a store (spec §3 Store `bannerCode`), or null without a store or for one not known. */
export function bannerCodeOf(storeNumber: string | null): string | null {
  banners ??= new Map(loadStores().flatMap((s) => (s.bannerCode ? [[s.storeNumber, s.bannerCode] as [string, string]] : [])));
  return storeNumber ? banners.get(storeNumber) ?? null : null;
}

/** What the account route groups use. */
interface Routes {
  db: Db;
  sign: TokenSigner;
  storeNumbers: ReadonlySet<string>;
  throttleCardAdds: Awaited<ReturnType<typeof registerThrottle>>;
}

/** Registers /api/account, /api/account/preferred-store, /api/account/card, /api/account/signed-token. */
export async function accountRoutes(app: FastifyInstance, { db, verify, sign, storeNumbers, sharedStore = null, cardLimit = {} }: AccountRoutesOptions): Promise<void> {
  signedInOnly(app, verify);

  // Card lookups are throttled per shopper AND per client address (new accounts from one address share
  // its budget), under a global ceiling: a card number must not be guessable by trying.
  const throttleCardAdds = await registerThrottle(app, {
    name: 'card-add',
    perAddress: cardLimit.perAddress ?? CARD_ADDS_PER_WINDOW,
    perAccount: cardLimit.perAccount ?? CARD_ADDS_PER_WINDOW,
    global: cardLimit.global ?? CARD_ADDS_GLOBAL,
    timeWindowMs: CARD_ADD_WINDOW_MS,
    message: (after, scope) => scope === 'global'
      ? `Too many card numbers tried by all shoppers right now. Try again in ${after}.`
      : `Too many card numbers tried: at most ${scope === 'address' ? `${cardLimit.perAddress ?? CARD_ADDS_PER_WINDOW} in 10 minutes from your network` : `${cardLimit.perAccount ?? CARD_ADDS_PER_WINDOW} in 10 minutes`}. Try again in ${after}.`,
    store: sharedStore,
  });
  accountReadRoutes(app, { db, sign, storeNumbers, throttleCardAdds });
  cardAndTokenRoutes(app, { db, sign, storeNumbers, throttleCardAdds });
}

/** POST /api/session/end, GET /api/account, POST /api/account/preferred-store. */
function accountReadRoutes(app: FastifyInstance, { db, storeNumbers }: Routes): void {
  /**
   * POST /api/session/end `{}` — the shopper signed out. Records now and the token's provider session
   * (`sid`) as the shopper's session end: that session's id tokens, and any issued before it, are refused
   * from then on (401 'Invalid id token: the session has ended (signed out)'; see auth.ts).
   * → 200 `{ status: 'success', code: 200, message: 'Session ended', data: { endedAt: <ISO time> } }`.
   */
  app.post('/session/end', { schema: { body: signedInBody({}) } }, async (request) => {
    const endedAt = await recordSessionEnd(db, shopperOf(request).uid, shopperOf(request).sid ?? null);
    return ok({ endedAt: endedAt.toISOString() }, 'Session ended');
  });

  /**
   * GET /api/account (spec §7 "Get account info"; §3 Session).
   * → data `{ uid, email, firstName, lastName, cardNumber: string|null, preferredStoreId: string|null, subscribed,
   *   bannerCode: string|null, lifestyles: string[] }`: `bannerCode` is the preferred store's banner
   *   ('standard' | 'coop'; null without a preferred store), the session's `product.bannerCode` (spec §3);
   *   `lifestyles` the shopper's lifestyle preferences (spec §3 Session `lifestyles`): the preferences
   *   centre keeps none yet (flyer and offers email, language only), so it is `[]`.
   * The account is created from the id-token claims on the first call (e.g. right after sign-up).
   */
  app.get('/account', { schema: { querystring: signedInQuery() } }, async (request) => {
    const account = toAccountData(await getOrCreateAccount(db, shopperOf(request)));
    return ok({ ...account, bannerCode: bannerCodeOf(account.preferredStoreId), lifestyles: [] as string[] });
  });

  /**
   * POST /api/account/preferred-store `{ storeId: '3299' }` (spec §4 Store selection "saves the preferred
   * store on the account when logged in"). → data `{ preferredStoreId }`.
   * → 400 storeId not 4 digits; 404 code 'STORE_NOT_FOUND' for a store number that does not exist.
   */
  app.post<{ Body: { storeId: string } }>(
    '/account/preferred-store',
    {
      schema: {
        body: signedInBody({ storeId: { type: 'string', pattern: '^[0-9]{4}$' } }, ['storeId']),
      },
    },
    async (request) => {
      const { storeId } = request.body;
      if (!storeNumbers.has(storeId)) throw new HttpError(404, `Unknown store '${storeId}'`, 'STORE_NOT_FOUND');
      const account = await getOrCreateAccount(db, shopperOf(request));
      return ok({ preferredStoreId: await setPreferredStore(db, account.uid, storeId) }, 'Preferred store updated');
    },
  );
}

/** POST /api/account/card, POST /api/account/signed-token. */
function cardAndTokenRoutes(app: FastifyInstance, { db, sign, throttleCardAdds }: Routes): void {
  /**
   * POST /api/account/card `{ cardNumber: '6046 0000 0000 2000' }` (add-card popup, spec §2 Card popups).
   * → 200 data = the account (as GET /api/account) with the card; the card is not linked yet (linkAccount).
   *   Adding the card that is already on the account is a no-op success.
   * → 400 not 16 digits; 404 'CARD_UNAVAILABLE' for a number that is unknown OR on another shopper's
   *   account — one answer, so the endpoint does not tell whether a card number exists (it
   *   answered 404 vs 409); 409 'ACCOUNT_HAS_CARD' (this account already has another card);
   *   429 after {@link CARD_ADDS_PER_WINDOW} attempts in 10 min by one shopper or from one client
   *   address, or {@link CARD_ADDS_GLOBAL} by everyone (Retry-After, RateLimit headers, a reason).
   */
  app.post<{ Body: { cardNumber: string } }>(
    '/account/card',
    {
      preHandler: throttleCardAdds,
      schema: {
        body: signedInBody({ cardNumber: CARD_NUMBER }, ['cardNumber']),
      },
    },
    async (request) => {
      const cardNumber = normaliseCardNumber(request.body.cardNumber);
      const account = await getOrCreateAccount(db, shopperOf(request));
      const result = await addCard(db, account.uid, cardNumber);
      if (result === 'not-found' || result === 'taken') throw new HttpError(404, 'This Scene+ card cannot be added to your account', 'CARD_UNAVAILABLE');
      if (result === 'account-has-card') throw new HttpError(409, 'This account already has a Scene+ card', 'ACCOUNT_HAS_CARD');
      const updated = await getOrCreateAccount(db, shopperOf(request));
      return ok(toAccountData(updated), result === 'added' ? 'Card added' : 'Card already on this account');
    },
  );

  /**
   * POST /api/account/signed-token `{ cardNumber, firstName }` (spec §7 "Signed token request (card number,
   * first name)"). → data `{ token, expiresIn: 300 }`: an HS256 JWT (iss 'storefront-bff',
   * aud 'scene-registration', sub = uid, claims cardNumber + firstName, 5 min).
   * → 400 bad card number / firstName not 1–50 characters; 403 'Forbidden: not your card' when the card is
   *   not the one on the caller's account.
   */
  app.post<{ Body: { cardNumber: string; firstName: string } }>(
    '/account/signed-token',
    {
      schema: {
        body: signedInBody({ cardNumber: CARD_NUMBER, firstName: { type: 'string', minLength: 1, maxLength: 50 } }, ['cardNumber', 'firstName']),
      },
    },
    async (request) => {
      const cardNumber = normaliseCardNumber(request.body.cardNumber);
      const firstName = request.body.firstName.trim();
      if (!firstName) throw new HttpError(400, 'Invalid body.firstName: must not be blank');
      const account = await getOrCreateAccount(db, shopperOf(request));
      if (account.card_number !== cardNumber) throw new HttpError(403, 'Forbidden: not your card');
      const token = await sign(account.uid, 'scene-registration', { cardNumber, firstName });
      return ok({ token, expiresIn: TOKEN_TTL_S });
    },
  );
}

/**
 * Registers POST /api/generateToken `{ idToken }` (spec §7: "id token → token, used for the consent tool").
 * Bearer clients: the id token in the body (verified like the headers' one) plus `x-nonce`; when
 * Authorization / x-id-token are sent too they must carry the same token. A browser with the session
 * cookie (no Authorization header): body `{}`, the session's id token is used (CSRF rule, 401 'Session
 * expired').
 * → data `{ token, expiresIn: 300 }`: HS256 JWT (iss 'storefront-bff', aud 'consent', sub = uid, 5 min).
 * → 400 missing/invalid idToken or nonce; 401 invalid token (reasons as for every shopper endpoint); 403 CSRF.
 */
export async function generateTokenRoute(app: FastifyInstance, { verify, sign }: Pick<AccountRoutesOptions, 'verify' | 'sign'>): Promise<void> {
  app.post<{ Body: { idToken?: string } }>(
    '/generateToken',
    {
      onRequest: async (request, reply) => {
        checkNonce(request, reply);
        if (usesSessionCookie(request)) request.server.sessions?.checkCsrf(request);
      },
      schema: {
        body: signedInBody({ idToken: { type: 'string', minLength: 1, maxLength: 8192 } }),
      },
    },
    async (request, reply) => {
      const sessions = request.server.sessions;
      const idToken = request.body?.idToken;
      if (sessions && usesSessionCookie(request)) {
        request.shopper = await sessions.shopperOf(request, reply);
        if (idToken !== undefined && idToken !== request.shopper.idToken) throw new HttpError(401, 'Id token mismatch: the session and body.idToken differ');
      } else {
        if (idToken === undefined) throw new HttpError(400, "Invalid body: missing required property 'idToken'");
        for (const name of ['authorization', 'x-id-token'] as const) {
          const value = request.headers[name];
          if (value !== undefined && String(value).replace(/^Bearer /, '').trim() !== idToken) {
            throw new HttpError(401, 'Id token mismatch: headers and body.idToken differ');
          }
        }
        request.shopper = await verify(idToken);
      }
      await spendNonce(request, request.shopper, checkNonce(request, reply));
      await rejectOtherUid(request);
      reply.header('cache-control', 'no-store');
      return ok({ token: await sign(request.shopper.uid, 'consent'), expiresIn: TOKEN_TTL_S });
    },
  );
}
