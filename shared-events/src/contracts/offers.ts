/**
 * Offers, favourites, load-to-card and offers links (BFF docs/api.md "Offers"; spec §3 Offer, Offer
 * collections, Favourites, Load-offer item; §4 Offers; §8). Paths are under `/api`.
 */
import * as z from 'zod/mini';
import { cardNumberInputSchema } from './common';
import { cardStatusSchema } from '../entities';

/** An offer id: 1–64 letters, digits, '-' or '_', e.g. 'ofr-1003-001'. */
export const offerIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
/** An offers link hash: 32–64 letters, digits, '-' or '_'. */
export const offerHashSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,64}$/));

/**
 * Spec §3 Offer as the BFF answers it. `offer_description` is a JSON string
 * `{"en","fr","category","articleNumbers"}`; `description` plain text (render as text, cut at 90,
 * spec §5); `endDate` ISO 8601; `offerType` 11–27 (badge layout).
 */
export const offerSchema = z.object({
  offerId: z.string(),
  offer_id: z.optional(z.string()),
  id: z.optional(z.string()),
  uid: z.optional(z.string()),
  offerType: z.number(),
  bannerInd: z.string(),
  banner: z.string(),
  offer_description: z.string(),
  description: z.string(),
  imageName: z.string(),
  /** The product the offer is about: catalogue name and picture ('/media/<file>.svg' or null); absent or null for a group offer. */
  product: z.optional(z.nullable(z.object({ name: z.string(), picture: z.nullable(z.string()) }))),
  endDate: z.string(),
  points: z.nullable(z.number()),
  offerIconText1: z.nullable(z.string()),
  offerIconText2: z.nullable(z.string()),
  offerIconText3: z.nullable(z.string()),
  bonusMultiplier: z.nullable(z.number()),
  loaded: z.boolean(),
  category: z.optional(z.string()),
  articleNumbers: z.optional(z.array(z.string())),
});
export type Offer = z.infer<typeof offerSchema>;

/** Spec §3 Offer collections. */
export const offerCollectionsSchema = z.object({
  activeOffers: z.array(offerSchema),
  pendingOffers: z.array(offerSchema),
  expiredOffers: z.array(offerSchema),
  redeemedOffers: z.array(offerSchema),
});
export type OfferCollections = z.infer<typeof offerCollectionsSchema>;

/** Spec §3 Favourites: `GET` / `POST /offers/favourites` data. */
export const favouritesSchema = z.object({ favouriteOffers: z.array(offerSchema), basketBuilderOffers: z.array(offerSchema) });
export type Favourites = z.infer<typeof favouritesSchema>;
/** `POST /offers/favourites?lang=` body. */
export const addFavouriteBodySchema = z.strictObject({ offer_id: offerIdSchema });
/** `DELETE /offers/favourites/:offer_id` data. */
export const removeFavouriteResultSchema = z.object({
  removed: z.boolean(), favouriteOffers: z.array(offerSchema), basketBuilderOffers: z.array(offerSchema),
});
/** `?lang=` of the favourites routes (default en). */
export const offersLangQuerySchema = z.strictObject({ lang: z.optional(z.enum(['en', 'fr'])) });

/** `GET /offers` (signed in) and `GET /offers?hash=` data; `cardNumber` masked ('•••• 1003'). */
export const offersDataSchema = z.object({
  cardNumber: z.string(),
  status: z.union([cardStatusSchema, z.string()]),
  collections: offerCollectionsSchema,
});
export type OffersData = z.infer<typeof offersDataSchema>;

/** Spec §3 Load-offer item. */
export const loadOfferItemSchema = z.strictObject({
  id: offerIdSchema,
  channel: z.enum(['web', 'mobile']),
  banner: z.enum(['standard', 'coop']),
});
export type LoadOfferItem = z.infer<typeof loadOfferItemSchema>;
/** `POST /offers/load` body: 1–100 items; `cardNumber` / `uid` if given must be the caller's (uid may be 'member'). */
export const loadOffersBodySchema = z.strictObject({
  cardNumber: z.optional(cardNumberInputSchema),
  uid: z.optional(z.string()),
  offers: z.array(loadOfferItemSchema).check(z.minLength(1), z.maxLength(100)),
});
/** `POST /offers/load` data: ids in request order, the refused ones with the reason, the collections after. */
export const loadResultSchema = z.object({
  loaded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), reason: z.string() })),
  collections: offerCollectionsSchema,
});
export type LoadResult = z.infer<typeof loadResultSchema>;

/** `GET /offers?hash=` query. */
export const offersHashQuerySchema = z.strictObject({ hash: offerHashSchema });
/** `POST /offers/hash/validate` body. */
export const hashValidateBodySchema = z.strictObject({ hash: offerHashSchema });
/** `POST /offers/hash/validate` data (`expiresAt` ISO 8601; 410 HASH_EXPIRED otherwise). */
export const hashValidateResultSchema = z.object({ valid: z.literal(true), cardNumber: z.string(), expiresAt: z.string() });
/** `POST /offers/member-inquiry` body: `{ hash }` (public) or `{}` (signed in). */
export const memberInquiryBodySchema = z.strictObject({ hash: z.optional(offerHashSchema) });
/** `POST /offers/member-inquiry` data. */
export const memberInquiryResultSchema = z.object({
  cardNumber: z.string(),
  status: z.union([cardStatusSchema, z.string()]),
  firstName: z.nullable(z.string()),
});
