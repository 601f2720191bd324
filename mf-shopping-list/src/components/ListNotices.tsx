import type { ListSnapshot } from '../state/listState';

/**
 * Short notices about where the list is: not read (with 'Try again'), kept in memory only, merging,
 * or account changes not saved yet (they are retried). Rendered as text; polite unless an error.
 */
export function ListNotices({ snapshot, onRetry }: { snapshot: ListSnapshot; onRetry: () => void }) {
  return (
    <>
      {snapshot.status === 'error' && (
        <div className="mfsl-notice mfsl-notice--error" role="alert">
          <span>{snapshot.error ?? 'Your shopping list could not be loaded.'}</span>{' '}
          <button type="button" className="mfsl-link-btn" onClick={onRetry}>Try again</button>
        </div>
      )}
      {snapshot.storage === 'memory' && (
        <p className="mfsl-notice" role="note">This browser cannot save your list: it is kept until you leave the page. Sign in to keep it.</p>
      )}
      {snapshot.merging && <p className="mfsl-notice" role="status">Adding the items saved in this browser to your list…</p>}
      {snapshot.status !== 'error' && snapshot.unsynced > 0 && snapshot.syncError && (
        <p className="mfsl-notice" role="status">
          {snapshot.unsynced === 1 ? '1 change is' : `${snapshot.unsynced} changes are`} saved in this browser and will be sent to your account when the connection is back.
        </p>
      )}
    </>
  );
}
