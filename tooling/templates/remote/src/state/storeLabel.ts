import type { Store } from 'shared-events';

/**
 * The shopper-facing name of the preferred store (spec §3 Store), e.g. 'Halifax (3299)'.
 * @returns 'no store chosen yet' when there is none
 */
export function storeLabel(store: Store | null): string {
  if (!store) return 'no store chosen yet';
  return store.locationName ? `${store.locationName} (${store.storeNumber})` : store.storeNumber;
}
