import { useEffect, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { lazyPart, PartBoundary, useNavigate, useQueryClient } from '@storefront/remote-kit';
import { Dialog } from '@storefront/remote-kit/dialog';
import { isPlainLeftClick, type Store } from 'shared-events';
import type { StoreSearchApi } from '../api/storeSearch';
import { storeSearchQuery } from '../api/storeQueries';
import { readShopperLocation, type LatLng } from '../api/location';
import { FETCH_ERROR, SEARCHING_STORES } from './messages';
import { StoreSearchField } from './StoreSearchField';
import './selectorDialog.css';

export interface StoreSelectorDialogProps {
  api: StoreSearchApi;
  /** The store the shopper has now; its `_geoloc` centres the list before typing (without a position). */
  currentStore: Store | null;
  /** The shopper's position (spec §4 first visit); default: the one kept this session, if any. */
  around?: LatLng | null;
  /** Close without a change (Escape, close button, backdrop, a link followed). */
  onClose: () => void;
  /** 'Yes' on the confirmation sheet: the caller saves and publishes, then closes. */
  onConfirm: (store: Store) => void;
  /** Where focus goes when the dialog closes: the store button. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * `store-selector-panel`: the list, the debounced store search and the confirmation sheet
 * (`StoreSelectorPanel.tsx`). Its download starts as soon as this chunk has run, so it is usually
 * there by the time the shopper opens the dialog; it holds none of this chunk's modules.
 */
const selectorPanel = lazyPart(
  () => import(/* webpackChunkName: "store-selector-panel" */ './StoreSelectorPanel').then((m) => m.StoreSelectorPanel),
);
selectorPanel.preload().catch(() => {});

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
 * The store selector (spec §2 Store selector, §4 Store selection, §5, §8, §9), loaded on demand
 * (`selectorDialog` in ./selectorParts): the kit's `Dialog` (a panel on the right) 'Select a store'
 * with the search box 'Search by city or postal code', the list and a 'View Store Locator' link. Focus
 * starts in the search box and is trapped; Escape, the × and the backdrop close it; focus then
 * returns to `returnFocusTo`.
 *
 * The frame renders as soon as its chunk is here; the list, the 700 ms debounced search and the
 * confirmation sheet are {@link selectorPanel}, downloaded right after it; until that is here the list
 * shows its loading state 'Searching for stores…' and what is typed is kept. The nearby list's request starts
 * with the frame, not after the panel.
 */
export function StoreSelectorDialog({ api, currentStore, around, onClose, onConfirm, returnFocusTo }: StoreSelectorDialogProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [shopper] = useState(() => around ?? readShopperLocation());
  const centre = shopper ?? currentStore?._geoloc ?? null;

  // The nearby list (the panel's first query, same key) starts now, not once the panel has loaded.
  useEffect(() => {
    void queryClient.prefetchQuery(storeSearchQuery(api, '', centre ? { lat: centre.lat, lng: centre.lng } : undefined));
    // Only on opening: later changes are the panel's query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // An in-site link (a store's details, the locator) closes the selector and navigates without a reload.
  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>, url: string) => {
    if (!isPlainLeftClick(e)) return;
    e.preventDefault();
    onClose();
    navigate(url);
  };

  return (
    <Dialog title="Select a store" variant="panel" side="right" className="mfss-dialog" initialFocus={inputRef} returnFocusTo={returnFocusTo} onClose={onClose}>
      <StoreSearchField id={inputId} prefix="mfss" inputRef={inputRef} value={query} onChange={setQuery} />
      <PartBoundary label="selector panel" loading={<PanelLoading />} failed={<p role="alert" className="mfss-error">{FETCH_ERROR}</p>}>
        <selectorPanel.Part
          api={api}
          query={query}
          currentStore={currentStore}
          around={shopper}
          onConfirm={onConfirm}
          onLinkClick={onLinkClick}
        />
      </PartBoundary>
      <a className="mfss-link mfss-locator" href="/store-locator" onClick={(e) => onLinkClick(e, '/store-locator')}>
        View Store Locator
      </a>
    </Dialog>
  );
}
