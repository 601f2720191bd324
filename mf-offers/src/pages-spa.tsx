/**
 * './pages': single-spa lifecycles of mf-offers's route-owned pages (registry app 'mf-offers-pages',
 * routes /offers and /favourites, mounted into `#slot-page`; ARCHITECTURE §4). Each page is its own lazy
 * chunk (kit lazyPage; the kit's 'Loading…' status meanwhile). A page that throws logs
 * `[mf-offers] pages failed` and shows the kit's PageFallback.
 */
import { createPageLifecycles } from '@storefront/remote-kit/page-fallback';
import { OffersPages } from './components/OffersPages';

// The pages read bus, config and navigate from the kit context.
export const { bootstrap, mount, unmount } = createPageLifecycles({
  remote: 'mf-offers',
  label: 'pages',
  Page: OffersPages,
  fallback: { title: 'Offers', message: 'Your offers could not be shown. Please try again later.', href: '/', linkText: 'Go to the home page' },
});
