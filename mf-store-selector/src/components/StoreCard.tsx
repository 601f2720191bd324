import { useId, type MouseEvent } from 'react';
import type { Store } from 'shared-events';
import { hoursText } from './hours';
import { StoreActions } from './StoreActions';

export interface StoreCardProps {
  store: Store;
  /** True for the store the shopper has now (shows a 'Your current store' badge). */
  current?: boolean;
  /** 'Select this store' was pressed (opens the confirmation sheet, spec §4). */
  onSelect: (store: Store, button: HTMLButtonElement) => void;
  /** Click on 'View store details'; the link is a plain URL `/stores/<slug>`. */
  onLinkClick?: (e: MouseEvent<HTMLAnchorElement>, url: string) => void;
}

/** The store's address on one line: address1, city, province and postal code (spec §3 Store). */
export function addressLine(store: Store): string {
  const { address1, city, province, postalCode } = store.address;
  return [address1, city, `${province} ${postalCode}`.trim()].filter(Boolean).join(', ');
}

/**
 * One store of the selector list (spec §2 Store selector): name, address, hours (or 'Open 24 Hours'),
 * a 'View store details' link to `/stores/<slug>` and a 'Select this store' button.
 * Both controls are described by the store name (aria-describedby) so they can be told apart.
 */
export function StoreCard({ store, current = false, onSelect, onLinkClick }: StoreCardProps) {
  const nameId = useId();
  return (
    <article className="mfss-card" aria-labelledby={nameId}>
      <h3 className="mfss-card__name" id={nameId}>{store.locationName}</h3>
      {current && <p className="mfss-card__badge">Your current store</p>}
      <p className="mfss-card__address">{addressLine(store)}</p>
      <p className="mfss-card__hours">{hoursText(store.hours)}</p>
      <StoreActions store={store} nameId={nameId} prefix="mfss" onSelect={onSelect} onLinkClick={onLinkClick} />
    </article>
  );
}
