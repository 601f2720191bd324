import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Session } from 'shared-events';
import { localRecentStore, serverRecentStore } from '../api/recentSearches';
import { removeRecent, type RecentSearch } from '../state/recent';

/** What {@link useRecentSearches} gives the search box. */
export interface RecentSearches {
  /** Newest first (at most 10). */
  items: RecentSearch[];
  /** True when they are kept on the server (signed-in shopper). */
  onServer: boolean;
  add(label: string): void;
  remove(id: string): void;
}

/**
 * Recent searches of the current shopper (spec §6, §7): on the server for a signed-in session (the
 * bus session's id token), else in localStorage. Reloaded whenever the shopper signs in or out, so one
 * shopper never sees another's. Failures keep the current list (removal is optimistic, then reloaded).
 */
export function useRecentSearches(session: Session | null, apiBase: string): RecentSearches {
  const idToken = session?.loggedIn ? session.id_token : null;
  const store = useMemo(() => (idToken ? serverRecentStore(apiBase, { id_token: idToken }) : localRecentStore()), [apiBase, idToken]);
  const [state, setState] = useState<{ store: typeof store; items: RecentSearch[] }>(() => ({ store, items: store.peek?.() ?? [] }));
  const items = state.store === store ? state.items : (store.peek?.() ?? []);

  useEffect(() => {
    if (store.peek) {
      const list = store.peek();
      setState((s) => (s.store === store ? s : { store, items: list }));
      return undefined;
    }
    let live = true;
    store.list().then(
      (list) => { if (live) setState({ store, items: list }); },
      () => { if (live) setState({ store, items: [] }); },
    );
    return () => { live = false; };
  }, [store]);

  const add = useCallback((label: string) => {
    store.add(label).then((list) => setState((s) => (s.store === store ? { store, items: list } : s)), () => undefined);
  }, [store]);

  const remove = useCallback((id: string) => {
    setState((s) => (s.store === store ? { store, items: removeRecent(s.items, id) } : s));
    store.remove(id).then(
      (list) => setState((s) => (s.store === store ? { store, items: list } : s)),
      () => store.list().then((list) => setState((s) => (s.store === store ? { store, items: list } : s)), () => undefined),
    );
  }, [store]);

  return { items, onServer: !!idToken, add, remove };
}
