import { useId, type ReactNode } from 'react';
import { OfferBadge } from './OfferBadge';
import { OfferImage } from './OfferImage';
import { categoryOf, formatEndDate, isExpiringSoon, offerText, type CollectionKey, type Offer } from '../state/offer';

/** Props of {@link OfferCard}. */
export interface OfferCardProps {
  offer: Offer;
  /** The collection the offer is in: decides the status line. */
  collection: CollectionKey;
  /** Clock, epoch ms ('expiring soon'). */
  now: number;
  /** See OfferImage: where images are served (none locally: placeholder). */
  imageBase?: string;
  /** Pending offers of a signed-in shopper: 'Load to card'. */
  onLoad?: (offer: Offer) => void;
  /** A load is running (this or all): the button is disabled. */
  loadBusy?: boolean;
  /** Live offers of a signed-in shopper: the favourite toggle (`aria-pressed` = is a favourite). */
  favourite?: { pressed: boolean; busy: boolean; onToggle: (offer: Offer) => void };
  /** Extra actions (the favourites page's 'Remove'). */
  actions?: (text: string) => ReactNode;
}

/**
 * One offer card: image (or placeholder), badge, description (parsed from `offer_description`, cut at 90
 * characters, spec §5 — rendered as text, never HTML), end date, 'Expiring soon' (ends within 48 hours),
 * the status ('Loaded to card', 'Expired', 'Redeemed'), and the actions given. `data-offer-id` carries
 * the offer id.
 */
export function OfferCard({ offer, collection, now, imageBase, onLoad, loadBusy = false, favourite, actions }: OfferCardProps) {
  const descId = useId();
  const text = offerText(offer);
  const category = categoryOf(offer);
  const end = formatEndDate(offer.endDate);
  const live = collection === 'activeOffers' || collection === 'pendingOffers';
  const soon = live && isExpiringSoon(offer, now);
  return (
    <li className="mfo-grid__item">
      <article className={`mfo-card${soon ? ' mfo-card--soon' : ''}`} aria-labelledby={descId} data-offer-id={offer.offerId} data-collection={collection}>
        <div className="mfo-card__top">
          <OfferImage
            imageName={offer.imageName}
            picture={offer.product?.picture}
            alt={offer.product?.name || (category ? `${category} offer` : 'Scene+ offer')}
            imageBase={imageBase}
          />
          <OfferBadge offer={offer} />
        </div>
        <p id={descId} className="mfo-card__desc">{text}</p>
        <p className="mfo-card__meta">
          {end && <span className="mfo-card__end">{collection === 'expiredOffers' ? `Ended ${end}` : `Ends ${end}`}</span>}
          {soon && <span className="mfo-tag mfo-tag--soon">Expiring soon</span>}
          {collection === 'activeOffers' && <span className="mfo-tag mfo-tag--loaded">Loaded to card</span>}
          {collection === 'expiredOffers' && <span className="mfo-tag mfo-tag--muted">Expired</span>}
          {collection === 'redeemedOffers' && <span className="mfo-tag mfo-tag--muted">Redeemed</span>}
        </p>
        {(onLoad || favourite || actions) && (
          <div className="mfo-card__actions">
            {onLoad && (
              <button type="button" className="mfo-btn" aria-label={`Load to card: ${text}`} disabled={loadBusy} aria-busy={loadBusy || undefined} onClick={() => onLoad(offer)}>
                Load to card
              </button>
            )}
            {favourite && (
              <button
                type="button"
                className={`mfo-fav${favourite.pressed ? ' mfo-fav--on' : ''}`}
                aria-pressed={favourite.pressed}
                aria-label={`Favourite: ${text}`}
                aria-disabled={favourite.busy || undefined}
                onClick={() => { if (!favourite.busy) favourite.onToggle(offer); }}
              >
                <span aria-hidden="true" className="mfo-fav__icon">{favourite.pressed ? '♥' : '♡'}</span>
                <span className="mfo-fav__text">Favourite</span>
              </button>
            )}
            {actions?.(text)}
          </div>
        )}
      </article>
    </li>
  );
}
