/**
 * Offers as the BFF answers them (services/bff/README.md "Offers"; spec §3 Offer, Offer collections,
 * Favourites, Load-offer item) and the pure rules the pages apply to them: the description parsed from
 * `offer_description` (safely) and cut at 90 characters (spec §5), the §5 filter, 'expiring soon'
 * (48 hours), the shopper's filters and the sort by end date.
 */
import { offerSchema, type Favourites, type LoadOfferItem, type Offer, type OfferCollections } from 'shared-events/contracts';
import { isUsableOffer } from './badges';

/** Spec §3 Offer, Offer collections, Favourites, Load-offer item: typed once, in shared-events/contracts. */
export type { Favourites, LoadOfferItem, Offer, OfferCollections } from 'shared-events/contracts';

export const COLLECTION_KEYS = ['activeOffers', 'pendingOffers', 'expiredOffers', 'redeemedOffers'] as const;
export type CollectionKey = (typeof COLLECTION_KEYS)[number];

/** Spec §5 / §9: the offer description limit, characters. */
export const DESCRIPTION_LIMIT = 90;
/** 'Expiring soon' when an offer ends within this many ms (48 hours). */
export const EXPIRING_SOON_MS = 48 * 60 * 60 * 1000;

/** What `offer_description` holds once parsed; every field may be missing from a bad string. */
export interface ParsedDescription {
  /** The English text, or `offer.description` when the JSON cannot be read. */
  text: string;
  category: string | null;
  articleNumbers: string[];
}

/**
 * Reads `offer_description` (a JSON string, spec §3) without ever throwing: malformed JSON, a non-object,
 * or a missing/blank `en` fall back to `offer.description` (then ''); `category` falls back to
 * `offer.category`, `articleNumbers` to `offer.articleNumbers` (strings only).
 */
export function parseOfferDescription(offer: Pick<Offer, 'offer_description' | 'description' | 'category' | 'articleNumbers'>): ParsedDescription {
  let parsed: unknown = null;
  try {
    parsed = typeof offer.offer_description === 'string' ? JSON.parse(offer.offer_description) : null;
  } catch {
    parsed = null;
  }
  const obj = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const en = typeof obj.en === 'string' && obj.en.trim() !== '' ? obj.en : null;
  const category = typeof obj.category === 'string' && obj.category !== '' ? obj.category : (typeof offer.category === 'string' && offer.category !== '' ? offer.category : null);
  const fromJson = Array.isArray(obj.articleNumbers) ? obj.articleNumbers : null;
  const articleNumbers = (fromJson ?? offer.articleNumbers ?? []).filter((a): a is string => typeof a === 'string');
  return { text: en ?? (typeof offer.description === 'string' ? offer.description : ''), category, articleNumbers };
}

/**
 * Spec §5 "offer description at 90 characters": at most `limit` characters (code points), whitespace
 * collapsed; a longer text keeps `limit - 1` characters and ends with '…'.
 */
export function cutDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= limit) return clean;
  return `${chars.slice(0, limit - 1).join('').trimEnd()}…`;
}

/** The description a shopper sees: parsed, then cut at 90 characters. */
export function offerText(offer: Offer): string {
  return cutDescription(parseOfferDescription(offer).text);
}

/** Epoch ms of the end date, NaN when unreadable. */
export function endTime(offer: Pick<Offer, 'endDate'>): number {
  return Date.parse(offer.endDate);
}

/** Live (not ended) at `now`. */
export function isLive(offer: Pick<Offer, 'endDate'>, now: number): boolean {
  const end = endTime(offer);
  return Number.isFinite(end) && end > now;
}

/** Ends within 48 hours of `now` (and has not ended). */
export function isExpiringSoon(offer: Pick<Offer, 'endDate'>, now: number): boolean {
  const end = endTime(offer);
  return Number.isFinite(end) && end > now && end - now <= EXPIRING_SOON_MS;
}

