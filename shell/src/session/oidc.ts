/**
 * The OpenID Connect client of the shell (issue 3 Identity): `oidc-client-ts` `UserManager`, authorization
 * code + PKCE, the signed-in user kept in sessionStorage (a reload keeps the session; closing the tab ends it).
 */
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
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

/**
 * A `UserManager` for `oidc` on the storefront `origin`:
 * authority = issuer, redirect_uri `${origin}/auth/callback`, post_logout_redirect_uri `${origin}/`,
 * response_type code, scope 'openid profile email', userStore sessionStorage; no silent renew (the
 * provider issues no refresh tokens: an expired id token signs the shopper out, see session-manager).
 */
export function createUserManager(oidc: OidcConfig, origin: string, storage: Storage = window.sessionStorage): UserManager {
  return new UserManager({
    authority: oidc.issuer,
    client_id: oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: OIDC_SCOPE,
    userStore: new WebStorageStateStore({ store: storage }),
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
  });
}
