/**
 * './pages': single-spa lifecycles of mf-shopping-list's page (registry app 'mf-shopping-list-pages',
 * routes /shopping-list and /shopping-list/*, mounted into `#slot-page`; spec §2 Routes, §4 "The list
 * loads 100 items per page with a 'Load More' control"). The page is its own chunk (kit lazyPage);
 * the kit's 'Loading…' status shows meanwhile. A page that throws logs `[mf-shopping-list] page failed`
 * and shows {@link PageFallback}.
 */
import { createRemoteLifecycles, lazyPage } from '@storefront/remote-kit';

/** The page, loaded on its routes only. */
const ShoppingListPage = lazyPage(() => import(/* webpackChunkName: "mfsl-page" */ './pages/ShoppingListPage'), 'ShoppingListPage');

/** Quiet fallback when the page throws: a short message and a way home. */
function PageFallback() {
  return (
    <section className="mfsl-page-fallback" style={{ maxWidth: 960, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Shopping list</h1>
      <p>Your shopping list could not be shown. Please try again later. <a href="/" style={{ color: '#14612d' }}>Go to the home page</a></p>
    </section>
  );
}

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-shopping-list',
  label: 'page',
  fallback: <PageFallback />,
  rootComponent: (p) => <ShoppingListPage bus={p.bus} config={p.config} navigate={p.navigate} />,
});
