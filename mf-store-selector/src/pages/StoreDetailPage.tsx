import { useEffect, useRef, useState } from 'react';
import { useBusState, type EventBus, type Store } from 'shared-events';
import type { RankedStore, StoreSearchApi } from '../api/storeSearch';
import { FETCH_ERROR } from '../components/StoreSelectorDialog';
import { distanceLabel, formatDistanceKm } from '../geo/distance';
import { STORES_LISTED } from '../state/useStoreSearch';
import { BannerLogo } from './BannerLogo';
import { linkClick, regionText, storeDetailsUrl } from './links';
import { StoreMap } from './StoreMap';
import type { StoreConfirmation } from './useStoreConfirmation';
import { WeeklyHours } from './WeeklyHours';

export interface StoreDetailPageProps {
  slug: string;
  bus: EventBus;
  api: StoreSearchApi;
  confirmation: StoreConfirmation;
  navigate?: (url: string) => void;
  now?: Date;
  /** Move focus to the heading once loaded (after an in-site navigation, not on first load). */
  focusOnLoad?: boolean;
}

type Lookup =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'missing' }
  | { status: 'found'; store: Store };

type Nearby = { status: 'loading' | 'error' } | { status: 'success'; stores: RankedStore[] };

/**
 * Store detail page `/stores/{slug}` (spec §2 Routes, §3 Store): the store's banner logo (co-op or
 * standard, by name), name, store number, address with the intersection, hours for each day (or
 * 'Open 24 Hours'), region, 'Select this store' (confirmation sheet), a map and the nearby stores
 * (engine `aroundLatLng` of this store, 4 fetched, itself excluded, at most 3 listed with km).
 * The store is found with `filters: 'slug:"<slug>"'`; an unknown slug shows a real not-found view
 * (heading 'Store not found', link to the locator); a fetch failure shows 'Failed to fetch store data'.
 */
