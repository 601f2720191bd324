/**
 * single-spa lifecycles of mf-header, exposed as './spa' (ARCHITECTURE §1, §2, §4), through the
 * remote kit's `createRemoteLifecycles`: the shell mounts it into `#slot-mf-header` with RemoteProps
 * custom props (`bus`, `config`, `domElement`, `navigate`); the kit renders into `domElement` with
 * `createRoot`, under its providers (QueryClient, remote context) and its error policy.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { App } from './components/App';

/**
 * Quiet fallback when the header throws (the kit logs `[mf-header] header failed`): a plain home
 * link instead of a blank band, so the page keeps a way home.
 */
function HeaderFallback() {
  return <a href="/" className="mfh-fallback" style={{ display: 'inline-block', padding: 12, color: '#1b7f3b', fontWeight: 700 }}>Harbour Market</a>;
}

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-header',
  label: 'header',
  rootComponent: App,
  fallback: <HeaderFallback />,
});
