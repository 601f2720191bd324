/**
 * The latest transactions fetched by the machine's historyLite effect (spec §4 "When linked and
 * status is LP01 or LP02, the history (historyLite) is fetched too"). One module instance is shared
 * by './spa' and './pages' (same remote container), so the /scene page shows them as
 * 'Latest activity' without a second call. A plain external store read with `useSyncExternalStore`
 * (rxjs reaches the browser once, inside shared-events).
 */
import { useSyncExternalStore } from 'react';
import type { Transaction } from '../api/loyaltyApi';

/** Latest transactions of a shopper (`uid`), or null until fetched. */
export type RecentActivity = { uid: string; transactions: Transaction[] } | null;

let current: RecentActivity = null;
const listeners = new Set<() => void>();

/** The store: `get()` the latest value, `set(value)` it (notifies subscribers), `subscribe(cb)` → unsubscribe. */
export const recentActivity = {
  get: (): RecentActivity => current,
  set(value: RecentActivity): void {
    current = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  },
};

/** The latest transactions in a component, re-rendered when they change. */
export function useRecentActivity(): RecentActivity {
  return useSyncExternalStore(recentActivity.subscribe, recentActivity.get, recentActivity.get);
}
