/**
 * The event catalogue of the storefront bus (ARCHITECTURE §3): every event any remote may publish,
 * as a discriminated union on `type`, each a Flux Standard Action (FSA: `{ type, payload, meta? }`).
 *
 * Contract versioning: adding an event or an optional field is a minor change of this package;
 * changing or removing a field is major. `BUS_VERSION` below is checked by consumers.
 *
 * Covers all of spec §4: session, preferred store, list count, toasts, popups, analytics, consent.
 */
import * as z from 'zod/mini';
import { popupTypeSchema, sessionSchema, storeSchema } from './entities';

export * from './entities';

/** Spec §7 Analytics events. */
export const analyticsEventNameSchema = z.enum([
  'nav_header', 'nav_footer', 'popup_view', 'popup_click', 'view_item_list',
  'card_activation', 'scene_registration', 'sign_out', 'search', 'select_store',
]);
export type AnalyticsEventName = z.infer<typeof analyticsEventNameSchema>;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const params = z.record(z.string(), z.union([scalar, z.array(z.unknown()), z.record(z.string(), z.unknown())]));

const meta = z.optional(z.object({ source: z.optional(z.string()), at: z.optional(z.number()) }));
const fsa = <T extends string, P extends z.ZodMiniType>(type: T, payload: P) =>
  z.object({ type: z.literal(type), payload, meta });

