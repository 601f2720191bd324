/**
 * How a remote waits for the search engine and how soon it asks again, so a page says the engine is
 * unavailable within 3 s of the navigation and a slow but healthy search still answers. Two layers,
 * both library options:
 * - {@link SEARCH_TIMEOUTS}: algoliasearch v5's per-request `timeouts` (its retry strategy tries the
 *   next host on a timeout or network error and gives a host that timed out 4× these for 2 min);
 * - {@link searchRetryDelay}: react-query's `retryDelay` of every engine query (the kit's one retry).
 */

/**
 * algoliasearch timeouts, ms (its browser defaults, written down as a decision). connect 1 s: a
 * reachable engine accepts in well under 100 ms, so 1 s means it is gone. read 2 s: over ten times the
 * heaviest healthy query (a multi-index catalogue query: tens of ms locally, ~100 ms on Algolia).
 * write: unused (search only).
 */
export const SEARCH_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;

/** The one retry's delay after a failure, ms (react-query's own is 1 000 ms; 'Try again' asks again). */
export const SEARCH_RETRY_DELAY_MS = 300;

/**
 * True for algoliasearch's `RetryError` when every host refused at once (status 0, none timed out):
 * the engine is not there (stopped, or the shopper is offline).
 * @param error what the query threw
 */
export function refusedAtOnce(error: unknown): boolean {
  if (!error || typeof error !== 'object' || (error as { name?: unknown }).name !== 'RetryError') return false;
  const trace = (error as { stackTrace?: unknown }).stackTrace;
  return Array.isArray(trace) && trace.length > 0 && trace.every((frame) => {
    const response = (frame as { response?: { status?: unknown; isTimedOut?: unknown } } | null)?.response;
    return response?.status === 0 && response.isTimedOut !== true;
  });
}

/**
 * react-query `retryDelay` of an engine query, ms: 0 when the engine refused at once (a stopped engine
 * is not back 300 ms later), else {@link SEARCH_RETRY_DELAY_MS}.
 * @param _failureCount react-query's count (unused)
 * @param error what the query threw
 */
export function searchRetryDelay(_failureCount: number, error: unknown): number {
  return refusedAtOnce(error) ? 0 : SEARCH_RETRY_DELAY_MS;
}
