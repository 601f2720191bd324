/**
 * A flyer item's details ('flyer:item-open', contract §3): the kit's modal `Dialog` (WAI-ARIA
 * dialog: named by the item's name, described by its price and sale story; focus is trapped inside;
 * Escape, the Close button or a press on the backdrop close it; focus moves to its main button and
 * back where it was). 'Add to list' / 'Remove from list' follow the list
 * (`bus.state.listItemIds`) and go through the same bus requests as the flyer's own buttons.
 */
import { useRef, useState } from 'react';
import { Dialog } from '@storefront/remote-kit/dialog';
import { useBusState, type EventBus } from 'shared-events';
import type { FlyerItem } from 'shared-events/contracts';
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
  const actionRef = useRef<HTMLButtonElement>(null);
  const listItemIds = useBusState(bus.state.listItemIds);
  const saved = listItemIds.includes(listItemIdOf(item, storeCode));
  /** An image that cannot load (e.g. the page's CSP img-src does not name the provider) is left out. */
  const [imageFailed, setImageFailed] = useState(false);

  return (
    <Dialog
      title={item.name}
      className="mf-flyer-dialog"
      initialFocus={actionRef}
      onClose={onClose}
      description={(
        <p className="mf-flyer-dialog__price">
          <span className="mf-flyer-dialog__price-text">{item.priceText}</span>
          {item.saleStory.trim() && <span className="mf-flyer-dialog__story">{item.saleStory}</span>}
        </p>
      )}
    >
      <div className="mf-flyer-dialog__body">
        {!imageFailed && (
          <img className="mf-flyer-dialog__image" src={item.image} alt="" width={240} height={240} onError={() => setImageFailed(true)} />
        )}
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
    </Dialog>
  );
}
