import { FETCH_ERROR, STORE_SEARCH_UNAVAILABLE } from '../components/messages';

/**
 * A store page's failed engine call (spec §8 "Store data fetch"): `role="alert"` with
 * 'Failed to fetch store data', what it means ({@link STORE_SEARCH_UNAVAILABLE}) and 'Try again'.
 */
export function StoreFetchError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mfsp-error mfsp-error--retry">
      <p className="mfsp-error__text">
        <strong>{FETCH_ERROR}</strong>
        {' '}
        <span>{STORE_SEARCH_UNAVAILABLE}</span>
      </p>
      <button type="button" className="mfsp-btn mfsp-btn--secondary" onClick={onRetry}>Try again</button>
    </div>
  );
}
