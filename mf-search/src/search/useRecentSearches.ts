import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@storefront/remote-kit';
import type { Session } from 'shared-events';
import { localRecentStore, serverRecentStore, type RecentSearchStore } from '../api/recentSearches';
import { removeRecent, type RecentSearch } from '../state/recent';
import { isSignedIn } from '../state/signedIn';

/** What {@link useRecentSearches} gives the search box. */
export interface RecentSearches {
  /** Newest first (at most 10). */
  items: RecentSearch[];
  /** True when they are kept on the server (signed-in shopper). */
  onServer: boolean;
  add(label: string): void;
  remove(id: string): void;
}

/** A write to one shopper's list: the store and query key it was made for (never another shopper's). */
interface RecentWrite {
  store: RecentSearchStore;
  key: QueryKey;
}

const NONE: RecentSearch[] = [];

/**
 * Recent searches of the current shopper (spec §6, §7): on the server for a signed-in session
 * (`loggedIn` with a `uid`; the BFF knows the shopper by its session cookie), else in localStorage
 * (read at once, no loading). Server state through the kit's `useQuery` (keyed by the shopper's uid,
 * so one shopper never sees another's: a sign-in or sign-out loads the other list) and `useMutation` for add and remove. Failures keep the current list;
 * removal is optimistic, then replaced by the store's answer (reloaded when the removal fails).
 */
export function useRecentSearches(session: Session | null, apiBase: string): RecentSearches {
  const uid = isSignedIn(session) ? session.uid : null;
  const store = useMemo(() => (uid ? serverRecentStore(apiBase) : localRecentStore()), [apiBase, uid]);
  const key = useMemo<QueryKey>(() => (uid ? ['recent-searches', apiBase, 'account', uid] : ['recent-searches', apiBase, 'local']), [apiBase, uid]);
  const queryClient = useQueryClient();

  const { data } = useQuery({ queryKey: key, queryFn: () => store.list(), initialData: store.peek });

  const adding = useMutation({
    mutationFn: ({ store: s, label }: RecentWrite & { label: string }) => s.add(label),
    onSuccess: (list, { key: k }) => queryClient.setQueryData(k, list),
  });
  const removing = useMutation({
    mutationFn: ({ store: s, id }: RecentWrite & { id: string }) => s.remove(id),
    onMutate: ({ key: k, id }) => { queryClient.setQueryData<RecentSearch[]>(k, (list) => removeRecent(list ?? [], id)); },
    onSuccess: (list, { key: k }) => queryClient.setQueryData(k, list),
    onError: (_error, { key: k }) => queryClient.invalidateQueries({ queryKey: k }),
  });
  const { mutate: addMutate } = adding;
  const { mutate: removeMutate } = removing;

  const add = useCallback((label: string) => addMutate({ store, key, label }), [addMutate, store, key]);
  const remove = useCallback((id: string) => removeMutate({ store, key, id }), [removeMutate, store, key]);

  return { items: data ?? NONE, onServer: !!uid, add, remove };
}
