/**
 * The shopping-list side panel (spec §2 "Shopping-list side panel", §9: 512 px wide from 1024 px,
 * full width below; custom list scroll height 270 px). Its own chunk (`mfsl-panel`, with focus-trap
 * and the product fetch), loaded on the first hover, focus or press of the trigger.
 */
import { useEffect, useId, useLayoutEffect, useRef, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { createFocusTrap, type FocusTrap } from 'focus-trap';
import { useNavigate } from '@storefront/remote-kit';
import { useBusState, type RemoteProps } from 'shared-events';
import { itemsLabel } from '../state/labels';
import type { ListService } from '../state/listService';
import { articleNumberOf, isCustom } from '../state/model';
import { isSignedIn } from '../state/signedIn';
import { useListSnapshot, useProductRecords } from '../state/useList';
import { Accordion } from './Accordion';
import { CustomItemForm } from './CustomItemForm';
import { ItemRow, itemName } from './ItemRow';
import { ListNotices } from './ListNotices';
import { ListOffers, useListOffers } from './ListOffers';
import { useRemovalFocus } from './removalFocus';
import './list.css';

/** Products the panel lists (one product fetch); 'View List' shows them all. */
export const PANEL_PRODUCT_LIMIT = 100;

/** Props of {@link ListPanel}. */
export interface ListPanelProps extends RemoteProps {
  /** The list service; null while its chunk loads. */
  service: ListService | null;
  /** True when the list service could not be loaded. */
  serviceFailed?: boolean;
  /** Focus goes back here on close (the trigger). */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Called once the panel has closed (the band unmounts it). */
  onClose: () => void;
}

/**
 * A modal dialog (WAI-ARIA APG dialog: `role="dialog"`, `aria-modal`, named 'Shopping list') sliding in
 * from the right (no slide with prefers-reduced-motion). Focus moves in (focus-trap) to 'Close
 * shopping list' and returns to the trigger on close; Escape, the close button and a press on the
 * backdrop close it; page scroll is locked while open.
 *
 * Inside: the count, 'Add a custom item', the accordions 'Custom List Items' (scrolls past 270 px)
 * and 'Products' (name, size, price for the store or 'Not available at <store>', quantity stepper,
 * remove), loading / empty ('Your list is empty') / error states, and 'View List', which goes to
 * /shopping-list, or to /products when the list is empty (spec §2), and closes the panel.
 */
export function ListPanel({ bus, config, service, serviceFailed, returnFocusTo, onClose }: ListPanelProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const trapRef = useRef<FocusTrap | null>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => { onCloseRef.current = onClose; }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const trap = createFocusTrap(dialog, {
      initialFocus: () => closeRef.current ?? dialog,
      fallbackFocus: () => dialog,
      // Escape closes the panel, except in a field being edited (the stepper's typed value: Escape drops it).
      escapeDeactivates: (e: KeyboardEvent) => !(e.target instanceof Element && e.target.closest('[data-editing="true"]')),
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
      setReturnFocus: () => returnFocusTo.current ?? false,
      onDeactivate: () => onCloseRef.current(),
    });
    trapRef.current = trap;
    trap.activate();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      trapRef.current = null;
      trap.deactivate({ onDeactivate: () => undefined });
    };
  }, [returnFocusTo]);

  /** Closes the panel; focus returns to the trigger unless `returnFocus` is false. */
  const close = (returnFocus = true) => {
    if (trapRef.current) trapRef.current.deactivate({ returnFocus });
    else onCloseRef.current();
  };

  const go = useNavigate();
  const viewList = (to: string) => {
    close(false);
    go(to);
  };

  return createPortal(
    <div className="mfsl-layer">
      <div className="mfsl-backdrop" aria-hidden="true" data-testid="list-backdrop" onClick={() => close()} />
      <div ref={dialogRef} className="mfsl-panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="mfsl-panel__head">
          <h2 id={titleId} className="mfsl-panel__title">Shopping list</h2>
          <button ref={closeRef} type="button" className="mfsl-panel__close" aria-label="Close shopping list" onClick={() => close()}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {service
          ? <PanelBody bus={bus} config={config} service={service} bodyRef={bodyRef} onViewList={viewList} />
          : (
            <div className="mfsl-panel__body" ref={bodyRef}>
              {serviceFailed
                ? <p className="mfsl-notice mfsl-notice--error" role="alert">Your list is not available right now. Please try again later.</p>
                : <PanelSkeleton />}
            </div>
          )}
      </div>
    </div>,
    document.body,
  );
}

