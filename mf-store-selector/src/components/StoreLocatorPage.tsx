import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useBusState, type EventBus, type Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
import { StoreSearchField } from './StoreSearchField';
import { NO_STORE_FOUND, NO_STORES_NEARBY } from './messages';
import { formatDistanceKm } from '../state/distance';
import {
  LOCATION_ERROR, LOCATION_TIMEOUT_MS, LOCATION_TOAST_ID, PERMISSION_DENIED, isLatLng,
  readShopperLocation, saveShopperLocation, type GeolocationLike, type LatLng,
} from '../api/location';
import { useStoreLocatorSearch } from '../hooks/useStoreLocatorSearch';
import { LocatorStoreCard } from './LocatorStoreCard';
import { StoreFetchError } from './StoreFetchError';
import { StoreMap } from './StoreMap';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { useQuery } from '@storefront/remote-kit';
import firstViews from '../first-view.json';
import { locatorTextQuery } from '../api/locatorText';
import type { StoreConfirmation } from '../hooks/useStoreConfirmation';

/** The built-in intro, also the first view the edge serves (src/first-view.json; kit page-intro). */
const INTRO = firstViewFor(firstViews, '/store-locator');

export interface StoreLocatorPageProps {
  bus: EventBus;
  api: StoreSearchApi;
  confirmation: StoreConfirmation;
  /** Default `navigator.geolocation` (the 'Use my location' button). */
  geolocation?: GeolocationLike | null;
  /** Move focus to the heading (after an in-site navigation, not on the first load). */
  focusOnLoad?: boolean;
  /** `RuntimeConfig.apiBase` of the locator's managed text (default '/api'). */
  apiBase?: string;
}

/**
 * Store locator page `/store-locator` (spec §2 Routes, §3 Store, §4, §8, §9), loaded on demand
 * (`lazyPage` in StorePagesApp); the search is {@link useStoreLocatorSearch} (kit `useQuery`):
 * - search box 'Search by city or postal code' (700 ms debounce, max 100 characters);
 * - results nearest first with the distance in km, measured from the shopper's position (this
 *   session, or 'Use my location') or else the current store (engine `aroundLatLng` +
 *   `getRankingInfo` → `_rankingInfo.geoDistance` m); 4 stores per page, 'Show more stores';
 * - every Store field per result, 'View store details', 'Select this store' (confirmation sheet);
 * - an inline-SVG map of the results (no tile service);
 * - empty states 'No store found' / 'No stores found in your area', error 'Failed to fetch store data'
 *   (`role="alert"`, 'Store search is unavailable right now.' and 'Try again', which asks the engine
 *   again; what was typed stays in the box);
 * - the intro's heading and lead are managed content (spec §7 "store-locator text", ../api/locatorText):
 *   the built-in text (the first view the edge served, so nothing moves) while it loads and when it
 *   cannot be read; `data-locator-text` on the page says which ('loading' | 'ready' | 'error').
 */
