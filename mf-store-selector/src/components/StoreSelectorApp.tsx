import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PageLoading, PartBoundary, useQueryClient } from '@storefront/remote-kit';
import {
  bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusEvent, useBusState,
  type RemoteProps, type Store,
} from 'shared-events';
import { createStoreSearchApi, preloadStoreSearch, type StoreSearchApi } from '../api/storeSearch';
import {
  answerStoreSelectRequests, confirmStoreChoice, followAccountStore, keepPreferredStore, readStoredStore,
  STORE_FETCH_ERROR, type SaveAccountStore,
} from '../api/preferredStore';
import type { GeolocationLike, LatLng } from '../api/location';
import { StoreButton } from './StoreButton';
import { preloadStoreSelector, selectorDialog } from './selectorParts';
import './storeSelector.css';

export interface StoreSelectorAppProps extends Partial<RemoteProps> {
  /** Store search; default: built from `config.search` (algoliasearch v5). */
  api?: StoreSearchApi;
  /** Where the preferred store is kept; default `window.localStorage`. */
  storage?: Storage | null;
  /** Geolocation API; default `navigator.geolocation` (tests pass a fake). */
  geolocation?: GeolocationLike | null;
  /** Account save of the preferred store (tests); default: BFF `/account/preferred-store`. */
  saveAccountStore?: SaveAccountStore;
}

/** Where the dialog will be, while its code downloads: the kit's `PageLoading` (in the shared root: no bytes here). */
const SELECTOR_LOADING = <div className="mfss-pending"><PageLoading label="Loading the store selector…" /></div>;

/** The dialog's code could not be downloaded: the message, and a way out (the next opening tries again). */
function SelectorFailed({ onClose }: { onClose: () => void }) {
  return (
    <div className="mfss-pending" role="alert">
      <p className="mfss-pending__failed">{STORE_FETCH_ERROR}</p>
      <button type="button" className="mfss-trigger" onClick={onClose}>Close</button>
    </div>
  );
}

/**
 * Root of mf-store-selector (exposed as './spa'): the store button and the store selector dialog
 * (spec §2 Store selector, §4 Store selection, §8, §9). Works on its own: it needs only the bus and
 * the runtime config, never the header remote.
 *
 * On load only the button and the start-up logic run. The dialog (`store-selector-dialog`), its list
 * and sheet (`store-selector-panel`), the algoliasearch client and, on a first visit, the geolocation
 * offer are chunks of their own: the dialog's two are downloaded when the shopper points at or
 * focuses the button (else when it opens: a loading panel meanwhile), the client on the first
 * store search. A returning shopper's stored store is read from localStorage without any of them.
 *
 * - Start-up: stored store, else default store 3299 (failed: toast, then asked again quietly every
 *   5–30 s until a store comes, `keepPreferredStore`); on that first visit the shopper's location is
 *   requested once and, with a position, the nearest stores are fetched (`offerNearbyStores`, the
 *   selector's own nearby-list key) and the selector opens on them ('Stores near you', 4 fetched,
 *   3 listed). Nearest-store fetch failure → toast 'Failed to fetch store data'.
 * - Needs the remote kit's providers (`createRemoteLifecycles`, `mountStandalone`, `renderWithKit`).
 * - Sign-in: the account's store (`session.product.storeId`) wins over the local one (source 'account').
 * - Confirmation: local save, `store/changed` (source 'user'), account save when signed in.
 *
 * Publishes `store/changed` (the only publisher: it owns `bus.state.store`, see the shared-events
 * README "State ownership"), `toast/show`, `analytics/track` ('select_store'), `session/refresh-requested`.
 * Consumes `store/selector-open-requested`, `store/select-requested` (answered with `store/changed` or
 * `store/select-failed`), `bus.state.store`, `bus.state.session`.
 */
export function StoreSelectorApp({
  bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG, api, storage, geolocation, saveAccountStore,
}: StoreSelectorAppProps) {
  const search = config.search;
  const storeApi = useMemo(() => api ?? createStoreSearchApi(search), [api, search]);
  const store = useBusState(bus.state.store);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<LatLng | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  // What the dialog needs is downloaded on demand: its two chunks and, with the default api, the
  // search-engine client. All start when the shopper points at or focuses the store button; opening
  // without that (the header's request, the first-visit offer) starts them then.
  const preload = useCallback(() => {
    preloadStoreSelector();
    if (!api) preloadStoreSearch().catch(() => {});
  }, [api]);
  const openSelector = useCallback(() => {
    preload();
    setOpen(true);
  }, [preload]);
  useBusEvent(bus, 'store/selector-open-requested', openSelector);

  useEffect(() => {
    // Each seam left undefined (storage, geolocation, account save) is the api function's default.
    const firstVisit = !bus.state.store.value && !readStoredStore(storage);
    // the default store failed (search engine down): asked again quietly now and then (DEFAULT_STORE_RETRY_MS)
    const stopRetrying = keepPreferredStore({ bus, api: storeApi, defaultStoreNumber: config.defaultStoreNumber, storage });
    if (firstVisit) {
      void import(/* webpackChunkName: "store-nearby-offer" */ '../api/nearbyOffer')
        .then(({ offerNearbyStores }) => offerNearbyStores({ bus, api: storeApi, queryClient, storage, geolocation }))
        .then((offer) => {
          setPosition(offer.around);
          if (offer.open) openSelector();
        }, () => {});
    }
    return stopRetrying;
  }, [bus, storeApi, queryClient, config.defaultStoreNumber, storage, geolocation, openSelector]);

  useEffect(() => followAccountStore({ bus, api: storeApi, storage }), [bus, storeApi, storage]);
  useEffect(
    () => answerStoreSelectRequests({ bus, api: storeApi, apiBase: config.apiBase, storage, saveAccountStore }),
    [bus, storeApi, storage, config.apiBase, saveAccountStore],
  );

  const close = useCallback(() => setOpen(false), []);
  const confirm = useCallback(
    (chosen: Store) => {
      setOpen(false);
      void confirmStoreChoice({ bus, store: chosen, apiBase: config.apiBase, storage, saveAccountStore });
    },
    [bus, storage, config.apiBase, saveAccountStore],
  );

  return (
    <div className="mfss-root">
      <StoreButton ref={triggerRef} store={store} expanded={open} onClick={openSelector} onPreload={preload} />
      {open && (
        <PartBoundary label="selector dialog" loading={SELECTOR_LOADING} failed={<SelectorFailed onClose={close} />}>
          <selectorDialog.Part api={storeApi} currentStore={store} around={position} onClose={close} onConfirm={confirm} returnFocusTo={triggerRef} />
        </PartBoundary>
      )}
    </div>
  );
}
