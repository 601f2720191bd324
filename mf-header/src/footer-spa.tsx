/**
 * single-spa lifecycles of the site footer, exposed as './footer' (ARCHITECTURE §1, §2, §4; spec §2
 * Footer), through the remote kit's `createRemoteLifecycles`. The shell mounts it into
 * `#slot-mf-footer`, inside its `<footer>` landmark (this remote renders no `<footer>` of its own),
 * with RemoteProps custom props (`bus`, `config`, `navigate`, `domElement`).
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { Footer } from './components/Footer';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-header',
  label: 'footer',
  rootComponent: Footer,
  // A broken footer shows nothing the shopper can see (the kit's hidden `data-remote-error` marker
  // keeps the failure findable by e2e and monitoring); the page stays usable.
});
