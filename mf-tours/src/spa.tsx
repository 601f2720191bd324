/**
 * './spa': single-spa lifecycles of mf-tours (ARCHITECTURE §1, §4), mounted by the shell into the
 * overlay band (tooling/registry/remotes.json: band, region overlay, optional). Error and slot policy:
 * @storefront/remote-kit (a failure leaves the page as it is: the default quiet fallback).
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { App } from './components/App';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-tours',
  label: 'Guided tours',
  rootComponent: App,
});
