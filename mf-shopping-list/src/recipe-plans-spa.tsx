/**
 * './recipe-plans': single-spa lifecycles of mf-shopping-list's recipe pages (registry app
 * 'mf-shopping-list-recipe-plans', routes /recipes/my-recipe-lists and /recipes/meal-plan, mounted into
 * `#slot-page`; spec §2 Routes). The pages are their own chunk (kit lazyPage); the kit's
 * 'Loading…' status shows meanwhile. A page that throws logs `[mf-shopping-list] page failed` and shows
 * a short message with a link to /recipes (the kit's PageFallback).
 */
import { lazyPage } from '@storefront/remote-kit';
import { createPageLifecycles } from '@storefront/remote-kit/page-fallback';

/** Both pages (one chunk); the page shown follows the URL. */
const RecipePlansPage = lazyPage(() => import(/* webpackChunkName: "mfsl-recipe-plans" */ './components/recipes/RecipePlansPage'), 'RecipePlansPage');

export const { bootstrap, mount, unmount } = createPageLifecycles({
  remote: 'mf-shopping-list',
  label: 'page',
  Page: RecipePlansPage,
  fallback: { title: 'Recipes', message: 'This page could not be shown. Please try again later.', href: '/recipes', linkText: 'Browse recipes' },
});
