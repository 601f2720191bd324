/**
 * Offers routes (spec §2 /offers?hash=, /favourites; §3 Offer, Offer collections, Favourites,
 * Load-offer item; §4 Offers; §6 "the hash link gives view access to the offers of a card without login",
 * "favourite offers are visible only to signed-in users"; §7 "Offer and cart operations"; §8 expired hash
 * link). The contract shared with mf-offers is in README.md ("Offers"); the rules are in ../offers.ts.
 *
 * Signed-in routes use the auth hook of every shopper route (bearer + x-id-token + x-nonce) and reach only
 * the card on the caller's own account. The hash routes are public and read-only, and throttled: at most
 * 30 hash lookups (10 links) per minute per client IP (@fastify/rate-limit, on these routes only; then 429 with
 * `retry-after`). Every answer: `cache-control: no-store`, envelope `{ status, code, message, data }`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAuthHook, rejectOtherUid, shopperOf, type IdTokenVerifier } from '../auth';
import type { Db } from '../db';
import { HttpError, ok, okJson } from '../http';
import { registerThrottle, type SharedStore } from '../throttle';
import {
  HASH_LOOKUP_WINDOW_MS,
  HASH_LOOKUPS_GLOBAL,
  HASH_LOOKUPS_PER_WINDOW,
  loadOffers,
  maskCardNumber,
  MAX_LOAD_OFFERS,
  memberByHash,
  memberByUid,
  OFFER_ID,
  readOffersByHash,
  readOwnOffers,
  validateHash,
  type CardOffersJson,
  type LoadItem,
} from '../offers';
import { favouriteRoutes } from './offer-favourites';
import { CONFIG, HASH, HASH_EXPIRED, NO_CARD, OFFERS_FIELD_RULES, PUBLIC_BODY_LIMIT, UID, type OffersContext } from './offers-common';
import { strictObject } from './signed-in';


/** Throttle of the hash lookups (tests lower or raise it). */
export interface HashLimit {
  /** Lookups per window and client address, and per signed-in shopper (default 10). */
  max: number;
  /** Lookups per window from all clients together (default 600). */
  global: number;
  /** Window, ms (default 60 000). */
  timeWindowMs: number;
}

export interface OffersRoutesOptions {
  db: Db;
  verify: IdTokenVerifier;
  hashLimit?: Partial<HashLimit>;
  /** Redis store of the throttle (several replicas count together); null: this process's own. */
  sharedStore?: SharedStore | null;
}

/** True when the request names a hash (query `hash` on GET and HEAD, body `hash` on POST), even a malformed one. */
function carriesHash(request: FastifyRequest): boolean {
  const source = request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body;
  return !!source && typeof source === 'object' && 'hash' in source;
}

/** `{ cardNumber (masked), status, collections }` as JSON text (the collections made by the database). */
function offersAnswer(reply: FastifyReply, offers: CardOffersJson): string {
  reply.type('application/json; charset=utf-8');
  return okJson({ collections: offers.collectionsJson }, { cardNumber: maskCardNumber(offers.cardNumber), status: offers.status });
}


/**
 * preHandler of POST /api/offers/load: a `uid` in the query must be the caller's; in the body, the
 * caller's or the word 'member' (spec §7 "card number, user id or the word member"). Else 403
 * 'Forbidden: not your account'. (The other signed-in routes use auth.ts rejectOtherUid: own uid only.)
 */
async function rejectOtherUidOrMember(request: FastifyRequest): Promise<void> {
  const { uid } = shopperOf(request);
  const query = request.query as { uid?: unknown } | undefined;
  const body = request.body as { uid?: unknown } | undefined;
  if ((query?.uid !== undefined && query.uid !== uid) || (body?.uid !== undefined && body.uid !== uid && body.uid !== 'member')) {
    throw new HttpError(403, 'Forbidden: not your account');
  }
}

/**
 * The hash throttle, in the offers plugin's context: it applies only where it is called (hash lookups),
 * counted per client address (request.ip: the shopper's when TRUST_PROXY names the proxy), per signed-in
 * shopper (a hash lookup is public, so only when a route authenticated first) and against a global ceiling.
 */
async function hashThrottle(app: FastifyInstance, hashLimit: Partial<HashLimit>, sharedStore: SharedStore | null): Promise<OffersContext['throttleHashLookups']> {
  const max = hashLimit.max ?? HASH_LOOKUPS_PER_WINDOW;
  const timeWindowMs = hashLimit.timeWindowMs ?? HASH_LOOKUP_WINDOW_MS;
  const per = timeWindowMs === 60_000 ? 'a minute' : `per ${timeWindowMs / 1000} s`;
  const throttle = await registerThrottle(app, {
    name: 'offers-hash',
    perAddress: max,
    perAccount: max,
    global: hashLimit.global ?? HASH_LOOKUPS_GLOBAL,
    timeWindowMs,
    message: (after, scope) => scope === 'global'
      ? `Too many offers link lookups from all visitors right now. Try again in ${after}.`
      : `Too many offers link lookups: at most ${max} ${per}. Try again in ${after}.`,
    store: sharedStore,
  });
  return async (request, reply) => {
    if (carriesHash(request)) await throttle(request, reply);
  };
}

