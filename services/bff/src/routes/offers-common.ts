/**
 * What the offers routes (offers.ts) and the favourites routes (offer-favourites.ts) share: the field rules,
 * the schema pieces, the common errors and the route context.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { createAuthHook } from '../auth';
import type { Db } from '../db';
import { HttpError, type FieldRules } from '../http';
import { HASH_EXPIRED_MESSAGE, MAX_LOAD_OFFERS, OFFER_HASH } from '../offers';

const HASH_RULE = "must be an offers link hash: 32–64 letters, digits, '-' or '_'";
const OFFER_ID_RULE = "must be an offer id: 1–64 letters, digits, '-' or '_'";

/** Field rules of the offers routes (validationMessage: "Invalid body.offers.2.channel: must be 'web' or 'mobile'"). */
export const OFFERS_FIELD_RULES: FieldRules = {
  'query.hash': HASH_RULE,
  'body.hash': HASH_RULE,
  'query.lang': "must be 'en' or 'fr'",
  'body.offer_id': OFFER_ID_RULE,
  'params.offer_id': OFFER_ID_RULE,
  'body.offers': `must be an array of 1 to ${MAX_LOAD_OFFERS} offers { id, channel, banner }`,
  'body.offers.*': 'must be an object { id, channel, banner }',
  'body.offers.*.id': OFFER_ID_RULE,
  'body.offers.*.channel': "must be 'web' or 'mobile'",
  'body.offers.*.banner': "must be 'standard' or 'coop'",
  'body.uid': "must be the signed-in shopper's uid or the word 'member'",
  'body.cardNumber': 'must be a 16-digit card number (spaces allowed)',
  'query.uid': "must be the signed-in shopper's uid",
};

export const CONFIG = { fieldRules: OFFERS_FIELD_RULES };
export const UID = { type: 'string', minLength: 1, maxLength: 255 } as const;
export const HASH = { type: 'string', pattern: OFFER_HASH } as const;
export const LANG_QUERY = { type: 'object', properties: { uid: UID, lang: { type: 'string', enum: ['en', 'fr'] } } } as const;
/** Small public bodies: `{ hash }`. */
export const PUBLIC_BODY_LIMIT = 1024;

export const NO_CARD = () => new HttpError(409, 'There is no Scene+ card on this account', 'NO_CARD');
/** Unknown and expired hashes get this same answer (no oracle telling them apart). */
export const HASH_EXPIRED = () => new HttpError(410, HASH_EXPIRED_MESSAGE, 'HASH_EXPIRED');

/** What the offers route groups share: the auth hook, the hash throttle and the uid check of /offers/load. */
export interface OffersContext {
  db: Db;
  authenticate: ReturnType<typeof createAuthHook>;
  /** preValidation of the hash routes: a request that carries a hash counts (a malformed one too). */
  throttleHashLookups: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}
