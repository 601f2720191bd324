/**
 * The preferred store at start-up and on confirmation (spec §4 Store selection, §8, §9).
 *
 * The locally stored store lives in localStorage under {@link PREFERRED_STORE_KEY} as the full
 * Store JSON (spec §3 Store). Everything read from storage is validated; garbage is ignored.
 */
import { storeSchema, type EventBus, type Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';

/** localStorage key holding the shopper's chosen store (full Store JSON). */
export const PREFERRED_STORE_KEY = 'preferredStore';

/** Spec §8 "Default store failure". */
export const DEFAULT_STORE_ERROR = 'Could not load a default store. Please try again.';

/** The browser storage, or null where it is unavailable (privacy mode, SSR). */
function defaultStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * Reads the locally stored store.
 * @returns the Store, or null when nothing is stored or the value is not a valid Store.
 */
export function readStoredStore(storage: Storage | null = defaultStorage()): Store | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(PREFERRED_STORE_KEY);
    if (!raw) return null;
    const parsed = storeSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves the store locally (spec §4 "confirming updates the locally stored store"). Never throws. */
export function saveStoredStore(store: Store, storage: Storage | null = defaultStorage()): void {
  try {
    storage?.setItem(PREFERRED_STORE_KEY, JSON.stringify(store));
  } catch {
    // Storage full or blocked: the bus still carries the store for this page view.
  }
}

export interface InitPreferredStoreOptions {
  bus: EventBus;
  api: StoreSearchApi;
  /** Store number loaded when none is stored (spec §9: '3299'). */
  defaultStoreNumber: string;
  storage?: Storage | null;
}

const inFlight = new WeakMap<EventBus, Promise<Store | null>>();

/**
 * Publishes the preferred store at start-up (spec §4 Store selection):
 * 1. a valid stored store → `store/changed` with source 'storage';
 * 2. else the default store (e.g. '3299') from the search engine → source 'default';
 * 3. if that fails → `toast/show` { message: {@link DEFAULT_STORE_ERROR}, kind: 'error' }.
 *
 * Does nothing when the bus already holds a store (another remote or an earlier mount set it), and
 * runs at most once at a time per bus (React StrictMode and single-spa remounts call it twice).
 * @returns the store published (or already present), or null on failure.
 */
export function initPreferredStore({ bus, api, defaultStoreNumber, storage = defaultStorage() }: InitPreferredStoreOptions): Promise<Store | null> {
  const current = bus.state.store.value;
  if (current) return Promise.resolve(current);
  const pending = inFlight.get(bus);
  if (pending) return pending;

  const run = async (): Promise<Store | null> => {
    const stored = readStoredStore(storage);
    if (stored) {
      if (!bus.state.store.value) bus.emit('store/changed', { store: stored, source: 'storage' });
      return bus.state.store.value;
    }
    let store: Store | null = null;
    try {
      store = await api.getStore(defaultStoreNumber);
    } catch {
      store = null;
    }
    if (bus.state.store.value) return bus.state.store.value; // someone else chose meanwhile
    if (!store) {
      bus.emit('toast/show', { message: DEFAULT_STORE_ERROR, kind: 'error' });
      return null;
    }
    bus.emit('store/changed', { store, source: 'default' });
    return store;
  };

  const promise = run().finally(() => inFlight.delete(bus));
  inFlight.set(bus, promise);
  return promise;
}

/**
 * Confirms the shopper's choice (spec §4: "confirming updates the locally stored store ... and shows
 * a success toast"): saves it, publishes `store/changed` (source 'user'), a success `toast/show`
 * and `analytics/track` { event: 'select_store', params: { storeNumber } }.
 */
export function confirmStoreChoice(bus: EventBus, store: Store, storage: Storage | null = defaultStorage()): void {
  saveStoredStore(store, storage);
  bus.emit('store/changed', { store, source: 'user' });
  bus.emit('toast/show', { message: `Your store is now ${store.locationName}.`, kind: 'success' });
  bus.emit('analytics/track', { event: 'select_store', params: { storeNumber: store.storeNumber } });
}
