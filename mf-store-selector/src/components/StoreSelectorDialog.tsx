import {
  lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState,
  type ComponentType, type KeyboardEvent, type MouseEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { remoteErrorMessage, useQueryClient } from '@storefront/remote-kit';
import { isPlainLeftClick, type Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
import { storeSearchQuery } from '../api/storeQueries';
import { FETCH_ERROR, SEARCHING_STORES } from './messages';
import { StoreSearchField } from './StoreSearchField';
import type { StoreSelectorPanelProps } from './StoreSelectorPanel';

export { FETCH_ERROR, MAX_QUERY_LENGTH, NO_STORE_FOUND, NO_STORES_NEARBY } from './messages';

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

/** The panel's chunk (list, focus-trap, confirmation sheet); webpack keeps one download per page. */
const loadPanel = () => import(/* webpackChunkName: "store-selector-panel" */ './StoreSelectorPanel');

/**
 * Starts downloading the selector's panel (list, focus-trap, confirmation sheet) before the dialog
 * opens: the store button calls it on pointerenter and focus (nothing is fetched on page load).
 * Never rejects; a failed download is tried again when the dialog opens.
 */
export function preloadStoreSelector(): void {
  loadPanel().catch(() => {});
}

/** Shown in place of the list when the panel's code cannot be downloaded (offline, deploy gap). */
function PanelUnavailable() {
  return <p role="alert" className="mfss-error">{FETCH_ERROR}</p>;
}

/**
 * The panel as a lazy component. React.lazy keeps a failed load for good, so a failure swaps in a
 * fresh lazy component for the next render (the next keystroke or the next opening tries again) and
 * shows {@link PanelUnavailable} meanwhile.
 */
function makePanel(): ComponentType<StoreSelectorPanelProps> {
  return lazy(() => loadPanel().then(
    (m) => ({ default: m.StoreSelectorPanel }),
    (error: unknown) => {
      console.error(remoteErrorMessage('mf-store-selector', 'selector panel'), error);
      Panel = makePanel();
      return { default: PanelUnavailable as ComponentType<StoreSelectorPanelProps> };
    },
  ));
}
let Panel = makePanel();

/** The list's loading state, also shown while the panel's code downloads (same look, same text). */
function PanelLoading() {
  return (
    <div className="mfss-results" aria-busy="true">
      <div role="status" className="mfss-status">
        <p className="mfss-loading">{SEARCHING_STORES}</p>
      </div>
    </div>
  );
}

/**
 * The store selector (spec §2 Store selector, §4 Store selection, §5, §8, §9): a modal dialog
 * 'Select a store' with the search box 'Search by city or postal code', at most 3 stores, the empty
 * states, the fetch error, a 'View Store Locator' link, and the confirmation sheet 'Update Selected
 * Store'. Rendered in a portal on `document.body`.
 *
 * Split so nothing is downloaded that the page does not use: this frame (title, close
 * button, search box, locator link) is part of './spa' and renders at once, with focus in the search
 * box, so no keystroke is lost; the list, the 700 ms debounced search, focus-trap and the sheet are
 * {@link StoreSelectorPanel}, a chunk of its own (started by {@link preloadStoreSelector} on
 * pointerenter/focus of the store button, else when the dialog opens), during which the list shows its
 * loading state 'Searching for stores…'. The nearby list's request starts with the frame, in parallel
 * with that download. Escape closes (the sheet first, when open).
 */
export function StoreSelectorDialog({ api, currentStore, around, onClose, onConfirm, navigate, now }: StoreSelectorDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sheetReturnFocus = useRef<HTMLElement | null>(null);
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<Store | null>(null);
  const shopper = around ?? null;
  const centre = shopper ?? currentStore?._geoloc ?? null;

  // Focus starts in the search box as the dialog appears, before the panel (and its focus trap) has
  // arrived; the page behind does not scroll.
  useLayoutEffect(() => {
    inputRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  // The nearby list (the panel's first query, same key) starts now, not once the panel has loaded.
  useEffect(() => {
    void queryClient.prefetchQuery(storeSearchQuery(api, '', centre ? { lat: centre.lat, lng: centre.lng } : undefined));
    // Only on opening: later changes are the panel's query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  // Escape inside the dialog closes it, also before the panel's focus trap (which does the same) is
  // there. The sheet is outside the dialog's DOM: its Escape answers 'No' only.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !pending && dialogRef.current?.contains(e.target as Node)) onClose();
  };

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
        onKeyDown={onKeyDown}
      >
        <div className="mfss-dialog__head">
          <h2 className="mfss-dialog__title" id={titleId}>Select a store</h2>
          <button type="button" className="mfss-close" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>

        <StoreSearchField id={inputId} prefix="mfss" inputRef={inputRef} value={query} onChange={setQuery} />

        <Suspense fallback={<PanelLoading />}>
          <Panel
            api={api}
            query={query}
            currentStore={currentStore}
            around={shopper}
            dialogRef={dialogRef}
            inputRef={inputRef}
            onClose={onClose}
            pending={pending}
            onChoose={choose}
            onCancelChoice={cancelChoice}
            onConfirm={onConfirm}
            onLinkClick={onLinkClick}
            now={now}
          />
        </Suspense>

        <a className="mfss-link mfss-locator" href="/store-locator" onClick={(e) => onLinkClick(e, '/store-locator')}>
          View Store Locator
        </a>
      </div>
    </div>,
    document.body,
  );
}
