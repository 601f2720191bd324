import { fixtures } from 'shared-events/testing';
import { record } from '../test-utils';
import { availabilityOf, availabilityText, formatPrice } from './availability';

const halifax = fixtures.store({ storeNumber: '3299', locationName: 'Halifax Quinpool Road', region: ['atlantic', 'ns'] });

describe('availability for the store and region (spec §5)', () => {
  it('is available at a store that carries it, at that store’s price', () => {
    const a = availabilityOf(record(1, { storeIds: ['3299'], storePrices: { '3299': 819 }, price: 739 }), halifax);
    expect(a).toEqual({ kind: 'available', priceCents: 819, via: 'store' });
    expect(availabilityText(a)).toBe('$8.19');
  });

  it('else is available when a region matches, at the regular price', () => {
    expect(availabilityOf(record(1, { storeIds: ['9772'], regions: ['NS'], price: 649 }), halifax)).toEqual({ kind: 'available', priceCents: 649, via: 'region' });
  });

  it('else is not available at the store', () => {
    const a = availabilityOf(record(1, { storeIds: ['2062'], regions: ['on'] }), halifax);
    expect(availabilityText(a)).toBe('Not available at Halifax Quinpool Road');
  });

  it("is 'No longer available' without a record, loading while unknown, regular price without a store", () => {
    expect(availabilityText(availabilityOf(null, halifax))).toBe('No longer available');
    expect(availabilityOf(undefined, halifax)).toEqual({ kind: 'loading' });
    expect(availabilityOf(record(1, { price: 100 }), null)).toEqual({ kind: 'available', priceCents: 100, via: 'no-store' });
    expect(formatPrice(1099)).toBe('$10.99');
  });
});
