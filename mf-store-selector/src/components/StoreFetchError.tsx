import { LoadError } from '@storefront/remote-kit/blocks';
import { FETCH_ERROR, STORE_SEARCH_UNAVAILABLE } from './messages';

/**
 * A store page's failed engine call (spec §8 "Store data fetch"): the kit's `LoadError` (`role="alert"`)
 * with 'Failed to fetch store data', what it means ({@link STORE_SEARCH_UNAVAILABLE}) and 'Try again'.
 */
export function StoreFetchError({ onRetry }: { onRetry: () => void }) {
  return (
    <LoadError
      className="mfsp-error mfsp-error--retry"
      buttonClassName="mfsp-btn mfsp-btn--secondary"
      message={<><strong>{FETCH_ERROR}</strong>{' '}<span>{STORE_SEARCH_UNAVAILABLE}</span></>}
      onRetry={onRetry}
    />
  );
}
