/**
 * The preferred store at start-up and on confirmation (spec §4 Store selection, §8, §9).
 *
 * The locally stored store lives in localStorage under {@link PREFERRED_STORE_KEY} as the full
 * Store JSON (spec §3 Store). Everything read from storage is validated; garbage is ignored.
 */
import { callBff, storeSchema, type EventBus, type Session, type Store } from 'shared-events';
import type { StoreSearchApi } from './storeSearch';

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
  /** No toast when the default store cannot be loaded (a retry after the first failure said so). */
  quiet?: boolean;
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
export function initPreferredStore({ bus, api, defaultStoreNumber, storage = defaultStorage(), quiet = false }: InitPreferredStoreOptions): Promise<Store | null> {
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
      if (!quiet) bus.emit('toast/show', { message: DEFAULT_STORE_ERROR, kind: 'error' });
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
 * Waits before each quiet retry of a default store that could not be loaded, ms (the last one repeats):
 * the stores live in the search engine, so after it was down the page gets its store (and the pages
 * waiting for one their content) back without a reload, while a down engine is asked rarely.
 */
export const DEFAULT_STORE_RETRY_MS: readonly number[] = [5_000, 10_000, 20_000, 30_000];

/**
 * {@link initPreferredStore}, and while it ends without a store (the default store could not be
 * loaded: toast once) the same again, quietly, after each of `retryDelaysMs`, until the bus holds a
 * store (loaded, chosen or the account's).
 * @returns stop (the effect's cleanup): no further retry
 */
export function keepPreferredStore(options: InitPreferredStoreOptions & { retryDelaysMs?: readonly number[] }): () => void {
  const { retryDelaysMs = DEFAULT_STORE_RETRY_MS, ...init } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (n: number) => {
    void initPreferredStore({ ...init, quiet: init.quiet || n > 0 }).then((store) => {
      if (store || stopped || init.bus.state.store.value || retryDelaysMs.length === 0) return;
      timer = setTimeout(() => attempt(n + 1), retryDelaysMs[Math.min(n, retryDelaysMs.length - 1)]);
    });
  };
  attempt(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Spec §8 "Preferred store update". */
export const PREFERRED_STORE_SAVE_ERROR = 'Something Went Wrong while updating preferred store.';
/** Spec §8 "Store data fetch". */
export const STORE_FETCH_ERROR = 'Failed to fetch store data';
/** Toast id of the selection outcome (a repeated id replaces the toast). */
export const SELECTION_TOAST_ID = 'store-selection';
/** BFF path saving the account's preferred store: POST `{ storeId }` → data `{ preferredStoreId }`. */
export const PREFERRED_STORE_PATH = '/account/preferred-store';

/** Saves the account's preferred store; resolves true on an envelope with status 'success'. */
export type SaveAccountStore = (storeId: string, session: Session) => Promise<boolean>;

/**
 * The default account save: `callBff(apiBase, '/account/preferred-store', { body: { storeId } })`; the
 * shopper is the BFF's session cookie (the session argument is the caller's, for other implementations).
 */
export function bffSaveAccountStore(apiBase: string): SaveAccountStore {
  return async (storeId) => {
    try {
      const env = await callBff(apiBase, PREFERRED_STORE_PATH, { body: { storeId } });
      return env.status === 'success';
    } catch {
      return false;
    }
  };
}

export interface ConfirmStoreChoiceOptions {
  bus: EventBus;
  store: Store;
  /** `RuntimeConfig.apiBase` ('/api') for the account save. */
  apiBase: string;
  storage?: Storage | null;
  /** Test seam; default {@link bffSaveAccountStore}(apiBase). */
  saveAccountStore?: SaveAccountStore;
}

/**
 * Confirms the shopper's choice (spec §4 Store selection: "confirming updates the locally stored
 * store, saves the preferred store on the account when logged in, and shows a success toast"):
 * 1. saves it locally and publishes `store/changed` (source 'user') and `analytics/track`
 *    { event: 'select_store', params: { storeNumber } } at once;
 * 2. signed in (`bus.state.session.value.loggedIn`) → POST `/account/preferred-store` { storeId };
 *    failure → error toast {@link PREFERRED_STORE_SAVE_ERROR} (the local choice still applies);
 *    success → `session/refresh-requested`: the shell re-reads the account, so the session's
 *    `product.storeId` (the account record; the shell never copies `store/changed` into it) follows;
 * 3. otherwise (anonymous, or saved) → success toast 'Your store is now <locationName>.'.
 * @returns true when everything was saved (locally, and on the account when signed in)
 */
export async function confirmStoreChoice({ bus, store, apiBase, storage = defaultStorage(), saveAccountStore }: ConfirmStoreChoiceOptions): Promise<boolean> {
  saveStoredStore(store, storage);
  bus.emit('store/changed', { store, source: 'user' });
  bus.emit('analytics/track', { event: 'select_store', params: { storeNumber: store.storeNumber } });
  const session = bus.state.session.value;
  if (session.loggedIn) {
    const save = saveAccountStore ?? bffSaveAccountStore(apiBase);
    const ok = await save(store.storeNumber, session);
    if (!ok) {
      bus.emit('toast/show', { id: SELECTION_TOAST_ID, message: PREFERRED_STORE_SAVE_ERROR, kind: 'error' });
      return false;
    }
    bus.emit('session/refresh-requested', { reason: 'preferred-store' });
  }
  bus.emit('toast/show', { id: SELECTION_TOAST_ID, message: `Your store is now ${store.locationName}.`, kind: 'success' });
  return true;
}

export interface FollowAccountStoreOptions {
  bus: EventBus;
  api: StoreSearchApi;
  storage?: Storage | null;
}

/**
 * A signed-in shopper's account store wins over the local one (spec §4, §3 Session `product.storeId`
 * "as the preferred store"). mf-store-selector owns `bus.state.store` (shared-events README "State
 * ownership") and is the only remote that reads `session.product.storeId`: it turns the account's store
 * into the page's store here. Whenever the session becomes signed in for a shopper (uid) — sign-in,
 * or a page load while signed in — and `product.storeId` differs from the current store, the store is
 * looked up, saved locally and published with source 'account'. Lookup failure → toast
 * {@link STORE_FETCH_ERROR}. Runs once per signed-in uid; signing out keeps the local store.
 * @returns unsubscribe
 */
export function followAccountStore({ bus, api, storage = defaultStorage() }: FollowAccountStoreOptions): () => void {
  let appliedFor: string | null = null;
  const sub = bus.state.session.subscribe((session) => {
    if (!session.loggedIn || !session.uid) {
      if (!session.isLoading) appliedFor = null;
      return;
    }
    // The shell first publishes a loading session (uid known, account not read yet): wait for the
    // account's store before deciding.
    if (session.isLoading) return;
    if (appliedFor === session.uid) return;
    appliedFor = session.uid;
    const storeId = session.product.storeId;
    if (!storeId || bus.state.store.value?.storeNumber === storeId) return;
    const uid = session.uid;
    api.getStore(storeId).then(
      (store) => {
        if (!store || bus.state.session.value.uid !== uid) return;
        if (bus.state.store.value?.storeNumber === store.storeNumber) return;
        saveStoredStore(store, storage);
        bus.emit('store/changed', { store, source: 'account' });
      },
      () => {
        bus.emit('toast/show', { id: 'store-fetch', message: STORE_FETCH_ERROR, kind: 'error' });
      },
    );
  });
  return () => sub.unsubscribe();
}

export interface AnswerStoreSelectRequestsOptions {
  bus: EventBus;
  api: StoreSearchApi;
  /** `RuntimeConfig.apiBase` ('/api') for the account save of a signed-in shopper. */
  apiBase: string;
  storage?: Storage | null;
  /** Test seam; default {@link bffSaveAccountStore}(apiBase). */
  saveAccountStore?: SaveAccountStore;
}

/** `store/select-requested` published this long (ms) before the selector mounted are still answered. */
export const SELECT_REQUEST_REPLAY_MS = 5000;

/** Why a `store/select-requested` failed: no store has that number. */
export const unknownStoreReason = (storeNumber: string): string => `No store numbered ${storeNumber}`;

/**
 * Answers other remotes' requests to make a store the preferred store by number (shared-events 1.4.0
 * `store/select-requested` `{ requestId, storeNumber }`, e.g. the flyer's `set_preferred_store_number`,
 * spec §2 /flyer, §5 "left-padded with zeros to 4 characters" — padded by the asker). This remote is the
 * only publisher of `store/changed`:
 * - a 4-digit number of a known store → {@link confirmStoreChoice} (saved locally and on the account when
 *   signed in, `store/changed` source 'user', the success toast), unless it is already the store;
 * - not 4 digits, or no such store → `store/select-failed` `{ requestId, storeNumber, reason }` and the
 *   page keeps its store; a failed lookup → the same with {@link STORE_FETCH_ERROR}.
 * @returns unsubscribe
 */
export function answerStoreSelectRequests({ bus, api, apiBase, storage = defaultStorage(), saveAccountStore }: AnswerStoreSelectRequestsOptions): () => void {
  // Replays requests of the last 5 s: an asker (e.g. the flyer page) may publish before this band mounts.
  const sub = bus.on('store/select-requested', { replayMs: SELECT_REQUEST_REPLAY_MS }).subscribe(({ payload: { requestId, storeNumber } }) => {
    const fail = (reason: string) => bus.emit('store/select-failed', { requestId, storeNumber, reason });
    if (!/^\d{4}$/.test(storeNumber)) {
      fail(`Invalid store number '${storeNumber}': must be 4 digits`);
      return;
    }
    if (bus.state.store.value?.storeNumber === storeNumber) {
      bus.emit('store/changed', { store: bus.state.store.value, source: 'user' });
      return;
    }
    api.getStore(storeNumber).then(
      (store) => {
        if (!store) fail(unknownStoreReason(storeNumber));
        else void confirmStoreChoice({ bus, store, apiBase, storage, ...(saveAccountStore ? { saveAccountStore } : {}) });
      },
      () => fail(STORE_FETCH_ERROR),
    );
  });
  return () => sub.unsubscribe();
}
