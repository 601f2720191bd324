/**
 * oidc-provider's configuration for the storefront: one confidential client (the BFF), code + PKCE,
 * rotating refresh tokens, no consent screen for this first-party client, and the provider's own pages
 * (logout, signed out, errors) under the identity pages' CSP.
 */
import type { AdapterFactory, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Accounts } from './accounts';
import { SCOPES } from './forms';
import { errorPage, logoutPage, LOGOUT_AUTOSUBMIT_SCRIPT, pageCsp, scriptHash, signedOutPage } from './pages';

/** What the configuration is made of. `origin`: the storefront's origin; `csp`: the identity pages' policy; `home`: `${origin}/`. */
export interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  origin: string;
  csp: string;
  home: string;
  /** Access and id token lifetime (s). */
  tokenTtlSeconds: number;
  /** Refresh token lifetime (s). */
  refreshTokenTtlSeconds: number;
  /** oidc-provider's storage; absent = its in-memory adapter (one process). */
  adapter?: AdapterFactory;
  store: Accounts;
  /**
   * The client's OIDC Back-Channel Logout 1.0 endpoint (e.g. 'http://127.0.0.1:4000/auth/backchannel-logout'):
   * when set, a sign-out and a password reset POST it a signed `logout_token` (`sub`; no `sid`: every
   * session of that shopper). Unset: no back-channel logout.
   */
  backchannelLogoutUri?: string;
}

/** The provider's configuration (OpenID Connect Core 1.0; OAuth 2.0 BCP for browser-based apps: the BFF is the client). */
export function providerConfiguration({ clientId, clientSecret, origin, csp, home, tokenTtlSeconds, refreshTokenTtlSeconds, adapter, store, backchannelLogoutUri }: ProviderSettings): Configuration {
  return {
    clients: [{
      client_id: clientId,
      client_name: 'Harbour Market',
      application_type: 'web',
      client_secret: clientSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [`${origin}/auth/callback`],
      post_logout_redirect_uris: [`${origin}/`],
      id_token_signed_response_alg: 'RS256',
      ...(backchannelLogoutUri ? { backchannel_logout_uri: backchannelLogoutUri, backchannel_logout_session_required: false } : {}),
    }],
    responseTypes: ['code'],
    scopes: [...SCOPES],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // The storefront reads the shopper's name and email from the id token (no userinfo call needed).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    extraParams: ['screen_hint'],
    ...(adapter ? { adapter } : {}),
    ttl: {
      AccessToken: tokenTtlSeconds,
      IdToken: tokenTtlSeconds,
      AuthorizationCode: 60,
      RefreshToken: refreshTokenTtlSeconds,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    // Refresh tokens for the storefront's BFF on every code exchange. It asks `offline_access`, which
    // oidc-provider drops without `prompt=consent` (OIDC Core §11); this first-party client has no consent
    // screen, so the token is issued without the scope and, not being offline, ends with the provider
    // session (a sign-out at the provider revokes it too).
    issueRefreshToken: (_ctx, client) => client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    // Every use returns a new refresh token and consumes the old one; a consumed one used again revokes
    // the whole grant (reuse detection).
    rotateRefreshToken: true,
    // No page calls /token, /me or /token/revocation (the BFF does, server-side): no CORS for any origin.
    // Discovery and /jwks stay open (oidc-provider).
    clientBasedCORS: () => false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { ...providerFeatures(origin, csp, home), backchannelLogout: { enabled: !!backchannelLogoutUri } },
    // oidc-provider refuses outgoing requests to loopback and private addresses (SSRF protection); the
    // configured back-channel logout endpoint is the operator's own BFF, often on such an address.
    fetch: (url, options) => {
      if (!backchannelLogoutUri || String(url) !== new URL(backchannelLogoutUri).href) return globalThis.fetch(url, options);
      const { dispatcher: _ssrfGuard, ...trusted } = options as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(url, trusted);
    },
    ...accountHooks(store, clientId, csp, home),
  };
}

/** Userinfo, revocation (RFC 7009) and RP-initiated logout with the storefront's pages; no dev interactions. */
function providerFeatures(origin: string, csp: string, home: string): Configuration['features'] {
  return {
    devInteractions: { enabled: false },
    userinfo: { enabled: true },
    // The BFF revokes the refresh token at sign-out (RFC 7009), authenticated like /token.
    revocation: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      async logoutSource(ctx, form) {
        ctx.set('Content-Security-Policy', pageCsp({ publicOrigin: origin, scriptHashes: [scriptHash(LOGOUT_AUTOSUBMIT_SCRIPT)] }));
        ctx.type = 'html';
        ctx.body = logoutPage(form);
      },
      async postLogoutSuccessSource(ctx) {
        ctx.set('Content-Security-Policy', csp);
        ctx.type = 'html';
        ctx.body = signedOutPage(home);
      },
    },
  };
}

/** Accounts, the first-party grant and the error page. */
function accountHooks(store: Accounts, clientId: string, csp: string, home: string): Pick<Configuration, 'findAccount' | 'loadExistingGrant' | 'renderError'> {
  return {
    async findAccount(_ctx, sub) {
      const account = await store.findByUid(sub);
      if (!account) return undefined;
      return {
        accountId: account.uid,
        claims: async () => ({
          sub: account.uid,
          email: account.email,
          email_verified: false,
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`,
        }),
      };
    },
    // First-party client: no consent screen; a grant for the client's scopes is created on first use.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== clientId) return undefined;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.set('Content-Security-Policy', csp);
      ctx.type = 'html';
      ctx.body = errorPage({
        title: 'Sign-in could not be completed',
        message: out.error_description ?? out.error ?? 'The request was not valid.',
        details: out.error ? `Error: ${out.error}` : undefined,
        homeHref: home,
      });
    },
  };
}
