/**
 * The shell's side of the session at the BFF (IETF "OAuth 2.0 for Browser-Based Apps", backend for
 * frontend): the BFF runs the authorization code flow with PKCE, keeps the tokens, and gives the browser
 * an HttpOnly `__Host-` cookie. The page never holds a token; it learns who is signed in from
 * `GET /api/auth/session` and starts or ends the sign-in through the BFF.
 */
import Cookies from 'js-cookie';
import { callBff as realCallBff, type BffEnvelope } from 'shared-events';
import { SIGNED_IN_HINT_COOKIE, type SessionAnswer, type SessionInfo } from '@storefront/remote-kit/session-contract';
import { CALLBACK_PATH } from '../apps';

export { SIGNED_IN_HINT_COOKIE, type SessionInfo };

export { CALLBACK_PATH };

/** What the session manager asks the BFF (a test double implements it). */
export interface AuthClient {
  /** Whether the BFF's signed-in hint cookie is present (false: no session to restore, no request). */
  hasSessionHint(): boolean;
  /** The signed-in shopper, or null. @throws BffError when the BFF cannot be reached or answers 5xx. */
  current(): Promise<SessionInfo | null>;
  /**
   * Starts a sign-in: the provider's authorization URL to go to.
   * @throws BffError, or Error with the BFF's reason (4xx, e.g. 503 'Identity provider unavailable')
   */
  startSignIn(mode: 'signIn' | 'signUp', returnTo: string): Promise<string>;
  /**
   * Completes the sign-in on /auth/callback from its query string (`?code=…&state=…`): the BFF sets the
   * session cookie. @throws Error with the BFF's reason (bad or reused state, provider error)
   */
  completeSignIn(search: string): Promise<{ returnTo: string; user: SessionInfo }>;
  /** Ends the BFF session (by its id) and answers the provider's end-session URL. @throws as above */
  signOut(): Promise<string>;
}

type CallBff = typeof realCallBff;

function dataOf<T>(env: BffEnvelope<T>, what: string): T {
  if (env.status !== 'success' || env.data === null) throw new Error(`${what}: ${env.code} ${env.message}`);
  return env.data;
}

/**
 * The {@link AuthClient} over the BFF's `/auth/*` endpoints (`POST /auth/login`, `POST /auth/callback`,
 * `GET /auth/session`, `POST /auth/logout`; services/bff README "Session").
 * @param apiBase `RuntimeConfig.apiBase`, normally '/api'
 */
export function createBffAuthClient(apiBase: string, callBff: CallBff = realCallBff, readCookie: (name: string) => string | undefined = (n) => Cookies.get(n)): AuthClient {
  return {
    hasSessionHint: () => readCookie(SIGNED_IN_HINT_COOKIE) === '1',
    async current() {
      const env = await callBff<SessionAnswer>(apiBase, '/auth/session', { method: 'GET' });
      const data = dataOf(env, 'GET /auth/session');
      return data.signedIn ? data : null;
    },
    async startSignIn(mode, returnTo) {
      return dataOf(await callBff<{ authorizeUrl: string }>(apiBase, '/auth/login', { body: { mode, returnTo } }), 'POST /auth/login').authorizeUrl;
    },
    async completeSignIn(search) {
      return dataOf(await callBff<{ returnTo: string; user: SessionInfo }>(apiBase, '/auth/callback', { body: { search } }), 'POST /auth/callback');
    },
    async signOut() {
      return dataOf(await callBff<{ endSessionUrl: string }>(apiBase, '/auth/logout', { body: {} }), 'POST /auth/logout').endSessionUrl;
    },
  };
}
