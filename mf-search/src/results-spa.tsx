/**
 * './results': single-spa lifecycles of the search results page, through the remote kit's
 * `createRemoteLifecycles` (ARCHITECTURE §2, §4). The shell mounts it into `#slot-page` when the
 * path is '/' and `query` is in the URL (spec §2 Routes).
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
// The results page searches at once: algoliasearch/lite comes with its chunk, not after it.
import './api/algoliaLiteEager';
import { ResultsApp } from './results/ResultsApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-search',
  label: 'results',
  rootComponent: ResultsApp,
  fallback: <p className="mfs-results__error" data-remote-error="mf-search/results">Search results are unavailable right now.</p>,
});
