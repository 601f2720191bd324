/**
 * The OpenID Connect client of the shell (issue 3 Identity): `oidc-client-ts` `UserManager`, authorization
 * code + PKCE, the signed-in user kept in sessionStorage (a reload keeps the session; closing the tab ends it).
 * oidc-client-ts (~25 KB gzip) is loaded on demand (issue 12: work not needed for the first paint waits):
 * only when a signed-in user is stored, a sign-in starts or the callback is handled.
 */
import { CALLBACK_PATH } from '../apps';
import type { OidcConfig } from '../runtime-config';

export { CALLBACK_PATH };
/** Scopes asked for: the id token then carries sub, email, given_name, family_name. */
export const OIDC_SCOPE = 'openid profile email';

/** The claims of the id token the shell reads (`User.profile`). */
export interface OidcProfile {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  /** Expiry of the id token (s since epoch). */
  exp?: number;
}

/** The part of oidc-client-ts' `User` the shell reads. */
export interface OidcUser {
  id_token?: string;
  profile: OidcProfile;
  /** true once the tokens have expired. */
  expired?: boolean;
  /** What the shell passed to signinRedirect: `{ returnTo }`. */
  state?: unknown;
}

/** The part of oidc-client-ts' `UserManager` the session manager uses (a test double implements it). */
export interface UserManagerLike {
  getUser(): Promise<OidcUser | null>;
  removeUser(): Promise<void>;
  signinRedirect(args?: { state?: unknown; extraQueryParams?: Record<string, string> }): Promise<void>;
  signinRedirectCallback(url?: string): Promise<OidcUser>;
  signoutRedirect(args?: { id_token_hint?: string; post_logout_redirect_uri?: string }): Promise<void>;
  events: { addAccessTokenExpired(cb: () => void): () => void };
}

/** The sessionStorage key prefix under which oidc-client-ts keeps the signed-in user (`oidc.user:<authority>:<client_id>`). */
export const OIDC_USER_KEY_PREFIX = 'oidc.user:';

/** Is a signed-in user stored (so restoring the session needs the OIDC client)? */
function hasStoredUser(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i += 1) if (storage.key(i)?.startsWith(OIDC_USER_KEY_PREFIX)) return true;
  return false;
}

/** Loads the real client module (./oidc-client: oidc-client-ts). Injectable in tests. */
export type OidcClientLoader = () => Promise<{ createUserManager(oidc: OidcConfig, origin: string, storage: Storage): UserManagerLike }>;

/**
 * A {@link UserManagerLike} that loads oidc-client-ts only when needed: `getUser()` answers null with no
 * download while no user is stored; sign-in, the callback, sign-out and a stored user load it.
 * `addAccessTokenExpired` listeners attach when the client loads.
 * @param oidc issuer and client id (/config.json `oidc`)
 * @param origin the storefront origin (redirect_uri `${origin}/auth/callback`)
 * @throws (from the methods that load it) the loader's error when the client chunk cannot be loaded
 */
export function createLazyUserManager(
  oidc: OidcConfig,
  origin: string,
  storage: Storage = window.sessionStorage,
  load: OidcClientLoader = () => import(/* webpackChunkName: "oidc-client" */ './oidc-client'),
): UserManagerLike {
  let manager: Promise<UserManagerLike> | null = null;
  const expiredListeners = new Set<() => void>();
  const get = () => {
    manager ??= load().then((m) => {
      const um = m.createUserManager(oidc, origin, storage);
      um.events.addAccessTokenExpired(() => { for (const cb of expiredListeners) cb(); });
      return um;
    });
    return manager;
  };
  return {
    async getUser() {
      if (!manager && !hasStoredUser(storage)) return null;
      return (await get()).getUser();
    },
    async removeUser() {
      if (!manager && !hasStoredUser(storage)) return;
      await (await get()).removeUser();
    },
    async signinRedirect(args) { await (await get()).signinRedirect(args); },
    async signinRedirectCallback(url) { return (await get()).signinRedirectCallback(url); },
    async signoutRedirect(args) { await (await get()).signoutRedirect(args); },
    events: {
      addAccessTokenExpired(cb) {
        expiredListeners.add(cb);
        return () => { expiredListeners.delete(cb); };
      },
    },
  };
}
