/**
 * './spa': single-spa lifecycles of the store selector (ARCHITECTURE §1, §2, §4), through the remote
 * kit's `createRemoteLifecycles`: the shell mounts it into `#slot-mf-store-selector` (passed as
 * `RemoteProps.domElement`) with `RemoteProps` custom props. A broken selector never blanks the
 * header: the kit logs `[mf-store-selector] selector failed` and leaves its hidden
 * `<div data-remote-error="mf-store-selector" data-remote-app="selector">` in the slot.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { StoreSelectorApp } from './components/StoreSelectorApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-store-selector',
  label: 'selector',
  rootComponent: StoreSelectorApp,
});
