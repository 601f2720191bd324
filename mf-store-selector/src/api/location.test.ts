import { createTestBus } from 'shared-events/testing';
import { fakeGeolocation } from '../test-utils';
import { isLatLng, LOCATION_ASKED_KEY, readShopperLocation, requestLocationOnce, SHOPPER_LOCATION_KEY } from './location';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('spec §4 Store selection: requestLocationOnce', () => {
  it('does nothing without a geolocation API', async () => {
    const kit = createTestBus();
    await expect(requestLocationOnce({ bus: kit.bus, geolocation: null })).resolves.toBeNull();
    expect(localStorage.getItem(LOCATION_ASKED_KEY)).toBeNull();
    expect(kit.log).toHaveLength(0);
  });

  it('treats coordinates out of range as a location failure (toast)', async () => {
    const kit = createTestBus();
    const geo = fakeGeolocation();
    const p = requestLocationOnce({ bus: kit.bus, geolocation: geo.geolocation });
    geo.grant(123, 500);
    await expect(p).resolves.toBeNull();
    expect(kit.published('toast/show')[0].payload.message).toBe('Failed to get your location. Please try searching for a store.');
  });

  it('treats a throwing getCurrentPosition as a location failure', async () => {
    const kit = createTestBus();
    const geolocation = { getCurrentPosition: () => { throw new Error('insecure origin'); } };
    await expect(requestLocationOnce({ bus: kit.bus, geolocation })).resolves.toBeNull();
    expect(kit.published('toast/show')).toHaveLength(1);
  });

  it('ignores a stored position that is not a point', () => {
    sessionStorage.setItem(SHOPPER_LOCATION_KEY, '{"lat":"x"}');
    expect(readShopperLocation()).toBeNull();
    sessionStorage.setItem(SHOPPER_LOCATION_KEY, 'not json');
    expect(readShopperLocation()).toBeNull();
    expect(isLatLng({ lat: 45.6, lng: -62 })).toBe(true);
  });
});
