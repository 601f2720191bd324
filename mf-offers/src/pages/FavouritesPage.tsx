/**
 * `/favourites` (spec §2 "Favourite offers (signed-in only)"; §3 Favourites; §4 "Redeemed or expired offers
 * are removed from favourites"; §6 "favourite offers are visible only to signed-in users"): the shopper's
 * favourite offers and basket-builder offers (GET /api/offers/favourites — the BFF deletes redeemed and
 * expired ones on that read; the page also hides any that ended since), each with 'Remove' (DELETE).
 * Signed out: a sign-in prompt; no card: a link to /scene; LP00: offers skipped. Its own chunk.
 */
import { useRef, type RefObject } from 'react';
import { useMutation, useQuery, useQueryClient } from '@storefront/remote-kit';
import { siteLinkClick, useBusState, type EventBus, type Session } from 'shared-events';
import { OffersError, type OffersApi } from '../api/offersApi';
import { OfferCard } from '../components/OfferCard';
import { OfferSection } from '../components/OfferSection';
import { PageFrame } from '../components/PageFrame';
import { SignInPrompt } from '../components/SignInPrompt';
import { EXCEPTION_MESSAGE } from '../state/messages';
import { liveFavourites, type Favourites, type Offer } from '../state/offer';
import { favouritesKey, retryTransient } from './queries';
import { Loading, NoCard, SessionGate, useOffersApi, type OffersPageProps } from './common';

/** `/favourites` behind the session gate. */
export function FavouritesPage({ bus, apiBase, api: givenApi, navigate, imageBase }: OffersPageProps) {
  const session = useBusState(bus.state.session);
  const api = useOffersApi(givenApi, apiBase);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <PageFrame ref={heading} title="Favourite offers" current="/favourites" navigate={navigate}>
      <SessionGate bus={bus} session={session} signInText="Sign in to see your favourite offers." returnTo="/favourites" navigate={navigate}>
        {(s) => <ShopperFavourites key={s.uid ?? ''} bus={bus} session={s} api={api} imageBase={imageBase} navigate={navigate} heading={heading} />}
      </SessionGate>
    </PageFrame>
  );
}

function ShopperFavourites({ bus, session, api, imageBase, navigate, heading }: {
  bus: EventBus;
  session: Session;
  api: OffersApi;
  imageBase?: string;
  navigate?: (url: string) => void;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const queryClient = useQueryClient();
  const uid = session.uid;
  const root = useRef<HTMLDivElement>(null);

  const favourites = useQuery<Favourites>({
    queryKey: favouritesKey(uid),
    queryFn: async ({ signal }) => liveFavourites(await api.fetchFavourites(signal), Date.now()),
    retry: retryTransient,
  });

  const remove = useMutation({
    mutationFn: (offer: Offer) => api.removeFavourite(offer.offerId),
    onSuccess: (data) => {
      queryClient.setQueryData<Favourites>(favouritesKey(uid), liveFavourites(data, Date.now()));
      bus.emit('toast/show', { id: 'mf-offers-favourite', kind: 'success', message: 'Removed from your favourites' });
    },
    onError: () => bus.emit('toast/show', { id: 'mf-offers-favourite', kind: 'error', message: EXCEPTION_MESSAGE }),
  });

  /**
   * 'Remove' of one offer; once it is gone, focus moves to the next 'Remove' (else the previous one,
   * else the page heading), so keyboard users stay in the list.
   */
  const removeOffer = (offerId: string, offer: Offer) => {
    if (remove.isPending) return;
    const buttons = Array.from(root.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? []);
    const i = buttons.findIndex((b) => b.dataset.remove === offerId);
    const nextId = (buttons[i + 1] ?? buttons[i - 1])?.dataset.remove ?? null;
    remove.mutate(offer, {
      onSuccess: () => requestAnimationFrame(() => {
        const target = nextId ? Array.from(root.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? []).find((b) => b.dataset.remove === nextId) : null;
        (target ?? heading.current)?.focus();
      }),
    });
  };

  if (favourites.isPending) return <Loading text="Loading your favourite offers…" />;
  if (favourites.isError) {
    const error = favourites.error;
    if (error instanceof OffersError && error.kind === 'no-card') return <NoCard navigate={navigate} />;
    if (error instanceof OffersError && error.kind === 'signed-out') {
      return <SignInPrompt bus={bus} text="Your session has ended. Please sign in again to see your favourite offers." returnTo="/favourites" />;
    }
    return (
      <div className="mfo-notice mfo-notice--error">
        <p role="alert">{EXCEPTION_MESSAGE}</p>
        <button type="button" className="mfo-btn" onClick={() => void favourites.refetch()}>Try again</button>
      </div>
    );
  }

  const { favouriteOffers, basketBuilderOffers } = favourites.data;
  if (favouriteOffers.length + basketBuilderOffers.length === 0) {
    return (
      <div className="mfo-notice">
        <p>You have no favourite offers yet. Mark offers with ♡ Favourite on the offers page.</p>
        <p><a className="mfo-link" href="/offers" onClick={siteLinkClick('/offers', navigate)}>Browse offers</a></p>
      </div>
    );
  }

  const now = Date.now();
  const card = (offer: Offer) => (
    <OfferCard
      key={offer.offerId}
      offer={offer}
      collection={offer.loaded ? 'activeOffers' : 'pendingOffers'}
      now={now}
      imageBase={imageBase}
      actions={(text) => (
        <button
          type="button"
          className="mfo-btn mfo-btn--quiet"
          data-remove={offer.offerId}
          aria-label={`Remove from favourites: ${text}`}
          aria-disabled={remove.isPending && remove.variables?.offerId === offer.offerId ? true : undefined}
          onClick={() => removeOffer(offer.offerId, offer)}
        >
          Remove
        </button>
      )}
    />
  );
  return (
    <div ref={root}>
      <OfferSection title="Favourite offers" count={favouriteOffers.length} emptyText="No favourite offers." hint="Offers you marked as favourites. Expired and redeemed offers leave this list.">
        {favouriteOffers.map(card)}
      </OfferSection>
      <OfferSection title="Basket builder offers" count={basketBuilderOffers.length} emptyText="No basket builder offers." hint="Picked for you from what you buy.">
        {basketBuilderOffers.map(card)}
      </OfferSection>
    </div>
  );
}

export default FavouritesPage;
