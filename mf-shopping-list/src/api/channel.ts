/**
 * Cross-tab change notices: after a tab writes a list record, the other tabs of the browser re-read
 * it. BroadcastChannel `storefront-shopping-list` where the browser has it; otherwise the `storage`
 * event (a ping key in localStorage, and the data keys themselves when the list lives in localStorage).
 */
import { LOCAL_PREFIX } from './backend';

/** Name of the BroadcastChannel. */
export const CHANNEL_NAME = 'storefront-shopping-list';
/** localStorage key written to ping other tabs when there is no BroadcastChannel. */
export const PING_KEY = `${LOCAL_PREFIX}changed`;

/** Tells other tabs (never this one) that a storage key changed, and hears theirs. */
export interface ChangeChannel {
  /** Tells the other tabs that `key` changed. */
  post(key: string): void;
  /** Calls `onChange(key)` when another tab changed `key`. @returns unsubscribe */
  listen(onChange: (key: string) => void): () => void;
  close(): void;
}

/** A channel that tells nobody (one tab, tests). */
export const silentChannel: ChangeChannel = { post: () => undefined, listen: () => () => undefined, close: () => undefined };

/** Over a BroadcastChannel (messages `{ key }`). */
export function broadcastChannel(name = CHANNEL_NAME): ChangeChannel {
  const ch = new BroadcastChannel(name);
  const listeners = new Set<(key: string) => void>();
  ch.onmessage = (e: MessageEvent) => {
    const key = (e.data as { key?: unknown } | null)?.key;
    if (typeof key === 'string') for (const l of listeners) l(key);
  };
  return {
    post: (key) => { try { ch.postMessage({ key }); } catch { /* closed */ } },
    listen: (onChange) => { listeners.add(onChange); return () => { listeners.delete(onChange); }; },
    close: () => { listeners.clear(); ch.close(); },
  };
}

/**
 * Over `storage` events (fired in the OTHER tabs of the origin): a ping key for IndexedDB writes and
 * the data keys of the localStorage fallback.
 */
export function storageEventChannel(storage: Storage | null, win: Window = window): ChangeChannel {
  const listeners = new Set<(key: string) => void>();
  const onStorage = (e: StorageEvent) => {
    if (!e.key || !e.key.startsWith(LOCAL_PREFIX)) return;
    let key: string | null = null;
    if (e.key === PING_KEY) {
      try {
        const v = JSON.parse(e.newValue ?? 'null') as { key?: unknown } | null;
        key = typeof v?.key === 'string' ? v.key : null;
      } catch { key = null; }
    } else {
      key = e.key.slice(LOCAL_PREFIX.length);
    }
    if (key) for (const l of listeners) l(key);
  };
  win.addEventListener('storage', onStorage);
  return {
    post: (key) => {
      try {
        // A new value each time, so the event fires even for the same key twice.
        storage?.setItem(PING_KEY, JSON.stringify({ key, at: Date.now(), n: Math.random() }));
      } catch { /* storage full or blocked: the other tabs refresh on their next read */ }
    },
    listen: (onChange) => { listeners.add(onChange); return () => { listeners.delete(onChange); }; },
    close: () => { listeners.clear(); win.removeEventListener('storage', onStorage); },
  };
}

/** BroadcastChannel when available, else `storage` events. */
export function openChannel(storage: Storage | null): ChangeChannel {
  if (typeof BroadcastChannel === 'function') {
    try {
      return broadcastChannel();
    } catch { /* fall through */ }
  }
  return typeof window !== 'undefined' ? storageEventChannel(storage) : silentChannel;
}