export function StoreLocatorPage({ bus, api, confirmation, geolocation, focusOnLoad = false, apiBase = '/api' }: StoreLocatorPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const current = useBusState(bus.state.store);
  const [shopper, setShopper] = useState<LatLng | null>(() => readShopperLocation());
  const [locating, setLocating] = useState(false);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const origin: LatLng | null = shopper ?? current?._geoloc ?? null;
  const results = useStoreLocatorSearch({ api, query, around: origin });
  const managed = useQuery(locatorTextQuery(apiBase));
  const intro = managed.data ?? INTRO;
  const textState = managed.isPending ? 'loading' : managed.isError ? 'error' : 'ready';

  useEffect(() => {
    document.title = 'Store locator | Harbour Market';
    if (focusOnLoad) headingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const useMyLocation = useCallback(() => {
    const geo = geolocation === undefined ? (typeof navigator !== 'undefined' ? navigator.geolocation : null) : geolocation;
    if (!geo) {
      setLocationNote('Your browser cannot share your location. Search by city or postal code instead.');
      return;
    }
    setLocating(true);
    setLocationNote(null);
    geo.getCurrentPosition(
      (pos) => {
        setLocating(false);
        const point = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        if (!isLatLng(point)) {
          bus.emit('toast/show', { id: LOCATION_TOAST_ID, message: LOCATION_ERROR, kind: 'error' });
          return;
        }
        saveShopperLocation(point);
        setShopper(point);
      },
      (err) => {
        setLocating(false);
        if (err?.code === PERMISSION_DENIED) setLocationNote('Location access is turned off for this site. Search by city or postal code instead.');
        else bus.emit('toast/show', { id: LOCATION_TOAST_ID, message: LOCATION_ERROR, kind: 'error' });
      },
      { enableHighAccuracy: false, timeout: LOCATION_TIMEOUT_MS, maximumAge: 600_000 },
    );
  }, [bus, geolocation]);

  const typed = results.forQuery !== '';
  const listName = typed ? `Stores matching “${results.forQuery}”` : shopper ? 'Stores near you' : 'Stores near your current store';
  const from = shopper ? 'from your location' : current ? `from ${current.locationName}` : '';
  const select = (store: Store, trigger: HTMLElement) => confirmation.choose(store, trigger);

  return (
    <>
    <PageIntro heading={intro.heading} lead={intro.lead} headingId="mfsp-locator-title" headingRef={headingRef} />
    <div className="mfsp-page mfsp-page--under-intro" inert={confirmation.pending ? true : undefined} data-locator-text={textState}>
      <div className="mfsp-locator__search">
        <StoreSearchField id={inputId} prefix="mfsp" value={query} onChange={setQuery} />
        <button type="button" className="mfsp-btn mfsp-btn--secondary" onClick={useMyLocation} disabled={locating}>
          {locating ? 'Finding your location…' : 'Use my location'}
        </button>
      </div>
      {locationNote && <p className="mfsp-note">{locationNote}</p>}

      <div className="mfsp-locator" aria-busy={results.status === 'loading'}>
        <section className="mfsp-locator__list" aria-labelledby="mfsp-results-title">
          <h2 id="mfsp-results-title" className="mfsp-subtitle">{listName}</h2>
          {from && results.stores.some((s) => s.distanceMeters !== null) && (
            <p className="mfsp-note">Distances {from}, nearest first.</p>
          )}
          <div role="status" className="mfsp-status">
            {results.status === 'loading' && <p>Searching for stores…</p>}
            {results.status === 'success' && results.stores.length === 0 && <p>{typed ? NO_STORE_FOUND : NO_STORES_NEARBY}</p>}
            {results.status === 'success' && results.stores.length > 0 && (
              <p className="mfsp-visually-hidden">{`${results.stores.length} ${results.stores.length === 1 ? 'store' : 'stores'} listed`}</p>
            )}
          </div>
          {results.status === 'error' && <StoreFetchError onRetry={results.retry} />}
          {/* While a new search runs the previous list stays (aria-busy), so focus is never lost. */}
          {results.stores.length > 0 && (
            <ol className="mfsp-results" aria-label={listName}>
              {results.stores.map(({ store, distanceMeters }, i) => (
                <li key={store.storeNumber}>
                  <LocatorStoreCard
                    store={store}
                    position={i + 1}
                    distanceMeters={distanceMeters}
                    current={store.storeNumber === current?.storeNumber}
                    onSelect={select}
                  />
                </li>
              ))}
            </ol>
          )}
          {results.status === 'success' && results.stores.length > 0 && results.hasMore && (
            <button type="button" className="mfsp-btn mfsp-btn--secondary mfsp-more" disabled={results.more} onClick={results.showMore}>
              {results.more ? 'Loading more stores…' : 'Show more stores'}
            </button>
          )}
        </section>
        {results.stores.length > 0 && (
          <StoreMap
            title="Map of the stores listed"
            origin={shopper}
            markers={results.stores.map(({ store, distanceMeters }, i) => ({
              id: store.storeNumber,
              badge: String(i + 1),
              label: [`${i + 1}: ${store.locationName}`, formatDistanceKm(distanceMeters)].filter(Boolean).join(', '),
              point: store._geoloc,
              highlight: store.storeNumber === current?.storeNumber,
            }))}
          />
        )}
      </div>
    </div>
    </>
  );
}
