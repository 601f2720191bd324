import type { Store } from 'shared-events';

/**
 * A store's postal address as an `<address>` (spec §3 Store): address1, address2 on its own line when
 * there is one, then `city, province postalCode`.
 */
export function StoreAddress({ address }: { address: Store['address'] }) {
  const { address1, address2, city, province, postalCode } = address;
  return (
    <address className="mfsp-address">
      {address1}
      {address2 ? <><br />{address2}</> : null}
      <br />
      {`${city}, ${province} ${postalCode}`}
    </address>
  );
}
