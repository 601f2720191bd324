/**
 * A flyer item's details ('flyer:item-open', contract §3): a native modal `<dialog>` (WAI-ARIA
 * dialog: named by the item's name, described by its price and sale story; the rest of the page is
 * inert while it is open; Escape, the Close button or a press on the backdrop close it; focus moves to
 * its main button and back where it was). 'Add to list' / 'Remove from list' follow the list
 * (`bus.state.listItemIds`) and go through the same bus requests as the flyer's own buttons.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useBusState, type EventBus } from 'shared-events';
import type { FlyerItem } from '../api/types';
import { listItemIdOf } from '../state/bridge';

export interface ItemDialogProps {
  item: FlyerItem;
  storeCode: string;
  bus: EventBus;
  onAdd: (item: FlyerItem) => void;
  onRemove: (item: FlyerItem) => void;
  onClose: () => void;
}

const dateText = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-CA', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
};

export function ItemDialog({ item, storeCode, bus, onAdd, onRemove, onClose }: ItemDialogProps) {
  const titleId = useId();
  const descId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const listItemIds = useBusState(bus.state.listItemIds);
  const saved = listItemIds.includes(listItemIdOf(item, storeCode));
  /** An image that cannot load (e.g. the page's CSP img-src does not name the provider) is left out. */
  const [imageFailed, setImageFailed] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', ''); // jsdom and very old browsers: a non-modal dialog
    }
    actionRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };
  /** A press on the backdrop (the dialog element itself, outside its content box) closes it. */
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === dialogRef.current) onClose();
  };

  return (
    // The dialog element handles Escape and backdrop presses; its content is keyboard-reachable.
    <dialog
      ref={dialogRef}
      className="mf-flyer-dialog"
      aria-labelledby={titleId}
      aria-describedby={descId}
      onClose={onClose}
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className="mf-flyer-dialog__body">
        <div className="mf-flyer-dialog__head">
          <h2 id={titleId} className="mf-flyer-dialog__title">{item.name}</h2>
          <button type="button" className="mf-flyer-dialog__close" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {!imageFailed && (
          <img className="mf-flyer-dialog__image" src={item.image} alt="" width={240} height={240} onError={() => setImageFailed(true)} />
        )}
        <p id={descId} className="mf-flyer-dialog__price">
          <span className="mf-flyer-dialog__price-text">{item.priceText}</span>
          {item.saleStory.trim() && <span className="mf-flyer-dialog__story">{item.saleStory}</span>}
        </p>
        <p className="mf-flyer-dialog__dates">Valid {dateText(item.validFrom)} to {dateText(item.validTo)}</p>
        <button
          ref={actionRef}
          type="button"
          className={`mf-flyer__btn${saved ? ' mf-flyer__btn--quiet' : ''}`}
          onClick={() => (saved ? onRemove(item) : onAdd(item))}
        >
          {saved ? 'Remove from list' : 'Add to list'}
        </button>
      </div>
    </dialog>
  );
}
