/**
 * './spa': single-spa lifecycles of the header search box + dropdown (ARCHITECTURE §1, §2, §4),
 * through the remote kit's `createRemoteLifecycles` (single-spa-react 6 with `createRoot`, the kit's
 * providers, one error policy). The shell mounts it into `#slot-mf-search` with `RemoteProps`
 * custom props; without `props.domElement` the mount rejects.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { SearchApp } from './search/SearchApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-search',
  label: 'search box',
  rootComponent: SearchApp,
  // A failing search box must never blank the header: a quiet, empty box keeps the band's layout.
  fallback: <div className="mfs-search mfs-search--failed" data-remote-error="mf-search" />,
});
