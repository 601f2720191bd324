/**
 * './recipe-plans': single-spa lifecycles of mf-shopping-list's recipe pages (registry app
 * 'mf-shopping-list-recipe-plans', routes /recipes/my-recipe-lists and /recipes/meal-plan, mounted into
 * `#slot-page`; spec §2 Routes). The pages are their own chunk (kit lazyPage); the kit's
 * 'Loading…' status shows meanwhile. A page that throws logs `[mf-shopping-list] page failed` and shows
 * {@link RecipePlansFallback}.
 */
import { createRemoteLifecycles, lazyPage } from '@storefront/remote-kit';

/** Both pages (one chunk); the page shown follows the URL. */
const RecipePlansPage = lazyPage(() => import(/* webpackChunkName: "mfsl-recipe-plans" */ './recipes/RecipePlansPage'), 'RecipePlansPage');

/** Quiet fallback when a page throws: a short message and a way to the recipes. */
function RecipePlansFallback() {
  return (
    <section className="mfsl-page-fallback" style={{ maxWidth: 960, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Recipes</h1>
      <p>This page could not be shown. Please try again later. <a href="/recipes" style={{ color: '#14612d' }}>Browse recipes</a></p>
    </section>
  );
}

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-shopping-list',
  label: 'page',
  fallback: <RecipePlansFallback />,
  rootComponent: (p) => <RecipePlansPage bus={p.bus} config={p.config} navigate={p.navigate} />,
});
