/**
 * Loaded after the environment of every test file of this package (jest.config.js):
 * - focus-trap needs client rects, which jsdom does not have (tooling/jest/layout.js);
 * - @tanstack/react-query (the remote kit's server state) tells its observers about new data with
 *   `setTimeout(0)`, which jest's fake timers (used here for the 700 ms debounce) would hold back until
 *   the clock moves. A resolved promise delivers the answers inside `act(...)` instead, as in a browser
 *   a moment later.
 */
import { notifyManager } from '@tanstack/react-query';
import { mockLayout } from '@storefront/tooling/jest/layout';

mockLayout();

notifyManager.setScheduler((callback) => {
  void Promise.resolve().then(callback);
});
