/**
 * `/offers` (spec §2 Routes; §3 Offer, Offer collections, Load-offer item; §4 Offers; §5; §6; §8; §9):
 * - with `?hash=…`: one card's offers through an offers link, read-only, without sign-in (LinkOffers);
 * - signed in with a card: the shopper's four collections, filters, 'Load to card' / 'Load all', the
 *   count banner, favourite toggles;
 * - signed out: a sign-in prompt; no card: a link to /scene; card status LP00: offers loading skipped.
 * Its own chunk (components/OffersPages lazy-loads it).
 */
import { useCallback, useRef, useState } from 'react';
import { useLocation, useMutation, useQuery, useQueryClient } from '@storefront/remote-kit';
import { OffersError, type LoadResult, type OffersApi, type OffersData } from '../api/offersApi';
import { LoadBanner, type LoadOutcome } from './LoadBanner';
import { OffersView } from './OffersView';
import { EXCEPTION_MESSAGE, NO_CARD_MESSAGE } from '../state/messages';
import { loadItemsFor, offerText, usableCollections, type Offer } from '../state/offer';
import { putCollections } from '../api/offersCache';
import { LinkOffers } from './LinkOffers';
import { Loading, OffersFailure, ShopperPage, type OffersPageProps, type ShopperViewProps } from './SessionGate';
import { useRemoteRuntime } from '@storefront/remote-kit';
import { useFavourites } from '../hooks/useFavourites';
import { useOffersApi } from '../hooks/useOffersApi';
import { offersKey, retryTransient } from '../api/queries';

/** Largest load request the BFF takes (offers per POST /api/offers/load); 'Load all' sends batches. */
export const MAX_LOAD_BATCH = 100;

/** `/offers`: the link view when the URL has `hash`, else the signed-in shopper's offers behind the session gate. */
export function OffersPage({ api: givenApi, imageBase }: OffersPageProps) {
  const { searchParams } = useLocation();
  const api = useOffersApi(givenApi);
  const hash = searchParams.get('hash');
  if (hash !== null) return <LinkOffers hash={hash} api={api} imageBase={imageBase} />;
  return <ShopperPage title="Offers" current="/offers" signInText="Sign in to see your Scene+ offers and load them to your card." api={api} imageBase={imageBase} View={ShopperOffers} />;
}

/** Loads `offers` in batches of {@link MAX_LOAD_BATCH}; the collections of the last answer. */
async function loadInBatches(api: OffersApi, offers: readonly Offer[]): Promise<LoadResult> {
  const result: LoadResult = { loaded: [], failed: [], collections: { activeOffers: [], pendingOffers: [], expiredOffers: [], redeemedOffers: [] } };
  for (let i = 0; i < offers.length; i += MAX_LOAD_BATCH) {
    const answer = await api.loadOffers(loadItemsFor(offers.slice(i, i + MAX_LOAD_BATCH)));
    result.loaded.push(...(Array.isArray(answer.loaded) ? answer.loaded : []));
    result.failed.push(...(Array.isArray(answer.failed) ? answer.failed : []));
    result.collections = answer.collections;
  }
  return result;
}

/** The message of a failed call for the shopper. */
function failureText(error: unknown): string {
  if (error instanceof OffersError && error.kind === 'no-card') return NO_CARD_MESSAGE;
  if (error instanceof OffersError && error.kind === 'signed-out') return 'Your session has ended. Please sign in again.';
  return EXCEPTION_MESSAGE;
}

/**
 * The signed-in shopper's offers: GET /api/offers (kit query, shared with the list-panel band through
 * api/offersCache), the favourites (GET /api/offers/favourites, for the toggles), loads and
 * favourite changes (kit mutations, no retries).
 * After a load: the answer's collections replace the page's (loaded offers move to active), the
 * banner shows the count and the offers that did not load, `analytics/track card_activation` when at
 * least one loaded, and focus moves to the banner.
 */
