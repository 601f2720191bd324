/**
 * The offers sections of the shopping-list panel (spec §2 "Shopping-list side panel … offers sections"):
 * which of the shopper's LOADED (active, live, spec §5-usable) offers match the list's article numbers,
 * and whose session may read them. Pure; the bus answerer is `api/offersMatches.ts`.
 */
import type { PayloadOf, Session } from 'shared-events';
import { offerBadge } from './badges';
import { isSignedIn } from './signedIn';
import { isLive, offerText, parseOfferDescription, type OfferCollections } from './offer';

/** One offer of an `offers/matches` answer. */
export type MatchedOffer = PayloadOf<'offers/matches'>['offers'][number];

/** At most this many offers per answer (soonest ending first). */
export const MAX_MATCHES = 50;

/**
 * The active, live offers of `collections` that apply to one of `articleNumbers`, as `offers/matches`
 * items: description (plain text, ≤ 90 characters), badge text, endDate, and the article numbers of
 * the request each applies to. In the BFF's order (ending soonest first), at most {@link MAX_MATCHES}.
 */
export function matchOffers(collections: OfferCollections, articleNumbers: readonly string[], now = Date.now()): MatchedOffer[] {
  const wanted = new Set(articleNumbers);
  const out: MatchedOffer[] = [];
  for (const offer of collections.activeOffers) {
    if (!isLive(offer, now)) continue;
    const hits = parseOfferDescription(offer).articleNumbers.filter((a) => wanted.has(a));
    if (hits.length === 0) continue;
    out.push({
      offerId: offer.offerId,
      description: offerText(offer),
      badge: offerBadge(offer).text,
      endDate: offer.endDate,
      articleNumbers: [...new Set(hits)],
    });
    if (out.length >= MAX_MATCHES) break;
  }
  return out;
}

/**
 * Whether offers may be read for this session: signed in (`loggedIn` with a `uid`; the BFF knows the
 * shopper by its session cookie, no token is on the page) with a card whose status is not LP00.
 */
export function canReadOffers(session: Session): boolean {
  return isSignedIn(session) && !!session.scene?.cardNumber && session.cardStatus !== 'LP00';
}
