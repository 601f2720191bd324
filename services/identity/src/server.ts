/**
 * The local OpenID Connect provider, built on `oidc-provider` 9 and served by a plain `node:http` server:
 *
 *   GET  /.well-known/openid-configuration, /jwks, /auth, POST /token, GET /me (userinfo),
 *   POST /token/revocation, GET /session/end (end session) -> oidc-provider
 *   GET  /interaction/:uid                                -> sign-in page ('Email', 'Password', 'Log In', 'Sign Up' link),
 *                                                            or the sign-up page when the authorization request
 *                                                            carried `screen_hint=signup`
 *   POST /interaction/:uid/login                          -> checks the password, continues the authorization
 *   GET  /interaction/:uid/signup, POST same              -> sign-up that continues the pending authorization
 *   GET  /signup?return_to=<url>, POST /signup            -> stand-alone sign-up; afterwards redirects to
 *                                                            `return_to` (only a URL on PUBLIC_ORIGIN) or PUBLIC_ORIGIN/
 *   GET/POST /password/forgot, /password/reset             -> forgotten password (password-routes.ts): a mailed
 *                                                            single-use link (30 min), a new password, every session ends
 *   GET  /livez, /readyz                                  -> liveness, readiness (JSON)
 *
 * One confidential client, the storefront's BFF (`client_secret_basic`), authorization code + PKCE
 * S256 and refresh tokens (rotated at every use, bound to the provider session), scopes `openid profile
 * email`, id token RS256 carrying sub, sid, email, given_name, family_name. Consent is skipped for this
 * first-party client (a grant is created on first use). No endpoint answers CORS for the client: only
 * the BFF, server-side, calls /token, /me and /token/revocation.
 *
 * Every form POST needs its page's CSRF token (form-tokens.ts; else 403). Sign-in is throttled by
 * (account, address) and by address, with a step-up (a ticket and a 5 s wait) once an account fails
 * across many addresses; sign-up by address (throttle.ts; 429 with `Retry-After`).
 *
 * State: without a database, shoppers come from an {@link AccountStore}, grants/sessions/codes live in
 * oidc-provider's in-memory adapter and the keys are generated at start (one process). With
 * `databaseUrl`, all of it is in PostgreSQL (accounts, `oidc_payloads`, rotated signing keys, cookie
 * keys) and with `redisUrl` the sign-in throttle counts in Redis: any number of replicas behind a load
 * balancer. The provider is rebuilt when the key set in the database changes (checked every
 * `keyRefreshS`).
 *
 * `oidc-provider` is ESM-only: this CommonJS package loads it with `require()` of ESM (Node ≥ 20.19) via
 * tsx at run time; jest transpiles it (jest.config.js).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Redis from 'ioredis';
import type Provider from 'oidc-provider';
import type { Pool } from 'pg';
import { BCRYPT_COST, type Accounts } from './accounts';
import { openBackends } from './backends';
import { parseTrustProxy } from './client-address';
import { databaseProblem } from './db';
import { requestHandler } from './http-handler';
import { jsonLogger, silentLogger, type Logger } from './log';
import { sendHtml } from './forms';
import { createInteractionRoutes } from './interactions';
import { providerConfiguration } from './provider-config';
import { ProviderRotation } from './provider-rotation';
import { SignInThrottle } from './throttle';
import { pageCsp } from './pages';
import { withScreenSets } from './screens/add-card';
import type { Mailer } from './mailer';
import { passwordBackends, PasswordRoutes } from './password-routes';

export { generateSigningKey } from './keys';
export { FORM_LIMIT_BYTES, SCOPES, SIGNUP_CSRF_COOKIE, resolveReturnTo } from './forms';

/** Options of {@link createIdentityServer}. */
export interface IdentityOptions {
  /** OIDC issuer, e.g. 'http://localhost:4100' (OIDC_ISSUER). */
  issuer: string;
  /** The storefront origin, e.g. 'http://localhost:8080' (PUBLIC_ORIGIN): redirect and post-logout target. */
  publicOrigin: string;
  /** The client id (OIDC_CLIENT_ID, default 'storefront'). */
  clientId?: string;
  /**
   * The storefront client's secret (OIDC_CLIENT_SECRET): the BFF authenticates with it at /token and
   * /token/revocation (`client_secret_basic`). Required, not blank ({@link createIdentityServer} throws).
   */
  clientSecret: string;
  /**
   * The shoppers. Default: with `databaseUrl` a {@link PgAccountStore}, else an {@link AccountStore}
   * (seeded shoppers, in memory). A given store is not closed by {@link IdentityServer.close}.
   */
  accounts?: Accounts;
  /** bcrypt cost of the default account store (tests lower it; default {@link BCRYPT_COST}). */
  bcryptCost?: number;
  /** Seconds an id token / access token is valid (default 3600). */
  tokenTtlSeconds?: number;
  /** Seconds a refresh token is valid (default 14 days; each use rotates it; it also ends with the provider session). */
  refreshTokenTtlSeconds?: number;
  /** Log requests and problems (default true). */
  log?: boolean;
  /** Where log lines go (default: JSON lines on stdout/stderr when `log`, else nowhere). */
  logger?: Logger;
  /**
   * Sign-in and sign-up throttling (default: a {@link SignInThrottle}, on Redis when `redisUrl`, with
   * `signUpsPerHour`).
   */
  throttle?: SignInThrottle;
  /** Sign-ups allowed per client address per hour (SIGN_UP_LIMIT_PER_HOUR; default 5). */
  signUpsPerHour?: number;
  /** Clock of the step-up tickets, ms since the epoch (tests move it; default Date.now). */
  now?: () => number;
  /** PostgreSQL URL (DATABASE_URL): accounts, provider storage and keys shared by every replica. */
  databaseUrl?: string;
  /** Redis URL (REDIS_URL), e.g. 'redis://127.0.0.1:6379': the sign-in throttle's counters. */
  redisUrl?: string;
  /**
   * Proxies whose `X-Forwarded-For` is believed (TRUST_PROXY: 'loopback' or a comma list of addresses
   * and subnets; see client-address.ts). Default: none, the socket address is the client.
   */
  trustProxy?: string;
  /** Age in seconds at which a new signing key is created (SIGNING_KEY_ROTATE_S; default 7 days). Database only. */
  signingKeyRotateS?: number;
  /** Seconds between reloads of the keys from the database (default 60; a new key signs after 2 × this). */
  keyRefreshS?: number;
  /** ms after which {@link IdentityServer.close} ends connections still open (default 8000). */
  drainTimeoutMs?: number;
  /** SMTP URL (SMTP_URL), e.g. 'smtp://127.0.0.1:1025': where password-reset mail goes. Without it (and without `mailer`) no mail is sent (a warning is logged). */
  smtpUrl?: string;
  /** The mails' sender (MAIL_FROM; default 'Harbour Market <no-reply@localhost>'). */
  mailFrom?: string;
  /** Sends the mail instead of `smtpUrl` (tests capture it). */
  mailer?: Mailer;
  /** The storefront's OIDC Back-Channel Logout endpoint (OIDC_BACKCHANNEL_LOGOUT_URI; see provider-config.ts). Default: none. */
  backchannelLogoutUri?: string;
}

