/**
 * single-spa lifecycles of mf-loyalty's route-owned pages, exposed as './pages' (ARCHITECTURE §4;
 * shared contract "Shell wiring"): the shell mounts them into `#slot-page` on `/verify-card` and
 * `/scene`. Built with the remote kit: each page is its own lazy chunk (the kit's "Loading…" status
 * shows meanwhile); a page that throws logs `[mf-loyalty] pages failed` and shows {@link PagesFallback}.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { LoyaltyPages } from './pages/LoyaltyPages';

/** Quiet fallback when a page throws: a short message and a way home. */
function PagesFallback() {
  return (
    <section style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Scene+</h1>
      <p>This page could not be shown. Please try again later. <a href="/" style={{ color: '#1b7f3b' }}>Go to the home page</a></p>
    </section>
  );
}

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-loyalty',
  label: 'pages',
  fallback: <PagesFallback />,
  rootComponent: (p) => <LoyaltyPages bus={p.bus} apiBase={p.config?.apiBase} navigate={p.navigate} />,
});
