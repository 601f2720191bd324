/**
 * mf-search's waits on the search engine: the kit's policy (`@storefront/remote-kit/search-engine`:
 * connect 1 s, read 2 s, one retry 300 ms later, at once when the engine refused).
 */
export { SEARCH_TIMEOUTS, searchRetryDelay as engineRetryDelay } from '@storefront/remote-kit/search-engine';
