/**
 * Standalone mode (`npm run dev`, or the built index.html) through the remote kit's
 * `mountStandalone`: mounts the header into `#root` with the page's real bus, the kit's providers and
 * error policy, no demo session (the account menu starts signed out) and the kit's demo store 3299
 * (Nova Scotia). Every bus event is logged to the console.
 * `?demo=coop` publishes a co-op store instead (co-op logo); `?toast=1` shows a sample toast.
 */
import { mountStandalone } from '@storefront/remote-kit/standalone';
import { App } from './components/App';

const params = new URLSearchParams(window.location.search);

const { bus } = mountStandalone(App, {
  remote: 'mf-header',
  session: false,
  store: params.get('demo') === 'coop'
    ? { storeNumber: '4101', locationName: 'Antigonish Co-op', slug: 'antigonish-co-op-4101', bannerCode: 'coop' }
    : undefined,
  strict: false,
});

if (params.has('toast')) setTimeout(() => bus.emit('toast/show', { message: 'Welcome to the standalone header.', kind: 'info' }), 300);
