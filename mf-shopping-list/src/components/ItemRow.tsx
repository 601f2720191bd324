import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { siteLinkClick, type Store } from 'shared-events';
import type { ProductRecord } from '../api/products';
import { availabilityOf, availabilityText } from '../state/availability';
import type { ListService } from '../api/listService';
import { articleNumberOf, cleanCustomName, isCustom, metaName, metaSaleStory, type ListItem } from '../state/model';
import { unitPriceText } from '../state/unitPrice';
import { CustomNameInput } from './CustomNameInput';
import { QuantityStepper } from './QuantityStepper';

/** The name shown for an item: a custom item's name, else the product title, else the name the adding remote gave, else the article number. */
export function itemName(item: ListItem, record: ProductRecord | null | undefined): string {
  if (isCustom(item)) return metaName(item) ?? 'Custom item';
  return record?.title || metaName(item) || `Item ${articleNumberOf(item.item_id)}`;
}

/** Props of {@link ItemRow}. */
export interface ItemRowProps {
  item: ListItem;
  /** The product record (products only): undefined while loading, null when the index has none. */
  record?: ProductRecord | null;
  store: Store | null;
  service: ListService;
  /** 'panel': name, details, stepper, remove. 'page': also the check-off box, the product link and inline renaming of custom items. */
  variant: 'panel' | 'page';
  /** The product details could not be loaded: no availability line for a product without a record. */
  detailsFailed?: boolean;
  /** Called just before the item is removed (the list moves focus to a neighbour). */
  onBeforeRemove?: (row: HTMLElement) => void;
  navigate?: (url: string) => void;
}

/**
 * One list row. Every shopper text (names) is rendered as text, never as HTML. Products show their
 * size and brand, the price for the preferred store and its unit price ('$1.80 /100 g', read
 * '$1.80 per 100 g'), 'Not available at <store>' or 'No longer available' (spec §5 availability); custom items show their name (editable inline on the page).
 */
export function ItemRow({ item, record, store, service, variant, detailsFailed = false, onBeforeRemove, navigate }: ItemRowProps) {
  const rowRef = useRef<HTMLLIElement>(null);
  const [error, setError] = useState<string | null>(null);
  const custom = isCustom(item);
  const name = itemName(item, record);
  const availability = custom || (record === undefined && detailsFailed) ? null : availabilityOf(record, store);
  const details = !custom && record ? [record.brand, record.size].filter(Boolean).join(' · ') : '';
  const unit = availability?.kind === 'available' ? unitPriceText(record, availability.priceCents) : null;
  const href = !custom && record?.pageSlug ? `/${record.pageSlug.replace(/^\/+/, '')}` : null;

  const remove = () => {
    if (rowRef.current) onBeforeRemove?.(rowRef.current);
    service.remove(item.item_id).catch(() => setError('The item could not be removed. Please try again.'));
  };

  return (
    <li ref={rowRef} className={`mfsl-item${item.checked ? ' mfsl-item--done' : ''}`} data-item-row={item.item_id}>
      {variant === 'page' && (
        <input
          className="mfsl-item__check"
          type="checkbox"
          checked={item.checked}
          aria-label={`Check off ${name}`}
          onChange={(e) => { service.setChecked(item.item_id, e.target.checked).catch(() => setError('Your change could not be saved.')); }}
        />
      )}
      <div className="mfsl-item__main">
        {custom && variant === 'page'
          ? <CustomName item={item} name={name} service={service} />
          : (
            <span className="mfsl-item__name">
              {variant === 'page' && href
                ? <a href={href} onClick={siteLinkClick(href, navigate)}>{name}</a>
                : name}
            </span>
          )}
        {details && <span className="mfsl-item__details">{details}</span>}
        {item.product_type === 'flyer' && metaSaleStory(item) && <span className="mfsl-item__sale">Flyer: {metaSaleStory(item)}</span>}
        {availability && <span className={`mfsl-item__price mfsl-item__price--${availability.kind}`}>{availabilityText(availability)}</span>}
        {unit && (
          <span className="mfsl-item__unit" data-unit-price="">
            <span aria-hidden="true">{unit.text}</span>
            <span className="mfsl-visually-hidden">{unit.spoken}</span>
          </span>
        )}
      </div>
      <QuantityStepper name={name} value={item.quantity} onChange={(q) => service.setQuantity(item.item_id, q)} />
      <button type="button" className="mfsl-item__remove" aria-label={`Remove ${name}`} onClick={remove}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {error && <p className="mfsl-error mfsl-item__error" role="alert">{error}</p>}
    </li>
  );
}

/** A custom item's name with inline renaming (page): 'Rename', then a field (maxLength 50), Enter/'Save' or Escape/'Cancel'. */
function CustomName({ item, name, service }: { item: ListItem; name: string; service: ListService }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const editRef = useRef<HTMLButtonElement>(null);

  const stop = (focusEdit = true) => {
    setEditing(false);
    setError(null);
    if (focusEdit) requestAnimationFrame(() => editRef.current?.focus());
  };
  const save = () => {
    if (!cleanCustomName(draft)) {
      setError('Enter a name for the item.');
      return;
    }
    service.renameCustom(item.item_id, draft).then(() => stop(), () => setError('The new name could not be saved. Please try again.'));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') { e.preventDefault(); save(); }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); stop(); }
  };

  if (!editing) {
    return (
      <span className="mfsl-item__name">
        <span className="mfsl-item__label">{name}</span>
        <button ref={editRef} type="button" className="mfsl-link-btn" aria-label={`Rename ${name}`} onClick={() => { setDraft(name); setEditing(true); }}>Rename</button>
      </span>
    );
  }
  return (
    <span className="mfsl-item__rename">
      <label className="mfsl-visually-hidden" htmlFor={inputId}>New name for {name}</label>
      <CustomNameInput
        id={inputId}
        autoFocus
        value={draft}
        errorId={error ? errorId : null}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="button" className="mfsl-btn mfsl-btn--small" onClick={save}>Save</button>
      <button type="button" className="mfsl-btn mfsl-btn--small mfsl-btn--quiet" onClick={() => stop()}>Cancel</button>
      {error && <span id={errorId} className="mfsl-error" role="alert">{error}</span>}
    </span>
  );
}
