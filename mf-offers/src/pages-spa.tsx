/**
 * './pages': single-spa lifecycles of mf-offers's route-owned pages (registry app 'mf-offers-pages',
 * routes /offers and /favourites, mounted into `#slot-page`; ARCHITECTURE §4). Each page is its own lazy
 * chunk (kit lazyPage; the kit's 'Loading…' status meanwhile). A page that throws logs
 * `[mf-offers] pages failed` and shows {@link PagesFallback}.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
import { OffersPages } from './pages/OffersPages';

/** Quiet fallback when a page throws: a short message and a way home. */
function PagesFallback() {
  return (
    <section style={{ maxWidth: 960, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Offers</h1>
      <p>Your offers could not be shown. Please try again later. <a href="/" style={{ color: '#14612d' }}>Go to the home page</a></p>
    </section>
  );
}

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-offers',
  label: 'pages',
  fallback: <PagesFallback />,
  rootComponent: (p) => <OffersPages bus={p.bus} apiBase={p.config?.apiBase} navigate={p.navigate} />,
});
