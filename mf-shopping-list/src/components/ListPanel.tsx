/**
 * The shopping-list side panel (spec §2 "Shopping-list side panel", §9: 512 px wide from 1024 px,
 * full width below; custom list scroll height 270 px). Its own chunk (`mfsl-panel`, with the kit Dialog
 * and the product fetch), loaded on the first hover, focus or press of the trigger.
 */
import { useRef, type RefObject } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { LoadError, Skeleton } from '@storefront/remote-kit/blocks';
import { Dialog, useDialog } from '@storefront/remote-kit/dialog';
import { useBusState } from 'shared-events';
import { itemsLabel } from '../state/labels';
import type { ListService } from '../api/listService';
import { articleNumberOf, isCustom } from '../state/model';
import { isSignedIn } from '../state/signedIn';
import { useListSnapshot, useProductRecords } from '../hooks/useList';
import { useRemoteRuntime } from '@storefront/remote-kit';
import { Accordion } from './Accordion';
import { CustomItemForm } from './CustomItemForm';
import { ItemRow, itemName } from './ItemRow';
import { ListNotices } from './ListNotices';
import { ListOffers, useListOffers } from './ListOffers';
import { useRemovalFocus } from './removalFocus';
import './list.css';

/** Products the panel lists (one product fetch); 'View List' shows them all. */
export const PANEL_PRODUCT_LIMIT = 100;

/** Props of {@link ListPanel} (the custom props come from the kit context). */
export interface ListPanelProps {
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
 * The kit's Dialog, panel variant (WAI-ARIA APG dialog: `role="dialog"`, `aria-modal`, named 'Shopping
 * list') from the right. Focus moves in to 'Close shopping list' and returns to the trigger on close;
 * Escape (not while a quantity is being typed), the close button and a press on the backdrop close it;
 * page scroll is locked while open.
 *
 * Inside: the count, 'Add a custom item', the accordions 'Custom List Items' (scrolls past 270 px)
 * and 'Products' (name, size, price for the store or 'Not available at <store>', quantity stepper,
 * remove), loading / empty ('Your list is empty') / error states, and 'View List', which goes to
 * /shopping-list, or to /products when the list is empty (spec §2), and closes the panel.
 */
export function ListPanel({ service, serviceFailed, returnFocusTo, onClose }: ListPanelProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog
      title="Shopping list"
      variant="panel"
      side="right"
      className="mfsl-dialog mfsl-panel"
      closeLabel="Close shopping list"
      initialFocus="close"
      returnFocusTo={returnFocusTo}
      closeOnEscape={escapeCloses}
      onClose={() => onClose()}
    >
      {service
        ? <PanelBody service={service} bodyRef={bodyRef} />
        : (
          <div className="mfsl-panel__body" ref={bodyRef}>
            {serviceFailed
              ? <p className="mfsl-notice mfsl-notice--error" role="alert">Your list is not available right now. Please try again later.</p>
              : <Skeleton label="Loading your list…" className="mfsl-skeleton" />}
          </div>
        )}
    </Dialog>
  );
}

/** Escape closes the panel, except in a field being edited (the stepper's typed value: Escape drops it). */
function escapeCloses(e: KeyboardEvent): boolean {
  return !(e.target instanceof Element && e.target.closest('[data-editing="true"]'));
}

function PanelBody({ service, bodyRef }: { service: ListService; bodyRef: RefObject<HTMLDivElement | null> }) {
  const { bus, config } = useRemoteRuntime();
  const dialog = useDialog();
  const go = useNavigate();
  /** 'View List' closes the panel without sending focus back to the button: the page takes it. */
  const onViewList = (to: string) => {
    dialog.close('button', { returnFocus: false });
    go(to);
  };
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
        {loading && <Skeleton label="Loading your list…" className="mfsl-skeleton" />}
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
                <LoadError message="Product details could not be loaded." onRetry={details.retry} className="mfsl-notice mfsl-notice--error" buttonClassName="mfsl-link-btn" />
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
