import { SEARCH_RETRY_DELAY_MS, searchRetryDelay, refusedAtOnce, SEARCH_TIMEOUTS } from './search-engine';

/** algoliasearch's RetryError as it reaches a query: name, and one stack frame per host tried. */
const retryError = (...responses: Array<{ status: number; isTimedOut: boolean }>) =>
  Object.assign(new Error('Unreachable hosts'), { name: 'RetryError', stackTrace: responses.map((response) => ({ response })) });

describe('waiting for the search engine (the engine down: said within 3 s)', () => {
  it('algoliasearch timeouts: connect 1 s, read 2 s', () => {
    expect(SEARCH_TIMEOUTS).toEqual({ connect: 1_000, read: 2_000, write: 30_000 });
  });

  it('retries at once when every host refused at once (stopped engine, offline): waiting would only delay the message', () => {
    const refused = retryError({ status: 0, isTimedOut: false });
    expect(refusedAtOnce(refused)).toBe(true);
    expect(searchRetryDelay(0, refused)).toBe(0);
  });

  it('waits 300 ms after a timeout, a server error or anything else', () => {
    expect(SEARCH_RETRY_DELAY_MS).toBe(300);
    for (const error of [
      retryError({ status: 0, isTimedOut: true }),
      retryError({ status: 0, isTimedOut: false }, { status: 0, isTimedOut: true }),
      retryError({ status: 503, isTimedOut: false }),
      retryError(),
      new Error('engine down'),
      Object.assign(new Error('Bad request'), { name: 'ApiError', status: 400 }),
      null,
    ]) {
      expect(refusedAtOnce(error)).toBe(false);
      expect(searchRetryDelay(0, error)).toBe(300);
    }
  });
});
