/**
 * './spa': single-spa lifecycles of __PACKAGE__ (ARCHITECTURE §1, §4), mounted by the shell where the
 * remote registry says (tooling/registry/remotes.json). Error and slot policy: @storefront/remote-kit.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { App } from './components/App';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: '__PACKAGE__',
  label: '__TITLE__',
  rootComponent: App,
  fallback: <p className="__CSS__-error" role="alert">__TITLE__ is not available right now. <a href="/">Go to the home page</a></p>,
});
