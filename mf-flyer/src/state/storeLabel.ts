import type { Store } from 'shared-events';

/** The store whose flyer is shown: its number and, when known, its name. */
export interface FlyerStore {
  storeNumber: string;
  locationName: string | null;
}

/** The parts of a bus `Store` the flyer uses. */
export function flyerStoreOf(store: Store): FlyerStore {
  return { storeNumber: store.storeNumber, locationName: store.locationName || null };
}

/**
 * The shopper-facing name of a store (spec §3 Store), e.g. 'Halifax Quinpool Road (3299)', or
 * 'store 3299' when its name is unknown.
 */
export function storeLabel(store: FlyerStore): string {
  return store.locationName ? `${store.locationName} (${store.storeNumber})` : `store ${store.storeNumber}`;
}
