/**
 * Favourite offers (spec §3 Favourites; §4 "redeemed or expired favourites are removed"; §6 "favourite offers
 * are visible only to signed-in users"; §7): registered by offersRoutes (offers.ts) in its plugin context.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rejectOtherUid, shopperOf } from '../auth';
import { HttpError, okJson } from '../http';
import { addFavourite, readFavourites, removeFavourite } from '../offer-favourites';
import { OFFER_ID, type Lang } from '../offers';
import { CONFIG, LANG_QUERY, NO_CARD, UID, type OffersContext } from './offers-common';

/** GET|POST /api/offers/favourites, DELETE /api/offers/favourites/:offer_id. */
export function favouriteRoutes(app: FastifyInstance, { db, authenticate }: OffersContext): void {
  /** `{ favouriteOffers, basketBuilderOffers }` (+ extra fields) as JSON text, or 409 NO_CARD. */
  const favouritesAnswer = async (request: FastifyRequest, reply: FastifyReply, lang: Lang, extra: Record<string, unknown> = {}, message = 'OK') => {
    const favourites = await readFavourites(db, shopperOf(request).uid, lang);
    if (!favourites) throw NO_CARD();
    reply.type('application/json; charset=utf-8');
    return okJson({ favouriteOffers: favourites.favouritesJson, basketBuilderOffers: favourites.basketBuilderJson }, extra, message);
  };

  /**
   * GET /api/offers/favourites?lang=en|fr (signed-in; spec §7 "Get favourite offers (preferred language,
   * token)"; §6 favourites are for signed-in users only). Redeemed or expired offers are DELETED from the
   * shopper's favourites by this read (spec §4) and are not in the answer.
   * → 200 data `{ favouriteOffers: Offer[], basketBuilderOffers: Offer[] }`, oldest first; `description` in
   *   `lang` (default 'en').
   * → 400 `Invalid query.lang: must be 'en' or 'fr'`; 401; 403 `?uid=` of another shopper; 409 'NO_CARD'.
   */
  app.get<{ Querystring: { lang?: Lang; uid?: string } }>(
    '/offers/favourites',
    { config: CONFIG, onRequest: authenticate, preHandler: rejectOtherUid, schema: { querystring: LANG_QUERY } },
    async (request, reply) => favouritesAnswer(request, reply, request.query.lang ?? 'en'),
  );

  /**
   * POST /api/offers/favourites?lang=en|fr body `{ offer_id }` (signed-in): adds a live offer (not expired,
   * not redeemed) of the shopper's own card to their favourites. Adding one that is already a favourite
   * (of either kind) changes nothing.
   * → 200 data `{ favouriteOffers, basketBuilderOffers }` (as GET).
   * → 400 `Invalid body.offer_id: must be an offer id: …`, missing / unknown property; 401; 403 other uid;
   *   404 'OFFER_NOT_FOUND' not an offer of the caller's card (another card's offer included);
   *   409 'OFFER_NOT_LIVE' expired or redeemed; 409 'NO_CARD'.
   */
  app.post<{ Querystring: { lang?: Lang }; Body: { offer_id: string; uid?: string } }>(
    '/offers/favourites',
    {
      config: CONFIG,
      onRequest: authenticate,
      preHandler: rejectOtherUid,
      schema: {
        querystring: LANG_QUERY,
        body: { type: 'object', required: ['offer_id'], properties: { offer_id: { type: 'string', pattern: OFFER_ID }, uid: UID }, additionalProperties: false },
      },
    },
    async (request, reply) => {
      const offerId = request.body.offer_id;
      const result = await addFavourite(db, shopperOf(request).uid, offerId);
      if (result === 'no-card') throw NO_CARD();
      if (result === 'not-found') throw new HttpError(404, `No offer '${offerId}' on your card`, 'OFFER_NOT_FOUND');
      if (result === 'not-live') throw new HttpError(409, `The offer '${offerId}' has expired or has been redeemed`, 'OFFER_NOT_LIVE');
      return favouritesAnswer(request, reply, request.query.lang ?? 'en', {}, result === 'added' ? 'Added to favourites' : 'Already a favourite');
    },
  );

  /**
   * DELETE /api/offers/favourites/:offer_id?lang=en|fr (signed-in; spec §7 "remove favourite offer
   * (offer_id, token)"): removes the offer from the caller's favourites (either kind).
   * → 200 data `{ removed: boolean, favouriteOffers, basketBuilderOffers }` — `removed: false` (still 200)
   *   when it was not one of theirs (a replayed delete is harmless).
   * → 400 `Invalid params.offer_id: …`, `Invalid query.lang: …`; 401; 403 other uid; 409 'NO_CARD'.
   */
  app.delete<{ Params: { offer_id: string }; Querystring: { lang?: Lang } }>(
    '/offers/favourites/:offer_id',
    {
      config: CONFIG,
      onRequest: authenticate,
      preHandler: rejectOtherUid,
      schema: {
        params: { type: 'object', required: ['offer_id'], properties: { offer_id: { type: 'string', pattern: OFFER_ID } } },
        querystring: LANG_QUERY,
      },
    },
    async (request, reply) => {
      const removed = await removeFavourite(db, shopperOf(request).uid, request.params.offer_id);
      if (removed === null) throw NO_CARD();
      return favouritesAnswer(request, reply, request.query.lang ?? 'en', { removed }, removed ? 'Removed from favourites' : 'Not a favourite');
    },
  );
}
