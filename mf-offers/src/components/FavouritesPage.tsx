/**
 * `/favourites` (spec §2 "Favourite offers (signed-in only)"; §3 Favourites; §4 "Redeemed or expired offers
 * are removed from favourites"; §6 "favourite offers are visible only to signed-in users"): the shopper's
 * favourite offers and basket-builder offers (GET /api/offers/favourites — the BFF deletes redeemed and
 * expired ones on that read; the page also hides any that ended since), each with 'Remove' (DELETE).
 * Signed out: a sign-in prompt; no card: a link to /scene; LP00: offers skipped. Its own chunk.
 */
import { useRef } from 'react';
import { useMutation, useNavigate } from '@storefront/remote-kit';
import { siteLinkClick } from 'shared-events';
import { OfferCard } from './OfferCard';
import { OfferSection } from './OfferSection';
import { EXCEPTION_MESSAGE } from '../state/messages';
import type { Offer } from '../state/offer';
import { Loading, OffersFailure, ShopperPage, type OffersPageProps, type ShopperViewProps } from './SessionGate';
import { useFavourites } from '../hooks/useFavourites';
import { useOffersApi } from '../hooks/useOffersApi';

/** `/favourites` behind the session gate. */
export function FavouritesPage({ api: givenApi, imageBase }: OffersPageProps) {
  const api = useOffersApi(givenApi);
  return <ShopperPage title="Favourite offers" current="/favourites" signInText="Sign in to see your favourite offers." api={api} imageBase={imageBase} View={ShopperFavourites} />;
}

/** The signed-in shopper's favourites with 'Remove' on each. */
function ShopperFavourites({ session, api, imageBase, heading }: ShopperViewProps) {
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const { query: favourites, changed, failed } = useFavourites(api, session.uid);

  const remove = useMutation({
    mutationFn: (offer: Offer) => api.removeFavourite(offer.offerId),
    onSuccess: (data) => changed(data, 'Removed from your favourites'),
    onError: () => failed(EXCEPTION_MESSAGE),
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
    return <OffersFailure error={favourites.error} signInText="Your session has ended. Please sign in again to see your favourite offers." returnTo="/favourites" onRetry={() => void favourites.refetch()} />;
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
