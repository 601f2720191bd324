/**
 * single-spa lifecycles of mf-loyalty's route-owned pages, exposed as './pages' (ARCHITECTURE §4;
 * shared contract "Shell wiring"): the shell mounts them into `#slot-page` on `/verify-card` and
 * `/scene`. Built with the remote kit: each page is its own lazy chunk (the kit's "Loading…" status
 * shows meanwhile); a page that throws logs `[mf-loyalty] pages failed` and shows the kit's PageFallback.
 */
import { useRemote } from '@storefront/remote-kit';
import { createPageLifecycles } from '@storefront/remote-kit/page-fallback';
import { LoyaltyPages } from './components/LoyaltyPages';

/** The pages with the custom props from the kit context. */
function Pages() {
  const { bus, config, navigate } = useRemote();
  return <LoyaltyPages bus={bus} apiBase={config?.apiBase} navigate={navigate} />;
}

export const { bootstrap, mount, unmount } = createPageLifecycles({
  remote: 'mf-loyalty',
  label: 'pages',
  Page: Pages,
  fallback: { title: 'Scene+', message: 'This page could not be shown. Please try again later.', href: '/', linkText: 'Go to the home page' },
});