/** '2026-12-05T08:18:27.000Z' → 'Dec 5, 2026' (en-CA, the shopper's time zone); '' when unreadable. */
export function formatEndDate(endDate: string): string {
  const t = Date.parse(endDate);
  if (!Number.isFinite(t)) return '';
  return new Date(t).toLocaleDateString('en-CA', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An offer exactly as the contract says (`offerSchema`): what the pages may render. Bad ones are dropped one by one. */
function isOfferShape(x: unknown): x is Offer {
  return offerSchema.safeParse(x).success && (x as Offer).offerId !== '';
}

/** The well-formed offers of an answer's array that spec §5 lets the storefront use (allowed type, 'B'). */
export function usableOffers(list: unknown): Offer[] {
  if (!Array.isArray(list)) return [];
  return list.filter((o): o is Offer => isOfferShape(o) && isUsableOffer(o));
}

/** The collections of an answer with only usable offers (spec §5); missing collections are []. */
export function usableCollections(data: unknown): OfferCollections {
  const c = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    activeOffers: usableOffers(c.activeOffers),
    pendingOffers: usableOffers(c.pendingOffers),
    expiredOffers: usableOffers(c.expiredOffers),
    redeemedOffers: usableOffers(c.redeemedOffers),
  };
}

/** Favourites with only usable, live offers (spec §4: redeemed or expired ones are not favourites). */
export function liveFavourites(data: unknown, now: number): Favourites {
  const f = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    favouriteOffers: usableOffers(f.favouriteOffers).filter((o) => isLive(o, now)),
    basketBuilderOffers: usableOffers(f.basketBuilderOffers).filter((o) => isLive(o, now)),
  };
}

/** The shopper's filters on /offers. */
export interface OfferFilters {
  /** 'loaded': loaded to the card; 'not-loaded': not loaded; 'all'. */
  loaded: 'all' | 'loaded' | 'not-loaded';
  /** A category, or '' for all. */
  category: string;
  /** Sort by end date: soonest first or latest first. */
  sort: 'soonest' | 'latest';
}

export const DEFAULT_FILTERS: OfferFilters = { loaded: 'all', category: '', sort: 'soonest' };

/** The category of an offer (offer_description, then `category`), '' when none. */
export function categoryOf(offer: Offer): string {
  return parseOfferDescription(offer).category ?? '';
}

/** The categories present in the collections, sorted alphabetically. */
export function categoriesOf(collections: OfferCollections): string[] {
  const all = new Set<string>();
  for (const key of COLLECTION_KEYS) for (const o of collections[key]) { const c = categoryOf(o); if (c) all.add(c); }
  return [...all].sort((a, b) => a.localeCompare(b, 'en-CA'));
}

/** Applies the filters and the end-date sort to one list (stable; unreadable dates last). */
export function applyFilters(list: readonly Offer[], filters: OfferFilters): Offer[] {
  const kept = list.filter((o) =>
    (filters.loaded === 'all' || (filters.loaded === 'loaded') === o.loaded)
    && (filters.category === '' || categoryOf(o) === filters.category));
  const dir = filters.sort === 'latest' ? -1 : 1;
  return kept
    .map((o, i) => ({ o, i, t: endTime(o) }))
    .sort((a, b) => {
      const aBad = !Number.isFinite(a.t);
      const bBad = !Number.isFinite(b.t);
      if (aBad || bBad) return aBad === bBad ? a.i - b.i : aBad ? 1 : -1;
      return a.t === b.t ? a.i - b.i : (a.t - b.t) * dir;
    })
    .map((x) => x.o);
}

/** The load-offer items (spec §3) for offers: `{ id, channel: 'web', banner }`. */
export function loadItemsFor(offers: readonly Offer[]): LoadOfferItem[] {
  return offers.map((o) => ({ id: o.offerId, channel: 'web', banner: o.banner === 'coop' ? 'coop' : 'standard' }));
}

/** Total offers in the collections. */
export function countOffers(collections: OfferCollections): number {
  return COLLECTION_KEYS.reduce((n, k) => n + collections[k].length, 0);
}
