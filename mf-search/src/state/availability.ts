/**
 * Product availability against the preferred store and its region (spec §5 "Product availability is
 * checked against the store and region").
 */
import type { Store } from 'shared-events';

/** 'store': sold at the preferred store; 'region': not at it but in its region; 'unavailable'; 'unknown': no store yet. */
export type Availability = 'store' | 'region' | 'unavailable' | 'unknown';

/** What the product record says about where it is sold. */
export interface Stocked {
  /** Store numbers selling it. */
  storeIds?: unknown;
  /** Region codes it is sold in (e.g. 'atlantic', 'ns'). */
  regions?: unknown;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Availability of a product for the shopper's store (spec §5). */
export function availabilityFor(product: Stocked, store: Pick<Store, 'storeNumber' | 'region'> | null): Availability {
  if (!store) return 'unknown';
  if (strings(product.storeIds).includes(store.storeNumber)) return 'store';
  const regions = new Set(strings(product.regions).map((r) => r.toLowerCase()));
  if (store.region.some((r) => regions.has(r.toLowerCase()))) return 'region';
  return 'unavailable';
}

/** The availability line shown on a product card. */
export function availabilityText(a: Availability, locationName?: string): string {
  switch (a) {
    case 'store': return locationName ? `Available at ${locationName}` : 'Available at your store';
    case 'region': return 'Not at your store · available in your region';
    case 'unavailable': return 'Not available in your region';
    default: return '';
  }
}

/** Whether the product is sold in one of the store's regions (spec §5: checked against the store and region). */
export function soldInRegion(product: Stocked, store: Pick<Store, 'region'> | null): boolean | null {
  if (!store) return null;
  const regions = new Set(strings(product.regions).map((r) => r.toLowerCase()));
  return store.region.some((r) => regions.has(r.toLowerCase()));
}
