import { useEffect, useRef } from 'react';
import { useNavigate, useQuery } from '@storefront/remote-kit';
import { useBusState, type EventBus } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
import { FETCH_ERROR } from './messages';
import { StoreFetchError } from './StoreFetchError';
import { distanceLabel, formatDistanceKm } from '../state/distance';
import { nearbyStoresQuery, storeBySlugQuery } from '../api/pageQueries';
import { STORES_LISTED } from '../hooks/useStoreSearch';
import { BannerLogo } from './BannerLogo';
import { linkClick, regionText, storeDetailsUrl } from './links';
import { StoreMap } from './StoreMap';
import type { StoreConfirmation } from '../hooks/useStoreConfirmation';
import { WeeklyHours } from './WeeklyHours';
import { StoreAddress } from './StoreAddress';

export interface StoreDetailPageProps {
  slug: string;
  bus: EventBus;
  api: StoreSearchApi;
  confirmation: StoreConfirmation;
  /** Move focus to the heading once loaded (after an in-site navigation, not on first load). */
  focusOnLoad?: boolean;
}

/**
 * Store detail page `/stores/{slug}` (spec §2 Routes, §3 Store): the store's banner logo (co-op or
 * standard, by name), name, store number, address with the intersection, hours for each day (or
 * 'Open 24 Hours'), region, 'Select this store' (confirmation sheet), a map and the nearby stores
 * (engine `aroundLatLng` of this store, 4 fetched, itself excluded, at most 3 listed with km).
 * The store is found with `filters: 'slug:"<slug>"'`; an unknown slug shows a real not-found view
 * (heading 'Store not found', link to the locator); a fetch failure shows 'Failed to fetch store data'
 * with 'Try again'.
 * Loaded on demand (`lazyPage` in StorePagesApp); both lookups are kit `useQuery`s
 * ({@link storeBySlugQuery}, {@link nearbyStoresQuery}).
 */
export function StoreDetailPage({ slug, bus, api, confirmation, focusOnLoad = false }: StoreDetailPageProps) {
  const current = useBusState(bus.state.store);
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lookup = useQuery(storeBySlugQuery(api, slug));
  const store = lookup.data ?? null;
  const status: 'loading' | 'error' | 'found' | 'missing' = lookup.isError ? (lookup.isFetching ? 'loading' : 'error') : lookup.isPending ? 'loading' : store ? 'found' : 'missing';
  const nearby = useQuery(nearbyStoresQuery(api, store));

  useEffect(() => {
    if (status === 'loading') return;
    document.title = `${store ? store.locationName : status === 'missing' ? 'Store not found' : 'Store'} | Harbour Market`;
    if (focusOnLoad) headingRef.current?.focus();
  }, [status, store, focusOnLoad]);

  const locatorLink = (
    <a className="mfsp-link" href="/store-locator" onClick={linkClick('/store-locator', navigate)}>
      View Store Locator
    </a>
  );

  if (status === 'loading') {
    return <div className="mfsp-page" aria-busy="true"><p role="status">Loading store details…</p></div>;
  }
  if (status === 'error') {
    return (
      <div className="mfsp-page">
        <h1 ref={headingRef} tabIndex={-1} className="mfsp-title">Store details</h1>
        <StoreFetchError onRetry={() => { void lookup.refetch(); }} />
        <p>{locatorLink}</p>
      </div>
    );
  }
  if (!store) {
    return (
      <div className="mfsp-page mfsp-notfound" data-status="404">
        <h1 ref={headingRef} tabIndex={-1} className="mfsp-title">Store not found</h1>
        <p>We couldn&apos;t find a store at this address. It may have moved or closed.</p>
        <p>{locatorLink}</p>
      </div>
    );
  }

  const s = store;
  const { intersection } = s.address;
  const isCurrent = current?.storeNumber === s.storeNumber;
  const nearbyStores = nearby.data?.slice(0, STORES_LISTED);
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
          <StoreAddress address={s.address} />
          {intersection && <p>Intersection: {intersection}</p>}
          {s.region.length > 0 && <p>Region: {regionText(s.region)}</p>}
        </section>
        <section aria-labelledby="mfsp-hours-title">
          <h2 id="mfsp-hours-title" className="mfsp-subtitle">Store hours</h2>
          <WeeklyHours hours={s.hours} caption={`Hours of ${s.locationName}`} />
        </section>
      </div>

      <section aria-labelledby="mfsp-nearby-title" className="mfsp-nearby">
        <h2 id="mfsp-nearby-title" className="mfsp-subtitle">Nearby stores</h2>
        {nearby.isPending && <p role="status">Searching for stores…</p>}
        {nearby.isError && <p role="alert" className="mfsp-error">{FETCH_ERROR}</p>}
        {nearbyStores?.length === 0 && <p>No stores found in your area</p>}
        {nearbyStores && nearbyStores.length > 0 && (
          <div className="mfsp-nearby__body">
            <ol className="mfsp-nearby__list" aria-label="Nearby stores">
              {nearbyStores.map(({ store: n, distanceMeters }) => {
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
                ...nearbyStores.map(({ store: n, distanceMeters }, i) => ({
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
