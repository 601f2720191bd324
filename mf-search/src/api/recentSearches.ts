/**
 * Where recent searches live (spec §6): signed-in shoppers on the server (`GET`/`POST
 * /api/recent-searches`, `DELETE /api/recent-searches/:id` through `callBff`, as the shopper of the
 * BFF's HttpOnly session cookie), anonymous shoppers in the browser (`localStorage['mfs-recent-searches']`).
 */
import { callBff } from 'shared-events';
import { recentSearchesSchema } from 'shared-events/contracts';
import { addRecent, MAX_RECENT, parseRecent, RECENT_STORAGE_KEY, removeRecent, type RecentSearch } from '../state/recent';

/** Get, add, remove (spec §7 "Recent searches: get, add and remove, by user token"). */
export interface RecentSearchStore {
  /** Newest first, at most 10. */
  list(): Promise<RecentSearch[]>;
  /** Adds (or moves to the front) and returns the new list. */
  add(label: string): Promise<RecentSearch[]>;
  /** Removes one and returns the new list. */
  remove(id: string): Promise<RecentSearch[]>;
  /** The list, synchronously, when the store can read it at once (localStorage). */
  peek?(): RecentSearch[];
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Anonymous shopper: the browser's localStorage (a failing storage keeps an empty list). */
export function localRecentStore(key = RECENT_STORAGE_KEY): RecentSearchStore {
  const read = () => parseRecent(storage()?.getItem(key) ?? null);
  const write = (list: RecentSearch[]) => {
    try {
      storage()?.setItem(key, JSON.stringify(list));
    } catch {
      // storage full or blocked: keep going without it
    }
    return list;
  };
  return {
    peek: read,
    list: async () => read(),
    add: async (label) => write(addRecent(read(), label, `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`)),
    remove: async (id) => write(removeRecent(read(), id)),
  };
}

/**
 * Signed-in shopper: the BFF, which knows the shopper by its session cookie (callBff: `credentials:
 * 'same-origin'`, `x-storefront-csrf: 1`; no token is on the page). An error envelope, a failed call or
 * an answer that breaks the contract (`recentSearchesSchema`) rejects, so the caller keeps what it shows.
 */
export function serverRecentStore(apiBase: string): RecentSearchStore {
  const list = async (): Promise<RecentSearch[]> => {
    const env = await callBff<unknown>(apiBase, '/recent-searches', { method: 'GET' });
    if (env.status !== 'success') throw new Error(`recent searches: ${env.message}`);
    const parsed = recentSearchesSchema.safeParse(env.data);
    if (!parsed.success) throw new Error('recent searches: the answer breaks the contract');
    return parsed.data.items.slice(0, MAX_RECENT);
  };
  return {
    list,
    add: async (label) => {
      const env = await callBff(apiBase, '/recent-searches', { method: 'POST', body: { label } });
      if (env.status !== 'success') throw new Error(`recent searches: ${env.message}`);
      return list();
    },
    remove: async (id) => {
      const env = await callBff(apiBase, `/recent-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (env.status !== 'success') throw new Error(`recent searches: ${env.message}`);
      return list();
    },
  };
}