export function StoreDetailPage({ slug, bus, api, confirmation, navigate, now, focusOnLoad = false }: StoreDetailPageProps) {
  const current = useBusState(bus.state.store);
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  const [nearby, setNearby] = useState<Nearby>({ status: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let cancelled = false;
    setLookup({ status: 'loading' });
    api.getStoreBySlug(slug).then(
      (store) => { if (!cancelled) setLookup(store ? { status: 'found', store } : { status: 'missing' }); },
      () => { if (!cancelled) setLookup({ status: 'error' }); },
    );
    return () => { cancelled = true; };
  }, [api, slug]);

  const store = lookup.status === 'found' ? lookup.store : null;
  useEffect(() => {
    if (!store) return;
    let cancelled = false;
    setNearby({ status: 'loading' });
    api.searchStoresRanked({ query: '', around: store._geoloc }).then(
      (answer) => {
        if (cancelled) return;
        const others = answer.stores.filter((s) => s.store.storeNumber !== store.storeNumber).slice(0, STORES_LISTED);
        setNearby({ status: 'success', stores: others });
      },
      () => { if (!cancelled) setNearby({ status: 'error' }); },
    );
    return () => { cancelled = true; };
  }, [api, store]);

  useEffect(() => {
    if (lookup.status === 'loading') return;
    document.title = `${lookup.status === 'found' ? lookup.store.locationName : lookup.status === 'missing' ? 'Store not found' : 'Store'} | Harbour Market`;
    if (focusOnLoad) headingRef.current?.focus();
  }, [lookup, focusOnLoad]);

  const locatorLink = (
    <a className="mfsp-link" href="/store-locator" onClick={linkClick('/store-locator', navigate)}>
      View Store Locator
    </a>
  );

  if (lookup.status === 'loading') {
    return <div className="mfsp-page" aria-busy="true"><p role="status">Loading store details…</p></div>;
  }
  if (lookup.status === 'error') {
    return (
      <div className="mfsp-page">
        <h1 ref={headingRef} tabIndex={-1} className="mfsp-title">Store details</h1>
        <p role="alert" className="mfsp-error">{FETCH_ERROR}</p>
        <p>{locatorLink}</p>
      </div>
    );
  }
  if (lookup.status === 'missing') {
    return (
      <div className="mfsp-page mfsp-notfound" data-status="404">
        <h1 ref={headingRef} tabIndex={-1} className="mfsp-title">Store not found</h1>
        <p>We couldn&apos;t find a store at this address. It may have moved or closed.</p>
        <p>{locatorLink}</p>
      </div>
    );
  }

  const s = lookup.store;
  const { address1, address2, intersection, city, province, postalCode } = s.address;
  const isCurrent = current?.storeNumber === s.storeNumber;
  return (
    <div className="mfsp-page mfsp-detail" inert={confirmation.pending ? true : undefined}>
      <p className="mfsp-crumbs">{locatorLink}</p>
      <div className="mfsp-detail__head">
        <BannerLogo store={s} />
        <h1 ref={headingRef} tabIndex={-1} className="mfsp-title">{s.locationName}</h1>
        <p className="mfsp-detail__number">Store number {s.storeNumber}</p>
        {isCurrent ? (
          <p className="mfsp-badge">Your current store</p>
        ) : null}
        <button type="button" className="mfsp-btn mfsp-btn--primary" onClick={(e) => confirmation.choose(s, e.currentTarget)}>
          Select this store
        </button>
      </div>
      <div className="mfsp-detail__grid">
        <section aria-labelledby="mfsp-address-title">
          <h2 id="mfsp-address-title" className="mfsp-subtitle">Address</h2>
          <address className="mfsp-address">
            {address1}
            {address2 ? <><br />{address2}</> : null}
            <br />
            {`${city}, ${province} ${postalCode}`}
          </address>
          {intersection && <p>Intersection: {intersection}</p>}
          {s.region.length > 0 && <p>Region: {regionText(s.region)}</p>}
        </section>
        <section aria-labelledby="mfsp-hours-title">
          <h2 id="mfsp-hours-title" className="mfsp-subtitle">Store hours</h2>
          <WeeklyHours hours={s.hours} caption={`Hours of ${s.locationName}`} now={now} />
        </section>
      </div>

      <section aria-labelledby="mfsp-nearby-title" className="mfsp-nearby">
        <h2 id="mfsp-nearby-title" className="mfsp-subtitle">Nearby stores</h2>
        {nearby.status === 'loading' && <p role="status">Searching for stores…</p>}
        {nearby.status === 'error' && <p role="alert" className="mfsp-error">{FETCH_ERROR}</p>}
        {nearby.status === 'success' && nearby.stores.length === 0 && <p>No stores found in your area</p>}
        {nearby.status === 'success' && nearby.stores.length > 0 && (
          <div className="mfsp-nearby__body">
            <ol className="mfsp-nearby__list" aria-label="Nearby stores">
              {nearby.stores.map(({ store: n, distanceMeters }) => {
                const url = storeDetailsUrl(n.slug);
                return (
                  <li key={n.storeNumber} className="mfsp-nearby__item">
                    <a className="mfsp-link" href={url} onClick={linkClick(url, navigate)}>{n.locationName}</a>
                    {distanceMeters !== null && (
                      <span className="mfsp-card__distance">
                        <span aria-hidden="true">{formatDistanceKm(distanceMeters)}</span>
                        <span className="mfsp-visually-hidden">{distanceLabel(distanceMeters)}</span>
                      </span>
                    )}
                    <span className="mfsp-nearby__address">{`${n.address.address1}, ${n.address.city}`}</span>
                  </li>
                );
              })}
            </ol>
            <StoreMap
              title={`Map of ${s.locationName} and nearby stores`}
              markers={[
                { id: s.storeNumber, badge: '★', label: `${s.locationName} (this store)`, point: s._geoloc, highlight: true },
                ...nearby.stores.map(({ store: n, distanceMeters }, i) => ({
                  id: n.storeNumber,
                  badge: String(i + 1),
                  label: [`${i + 1}: ${n.locationName}`, formatDistanceKm(distanceMeters)].filter(Boolean).join(', '),
                  point: n._geoloc,
                })),
              ]}
            />
          </div>
        )}
      </section>
    </div>
  );
}
