/**
 * './recipe-plans': single-spa lifecycles of mf-shopping-list's recipe pages (registry app
 * 'mf-shopping-list-recipe-plans', routes /recipes/my-recipe-lists and /recipes/meal-plan, mounted into
 * `#slot-page`; spec §2 Routes). The pages are their own chunk (kit lazyPage); the kit's
 * 'Loading…' status shows meanwhile. A page that throws logs `[mf-shopping-list] page failed` and shows
 * a short message with a link (components/PageFallback).
 */
import { createRemoteLifecycles, lazyPage } from '@storefront/remote-kit';
import { PageFallback } from './components/PageFallback';

/** Both pages (one chunk); the page shown follows the URL. */
const RecipePlansPage = lazyPage(() => import(/* webpackChunkName: "mfsl-recipe-plans" */ './recipes/RecipePlansPage'), 'RecipePlansPage');

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-shopping-list',
  label: 'page',
  fallback: <PageFallback title="Recipes" message="This page could not be shown. Please try again later." href="/recipes" linkText="Browse recipes" />,
  rootComponent: (p) => <RecipePlansPage bus={p.bus} config={p.config} navigate={p.navigate} />,
});
