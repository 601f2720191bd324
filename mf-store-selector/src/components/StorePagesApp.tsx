import { useEffect, useMemo, useRef } from 'react';
import { lazyPage, useLocation } from '@storefront/remote-kit';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, type RemoteProps } from 'shared-events';
import { createStoreSearchApi, preloadStoreSearch, type StoreSearchApi } from '../api/storeSearch';
import type { GeolocationLike } from '../api/location';
import type { SaveAccountStore } from '../api/preferredStore';
import { parseStoreRoute } from '../state/storeRoute';
import { useStoreConfirmation } from '../hooks/useStoreConfirmation';
import './pages.css';

export interface StorePagesAppProps extends Partial<RemoteProps> {
  /** Store search; default: built from `config.search` (algoliasearch v5). */
  api?: StoreSearchApi;
  /** Where the preferred store is kept; default `window.localStorage`. */
  storage?: Storage | null;
  /** Geolocation API for 'Use my location'; default `navigator.geolocation`. */
  geolocation?: GeolocationLike | null;
  /** Account save of the preferred store (tests); default: BFF `/account/preferred-store`. */
  saveAccountStore?: SaveAccountStore;
}

/** The locator page, in its own chunk (the kit shows "Loading…" meanwhile). */
const StoreLocatorPage = lazyPage(() => import('./StoreLocatorPage'), 'StoreLocatorPage');
/** The store detail page, in its own chunk. */
const StoreDetailPage = lazyPage(() => import('./StoreDetailPage'), 'StoreDetailPage');

/**
 * Root of './pages' (spec §2 Routes): reads the path itself and renders the store locator on
 * `/store-locator` or the store detail on `/stores/{slug}`; nothing on other paths. Selecting a store
 * goes through the 'Update Selected Store' sheet and publishes `store/changed` (source 'user'), like
 * the selector. Both pages follow `store/changed` (current-store badge, distances) without a reload.
 * The path comes from the remote kit's `useLocation` (history, single-spa reroutes); each page is a
 * `lazyPage`, so this root must render under the kit's providers (createRemoteLifecycles,
 * mountStandalone or renderWithKit), which also give the pages their QueryClient.
 */
export function StorePagesApp({ bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG, api, storage, geolocation, saveAccountStore }: StorePagesAppProps) {
  const search = config.search;
  const storeApi = useMemo(() => api ?? createStoreSearchApi(search), [api, search]);
  // Both pages search at once: the search-engine client chunk (loaded on first use) starts downloading
  // with the page's own chunk instead of after it.
  useEffect(() => {
    if (!api) preloadStoreSearch().catch(() => {});
  }, [api]);
  const route = parseStoreRoute(useLocation().pathname);
  const confirmation = useStoreConfirmation({
    bus,
    apiBase: config.apiBase,
    ...(storage !== undefined ? { storage } : {}),
    ...(saveAccountStore ? { saveAccountStore } : {}),
  });
  // Focus moves to the new page heading after an in-site navigation, not on the first load.
  const firstPath = useRef<string | null>(null);
  const routeKey = route.page === 'detail' ? `detail:${route.slug}` : route.page;
  if (firstPath.current === null) firstPath.current = routeKey;

  return (
    <div className="mfsp-root" data-remote="mf-store-selector/pages">
      {route.page === 'locator' && (
        <StoreLocatorPage bus={bus} api={storeApi} confirmation={confirmation} geolocation={geolocation} focusOnLoad={firstPath.current !== routeKey} apiBase={config.apiBase} />
      )}
      {route.page === 'detail' && (
        <StoreDetailPage
          key={route.slug}
          slug={route.slug}
          bus={bus}
          api={storeApi}
          confirmation={confirmation}
          focusOnLoad={firstPath.current !== routeKey}
        />
      )}
      {confirmation.sheet}
    </div>
  );
}
