import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@storefront/remote-kit';
import {
  bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusEvent, useBusState,
  type RemoteProps, type Store,
} from 'shared-events';
import { createStoreSearchApi, preloadStoreSearch, type StoreSearchApi } from '../api/storeSearch';
import {
  answerStoreSelectRequests, confirmStoreChoice, followAccountStore, keepPreferredStore, readStoredStore,
  STORE_FETCH_ERROR, type SaveAccountStore,
} from '../api/preferredStore';
import { storeSearchQuery } from '../api/storeQueries';
import { readShopperLocation, requestLocationOnce, type GeolocationLike, type LatLng } from '../api/location';
import { StoreButton } from './StoreButton';
import { preloadStoreSelector, StoreSelectorDialog } from './StoreSelectorDialog';
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
  /** Current date for today's hours (tests). */
  now?: Date;
}

/**
 * Root of mf-store-selector (exposed as './spa'): the store button and the store selector dialog
 * (spec §2 Store selector, §4 Store selection, §8, §9). Works on its own: it needs only the bus and
 * the runtime config, never the header remote.
 *
 * On load only the button and the start-up logic run: the dialog's list, focus-trap and
 * sheet (`StoreSelectorPanel`) and the algoliasearch client are chunks of their own, downloaded when
 * the shopper points at or focuses the button, when the dialog opens, or when a store call is first
 * made (a first visit's default store, the account's store on sign-in). A returning shopper's stored
 * store is read from localStorage without either.
 *
 * - Start-up: stored store, else default store 3299 (failed: toast, then asked again quietly every
 *   5–30 s until a store comes, `keepPreferredStore`); on that first visit the shopper's location is
 *   requested once and, with a position, the nearest stores are fetched (`queryClient.fetchQuery`,
 *   the selector's own nearby-list key) and the selector opens on them ('Stores near you', 4 fetched,
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
  bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG, navigate, api, storage, geolocation, saveAccountStore, now,
}: StoreSelectorAppProps) {
  const search = config.search;
  const storeApi = useMemo(() => api ?? createStoreSearchApi(search), [api, search]);
  const store = useBusState(bus.state.store);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<LatLng | null>(() => readShopperLocation());
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const firstVisit = !bus.state.store.value && !(storage === undefined ? readStoredStore() : readStoredStore(storage));
    // the default store failed (search engine down): asked again quietly now and then (DEFAULT_STORE_RETRY_MS)
    const stopRetrying = keepPreferredStore({
      bus,
      api: storeApi,
      defaultStoreNumber: config.defaultStoreNumber,
      ...(storage !== undefined ? { storage } : {}),
    });
    if (!firstVisit) return stopRetrying;
    void requestLocationOnce({
      bus,
      ...(geolocation !== undefined ? { geolocation } : {}),
      ...(storage !== undefined ? { storage } : {}),
    }).then(async (point) => {
      if (!point) return;
      setPosition(point);
      try {
        const { stores } = await queryClient.fetchQuery(storeSearchQuery(storeApi, '', point));
        if (stores.length > 0) setOpen(true);
      } catch {
        bus.emit('toast/show', { id: 'store-fetch', message: STORE_FETCH_ERROR, kind: 'error' });
      }
    });
    return stopRetrying;
  }, [bus, storeApi, queryClient, config.defaultStoreNumber, storage, geolocation]);

  useEffect(
    () => followAccountStore({ bus, api: storeApi, ...(storage !== undefined ? { storage } : {}) }),
    [bus, storeApi, storage],
  );
  useEffect(
    () => answerStoreSelectRequests({
      bus, api: storeApi, apiBase: config.apiBase,
      ...(storage !== undefined ? { storage } : {}), ...(saveAccountStore ? { saveAccountStore } : {}),
    }),
    [bus, storeApi, storage, config.apiBase, saveAccountStore],
  );

  // What the dialog needs is downloaded on demand: its panel chunk (list, focus-trap,
  // sheet) and, with the default api, the search-engine client. Both start when the shopper points
  // at or focuses the store button; opening the dialog without that (the header's request, the
  // first-visit offer) starts them then.
  const preload = useCallback(() => {
    preloadStoreSelector();
    if (!api) preloadStoreSearch().catch(() => {});
  }, [api]);
  const openSelector = useCallback(() => setOpen(true), []);
  useBusEvent(bus, 'store/selector-open-requested', openSelector);

  // Focus returns to the store button whenever the dialog closes (APG dialog pattern).
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      triggerRef.current?.focus();
    }
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  const confirm = useCallback(
    (chosen: Store) => {
      setOpen(false);
      void confirmStoreChoice({
        bus,
        store: chosen,
        apiBase: config.apiBase,
        ...(storage !== undefined ? { storage } : {}),
        ...(saveAccountStore ? { saveAccountStore } : {}),
      });
    },
    [bus, storage, config.apiBase, saveAccountStore],
  );

  return (
    <div className="mfss-root">
      <StoreButton ref={triggerRef} store={store} expanded={open} onClick={openSelector} onPreload={preload} />
      {open && (
        <StoreSelectorDialog
          api={storeApi}
          currentStore={store}
          around={position}
          onClose={close}
          onConfirm={confirm}
          navigate={navigate}
          now={now}
        />
      )}
    </div>
  );
}
