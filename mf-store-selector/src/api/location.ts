/**
 * The shopper's location on the first visit (spec §4 Store selection: "If no store is stored, default
 * store 3299 is loaded, and the user's location is requested once. If permission is denied (code 1)
 * the fallback is silent. Other location failures show the toast 'Failed to get your location.
 * Please try searching for a store.'").
 *
 * Storage keys:
 * - localStorage {@link LOCATION_ASKED_KEY} = '1' once the browser was asked (never asked again);
 * - sessionStorage {@link SHOPPER_LOCATION_KEY} = `{ lat, lng }` (decimal degrees) of the last position,
 *   used to centre the selector's and the store locator's nearby lists for this browser session.
 */
import type { EventBus, Store } from 'shared-events';

/** localStorage key: the shopper's location was requested once (spec §4 "requested once"). */
export const LOCATION_ASKED_KEY = 'storeLocationRequested';
/** sessionStorage key: the shopper's last known position `{ lat, lng }`. */
export const SHOPPER_LOCATION_KEY = 'shopperLocation';
/** Spec §8 "Location failure (not denial)". */
export const LOCATION_ERROR = 'Failed to get your location. Please try searching for a store.';
/** Toast id of the location failure (a repeated id replaces the toast). */
export const LOCATION_TOAST_ID = 'store-location';
/** How long the browser may take to answer, in ms (then the failure toast, code 3 TIMEOUT). */
export const LOCATION_TIMEOUT_MS = 10_000;
/** Accept a cached position up to this age, in ms (10 minutes). */
export const LOCATION_MAX_AGE_MS = 600_000;
/** GeolocationPositionError.PERMISSION_DENIED. */
export const PERMISSION_DENIED = 1;

/** A point in decimal degrees: the shape of a store's `_geoloc` (spec §3 Store), so either centres a list. */
export type LatLng = Store['_geoloc'];

/** The part of `navigator.geolocation` used here (tests pass a fake). */
export type GeolocationLike = Pick<Geolocation, 'getCurrentPosition'>;

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window !== 'undefined' ? window[kind] : null;
  } catch {
    return null;
  }
}

function defaultGeolocation(): GeolocationLike | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

/** True for finite coordinates inside lat [-90, 90], lng [-180, 180]. */
export function isLatLng(v: unknown): v is LatLng {
  if (!v || typeof v !== 'object') return false;
  const { lat, lng } = v as Record<string, unknown>;
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)
    && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** The shopper's last position this session, or null (nothing stored, garbage, no storage). */
export function readShopperLocation(storage: Storage | null = safeStorage('sessionStorage')): LatLng | null {
  try {
    const raw = storage?.getItem(SHOPPER_LOCATION_KEY);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    return isLatLng(v) ? { lat: v.lat, lng: v.lng } : null;
  } catch {
    return null;
  }
}

/** Keeps the position for this browser session. Never throws. */
export function saveShopperLocation(point: LatLng, storage: Storage | null = safeStorage('sessionStorage')): void {
  try {
    storage?.setItem(SHOPPER_LOCATION_KEY, JSON.stringify(point));
  } catch {
    // storage blocked: the position still serves this page view
  }
}

export interface RequestLocationOptions {
  bus: EventBus;
  /** Default `navigator.geolocation`; null = the browser has no geolocation (nothing is asked). */
  geolocation?: GeolocationLike | null;
  /** Where "asked once" is remembered; default localStorage. */
  storage?: Storage | null;
  /** Where the position is kept; default sessionStorage. */
  sessionStorage?: Storage | null;
}

/**
 * Asks the browser for the shopper's position, at most once per browser (spec §4).
 *
 * - already asked ({@link LOCATION_ASKED_KEY} set) or no geolocation API → null, nothing asked;
 * - granted → the position (also saved under {@link SHOPPER_LOCATION_KEY});
 * - denied (code 1) → null, silent;
 * - any other failure (code 2 POSITION_UNAVAILABLE, 3 TIMEOUT after {@link LOCATION_TIMEOUT_MS} ms)
 *   → null and `toast/show` { id: 'store-location', message: {@link LOCATION_ERROR}, kind: 'error' }.
 */
export function requestLocationOnce({
  bus,
  geolocation = defaultGeolocation(),
  storage = safeStorage('localStorage'),
  sessionStorage = safeStorage('sessionStorage'),
}: RequestLocationOptions): Promise<LatLng | null> {
  if (!geolocation) return Promise.resolve(null);
  try {
    if (storage?.getItem(LOCATION_ASKED_KEY)) return Promise.resolve(null);
    storage?.setItem(LOCATION_ASKED_KEY, '1');
  } catch {
    // storage blocked: ask anyway (this page view asks once through the caller's own guard)
  }
  return new Promise((resolve) => {
    const fail = (code: number | undefined) => {
      if (code !== PERMISSION_DENIED) {
        bus.emit('toast/show', { id: LOCATION_TOAST_ID, message: LOCATION_ERROR, kind: 'error' });
      }
      resolve(null);
    };
    try {
      geolocation.getCurrentPosition(
        (pos) => {
          const point = { lat: pos.coords.latitude, lng: pos.coords.longitude };
          if (!isLatLng(point)) {
            fail(2);
            return;
          }
          saveShopperLocation(point, sessionStorage);
          resolve(point);
        },
        (err) => fail(err?.code),
        { enableHighAccuracy: false, timeout: LOCATION_TIMEOUT_MS, maximumAge: LOCATION_MAX_AGE_MS },
      );
    } catch {
      fail(2);
    }
  });
}
