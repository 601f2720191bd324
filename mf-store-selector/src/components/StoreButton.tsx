import { forwardRef } from 'react';
import { DialogTrigger } from '@storefront/remote-kit';
import type { Store } from 'shared-events';

export interface StoreButtonProps {
  store: Store | null;
  expanded: boolean;
  onClick: () => void;
  /**
   * The shopper is about to use the button (pointer over, pointer down, focus): start downloading what the dialog
   * needs, so it is there by the click or key press (nothing is fetched on page load).
   */
  onPreload?: () => void;
}

/** Accessible name of the store button: 'Your store: <locationName>' or 'Select a store'. */
export function storeButtonLabel(store: Store | null): string {
  return store ? `Your store: ${store.locationName}` : 'Select a store';
}

/**
 * The header's store button (spec §2 Store selector), always visible: shows the preferred store and
 * opens the selector dialog. Focus returns here when the dialog closes.
 */
export const StoreButton = forwardRef<HTMLButtonElement, StoreButtonProps>(function StoreButton(
  { store, expanded, onClick, onPreload },
  ref,
) {
  return (
    <DialogTrigger ref={ref} className="mfss-trigger" open={expanded} onClick={onClick} onPreload={onPreload}>
      <svg className="mfss-trigger__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
      </svg>
      <span className="mfss-trigger__text">
        {/* The visible text is the accessible name (WCAG 2.5.3 label in name): 'Your store: <name>'. */}
        <span className="mfss-trigger__caption">{store ? 'Your store:' : storeButtonLabel(null)}</span>
        {store && ' '}
        {store && <span className="mfss-trigger__name">{store.locationName}</span>}
      </span>
    </DialogTrigger>
  );
});
