import { useId } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import type { Store } from 'shared-events';
import { hoursText } from './hours';
import { distanceLabel, formatDistanceKm } from '../state/distance';
import { linkClick, regionText } from './links';
import { WeeklyHours } from './WeeklyHours';
import { StoreActions } from './StoreActions';
import { StoreAddress } from './StoreAddress';

export interface LocatorStoreCardProps {
  store: Store;
  /** Position in the list (1-based), matching the map marker. */
  position: number;
  /** Metres from the search point, or null. */
  distanceMeters: number | null;
  current: boolean;
  onSelect: (store: Store, trigger: HTMLElement) => void;
}

/**
 * One store of the store locator (spec §2 Routes `/store-locator`, §3 Store: every field):
 * number and name, distance in km, store number, address (address1, address2, city, province,
 * postal code) with the intersection, today's hours or 'Open 24 Hours' with the week in a
 * disclosure, region, a 'View store details' link (`/stores/<slug>`) and 'Select this store'.
 */
export function LocatorStoreCard({ store, position, distanceMeters, current, onSelect }: LocatorStoreCardProps) {
  const nameId = useId();
  const navigate = useNavigate();
  const { intersection } = store.address;
  const km = formatDistanceKm(distanceMeters);
  return (
    <article className="mfsp-card" aria-labelledby={nameId}>
      <div className="mfsp-card__head">
        <span className="mfsp-card__pin" aria-hidden="true">{position}</span>
        <h3 className="mfsp-card__name" id={nameId}>{store.locationName}</h3>
        {km && (
          <p className="mfsp-card__distance">
            <span aria-hidden="true">{km}</span>
            <span className="mfsp-visually-hidden">{distanceLabel(distanceMeters)}</span>
          </p>
        )}
      </div>
      {current && <p className="mfsp-badge">Your current store</p>}
      <dl className="mfsp-facts">
        <dt>Store number</dt>
        <dd>{store.storeNumber}</dd>
        <dt>Address</dt>
        <dd>
          <StoreAddress address={store.address} />
        </dd>
        {intersection && (
          <>
            <dt>Intersection</dt>
            <dd>{intersection}</dd>
          </>
        )}
        <dt>Hours</dt>
        <dd>
          {hoursText(store.hours)}
          {!store.hours.is24Hours && store.hours.storeHours.length > 0 && (
            <details className="mfsp-week">
              <summary>Hours for each day</summary>
              <WeeklyHours hours={store.hours} caption={`Hours of ${store.locationName}`} />
            </details>
          )}
        </dd>
        {store.region.length > 0 && (
          <>
            <dt>Region</dt>
            <dd>{regionText(store.region)}</dd>
          </>
        )}
      </dl>
      <StoreActions store={store} nameId={nameId} prefix="mfsp" onSelect={onSelect} onLinkClick={(e, href) => linkClick(href, navigate)(e)} />
    </article>
  );
}
