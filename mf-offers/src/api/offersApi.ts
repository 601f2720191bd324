/**
 * The BFF offers calls of mf-offers (spec §7 "Offer and cart operations"; the contract is
 * services/bff/README.md "Offers"). Every call goes through `callBff` from shared-events: the signed-in
 * shopper is the BFF's HttpOnly session cookie (`credentials: 'same-origin'`, `x-storefront-csrf: 1`,
 * nonce); no token is on the page or sent from it. The public hash route needs no session. Every
 * failure becomes an {@link OffersError} with a `kind` the pages switch on.
 */
import { BffError, callBff, type BffEnvelope } from 'shared-events';
import type { Favourites, LoadOfferItem, LoadResult, OffersData } from 'shared-events/contracts';

/** `data` of GET /api/offers (`cardNumber` masked: '•••• 1003') and of POST /api/offers/load. */
export type { LoadResult, OffersData } from 'shared-events/contracts';

/** `data` of POST /api/offers/hash/validate: the link's card (masked) and when the link ends (ISO 8601). */
export interface HashValidation {
  valid: true;
  cardNumber: string;
  expiresAt: string;
}

/** `data` of POST /api/offers/member-inquiry: the card (masked), its status ('LP00'…'LP03') and the member's first name. */
export interface MemberInquiry {
  cardNumber: string;
  status: string;
  firstName: string | null;
}

/**
 * Why a call failed:
 * - 'no-card': 409 NO_CARD (no Scene+ card on the account);
 * - 'hash-expired': 410 HASH_EXPIRED (unknown or expired link; same answer for both) or a malformed hash (400);
 * - 'throttled': 429 (too many link lookups; `retryAfterText` e.g. 'in 1 minute' when the BFF says so);
 * - 'signed-out': 401 (the BFF's session has ended or expired);
 * - 'not-found' / 'not-live': POST favourites 404 OFFER_NOT_FOUND / 409 OFFER_NOT_LIVE;
 * - 'error': anything else (network, 5xx, a 4xx of another kind).
 */
export type OffersErrorKind = 'no-card' | 'hash-expired' | 'throttled' | 'signed-out' | 'not-found' | 'not-live' | 'error';

/** A failed offers call. `code` is the envelope's code (HTTP status or named code), `message` the BFF's. */
export class OffersError extends Error {
  constructor(readonly kind: OffersErrorKind, message: string, readonly code: string | number | null = null) {
    super(message);
    this.name = 'OffersError';
  }
}

/** The calls, bound to `apiBase`, as the shopper of the session cookie. Tests replace this object. */
export interface OffersApi {
  /** GET /api/offers — the signed-in shopper's card and collections. */
  fetchOffers(signal?: AbortSignal): Promise<OffersData>;
  /** POST /api/offers/hash/validate `{ hash }` — spec §7 "Validate a hash to a card number" (410 → 'hash-expired'). */
  validateHash(hash: string, signal?: AbortSignal): Promise<HashValidation>;
  /** POST /api/offers/member-inquiry `{ hash }` — spec §7 "Member inquiry (by card, hash)": the link's member. */
  memberInquiry(hash: string, signal?: AbortSignal): Promise<MemberInquiry>;
  /** GET /api/offers?hash= — a card's collections by offers link, without sign-in (throttled by the BFF). */
  fetchOffersByHash(hash: string, signal?: AbortSignal): Promise<OffersData>;
  /** POST /api/offers/load `{ offers: items }` (1–100 items). */
  loadOffers(items: LoadOfferItem[]): Promise<LoadResult>;
  /** GET /api/offers/favourites?lang=en. */
  fetchFavourites(signal?: AbortSignal): Promise<Favourites>;
  /** POST /api/offers/favourites?lang=en `{ offer_id }` → the favourites after. */
  addFavourite(offerId: string): Promise<Favourites>;
  /** DELETE /api/offers/favourites/:offer_id?lang=en → the favourites after. */
  removeFavourite(offerId: string): Promise<Favourites & { removed: boolean }>;
}

/** An envelope that is not a success as an {@link OffersError}. */
export function errorOf(env: BffEnvelope<unknown>, { hashRoute = false } = {}): OffersError {
  const code = env.code;
  const message = typeof env.message === 'string' ? env.message : '';
  if (code === 'NO_CARD') return new OffersError('no-card', message, code);
  if (code === 'HASH_EXPIRED' || (hashRoute && (code === 400 || code === 404))) return new OffersError('hash-expired', message, code);
  if (code === 429 || code === '429') return new OffersError('throttled', message, code);
  if (code === 401 || code === '401') return new OffersError('signed-out', message, code);
  if (code === 'OFFER_NOT_FOUND') return new OffersError('not-found', message, code);
  if (code === 'OFFER_NOT_LIVE') return new OffersError('not-live', message, code);
  return new OffersError('error', message, code);
}

/** The `data` of a success envelope, else throws {@link OffersError}; `BffError` (network, 5xx) → kind 'error'. */
async function dataOf<T>(call: Promise<BffEnvelope<T>>, options?: { hashRoute?: boolean }): Promise<T> {
  let env: BffEnvelope<T>;
  try {
    env = await call;
  } catch (err) {
    if (err instanceof BffError) throw new OffersError('error', err.message, err.envelope?.code ?? err.httpStatus);
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new OffersError('error', (err as Error)?.message ?? 'request failed');
  }
  if (env.status !== 'success' || env.data === null || typeof env.data !== 'object') throw errorOf(env as BffEnvelope<unknown>, options);
  return env.data;
}

/** The real API over `callBff`. */
export function createOffersApi(apiBase: string): OffersApi {
  return {
    fetchOffers: (signal) => dataOf(callBff<OffersData>(apiBase, '/offers', { method: 'GET', signal })),
    validateHash: (hash, signal) => dataOf(callBff<HashValidation>(apiBase, '/offers/hash/validate', { body: { hash }, signal }), { hashRoute: true }),
    memberInquiry: (hash, signal) => dataOf(callBff<MemberInquiry>(apiBase, '/offers/member-inquiry', { body: { hash }, signal }), { hashRoute: true }),
    fetchOffersByHash: (hash, signal) =>
      dataOf(callBff<OffersData>(apiBase, `/offers?hash=${encodeURIComponent(hash)}`, { method: 'GET', signal }), { hashRoute: true }),
    loadOffers: (items) => dataOf(callBff<LoadResult>(apiBase, '/offers/load', { body: { offers: items } })),
    fetchFavourites: (signal) => dataOf(callBff<Favourites>(apiBase, '/offers/favourites?lang=en', { method: 'GET', signal })),
    addFavourite: (offerId) => dataOf(callBff<Favourites>(apiBase, '/offers/favourites?lang=en', { body: { offer_id: offerId } })),
    removeFavourite: (offerId) =>
      dataOf(callBff<Favourites & { removed: boolean }>(apiBase, `/offers/favourites/${encodeURIComponent(offerId)}?lang=en`, { method: 'DELETE' })),
  };
}
