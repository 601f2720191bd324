import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  bus as sharedBus, DEFAULT_RUNTIME_CONFIG, useBusEvent, useBusState,
  type RemoteProps, type Store,
} from 'shared-events';
import { createStoreSearchApi, type StoreSearchApi } from './api/storeSearch';
import { confirmStoreChoice, initPreferredStore } from './state/preferredStore';
import { StoreButton } from './components/StoreButton';
import { StoreSelectorDialog } from './components/StoreSelectorDialog';
import './components/storeSelector.css';

export interface StoreSelectorAppProps extends Partial<RemoteProps> {
  /** Store search; default: built from `config.search` (algoliasearch v5). */
  api?: StoreSearchApi;
  /** Where the preferred store is kept; default `window.localStorage`. */
  storage?: Storage | null;
  /** Current date for today's hours (tests). */
  now?: Date;
}

/**
 * Root of mf-store-selector (exposed as './spa'): the store button and the store selector dialog
 * (spec §2 Store selector, §4 Store selection, §8, §9). Works on its own: it needs only the bus and
 * the runtime config, never the header remote.
 *
 * Publishes `store/changed` (start-up: 'storage' or 'default'; confirmation: 'user'), `toast/show`,
 * `analytics/track` ('select_store'). Consumes `store/selector-open-requested` and `bus.state.store`.
 */
export function StoreSelectorApp({ bus = sharedBus, config = DEFAULT_RUNTIME_CONFIG, navigate, api, storage, now }: StoreSelectorAppProps) {
  const search = config.search;
  const storeApi = useMemo(() => api ?? createStoreSearchApi(search), [api, search]);
  const store = useBusState(bus.state.store);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    void initPreferredStore({
      bus,
      api: storeApi,
      defaultStoreNumber: config.defaultStoreNumber,
      ...(storage !== undefined ? { storage } : {}),
    });
  }, [bus, storeApi, config.defaultStoreNumber, storage]);

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
      confirmStoreChoice(bus, chosen, storage);
      setOpen(false);
    },
    [bus, storage],
  );

  return (
    <div className="mfss-root">
      <StoreButton ref={triggerRef} store={store} expanded={open} onClick={openSelector} />
      {open && (
        <StoreSelectorDialog
          api={storeApi}
          currentStore={store}
          onClose={close}
          onConfirm={confirm}
          navigate={navigate}
          now={now}
        />
      )}
    </div>
  );
}
