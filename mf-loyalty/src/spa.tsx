/**
 * single-spa lifecycles of mf-loyalty's always-on part, exposed as './spa' (ARCHITECTURE §1, §4).
 * The shell mounts it into `#slot-mf-loyalty` with RemoteProps (`bus`, `config`, `domElement`,
 * `navigate`); it renders nothing until a card popup opens (spec §4 Card popup state).
 * Built with the remote kit: a failed popup host logs `[mf-loyalty] popups failed` and leaves only
 * the kit's hidden marker, so it never covers the page.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { PopupHost } from './components/PopupHost';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-loyalty',
  label: 'popups',
  rootComponent: (p) => <PopupHost bus={p.bus} apiBase={p.config?.apiBase} navigate={p.navigate} />,
});
