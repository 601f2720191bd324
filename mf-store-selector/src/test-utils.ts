/**
 * Test doubles shared by this package's unit tests (never imported by the bundle): a fake store
 * search API and a fake `navigator.geolocation` whose answer each test chooses.
 */
import { act } from '@testing-library/react';
import type { Store } from 'shared-events';
import type { RankedStore, StoreSearchApi } from './api/storeSearch';
import type { GeolocationLike } from './api/location';

/** Every method a jest.fn; defaults answer with `stores` / `home`. */
export function fakeApi(stores: Store[], home: Store | null): jest.Mocked<StoreSearchApi> {
  const ranked: RankedStore[] = stores.map((store, i) => ({ store, distanceMeters: 1200 + i * 4100 }));
  return {
    searchStores: jest.fn().mockResolvedValue(stores),
    searchStoresRanked: jest.fn().mockResolvedValue({ stores: ranked, page: 0, nbPages: 1 }),
    getStore: jest.fn().mockResolvedValue(home),
    getStoreBySlug: jest.fn(async (slug: string) => stores.find((s) => s.slug === slug) ?? (home?.slug === slug ? home : null)),
  };
}

/** A fake geolocation: `getCurrentPosition` records its callbacks; the test then grants or fails. */
export interface FakeGeolocation {
  geolocation: GeolocationLike & { getCurrentPosition: jest.Mock };
  /** Answers the pending request with a position. */
  grant(lat: number, lng: number): void;
  /** Answers with a GeolocationPositionError code: 1 denied, 2 unavailable, 3 timeout. */
  fail(code: 1 | 2 | 3): void;
}

export function fakeGeolocation(): FakeGeolocation {
  let ok: PositionCallback | null = null;
  let ko: PositionErrorCallback | null | undefined = null;
  const getCurrentPosition = jest.fn((success: PositionCallback, error?: PositionErrorCallback | null) => {
    ok = success;
    ko = error;
  });
  return {
    geolocation: { getCurrentPosition },
    grant(lat, lng) {
      ok?.({ coords: { latitude: lat, longitude: lng, accuracy: 20 }, timestamp: Date.now() } as unknown as GeolocationPosition);
    },
    fail(code) {
      const messages = { 1: 'User denied Geolocation', 2: 'Position unavailable', 3: 'Timeout expired' };
      ko?.({ code, message: messages[code], PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    },
  };
}

/** A Monday, 10:00 local time: fixture hours are Monday 07:00–22:00. */
export const MONDAY = new Date(2025, 5, 2, 10, 0, 0);

/**
 * Each test starts as a new visitor on {@link MONDAY}: jest's fake timers from that time (the 700 ms
 * debounce, today's hours) and empty local and session storage. Pair with `jest.useRealTimers()` after.
 */
export function startOnMonday(): void {
  jest.useFakeTimers({ now: MONDAY });
  localStorage.clear();
  sessionStorage.clear();
}

/** Lets pending promises (engine answers) settle inside act. */
export const settle = () => act(async () => { await Promise.resolve(); });
