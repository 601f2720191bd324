/**
 * Product availability and price for the preferred store (spec §5 "Product availability is checked
 * against the store and region"): available when the record's `storeIds` include the store (price:
 * `storePrices[store]`, else the regular price), or, failing that, when its `regions` share one with
 * the store's `region` list (regular price). Not available there otherwise. A record the index no
 * longer has means 'No longer available'. A store change (bus `store/changed`) re-checks it all.
 */
import type { Store } from 'shared-events';
import type { ProductRecord } from './productRecord';

/** Availability of one product item. Prices are in cents. */
export type Availability =
  | { kind: 'loading' }
  | { kind: 'available'; priceCents: number | null; via: 'store' | 'region' | 'no-store' }
  | { kind: 'not-at-store'; storeName: string }
  | { kind: 'gone' };

/**
 * @param record the product record; undefined while loading, null when the index has none
 * @param store the preferred store (bus.state.store), or null when none is chosen yet
 */
export function availabilityOf(record: ProductRecord | null | undefined, store: Store | null): Availability {
  if (record === undefined) return { kind: 'loading' };
  if (record === null) return { kind: 'gone' };
  const regular = typeof record.price === 'number' ? record.price : null;
  if (!store) return { kind: 'available', priceCents: regular, via: 'no-store' };
  if (record.storeIds?.includes(store.storeNumber)) {
    const own = record.storePrices?.[store.storeNumber];
    return { kind: 'available', priceCents: typeof own === 'number' ? own : regular, via: 'store' };
  }
  const regions = new Set((store.region ?? []).map((r) => r.toLowerCase()));
  if (record.regions?.some((r) => regions.has(r.toLowerCase()))) return { kind: 'available', priceCents: regular, via: 'region' };
  return { kind: 'not-at-store', storeName: store.locationName || store.storeNumber };
}

const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

/** Cents as Canadian dollars: 819 → '$8.19'. */
export function formatPrice(cents: number): string {
  return cad.format(cents / 100);
}

/** The shopper-facing line of an availability: '$8.19', 'Not available at Halifax Quinpool Road', 'No longer available'. */
export function availabilityText(a: Availability): string {
  switch (a.kind) {
    case 'loading': return 'Checking availability…';
    case 'available': return a.priceCents === null ? 'Available' : formatPrice(a.priceCents);
    case 'not-at-store': return `Not available at ${a.storeName}`;
    case 'gone': return 'No longer available';
    default: return '';
  }
}
