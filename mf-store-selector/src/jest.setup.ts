/**
 * Loaded after the environment of every test file of this package (jest.config.js):
 * @tanstack/react-query (the remote kit's server state) tells its observers about new data with
 * `setTimeout(0)`, which jest's fake timers (used here for the 700 ms debounce) would hold back until
 * the clock moves. A resolved promise delivers the answers inside `act(...)` instead, as in a browser
 * a moment later.
 */
import { notifyManager } from '@tanstack/react-query';

notifyManager.setScheduler((callback) => {
  void Promise.resolve().then(callback);
});