/** Placeholder rows while the list is read. */
function PanelSkeleton() {
  return (
    <div className="mfsl-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="mfsl-visually-hidden">Loading your list…</span>
      {[0, 1, 2].map((i) => <div key={i} className="mfsl-skeleton__row" aria-hidden="true" />)}
    </div>
  );
}

function PanelBody({ bus, config, service, bodyRef, onViewList }: Pick<RemoteProps, 'bus' | 'config'> & {
  service: ListService;
  bodyRef: RefObject<HTMLDivElement | null>;
  onViewList: (to: string) => void;
}) {
  const snapshot = useListSnapshot(service);
  const store = useBusState(bus.state.store);
  const countRef = useRef<HTMLParagraphElement>(null);
  const beforeRemove = useRemovalFocus(bodyRef, countRef);
  const customs = snapshot.items.filter(isCustom);
  const products = snapshot.items.filter((i) => !isCustom(i));
  const listed = products.slice(0, PANEL_PRODUCT_LIMIT);
  const details = useProductRecords(config.search, listed.map((i) => articleNumberOf(i.item_id)));
  const signedIn = isSignedIn(useBusState(bus.state.session));
  const offers = useListOffers(bus, products.map((i) => articleNumberOf(i.item_id)), signedIn);
  const productNames = new Map(listed.map((i) => [articleNumberOf(i.item_id), itemName(i, details.records.get(articleNumberOf(i.item_id)))]));
  const loading = snapshot.status === 'loading';
  const empty = snapshot.status === 'ready' && snapshot.count === 0;

  return (
    <>
      <div className="mfsl-panel__body" ref={bodyRef}>
        <p ref={countRef} className="mfsl-panel__count" tabIndex={-1} aria-live="polite">{loading ? 'Loading your list…' : itemsLabel(snapshot.count)}</p>
        <ListNotices snapshot={snapshot} onRetry={() => { void service.retry(); }} />
        <CustomItemForm service={service} disabled={loading} />
        {loading && <PanelSkeleton />}
        {empty && <p className="mfsl-empty">Your list is empty</p>}
        {!loading && !empty && (
          <>
            <Accordion title="Custom List Items" count={customs.length} className="mfsl-acc__region--custom">
              {customs.length === 0
                ? <p className="mfsl-muted">No custom items yet.</p>
                : (
                  <ul className="mfsl-items">
                    {customs.map((item) => <ItemRow key={item.item_id} item={item} store={store} service={service} variant="panel" onBeforeRemove={beforeRemove} />)}
                  </ul>
                )}
            </Accordion>
            <ListOffers offers={offers} names={productNames} />
            <Accordion title="Products" count={products.length}>
              {products.length === 0 && <p className="mfsl-muted">No products yet.</p>}
              {details.isError && (
                <p className="mfsl-notice mfsl-notice--error" role="alert">
                  Product details could not be loaded. <button type="button" className="mfsl-link-btn" onClick={details.retry}>Try again</button>
                </p>
              )}
              {products.length > 0 && (
                <ul className="mfsl-items">
                  {listed.map((item) => (
                    <ItemRow key={item.item_id} item={item} record={details.records.get(articleNumberOf(item.item_id))} store={store} service={service} variant="panel" detailsFailed={details.isError} onBeforeRemove={beforeRemove} />
                  ))}
                </ul>
              )}
              {products.length > listed.length && <p className="mfsl-muted">Showing {listed.length} of {products.length} products. View List shows them all.</p>}
            </Accordion>
          </>
        )}
      </div>
      <div className="mfsl-panel__foot">
        <button type="button" className="mfsl-btn mfsl-btn--wide" disabled={loading} onClick={() => onViewList(snapshot.count > 0 || snapshot.status === 'error' ? '/shopping-list' : '/products')}>View List</button>
      </div>
    </>
  );
}