function ShopperOffers({ session, api, imageBase, heading }: ShopperViewProps) {
  const bus = useRemoteRuntime().bus;
  const queryClient = useQueryClient();
  const uid = session.uid;
  const banner = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<LoadOutcome | null>(null);

  const offers = useQuery<OffersData>({
    queryKey: offersKey(uid),
    queryFn: async ({ signal }) => {
      const data = await api.fetchOffers(signal);
      const collections = usableCollections(data.collections);
      if (uid) putCollections(uid, collections);
      return { ...data, collections };
    },
    retry: retryTransient,
  });

  const { query: favourites, changed, failed } = useFavourites(api, uid, { enabled: offers.isSuccess });

  const showOutcome = useCallback((next: LoadOutcome) => {
    setOutcome(next);
    // After the render that moved the cards: the pressed button is gone, so focus the result.
    requestAnimationFrame(() => banner.current?.focus());
  }, []);

  const load = useMutation({
    mutationFn: (targets: Offer[]) => loadInBatches(api, targets),
    onSuccess: (result, targets) => {
      const collections = usableCollections(result.collections);
      queryClient.setQueryData<OffersData>(offersKey(uid), (old) => (old ? { ...old, collections } : old));
      if (uid) putCollections(uid, collections, { reason: 'load' });
      const byId = new Map(targets.map((o) => [o.offerId, o]));
      const loaded = result.loaded.filter((id) => byId.has(id));
      if (loaded.length > 0) {
        bus.emit('analytics/track', { event: 'card_activation', params: { method: 'offer_load', channel: 'web', offers_loaded: loaded.length, offer_ids: loaded } });
      }
      showOutcome({
        key: Date.now(),
        loaded: loaded.length,
        failed: result.failed.map((f) => ({ id: f.id, text: byId.has(f.id) ? offerText(byId.get(f.id)!) : f.id, reason: f.reason })),
      });
    },
    onError: (error) => showOutcome({ key: Date.now(), loaded: 0, failed: [], error: failureText(error) }),
  });

  const favourite = useMutation({
    mutationFn: ({ offer, pressed }: { offer: Offer; pressed: boolean }) =>
      pressed ? api.removeFavourite(offer.offerId) : api.addFavourite(offer.offerId),
    onSuccess: (data, { pressed }) => changed(data, pressed ? 'Removed from your favourites' : 'Added to your favourites'),
    onError: (error) => {
      const message = error instanceof OffersError && (error.kind === 'not-live' || error.kind === 'not-found')
        ? 'This offer can no longer be added to your favourites.'
        : failureText(error);
      failed(message);
    },
  });

  const dismiss = useCallback(() => {
    const hadFocus = !!banner.current && banner.current.contains(document.activeElement);
    setOutcome(null);
    if (hadFocus) heading.current?.focus();
  }, [heading]);

  if (offers.isPending) return <Loading text="Loading your offers…" />;
  if (offers.isError) {
    return <OffersFailure error={offers.error} signInText="Your session has ended. Please sign in again to see your offers." returnTo="/offers" onRetry={() => void offers.refetch()} />;
  }

  const favouriteIds = favourites.data ? new Set([...favourites.data.favouriteOffers, ...favourites.data.basketBuilderOffers].map((o) => o.offerId)) : null;
  return (
    <>
      <p className="mfo-page__subtitle">Scene+ card {offers.data.cardNumber}</p>
      <LoadBanner ref={banner} outcome={outcome} onDismiss={dismiss} />
      <OffersView
        collections={offers.data.collections}
        now={Date.now()}
        imageBase={imageBase}
        onLoad={(targets) => { if (!load.isPending && targets.length > 0) load.mutate(targets); }}
        loadBusy={load.isPending}
        favourites={favouriteIds}
        onToggleFavourite={(offer, pressed) => { if (!favourite.isPending) favourite.mutate({ offer, pressed }); }}
        favouriteBusyId={favourite.isPending ? favourite.variables?.offer.offerId ?? null : null}
      />
    </>
  );
}

export default OffersPage;
