/**
 * The entities the bus carries and the HTTP contracts share (spec §3): Scene, card status, Session,
 * Store, popupType. Kept apart from the event catalogue so `shared-events/contracts` can use them
 * without the whole catalogue.
 */
import * as z from 'zod/mini';

/** Spec §3 Scene: loyalty card state. `info` amounts: pointBalance in points, dollarValue in cents. */
export const sceneSchema = z.object({
  cardNumber: z.nullable(z.string()),
  enrollmentStatus: z.nullable(z.string()),
  linkedStatus: z.boolean(),
  info: z.nullable(z.object({ pointBalance: z.number(), dollarValue: z.number() })),
});
export type Scene = z.infer<typeof sceneSchema>;

/** Card status codes answered by Inquire (spec §4 Card popup state). */
export const cardStatusSchema = z.enum(['LP00', 'LP01', 'LP02', 'LP03']);
export type CardStatus = z.infer<typeof cardStatusSchema>;

/**
 * Spec §3 Session (user), published by the shell only (README "State ownership").
 * `product` is the account record as the BFF answered it: `storeId` is the preferred store number
 * stored on the account (4 digits, e.g. '3299', or null), `bannerCode` that store's banner ('standard' |
 * 'coop', null without a store). The page's preferred store is `bus.state.store` (owner mf-store-selector), not this.
 */
export const sessionSchema = z.object({
  uid: z.nullable(z.string()),
  loggedIn: z.boolean(),
  isLoading: z.boolean(),
  profile: z.nullable(z.object({ firstName: z.string(), lastName: z.string() })),
  /** Spec §3 names it; the shell publishes null: the id token stays at the BFF (HttpOnly session cookie). */
  id_token: z.nullable(z.string()),
  scene: z.nullable(sceneSchema),
  cardStatus: z.optional(z.nullable(cardStatusSchema)),
  lifestyles: z.optional(z.array(z.string())),
  product: z.object({ storeId: z.nullable(z.string()), bannerCode: z.nullable(z.string()) }),
  subscribed: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Spec §3 Store. Hours: `storeHours` is one entry per day, e.g. { day: 'Monday', open: '08:00', close: '22:00' }. */
export const storeSchema = z.object({
  storeNumber: z.string(),
  locationName: z.string(),
  slug: z.string(),
  bannerCode: z.optional(z.string()),
  address: z.object({
    address1: z.string(),
    address2: z.optional(z.nullable(z.string())),
    intersection: z.optional(z.nullable(z.string())),
    city: z.string(),
    province: z.string(),
    postalCode: z.string(),
  }),
  hours: z.object({
    is24Hours: z.boolean(),
    storeHours: z.array(z.object({ day: z.string(), open: z.string(), close: z.string() })),
  }),
  region: z.array(z.string()),
  _geoloc: z.object({ lat: z.number(), lng: z.number() }),
});
export type Store = z.infer<typeof storeSchema>;

export const popupTypeSchema = z.enum(['none', 'addCard', 'linkCard', 'ghostCard', 'createScenePopup']);
/** Spec §4 popupType. */
export type PopupType = z.infer<typeof popupTypeSchema>;
