/**
 * './spa': single-spa lifecycles of mf-shopping-list's header band (ARCHITECTURE §1, §4; registry
 * kind 'band', region 'header', slot `#slot-mf-shopping-list`): the list trigger with its count badge
 * and the side panel (spec §2 "Shopping-list side panel"). Its first chunk is the trigger only; the
 * list service and the panel are on-demand chunks (components/ListBand). A failure leaves the kit's
 * hidden marker (`[mf-shopping-list] band failed`), never a blank page.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { ListBand } from './components/ListBand';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-shopping-list',
  label: 'band',
  // The band reads bus and config from the kit context.
  rootComponent: () => <ListBand />,
});
