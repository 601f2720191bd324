/**
 * The first visit's offer of the nearest stores (spec §4 Store selection: "the user's location is
 * requested once"), loaded on demand: only a first visit (nothing stored) imports this module, so a
 * returning shopper's start-up carries neither the geolocation code nor the selector's query.
 */
import type { QueryClient } from '@storefront/remote-kit';
import type { EventBus } from 'shared-events';
import { requestLocationOnce, type GeolocationLike, type LatLng } from './location';
import { STORE_FETCH_ERROR } from './preferredStore';
import { storeSearchQuery } from './storeQueries';
import type { StoreSearchApi } from './storeSearch';

export interface NearbyOfferOptions {
  bus: EventBus;
  api: StoreSearchApi;
  /** The selector's QueryClient: the stores land under the dialog's nearby-list key. */
  queryClient: QueryClient;
  /** Default `navigator.geolocation`; null = none. */
  geolocation?: GeolocationLike | null;
  /** Where "asked once" is remembered; default localStorage. */
  storage?: Storage | null;
}

/** What the offer found: the shopper's position (or null) and whether stores are there to show. */
export interface NearbyOffer {
  around: LatLng | null;
  /** True when stores near `around` were fetched: the caller opens the selector on them. */
  open: boolean;
}

/**
 * Asks for the shopper's position once per browser ({@link requestLocationOnce}: denial silent, other
 * failures toast) and, with a position, fetches the nearest stores (`queryClient.fetchQuery` under the
 * selector's own nearby-list key, so the dialog lists them from the cache). That fetch failing →
 * toast 'Failed to fetch store data' (id `store-fetch`), `open` false. Never rejects.
 */
export async function offerNearbyStores({ bus, api, queryClient, geolocation, storage }: NearbyOfferOptions): Promise<NearbyOffer> {
  const around = await requestLocationOnce({ bus, geolocation, storage });
  if (!around) return { around: null, open: false };
  try {
    const { stores } = await queryClient.fetchQuery(storeSearchQuery(api, '', around));
    return { around, open: stores.length > 0 };
  } catch {
    bus.emit('toast/show', { id: 'store-fetch', message: STORE_FETCH_ERROR, kind: 'error' });
    return { around, open: false };
  }
}
