/**
 * './spa': single-spa lifecycles of mf-offers's band (registry app 'mf-offers', kind 'band', region
 * 'overlay', `when: signed-in`; ARCHITECTURE §1, §4). Renders nothing: it answers the shopping-list
 * panel's `offers/matches-requested` with the shopper's loaded offers matching the list
 * (`offers/matches`, shared-events 1.3.0; spec §2 side panel "offers sections"). A failure leaves the
 * kit's hidden marker (`[mf-offers] band failed`).
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { OffersBand } from './components/OffersBand';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-offers',
  label: 'band',
  rootComponent: (p) => <OffersBand bus={p.bus} apiBase={p.config?.apiBase} />,
});