/**
 * Registers GET /api/offers (signed-in, or public with `?hash=`), POST /api/offers/hash/validate,
 * POST /api/offers/member-inquiry, POST /api/offers/load and GET|POST /api/offers/favourites,
 * DELETE /api/offers/favourites/:offer_id.
 */
export async function offersRoutes(app: FastifyInstance, { db, verify, hashLimit = {}, sharedStore = null }: OffersRoutesOptions): Promise<void> {
  const ctx: OffersContext = { db, authenticate: createAuthHook(verify), throttleHashLookups: await hashThrottle(app, hashLimit, sharedStore) };
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  offerListRoute(app, ctx);
  hashLinkRoutes(app, ctx);
  offerLoadRoute(app, ctx);
  favouriteRoutes(app, ctx);
}

/** GET /api/offers. */
function offerListRoute(app: FastifyInstance, { db, authenticate, throttleHashLookups }: OffersContext): void {
  /**
   * GET /api/offers (signed-in) — "Fetch all offers" of the shopper's own card (spec §7; §4: the storefront
   * skips it for LP00).
   * GET /api/offers?hash=<hash> (public, read-only; spec §2 "/offers accepts a query parameter hash that
   * gives view access to the offers of a card without login", §6) — the offers of the card the link
   * belongs to. Hash: `^[A-Za-z0-9_-]{32,64}$` (43-character base64url of 256 bits, or 32 hex characters).
   * Throttled: 30 hash lookups a minute per client address, 600 from everyone (shared with hash/validate and
   * member-inquiry; `RateLimit` / `RateLimit-Policy` headers).
   * → 200 data `{ cardNumber: '•••• 1003', status: 'LP00'…'LP03', collections: { activeOffers, pendingOffers,
   *   expiredOffers, redeemedOffers } }` — each an array of Offer (README "Offer"): active = loaded and live,
   *   pending = live and not loaded, expired = endDate passed, redeemed. Live ones ending soonest first;
   *   expired and redeemed most recent first. Points are integers, endDate ISO 8601 UTC, descriptions English.
   * → 400 `Invalid query.hash: must be an offers link hash: …`; 401 signed out (no hash); 403 `?uid=` of
   *   another shopper; 409 'NO_CARD' no card on the account; 410 'HASH_EXPIRED' with the spec §8 text for
   *   an unknown or expired hash (the same answer for both); 429 too many hash lookups (`retry-after`, s).
   */
  app.get<{ Querystring: { hash?: string; uid?: string } }>(
    '/offers',
    {
      config: CONFIG,
      schema: { querystring: { type: 'object', properties: { hash: HASH, uid: UID } } },
      onRequest: async (request, reply) => {
        if (!carriesHash(request)) await authenticate(request, reply);
      },
      preValidation: throttleHashLookups,
      preHandler: async (request) => {
        if (request.query.hash === undefined) await rejectOtherUid(request);
      },
    },
    async (request, reply) => {
      const { hash } = request.query;
      if (hash !== undefined) {
        const offers = await readOffersByHash(db, hash);
        if (!offers) throw HASH_EXPIRED();
        return offersAnswer(reply, offers);
      }
      const offers = await readOwnOffers(db, shopperOf(request).uid);
      if (!offers) throw NO_CARD();
      return offersAnswer(reply, offers);
    },
  );

}

/** POST /api/offers/hash/validate, POST /api/offers/member-inquiry. */
function hashLinkRoutes(app: FastifyInstance, { db, authenticate, throttleHashLookups }: OffersContext): void {
  /**
   * POST /api/offers/hash/validate body `{ hash }` (public; spec §7 "Validate a hash to a card number").
   * Throttled like GET ?hash=.
   * → 200 data `{ valid: true, cardNumber: '•••• 1003', expiresAt (ISO 8601 UTC) }`.
   * → 400 `Invalid body.hash: …`, `Invalid body: missing required property 'hash'`, unknown property;
   *   410 'HASH_EXPIRED' (spec §8 text) unknown or expired; 429.
   */
  app.post<{ Body: { hash: string } }>(
    '/offers/hash/validate',
    {
      config: CONFIG,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { body: { type: 'object', required: ['hash'], properties: { hash: HASH }, additionalProperties: false } },
      preValidation: throttleHashLookups,
    },
    async (request) => {
      const link = await validateHash(db, request.body.hash);
      if (!link) throw HASH_EXPIRED();
      return ok({ valid: true, cardNumber: maskCardNumber(link.cardNumber), expiresAt: link.expiresAt }, 'The link is valid');
    },
  );

  /**
   * POST /api/offers/member-inquiry body `{ hash? }` (spec §7 "Member inquiry (by card, hash)"): with a
   * hash, public and throttled — the member the link belongs to; without, signed-in — the caller.
   * → 200 data `{ cardNumber: '•••• 1003', status: 'LP00'…'LP03', firstName: string | null }`.
   * → 400 `Invalid body.hash: …`, unknown property; 401 signed out without a hash; 409 'NO_CARD';
   *   410 'HASH_EXPIRED'; 429.
   */
  app.post<{ Body: { hash?: string } | undefined }>(
    '/offers/member-inquiry',
    {
      config: CONFIG,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { body: { type: ['object', 'null'], properties: { hash: HASH }, additionalProperties: false } },
      preValidation: async (request, reply) => {
        if (carriesHash(request)) await throttleHashLookups(request, reply);
        else await authenticate(request, reply);
      },
    },
    async (request) => {
      const hash = request.body?.hash;
      const member = hash !== undefined ? await memberByHash(db, hash) : await memberByUid(db, shopperOf(request).uid);
      if (!member) throw hash !== undefined ? HASH_EXPIRED() : NO_CARD();
      return ok({ cardNumber: maskCardNumber(member.cardNumber), status: member.status, firstName: member.firstName });
    },
  );

}

