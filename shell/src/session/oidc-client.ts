/**
 * The real OpenID Connect client (oidc-client-ts), in its own chunk: loaded by `createLazyUserManager`
 * (./oidc) only when a session needs it (issue 12).
 */
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { OidcConfig } from '../runtime-config';
import { CALLBACK_PATH, OIDC_SCOPE } from './oidc';

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
