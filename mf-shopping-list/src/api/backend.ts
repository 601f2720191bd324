/**
 * Where the browser keeps the shopping list: IndexedDB through idb-keyval (its own database
 * `storefront-shopping-list`, object store `list`), else localStorage (keys prefixed
 * `storefront-shopping-list:`), else memory with a warning (private mode, blocked storage, tests).
 *
 * Every write is a {@link ListBackend.transact}: read some keys, compute, write them, atomically
 * (one IndexedDB readwrite transaction; localStorage is synchronous), so two tabs never lose each
 * other's changes.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { StorageKind } from '../state/listState';

/** IndexedDB database and object store of the list (idb-keyval `createStore`). */
export const IDB_NAME = 'storefront-shopping-list';
export const IDB_STORE = 'list';
/** Prefix of the localStorage fallback's keys (and of the cross-tab ping key). */
export const LOCAL_PREFIX = 'storefront-shopping-list:';

/** Which storage a backend uses. */
export type BackendKind = StorageKind;

/** What {@link ListBackend.transact}'s function returns: the writes (undefined = delete) and a result. */
export interface TransactResult<R> {
  writes: Record<string, unknown>;
  result: R;
}

/** A small key-value store with atomic read-modify-write. Values are plain JSON-like data. */
export interface ListBackend {
  readonly kind: BackendKind;
  /** The value of `key`, or undefined. */
  read<T>(key: string): Promise<T | undefined>;
  /**
   * Atomically: reads `keys`, calls `fn` with their values (undefined when absent), writes what it
   * returns in `writes` (a value of `undefined` deletes the key) and resolves with its `result`.
   * If `fn` throws, nothing is written and the promise rejects with that error.
   * @throws (rejects) when the storage fails (quota, blocked, closed)
   */
  transact<R>(keys: readonly string[], fn: (values: Record<string, unknown>) => TransactResult<R>): Promise<R>;
}

/** IndexedDB through an idb-keyval store. */
export function idbBackend(store: UseStore = createStore(IDB_NAME, IDB_STORE)): ListBackend {
  return {
    kind: 'indexeddb',
    read: <T>(key: string) => store('readonly', (s) => promisifyRequest(s.get(key) as IDBRequest<T | undefined>)),
    transact: <R>(keys: readonly string[], fn: (values: Record<string, unknown>) => TransactResult<R>) =>
      store('readwrite', (s) => new Promise<R>((resolve, reject) => {
        const values: Record<string, unknown> = {};
        let left = keys.length;
        const finish = () => {
          let out: TransactResult<R>;
          try {
            out = fn(values);
            for (const [key, value] of Object.entries(out.writes)) {
              if (value === undefined) s.delete(key);
              else s.put(value, key);
            }
          } catch (error) {
            try { s.transaction.abort(); } catch { /* already finished */ }
            reject(error);
            return;
          }
          promisifyRequest(s.transaction).then(() => resolve(out.result), reject);
        };
        if (left === 0) { finish(); return; }
        // Callbacks, not promises: the transaction stays active only within its request callbacks.
        for (const key of keys) {
          const req = s.get(key);
          req.onsuccess = () => {
            values[key] = req.result;
            left -= 1;
            if (left === 0) finish();
          };
          req.onerror = () => reject(req.error);
        }
      })),
  };
}

/** localStorage (JSON values under `storefront-shopping-list:<key>`). */
export function localStorageBackend(storage: Storage): ListBackend {
  const read = (key: string): unknown => {
    const raw = storage.getItem(LOCAL_PREFIX + key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  };
  return {
    kind: 'localstorage',
    read: async <T>(key: string) => read(key) as T | undefined,
    transact: async (keys, fn) => {
      const values = Object.fromEntries(keys.map((k) => [k, read(k)]));
      const out = fn(values);
      const before = new Map<string, string | null>();
      try {
        for (const [key, value] of Object.entries(out.writes)) {
          before.set(key, storage.getItem(LOCAL_PREFIX + key));
          if (value === undefined) storage.removeItem(LOCAL_PREFIX + key);
          else storage.setItem(LOCAL_PREFIX + key, JSON.stringify(value));
        }
      } catch (error) {
        // Quota exceeded part-way: put back what was written, so the writes stay all-or-nothing.
        for (const [key, raw] of before) {
          try {
            if (raw === null) storage.removeItem(LOCAL_PREFIX + key);
            else storage.setItem(LOCAL_PREFIX + key, raw);
          } catch { /* nothing more to do */ }
        }
        throw error;
      }
      return out.result;
    },
  };
}

/** The memory store of {@link memoryBackend}s without their own map: shared by every list of the page. */
const pageMemory = new Map<string, string>();

/**
 * Memory only (lost on reload). Values are copied in and out (JSON), like a real storage.
 * @param map the map to use (default: one shared by the whole page)
 */
export function memoryBackend(map: Map<string, string> = pageMemory): ListBackend {
  return {
    kind: 'memory',
    read: async <T>(key: string) => {
      const raw = map.get(key);
      return raw === undefined ? undefined : (JSON.parse(raw) as T);
    },
    transact: async (keys, fn) => {
      const values = Object.fromEntries(keys.map((k) => [k, map.has(k) ? JSON.parse(map.get(k)!) : undefined]));
      const out = fn(values);
      for (const [key, value] of Object.entries(out.writes)) {
        if (value === undefined) map.delete(key);
        else map.set(key, JSON.stringify(value));
      }
      return out.result;
    },
  };
}

/** The message logged once when the list can only be kept in memory. */
export const MEMORY_WARNING = '[mf-shopping-list] IndexedDB and localStorage are not available in this browser: the shopping list is kept in memory only and is lost on reload.';

/** Longest wait for IndexedDB to answer a first read before falling back (ms). */
const IDB_PROBE_TIMEOUT_MS = 3000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e) => { clearTimeout(t); reject(e); });
  });
}

/** The page's localStorage if it can be written, else null. */
export function usableLocalStorage(): Storage | null {
  try {
    const s = globalThis.localStorage;
    if (!s) return null;
    const probe = `${LOCAL_PREFIX}probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/**
 * The best storage this browser offers: IndexedDB (if it opens and answers a read), else
 * localStorage (if it can be written), else memory (logs {@link MEMORY_WARNING} once).
 */
export async function openBackend(): Promise<ListBackend> {
  if (typeof indexedDB !== 'undefined' && indexedDB) {
    try {
      const backend = idbBackend();
      await withTimeout(backend.read('probe'), IDB_PROBE_TIMEOUT_MS);
      return backend;
    } catch {
      // private mode (old Firefox), blocked by policy, broken profile: try the next one
    }
  }
  const storage = usableLocalStorage();
  if (storage) return localStorageBackend(storage);
  console.warn(MEMORY_WARNING);
  return memoryBackend();
}
