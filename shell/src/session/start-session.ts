/**
 * Starts the shell's session handling (spec §3 Session, §4). The session manager's code is not on the
 * first load of an anonymous visit: it loads at start only when there is a session to restore (the BFF's
 * signed-in hint cookie) or a sign-in to complete (`/auth/callback`), else with the first session request
 * on the bus, which it then answers with every request made while it loaded.
 */
import type { Subscription } from 'rxjs';
import { reportShellError, SHELL_ERRORS } from '../errors';
import { CALLBACK_PATH } from './bff-session';
import { CALL_FAILED_MESSAGE, SESSION_REQUESTS, type SessionRequest } from './requests';
import type { SessionManagerOptions } from './session-manager';

/** Loads the session manager's module (a chunk of its own in the browser). */
export type LoadSessionManager = () => Promise<typeof import('./session-manager')>;

const loadManager: LoadSessionManager = () => import(/* webpackChunkName: "session" */ './session-manager');

/**
 * Starts the session: restores it at once when there is one (resolves once the manager has published
 * it), else listens for the first session request (resolves at once: an anonymous shopper has nothing to
 * wait for). Never rejects: a manager that fails to load is reported (shell error `SESSION_FAILED`) with
 * spec §8's toast, and the next request tries again.
 * @param options the manager's options (`win` defaults to `window`)
 * @param load how the manager's code arrives (tests pass the module)
 */
export async function startSession(options: SessionManagerOptions, load: LoadSessionManager = loadManager): Promise<void> {
  const { bus, auth } = options;
  const { pathname } = (options.win ?? window).location;
  if (auth && (pathname === CALLBACK_PATH || auth.hasSessionHint())) {
    try {
      const { SessionManager } = await load();
      await new SessionManager(options).start();
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the session code could not be loaded; the shopper is anonymous.', { error });
    }
    return;
  }

  const pending: SessionRequest[] = [];
  let loading = false;
  const subscriptions: Subscription[] = SESSION_REQUESTS.map((type) => bus.on(type).subscribe((event) => {
    pending.push(event);
    if (loading) return;
    loading = true;
    load().then(async ({ SessionManager }) => {
      subscriptions.forEach((s) => s.unsubscribe());
      const manager = new SessionManager(options);
      await manager.start();
      for (const request of pending.splice(0)) await manager.handle(request);
    }).catch((error) => {
      loading = false;
      pending.length = 0;
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the session code could not be loaded; the request was not answered.', { error });
      bus.emit('toast/show', { id: 'session-sign-in', message: CALL_FAILED_MESSAGE, kind: 'error' });
    });
  }));
}
