/**
 * './pages': single-spa lifecycles of the store pages (spec §2 Routes), through the remote kit's
 * `createRemoteLifecycles`: the store locator `/store-locator` and the store detail `/stores/{slug}`.
 * The shell mounts it into `#slot-page` on those paths with `RemoteProps` (bus, config, domElement,
 * navigate); the app reads the path itself and loads each page on demand (`lazyPage`, the kit's
 * "Loading…" status meanwhile). When it throws, the kit logs `[mf-store-selector] pages failed` and
 * the page slot shows 'Store pages are unavailable right now.'.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { StorePagesApp } from './components/StorePagesApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-store-selector',
  label: 'pages',
  rootComponent: StorePagesApp,
  fallback: <p className="mfsp-error" data-remote-error="mf-store-selector/pages">Store pages are unavailable right now.</p>,
});
