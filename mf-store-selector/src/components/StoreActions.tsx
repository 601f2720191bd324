import type { MouseEvent } from 'react';
import type { Store } from 'shared-events';
import { storeDetailsUrl } from './links';

export interface StoreActionsProps {
  store: Store;
  /** id of the element holding the store name: both controls are described by it (aria-describedby). */
  nameId: string;
  /** CSS prefix of the surface: 'mfss' (selector dialog) or 'mfsp' (pages). */
  prefix: 'mfss' | 'mfsp';
  /** 'Select this store' was pressed (opens the confirmation sheet, spec §4 Store selection). */
  onSelect: (store: Store, button: HTMLButtonElement) => void;
  /** Click on 'View store details' (the link is a plain URL `/stores/<slug>`). */
  onLinkClick?: (e: MouseEvent<HTMLAnchorElement>, url: string) => void;
}

/**
 * The two actions of every store in a list (spec §2 Store selector): 'View store details' linking to
 * `/stores/<slug>` and 'Select this store'. Used by the selector dialog and the store locator.
 */
export function StoreActions({ store, nameId, prefix, onSelect, onLinkClick }: StoreActionsProps) {
  const url = storeDetailsUrl(store.slug);
  return (
    <div className={`${prefix}-card__actions`}>
      <a className={`${prefix}-link`} href={url} aria-describedby={nameId} onClick={(e) => onLinkClick?.(e, url)}>
        View store details
      </a>
      <button
        type="button"
        className={`${prefix}-btn ${prefix}-btn--primary`}
        aria-describedby={nameId}
        onClick={(e) => onSelect(store, e.currentTarget)}
      >
        Select this store
      </button>
    </div>
  );
}
