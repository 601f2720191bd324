import { useState, type MouseEvent } from 'react';
import type { Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
import type { LatLng } from '../api/location';
import { useStoreSearch } from '../hooks/useStoreSearch';
import { ConfirmSheet } from './ConfirmSheet';
import { FETCH_ERROR, NO_STORE_FOUND, NO_STORES_NEARBY, SEARCHING_STORES } from './messages';
import { StoreCard } from './StoreCard';
import './storeList.css';

export interface StoreSelectorPanelProps {
  api: StoreSearchApi;
  /** The text in the dialog's search box, as typed (debounced here). */
  query: string;
  currentStore: Store | null;
  /** The shopper's position, or null: centres the nearby list (else the current store's `_geoloc`). */
  around: LatLng | null;
  /** 'Yes' on the sheet. */
  onConfirm: (store: Store) => void;
  onLinkClick: (e: MouseEvent<HTMLAnchorElement>, url: string) => void;
}

/**
 * What the selector dialog ({@link ./StoreSelectorDialog}) loads on demand, in its own chunk: the
 * store search ({@link useStoreSearch}: 700 ms debounce, first 3 of 4), the list with its loading,
 * empty and error states, and the confirmation sheet 'Update Selected Store' (the kit's Dialog over
 * the selector: it holds the keys until it closes, then focus returns to the 'Select this store'
 * button that opened it).
 */
export function StoreSelectorPanel({ api, query, currentStore, around, onConfirm, onLinkClick }: StoreSelectorPanelProps) {
  const [pending, setPending] = useState<Store | null>(null);
  const { status, stores, forQuery } = useStoreSearch({ api, query, around: around ?? currentStore?._geoloc ?? null });

  const typed = forQuery !== '';
  const showEmpty = status === 'success' && stores.length === 0;

  return (
    <>
      <div className="mfss-results" aria-busy={status === 'loading'}>
        <div role="status" className="mfss-status">
          {status === 'loading' && <p className="mfss-loading">{SEARCHING_STORES}</p>}
          {showEmpty && <p className="mfss-empty">{typed ? NO_STORE_FOUND : NO_STORES_NEARBY}</p>}
        </div>
        {status === 'error' && <p role="alert" className="mfss-error">{FETCH_ERROR}</p>}
        {status !== 'error' && stores.length > 0 && !typed && around && (
          <p className="mfss-hint">Closest to your location</p>
        )}
        {status !== 'error' && stores.length > 0 && (
          <ul className="mfss-list" aria-label={typed ? 'Stores matching your search' : 'Stores near you'}>
            {stores.map((store) => (
              <li key={store.storeNumber} className="mfss-list__item">
                <StoreCard
                  store={store}
                  current={store.storeNumber === currentStore?.storeNumber}
                  onSelect={setPending}
                  onLinkClick={onLinkClick}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {pending && <ConfirmSheet store={pending} onYes={() => onConfirm(pending)} onNo={() => setPending(null)} />}
    </>
  );
}
