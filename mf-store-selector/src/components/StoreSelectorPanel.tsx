import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { createFocusTrap } from 'focus-trap';
import type { Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
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
  around: { lat: number; lng: number } | null;
  /** The dialog element (focus is trapped in it) and its search box (where focus starts). */
  dialogRef: RefObject<HTMLDivElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Escape (through the focus trap) closes the dialog. */
  onClose: () => void;
  /** The store waiting for 'Yes' / 'No' on the confirmation sheet, or null. */
  pending: Store | null;
  /** 'Select this store' pressed on `button`: the dialog opens the sheet. */
  onChoose: (store: Store, button: HTMLButtonElement) => void;
  /** 'No', Escape or a click outside the sheet. */
  onCancelChoice: () => void;
  /** 'Yes' on the sheet. */
  onConfirm: (store: Store) => void;
  onLinkClick: (e: MouseEvent<HTMLAnchorElement>, url: string) => void;
  now?: Date;
}

/**
 * What the selector dialog ({@link ./StoreSelectorDialog}) loads on demand, in its own chunk with
 * focus-trap: the store search ({@link useStoreSearch}: 700 ms debounce, first 3 of 4),
 * the list with its loading, empty and error states, the focus trap of the dialog, and the
 * confirmation sheet 'Update Selected Store' (a portal on `document.body`, outside the dialog, which
 * is `inert` meanwhile).
 */
export function StoreSelectorPanel({
  api, query, currentStore, around, dialogRef, inputRef, onClose, pending, onChoose, onCancelChoice, onConfirm, onLinkClick, now,
}: StoreSelectorPanelProps) {
  const onCloseRef = useRef(onClose);
  const { status, stores, forQuery } = useStoreSearch({ api, query, around: around ?? currentStore?._geoloc ?? null });

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    let started = false;
    const trap = createFocusTrap(dialog, {
      // The dialog already put focus in its search box (the shopper may have typed or moved on while
      // this chunk loaded): focus only moves here when it is outside the dialog. When the confirmation
      // sheet's trap (stacked over this one) goes away this trap resumes without moving focus: the
      // dialog's effect on `pending` does it.
      initialFocus: () => (started || dialog.contains(document.activeElement) ? false : inputRef.current ?? false),
      fallbackFocus: () => dialog,
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
    return () => {
      trap.deactivate({ onDeactivate: () => {} });
    };
  }, [dialogRef, inputRef]);

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
                  now={now}
                  onSelect={onChoose}
                  onLinkClick={onLinkClick}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {pending && <ConfirmSheet store={pending} onYes={() => onConfirm(pending)} onNo={onCancelChoice} />}
    </>
  );
}