/** POST /api/offers/load. */
function offerLoadRoute(app: FastifyInstance, { db, authenticate }: OffersContext): void {
  /**
   * POST /api/offers/load (signed-in) body `{ cardNumber?, uid?, offers: Array<{ id, channel: 'web' |
   * 'mobile', banner: 'standard' | 'coop' }> (1–100) }` — "Load offers to the card (card number, user id or
   * the word member, offers list of id, channel, banner)" (spec §7); spec §4 "Pending offers whose banner
   * indicator contains B are loaded to the card". `cardNumber` (16 digits, spaces allowed) must be the
   * card on the caller's account; `uid` the caller's or 'member'.
   * Each id that is one of the caller's pending, live offers with 'B' in its bannerInd (and the banner
   * given) is loaded; one already loaded counts as loaded (idempotent); any other goes to `failed` with a
   * reason ('not an offer on your card' — also another card's offer, which stays untouched —, 'the offer
   * has expired', 'the offer has been redeemed', "… banner indicator 'C' has no 'B'", "banner must be …").
   * → 200 data `{ loaded: string[], failed: Array<{ id, reason }>, collections }` (ids in request order;
   *   collections as GET /api/offers, read after the load).
   * → 400 `Invalid body.offers: must be an array of 1 to 100 offers { id, channel, banner }`,
   *   `Invalid body.offers.0.channel: must be 'web' or 'mobile'`, `Invalid body.offers.0.banner: …`,
   *   `Invalid body.offers.0.id: …`, `Invalid body.offers: id 'x' is given twice`, `Invalid body.cardNumber: …`,
   *   unknown / missing property; 401; 403 `Forbidden: not your card` (cardNumber) / `Forbidden: not your
   *   account` (uid); 409 'NO_CARD'.
   */
  app.post<{ Body: { cardNumber?: string; uid?: string; offers: LoadItem[] } }>(
    '/offers/load',
    {
      config: CONFIG,
      onRequest: authenticate,
      preHandler: rejectOtherUidOrMember,
      schema: {
        body: strictObject(
          {
            cardNumber: { type: 'string', maxLength: 40, pattern: '^[0-9 ]*$' },
            uid: UID,
            offers: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_LOAD_OFFERS,
              items: strictObject(
                {
                  id: { type: 'string', pattern: OFFER_ID },
                  channel: { type: 'string', enum: ['web', 'mobile'] },
                  banner: { type: 'string', enum: ['standard', 'coop'] },
                },
                ['id', 'channel', 'banner'],
              ),
            },
          },
          ['offers'],
        ),
      },
    },
    async (request, reply) => {
      const { uid } = shopperOf(request);
      const { cardNumber, offers } = request.body;
      const seen = new Set<string>();
      for (const { id } of offers) {
        if (seen.has(id)) throw new HttpError(400, `Invalid body.offers: id '${id}' is given twice`);
        seen.add(id);
      }
      if (cardNumber !== undefined) {
        const digits = cardNumber.replace(/ /g, '');
        if (!/^[0-9]{16}$/.test(digits)) throw new HttpError(400, `Invalid body.cardNumber: ${OFFERS_FIELD_RULES['body.cardNumber']}`);
        const member = await memberByUid(db, uid);
        if (!member) throw NO_CARD();
        if (member.cardNumber !== digits) throw new HttpError(403, 'Forbidden: not your card');
      }
      const result = await loadOffers(db, uid, offers);
      if (!result) throw NO_CARD();
      const after = await readOwnOffers(db, uid);
      if (!after) throw NO_CARD();
      const n = result.loaded.length;
      reply.type('application/json; charset=utf-8');
      return okJson({ collections: after.collectionsJson }, { loaded: result.loaded, failed: result.failed }, `${n} offer${n === 1 ? '' : 's'} loaded`);
    },
  );

}