/** A running identity server. */
export interface IdentityServer {
  /** The current provider (replaced when the signing keys change). */
  readonly provider: Provider;
  accounts: Accounts;
  server: http.Server;
  /** kid of the key signing tokens now. */
  readonly signingKid: string;
  /** true once {@link IdentityServer.startDraining} or close was called: /readyz answers 503. */
  readonly draining: boolean;
  /** Listens on host:port (port 0 = any free port); resolves to the port. */
  listen(port: number, host?: string): Promise<number>;
  /** Readiness: null when ready, else the reason (see /readyz). */
  readiness(): Promise<string | null>;
  /** Marks the server draining (/readyz 503, responses carry `Connection: close`); keeps serving. */
  startDraining(): void;
  /** Resolves once every password-reset mail asked for so far was sent (or its failure logged). */
  mailSettled(): Promise<void>;
  /**
   * Graceful stop: drains, stops accepting, lets in-flight requests finish (idle keep-alive connections
   * are closed), ends the rest after `drainTimeoutMs`, then closes the pool and Redis it opened.
   */
  close(): Promise<void>;
}

/** Default of {@link IdentityOptions.refreshTokenTtlSeconds}: 14 days (the provider session's lifetime). */
export const DEFAULT_REFRESH_TOKEN_TTL_S = 14 * 24 * 3600;
/** Default of {@link IdentityOptions.signingKeyRotateS}: 7 days. */
export const DEFAULT_ROTATE_S = 7 * 24 * 3600;

