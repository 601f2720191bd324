/**
 * './catalogue': single-spa lifecycles of the catalogue pages, through the remote kit's
 * `createRemoteLifecycles` (ARCHITECTURE §2, §4). The shell mounts it into `#slot-page` on
 * `/products`, `/products/category/:category` and `/products/category/:category/:subcategory`
 * (registry: app 'mf-search-catalogue'; spec §2 Routes).
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
// The catalogue searches at once: algoliasearch/lite comes with its chunk, not after it.
import './api/algoliaLiteEager';
import { CatalogueApp } from './catalogue/CatalogueApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-search',
  label: 'catalogue',
  rootComponent: CatalogueApp,
  fallback: <p className="mfs-results__error" data-remote-error="mf-search/catalogue">The product catalogue is unavailable right now.</p>,
});
