/**
 * './product': single-spa lifecycles of the product page, through the remote kit's
 * `createRemoteLifecycles` (ARCHITECTURE §2, §4). The shell mounts it into `#slot-page` on
 * `/products/:slug` (registry: app 'mf-search-product'; spec §2 `/{type}/{pageSlug}`).
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
// The page looks the product up at once: algoliasearch/lite comes with its chunk, not after it.
import './api/algoliaLiteEager';
import { ProductApp } from './product/ProductApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-search',
  label: 'product',
  rootComponent: ProductApp,
  fallback: <p className="mfs-results__error" data-remote-error="mf-search/product">This product page is unavailable right now.</p>,
});