/** null when the database and Redis (those in use) answer; else what does not. */
async function backendProblem(pool: Pool | undefined, redis: Redis | undefined): Promise<string | null> {
  const problems = await Promise.all([
    pool ? databaseProblem(pool) : null,
    redis ? redis.ping().then(() => null, (err: Error) => `redis: ${err.message}`) : null,
  ]);
  const found = problems.filter((p): p is string => p !== null);
  return found.length ? found.join('; ') : null;
}

/** Stops accepting, lets in-flight requests finish (closing keep-alive connections as they go idle), ends the rest after `timeoutMs`. */
async function drain(server: http.Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(force);
  }
}

/** Listens on host:port (0 = any free port); resolves to the port. */
function listenOn(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Builds the provider and the HTTP server around it (not listening yet). With `databaseUrl` it first
 * migrates the database and loads (rotating when due) the shared keys.
 * @throws Error when `clientSecret` is empty; when the database cannot be reached or migrated
 * @example
 *   const idp = await createIdentityServer({ issuer: 'http://localhost:4100', publicOrigin: 'http://localhost:8080', clientSecret: process.env.OIDC_CLIENT_SECRET! });
 *   await idp.listen(4100, '127.0.0.1');
 */
export async function createIdentityServer({
  issuer,
  publicOrigin,
  clientId = 'storefront',
  clientSecret,
  accounts,
  bcryptCost = BCRYPT_COST,
  tokenTtlSeconds = 3600,
  refreshTokenTtlSeconds = DEFAULT_REFRESH_TOKEN_TTL_S,
  log = true,
  logger = log ? jsonLogger : silentLogger,
  throttle,
  signUpsPerHour,
  now = Date.now,
  databaseUrl,
  redisUrl,
  trustProxy,
  signingKeyRotateS = DEFAULT_ROTATE_S,
  keyRefreshS = 60,
  drainTimeoutMs = 8000,
  backchannelLogoutUri,
  ...mailOptions
}: IdentityOptions): Promise<IdentityServer> {
  if (typeof clientSecret !== 'string' || clientSecret.trim() === '') throw new Error('The storefront client needs a secret (OIDC_CLIENT_SECRET): it is a confidential client.');
  const trusted = parseTrustProxy(trustProxy);
  const keyPolicy = { rotateS: signingKeyRotateS, tokenTtlS: tokenTtlSeconds, refreshS: keyRefreshS };
  const { pool, redis, store, keys, adapter, closeBackends } = await openBackends({ databaseUrl, redisUrl, accounts, bcryptCost, logger, keyPolicy });
  const limiter = throttle ?? new SignInThrottle({ redis, signUpsPerHour });
  const secureCookies = new URL(issuer).protocol === 'https:';
  const origin = new URL(publicOrigin).origin;
  const home = `${origin}/`;
  const csp = pageCsp({ publicOrigin: origin });
  const reset = passwordBackends({ pool, adapter, logger, ...mailOptions });
  const configuration = providerConfiguration({ clientId, clientSecret, origin, csp, home, tokenTtlSeconds, refreshTokenTtlSeconds, adapter: reset.adapter, store, backchannelLogoutUri });
  const providers = new ProviderRotation({ issuer, configuration, trustProxies: trusted !== null, logger, keys, pool, keyPolicy });
  const passwords = new PasswordRoutes({ issuer, home, csp, secureCookies, trusted, store, limiter, logger, now, ...reset, clientId, provider: () => providers.current.provider, tokens: () => providers.current.tokens });
  const route = withScreenSets(createInteractionRoutes({ issuer, origin, csp, secureCookies, trusted, store, limiter, now, current: () => providers.current, passwords }), { origin });
  const send = (res: http.ServerResponse, status: number, html: string) => sendHtml(res, status, html, csp);
  let draining = false;
  const readiness = async (): Promise<string | null> => (draining ? 'draining' : backendProblem(pool, redis));

  const server = http.createServer(requestHandler({ route, callback: () => providers.current.callback, readiness, draining: () => draining, trusted, logger, send, home }));

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      providers.stop();
      try {
        await drain(server, drainTimeoutMs);
      } finally {
        await providers.idle();
        await passwords.close();
        await closeBackends();
      }
    })();
    return closing;
  };

  return {
    get provider() {
      return providers.current.provider;
    },
    accounts: store,
    server,
    get signingKid() {
      return String(providers.current.keys.signing[0]?.kid);
    },
    get draining() {
      return draining;
    },
    listen: (port, host = '127.0.0.1') => listenOn(server, port, host),
    readiness,
    mailSettled: () => passwords.settled(),
    startDraining: () => {
      draining = true;
    },
    close,
  };
}
