/**
 * './pages': single-spa lifecycles of mf-shopping-list's page (registry app 'mf-shopping-list-pages',
 * routes /shopping-list and /shopping-list/*, mounted into `#slot-page`; spec §2 Routes, §4 "The list
 * loads 100 items per page with a 'Load More' control"). The page is its own chunk (kit lazyPage);
 * the kit's 'Loading…' status shows meanwhile. A page that throws logs `[mf-shopping-list] page failed`
 * and shows a short message with a link home (the kit's PageFallback).
 */
import { lazyPage } from '@storefront/remote-kit';
import { createPageLifecycles } from '@storefront/remote-kit/page-fallback';

/** The page, loaded on its routes only. */
const ShoppingListPage = lazyPage(() => import(/* webpackChunkName: "mfsl-page" */ './components/ShoppingListPage'), 'ShoppingListPage');

export const { bootstrap, mount, unmount } = createPageLifecycles({
  remote: 'mf-shopping-list',
  label: 'page',
  Page: ShoppingListPage,
  fallback: { title: 'Shopping list', message: 'Your shopping list could not be shown. Please try again later.', href: '/', linkText: 'Go to the home page' },
});