/** Every event of the catalogue. */
export const busEventSchema = z.discriminatedUnion('type', [
  /**
   * The session changed (sign-in, sign-out, card status, identity refresh). Spec §3, §4. Writes
   * `bus.state.session`; published by the shell only (README "State ownership").
   */
  fsa('session/changed', sessionSchema),
  /** A remote asks the shell to start sign-in (authorization-code flow) or sign-up. */
  fsa('session/sign-in-requested', z.object({ mode: z.enum(['signIn', 'signUp']), returnTo: z.optional(z.string()) })),
  /**
   * A remote asks the shell to re-read the account and card status (e.g. after a card was linked or
   * added, so points appear in the header without a reload). Since 1.1.0.
   */
  fsa('session/refresh-requested', z.object({ reason: z.optional(z.string()) })),
  /** A remote asks the shell to sign the shopper out (spec §2 Account menu). */
  fsa('session/sign-out-requested', z.object({ reason: z.optional(z.string()) })),
  /**
   * The preferred store of the page changed (spec §4 Store selection); writes `bus.state.store`.
   * Published by mf-store-selector only (README "State ownership"). `source` tells why: 'storage'
   * (stored locally), 'default' (store 3299), 'user' (confirmed choice), 'account' (the account's store
   * on sign-in), 'geolocation'.
   */
  fsa('store/changed', z.object({ store: storeSchema, source: z.enum(['default', 'user', 'account', 'storage', 'geolocation']) })),
  /**
   * A remote asks the store selector to make a store the preferred store by its number, e.g. the flyer's
   * `set_preferred_store_number` (spec §2 /flyer; §5: left-padded with zeros to 4 characters by the
   * asker). The owner (mf-store-selector) looks it up and publishes `store/changed` (source 'user'), or
   * answers `store/select-failed` with the same `requestId` when no such store exists. Since 1.4.0.
   */
  fsa('store/select-requested', z.object({ requestId: z.string(), storeNumber: z.string() })),
  /** The store of a `store/select-requested` could not be selected (unknown number, lookup failed). Since 1.4.0. */
  fsa('store/select-failed', z.object({ requestId: z.string(), storeNumber: z.string(), reason: z.string() })),
  /** A remote asks the store selector to open (e.g. the header's store button). */
  fsa('store/selector-open-requested', z.object({})),
  /**
   * A remote asks the shopping list to add an item (spec §3 Shopping list; §4 Shopping list and cart).
   * Any remote may publish it; the owner (mf-shopping-list) stores the item and answers with
   * `list/item-added` (stored) or `list/add-failed` carrying the same `requestId`. Nobody shows 'Added'
   * before that answer. `itemId`: a product's articleNumber_uom_storeId (spec §3); `quantity`: how many to
   * add to what the list holds (integer ≥ 1, default 1); `productType`: e.g. 'product' or 'flyer';
   * `queryID`/`position` (1-based) come from the search hit, for the Insights conversion; `saleStory` is
   * a flyer item's sale story. Since 1.2.0.
   */
  fsa('list/add-requested', z.object({
    requestId: z.string(),
    itemId: z.string(),
    quantity: z.optional(z.number()),
    productType: z.optional(z.string()),
    name: z.optional(z.string()),
    /** A flyer item's sale story, e.g. '2 for $5' (kept in the item's meta, shown in the list). Since 1.4.0. */
    saleStory: z.optional(z.string()),
    queryID: z.optional(z.string()),
    position: z.optional(z.number()),
  })),
  /**
   * An item was stored in the shopping list (spec §3 Shopping list item_id = articleNumber_uom_storeId):
   * written to the browser's list or the account's outbox, so it survives a reload. Published by
   * mf-shopping-list only (README "State ownership"). `quantity` is the quantity added; `requestId`
   * answers a `list/add-requested`.
   */
  fsa('list/item-added', z.object({
    itemId: z.string(), quantity: z.number(), queryID: z.optional(z.string()), position: z.optional(z.number()),
    requestId: z.optional(z.string()),
  })),
  /** An add could not be stored (quota, invalid item, list unavailable); nothing was kept. Since 1.2.0. */
  fsa('list/add-failed', z.object({ requestId: z.string(), itemId: z.string(), reason: z.string() })),
  /** A remote asks the shopping list to remove an item (e.g. a flyer item unsaved). Since 1.2.0. */
  fsa('list/remove-requested', z.object({ requestId: z.string(), itemId: z.string() })),
  /** An item was removed from the shopping list (owner mf-shopping-list). Since 1.2.0. */
  fsa('list/item-removed', z.object({ itemId: z.string(), requestId: z.optional(z.string()) })),
  /**
   * The shopping-list count changed: the number of shown items (quantity > 0 and a non-empty item_id,
   * spec §5); the badge shows '99+' above 99 (spec §2). Writes `bus.state.listCount`; owner mf-shopping-list.
   */
  fsa('list/count-changed', z.object({
    count: z.number(),
    /** The shown items' ids (since 1.4.0), e.g. for the flyer's saved flags; writes `bus.state.listItemIds`. */
    itemIds: z.optional(z.array(z.string())),
  })),
  /**
   * The shopping-list panel asks which loaded offers match the products in the list (spec §2
   * Shopping-list side panel "offers sections"). `articleNumbers`: the list's products (the part of
   * item_id before the first '_'), at most 1000. Answered by mf-offers (signed-in shoppers only) with
   * `offers/matches` carrying the same `requestId`; no answer means no offers section. Since 1.3.0.
   */
  fsa('offers/matches-requested', z.object({ requestId: z.string(), articleNumbers: z.array(z.string()) })),
  /**
   * The loaded (active) offers matching a `offers/matches-requested` (owner mf-offers). Each offer:
   * `offerId`; `description` (plain text, at most 90 characters, spec §5); `badge` (the badge text of
   * its offerType, e.g. '500 PTS', '$2 OFF', '20% OFF', 'BUY 2 GET 1', '10X PTS'); `endDate` (ISO);
   * `articleNumbers` it applies to (those in the list). Since 1.3.0.
   */
  fsa('offers/matches', z.object({
    requestId: z.string(),
    offers: z.array(z.object({
      offerId: z.string(), description: z.string(), badge: z.string(), endDate: z.string(), articleNumbers: z.array(z.string()),
    })),
  })),
  /** Show a toast (spec §8: header toasts auto-close after 7000 ms; list toasts 3000 ms). */
  fsa('toast/show', z.object({
    id: z.optional(z.string()),
    message: z.string(),
    kind: z.enum(['success', 'error', 'info']),
    autoCloseMs: z.optional(z.number()),
  })),
  /** Open a card popup (spec §4 popupType); `none` closes. */
  fsa('popup/open', z.object({ popupType: popupTypeSchema })),
  /** A card popup was closed: soft ('remind later') or hard (the x), spec §4 Suppression. */
  fsa('popup/closed', z.object({ popupType: popupTypeSchema, closeType: z.enum(['soft', 'hard']) })),
  /** An analytics event for the tag manager's dataLayer (spec §7 Analytics events). */
  fsa('analytics/track', z.object({ event: analyticsEventNameSchema, params: z.optional(params) })),
  /** The consent groups now active (e.g. 'C0002' analytics, spec §4 Guided tours). */
  /**
   * The consent groups (e.g. ['C0001','C0002']) and, since 1.5.0, whether the shopper has answered the
   * banner (`decided`; a stored answer counts): 'Reject All' on a fresh banner leaves the groups as they
   * were, so only `decided` tells an answer from no answer.
   */
  fsa('consent/changed', z.object({ groups: z.array(z.string()), decided: z.optional(z.boolean()) })),
  /** A search was submitted (spec §2 Search dropdown: query and tab). */
  fsa('search/submitted', z.object({ query: z.string(), tab: z.enum(['product', 'recipe']) })),
]);

export type BusEvent = z.infer<typeof busEventSchema>;
export type BusEventType = BusEvent['type'];
export type EventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;
export type PayloadOf<T extends BusEventType> = EventOf<T>['payload'];

/** Every event type of the catalogue, for contract checks. */
export const EVENT_TYPES: readonly BusEventType[] = busEventSchema.def.options.map(
  (o) => (o.def.shape.type as unknown as { def: { values: string[] } }).def.values[0] as BusEventType,
);
