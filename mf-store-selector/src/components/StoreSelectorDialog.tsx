import { StoreSearchField } from './StoreSearchField';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { createFocusTrap } from 'focus-trap';
import { isPlainLeftClick, type Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
import { useStoreSearch } from '../state/useStoreSearch';
import { ConfirmSheet } from './ConfirmSheet';
import { StoreCard } from './StoreCard';

/** Spec §8 "Store data fetch". */
export const FETCH_ERROR = 'Failed to fetch store data';
/** Spec §2 empty state after a typed search. */
export const NO_STORE_FOUND = 'No store found';
/** Spec §2 empty state of the nearby list (empty query). */
export const NO_STORES_NEARBY = 'No stores found in your area';
/** Search input limit (spec §5 "Search input: maximum length 100"). */
export const MAX_QUERY_LENGTH = 100;

export interface StoreSelectorDialogProps {
  api: StoreSearchApi;
  /** The store the shopper has now; its `_geoloc` centres the list before typing (without `around`). */
  currentStore: Store | null;
  /** The shopper's position (spec §4 first visit); centres the nearby list before typing. */
  around?: { lat: number; lng: number } | null;
  /** Close without a change (Escape, close button, backdrop). */
  onClose: () => void;
  /** 'Yes' on the confirmation sheet: the caller saves and publishes, then closes. */
  onConfirm: (store: Store) => void;
  /** In-site navigation (single-spa `navigate`); without it links load the page normally. */
  navigate?: (url: string) => void;
  /** Current date for today's hours (tests). */
  now?: Date;
}


/**
 * The store selector (spec §2 Store selector, §4 Store selection, §5, §8, §9): a modal dialog
 * 'Select a store' with the search box 'Search by city or postal code' (700 ms debounce through
 * {@link useStoreSearch}; the nearby list of the first visit comes from the query cache), at most
 * 3 stores, the empty states, the fetch error, a 'View Store Locator' link, and the confirmation sheet
 * 'Update Selected Store'. Rendered in a portal on `document.body`; focus is trapped and Escape closes
 * (the sheet first, when open).
 */
export function StoreSelectorDialog({ api, currentStore, around, onClose, onConfirm, navigate, now }: StoreSelectorDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const onCloseRef = useRef(onClose);
  const sheetReturnFocus = useRef<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<Store | null>(null);
  const { status, stores, forQuery } = useStoreSearch({ api, query, around: around ?? currentStore?._geoloc ?? null });

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!dialogRef.current) return;
    let started = false;
    const trap = createFocusTrap(dialogRef.current, {
      // Focus starts in the search box. When the confirmation sheet's trap (stacked over this one)
      // goes away this trap resumes without moving focus: the effect on `pending` below does it.
      initialFocus: () => (started ? false : inputRef.current ?? false),
      fallbackFocus: () => dialogRef.current as HTMLElement,
      delayInitialFocus: false,
      escapeDeactivates: true,
      // The backdrop closes the dialog itself (its click handler).
      allowOutsideClick: true,
      // The caller returns focus to the store button.
      returnFocusOnDeactivate: false,
      onDeactivate: () => onCloseRef.current(),
    });
    trap.activate();
    started = true;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      trap.deactivate({ onDeactivate: () => {} });
    };
  }, []);

  const choose = (store: Store, button: HTMLButtonElement) => {
    sheetReturnFocus.current = button;
    setPending(store);
  };
  const cancelChoice = () => setPending(null);
  // 'No': once the sheet is gone and the list is no longer inert, focus goes back to the button.
  useEffect(() => {
    if (pending || !sheetReturnFocus.current) return;
    const el = sheetReturnFocus.current;
    sheetReturnFocus.current = null;
    (el.isConnected ? el : inputRef.current)?.focus();
  }, [pending]);
  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>, url: string) => {
    if (!navigate || !isPlainLeftClick(e)) return;
    e.preventDefault();
    onClose();
    navigate(url);
  };

  const typed = forQuery !== '';
  const showEmpty = status === 'success' && stores.length === 0;

  return createPortal(
    <div className="mfss-layer">
      <div className="mfss-backdrop" aria-hidden="true" onClick={pending ? undefined : onClose} />
      <div
        className="mfss-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        inert={pending ? true : undefined}
        ref={dialogRef}
      >
        <div className="mfss-dialog__head">
          <h2 className="mfss-dialog__title" id={titleId}>Select a store</h2>
          <button type="button" className="mfss-close" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>

        <StoreSearchField id={inputId} prefix="mfss" inputRef={inputRef} value={query} onChange={setQuery} />

        <div className="mfss-results" aria-busy={status === 'loading'}>
          <div role="status" className="mfss-status">
            {status === 'loading' && <p className="mfss-loading">Searching for stores…</p>}
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
                    now={now}
                    onSelect={choose}
                    onLinkClick={onLinkClick}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>

        <a className="mfss-link mfss-locator" href="/store-locator" onClick={(e) => onLinkClick(e, '/store-locator')}>
          View Store Locator
        </a>
      </div>
      {pending && <ConfirmSheet store={pending} onYes={() => onConfirm(pending)} onNo={cancelChoice} />}
    </div>,
    document.body,
  );
}
