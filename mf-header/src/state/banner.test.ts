import { fixtures } from 'shared-events/testing';
import { bannerForStore, COOP_BANNER, STANDARD_BANNER } from './banner';

describe('bannerForStore (spec §1 store-specific logos)', () => {
  it.each([
    'Antigonish Co-op',
    'Sackville Coop',
    'CO-OP Truro',
    'Halifax co-op Bayers Road',
  ])('picks the co-op banner for %p', (locationName) => {
    expect(bannerForStore(fixtures.store({ locationName }))).toEqual({ code: 'coop', name: 'Harbour Co-op' });
  });

  it.each([
    'Halifax Quinpool Road',
    'Cooper Street',
    'Scoop Hill',
    'Coopers Landing',
  ])('keeps the standard banner for %p (no whole word co-op)', (locationName) => {
    expect(bannerForStore(fixtures.store({ locationName }))).toBe(STANDARD_BANNER);
  });

  it('uses the standard banner while no store is loaded', () => {
    expect(bannerForStore(null)).toBe(STANDARD_BANNER);
    expect(bannerForStore(undefined)).toBe(STANDARD_BANNER);
  });

  it('decides by the store name, not by bannerCode', () => {
    expect(bannerForStore(fixtures.store({ locationName: 'Halifax Quinpool Road', bannerCode: 'coop' }))).toBe(STANDARD_BANNER);
    expect(bannerForStore(fixtures.store({ locationName: 'Antigonish Co-op', bannerCode: 'standard' }))).toBe(COOP_BANNER);
  });
});
