import { useMemo, useState } from 'react';
import { OfferCard } from './OfferCard';
import { OfferFilters } from './OfferFilters';
import { OfferSection } from './OfferSection';
import {
  applyFilters, categoriesOf, COLLECTION_KEYS, countOffers, DEFAULT_FILTERS,
  type CollectionKey, type Offer, type OfferCollections, type OfferFilters as Filters,
} from '../state/offer';

/** Titles, hints and empty texts of the four collections (spec §3 Offer collections). */
const SECTIONS: Record<CollectionKey, { title: string; empty: string; hint?: string }> = {
  activeOffers: { title: 'Active offers', empty: 'No active offers.', hint: 'Loaded to your card: they apply when you scan your Scene+ card.' },
  pendingOffers: { title: 'Pending offers', empty: 'No offers to load.', hint: 'Load them to your card to use them.' },
  expiredOffers: { title: 'Expired offers', empty: 'No expired offers.' },
  redeemedOffers: { title: 'Redeemed offers', empty: 'No redeemed offers.' },
};

/** Props of {@link OffersView}. */
export interface OffersViewProps {
  collections: OfferCollections;
  now: number;
  imageBase?: string;
  /** Signed-in shopper: 'Load to card' per pending offer. Absent = read-only (offers link). */
  onLoad?: (offers: Offer[]) => void;
  /** A load is running. */
  loadBusy?: boolean;
  /** Favourite ids (signed-in, once read): the toggle on live offers. null = no toggles. */
  favourites?: ReadonlySet<string> | null;
  onToggleFavourite?: (offer: Offer, pressed: boolean) => void;
  /** The offer whose favourite change is running. */
  favouriteBusyId?: string | null;
}

/**
 * The four collections as card grids — active, pending, expired, redeemed — under the filters
 * (loaded / not loaded, category) and the end-date sort. With `onLoad`: a 'Load to card' button on each
 * pending offer and 'Load all (N)' (every pending offer, whatever the filters) next to the pending
 * heading. With `favourites`: a favourite toggle on live (active and pending) offers.
 */
export function OffersView({ collections, now, imageBase, onLoad, loadBusy = false, favourites = null, onToggleFavourite, favouriteBusyId = null }: OffersViewProps) {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const categories = useMemo(() => categoriesOf(collections), [collections]);
  const shown = useMemo(() => {
    const out = {} as Record<CollectionKey, Offer[]>;
    for (const key of COLLECTION_KEYS) out[key] = applyFilters(collections[key], filters);
    return out;
  }, [collections, filters]);

  if (countOffers(collections) === 0) {
    return <p className="mfo-notice">You have no Scene+ offers right now. New offers arrive every week.</p>;
  }
  const pending = collections.pendingOffers;
  const filtered = filters.loaded !== 'all' || filters.category !== '';

  return (
    <>
      <OfferFilters filters={filters} categories={categories} onChange={setFilters} />
      {COLLECTION_KEYS.map((key) => {
        const live = key === 'activeOffers' || key === 'pendingOffers';
        const action = key === 'pendingOffers' && onLoad && pending.length > 0
          ? (
            <button type="button" className="mfo-btn" disabled={loadBusy} aria-busy={loadBusy || undefined} onClick={() => onLoad(pending)}>
              {`Load all (${pending.length})`}
            </button>
          )
          : undefined;
        return (
          <OfferSection
            key={key}
            title={SECTIONS[key].title}
            count={shown[key].length}
            emptyText={filtered && collections[key].length > 0 ? 'No offers here match the filters.' : SECTIONS[key].empty}
            hint={collections[key].length > 0 ? SECTIONS[key].hint : undefined}
            action={action}
          >
            {shown[key].map((offer) => (
              <OfferCard
                key={offer.offerId}
                offer={offer}
                collection={key}
                now={now}
                imageBase={imageBase}
                onLoad={key === 'pendingOffers' && onLoad ? (o) => onLoad([o]) : undefined}
                loadBusy={loadBusy}
                favourite={live && favourites && onToggleFavourite
                  ? { pressed: favourites.has(offer.offerId), busy: favouriteBusyId === offer.offerId, onToggle: (o) => onToggleFavourite(o, favourites.has(o.offerId)) }
                  : undefined}
              />
            ))}
          </OfferSection>
        );
      })}
    </>
  );
}
