/**
 * How long mf-search waits for the search engine, and how often it asks again (issue: with the engine
 * stopped every page said so only after 6.5 s, or never). Two layers, both library options:
 * - {@link SEARCH_TIMEOUTS}: algoliasearch v5's per-request `timeouts` (its retry strategy tries the
 *   next host on a timeout or network error, and for the next 2 min gives a host that timed out
 *   4× these timeouts, so a slow network still gets answers);
 * - {@link engineRetryDelay}: react-query's `retryDelay` for every engine query of a page (the
 *   number of retries is the kit's: one; none in tests).
 * A stopped engine refuses the connection at once, so a page says it is unavailable as soon as its
 * first request (and the immediate retry) failed: 1.5–2 s after the navigation on the 2-core machine,
 * most of it loading the page's scripts. A hung engine takes the timeouts below (then ×4 on the retry).
 */

/**
 * algoliasearch timeouts, ms. connect 1 s: a reachable engine (the local one, or Algolia's DSN)
 * accepts a connection in well under 100 ms, so 1 s is only reached when it is gone. read 2 s: more
 * than ten times a healthy search (the heaviest, the catalogue's multi-query, answers in tens of ms
 * locally and ~100 ms on Algolia), so a slow but healthy search does not fail; and the retry below
 * gets 4× that. write: unused (search only), the library's browser default. These are algoliasearch's
 * browser defaults, written down so they are a decision and not an accident.
 */
export const SEARCH_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;

/**
 * react-query `retryDelay` of every engine query, ms: the kit's one retry (for a dropped connection or
 * one lost request) 300 ms after the failure rather than react-query's 1 000 ms. Waiting longer only
 * delays the message when the engine is really down, and the page's 'Try again' asks again whenever
 * the shopper wants.
 */
export const ENGINE_RETRY_DELAY_MS = 300;

/**
 * True for algoliasearch's `RetryError` when every host refused at once (a network error, status 0,
 * none timed out): the engine is not there (stopped, or the shopper is offline).
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
 * The `retryDelay` of every engine query: {@link ENGINE_RETRY_DELAY_MS}, or 0 when the engine refused
 * at once — waiting would only delay the message (a stopped engine is not back 300 ms later); a
 * timeout or a server error waits (and the client gives a timed-out host 4× its timeouts).
 */
export function engineRetryDelay(_failureCount: number, error: unknown): number {
  return refusedAtOnce(error) ? 0 : ENGINE_RETRY_DELAY_MS;
}
