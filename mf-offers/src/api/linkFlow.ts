/**
 * The calls behind an offers link (`/offers?hash=…`), in the order of spec §7: "Validate a hash to a card
 * number", then "Member inquiry (by card, hash)", then "Fetch all offers (by … hash flag)". Each is a hash
 * lookup the BFF throttles (30 a minute per client: 10 links), so the page asks once and keeps the answer
 * (api/linkStorage.ts).
 */
import type { OffersApi, OffersData } from './offersApi';
import { usableCollections } from '../state/offer';

const NO_OFFERS: OffersData['collections'] = { activeOffers: [], pendingOffers: [], expiredOffers: [], redeemedOffers: [] };

/**
 * The view of one offers link: validation first (an unknown or expired hash rejects with an
 * `OffersError` of kind 'hash-expired', and nothing else is asked), then the member inquiry; a card in
 * status LP00 gets no offers call (spec §4 "LP00: offers loading is skipped") and empty collections;
 * otherwise the link's offers, only the usable ones (allowed type, 'B' banner).
 * @throws OffersError ('hash-expired' | 'throttled' | 'error') from whichever call failed
 */
export async function fetchLinkView(api: OffersApi, hash: string, signal?: AbortSignal): Promise<OffersData> {
  await api.validateHash(hash, signal);
  const member = await api.memberInquiry(hash, signal);
  if (member.status === 'LP00') return { cardNumber: member.cardNumber, status: member.status, collections: NO_OFFERS };
  const data = await api.fetchOffersByHash(hash, signal);
  return { ...data, collections: usableCollections(data.collections) };
}
