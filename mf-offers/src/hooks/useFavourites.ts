import { useQuery, useQueryClient, type UseQueryResult } from '@storefront/remote-kit';
import type { OffersApi } from '../api/offersApi';
import { favouritesKey, retryTransient } from '../api/queries';
import { liveFavourites, type Favourites } from '../state/offer';
import { useRemoteRuntime } from '@storefront/remote-kit';

/** Toast id of every favourite change (a new one replaces the last). */
const FAVOURITE_TOAST_ID = 'mf-offers-favourite';

/** What {@link useFavourites} returns. */
export interface FavouritesState {
  /** GET /api/offers/favourites, live offers only (kit query, retried once on network / 5xx). */
  query: UseQueryResult<Favourites>;
  /** After a POST or DELETE: its answer replaces the favourites, and a success toast says `message`. */
  changed: (answer: Favourites, message: string) => void;
  /** A change failed: an error toast with `message`. */
  failed: (message: string) => void;
}

/**
 * The shopper's favourite offers, as both pages read and change them (spec §3 Favourites, §4: redeemed
 * or expired favourites leave the list; the page also drops any that ended since the BFF answered).
 * `enabled: false` holds the read back (the offers page reads favourites after the offers).
 */
export function useFavourites(api: OffersApi, uid: string | null, { enabled = true }: { enabled?: boolean } = {}): FavouritesState {
  const bus = useRemoteRuntime().bus;
  const queryClient = useQueryClient();
  const query = useQuery<Favourites>({
    queryKey: favouritesKey(uid),
    queryFn: async ({ signal }) => liveFavourites(await api.fetchFavourites(signal), Date.now()),
    retry: retryTransient,
    enabled,
  });
  return {
    query,
    changed: (answer, message) => {
      queryClient.setQueryData<Favourites>(favouritesKey(uid), liveFavourites(answer, Date.now()));
      bus.emit('toast/show', { id: FAVOURITE_TOAST_ID, kind: 'success', message });
    },
    failed: (message) => bus.emit('toast/show', { id: FAVOURITE_TOAST_ID, kind: 'error', message }),
  };
}
