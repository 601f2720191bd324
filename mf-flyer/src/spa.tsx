/**
 * './spa': single-spa lifecycles of mf-flyer (ARCHITECTURE §1, §4), the page the shell mounts into
 * `#slot-page` on `/flyer` and `/flyer/*` (tooling/registry/remotes.json). Error and slot policy:
 * @storefront/remote-kit; a page that throws logs `[mf-flyer] Weekly flyer failed` and shows the
 * short message below.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { FlyerPage } from './components/FlyerPage';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-flyer',
  label: 'Weekly flyer',
  rootComponent: (p) => <FlyerPage bus={p.bus} config={p.config} />,
  fallback: <p className="mf-flyer-error" role="alert">Weekly flyer is not available right now. <a href="/">Go to the home page</a></p>,
});
