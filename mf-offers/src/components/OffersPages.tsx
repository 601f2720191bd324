import { lazyPage, useLocation } from '@storefront/remote-kit';
import type { OffersPageProps } from './SessionGate';

/** `/offers` (and `/offers?hash=`), its own chunk (loaded on that route only). */
const OffersPage = lazyPage(() => import(/* webpackChunkName: "mfo-offers" */ './OffersPage'), 'OffersPage');
/** `/favourites`, its own chunk. */
const FavouritesPage = lazyPage(() => import(/* webpackChunkName: "mfo-favourites" */ './FavouritesPage'), 'FavouritesPage');

/**
 * The route-owned pages of mf-offers ('./pages', mounted by the shell into `#slot-page` on `/offers`
 * and `/favourites`, spec §2 Routes). Reads the URL with the kit's `useLocation()`; a trailing slash is
 * ignored; any other path renders nothing. The pages read the custom props (`bus`, `config.apiBase`,
 * `navigate`) from the kit context and are lazy (`lazyPage`): render this under the kit's providers
 * (the lifecycles, `mountStandalone` and `renderWithKit` give them, with a Suspense boundary).
 */
export function OffersPages(props: OffersPageProps) {
  const { pathname } = useLocation();
  const route = pathname.replace(/\/+$/, '') || '/';
  if (route === '/offers') return <OffersPage {...props} />;
  if (route === '/favourites') return <FavouritesPage {...props} />;
  return null;
}
