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
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import Provider, { errors as oidcErrors, type AdapterFactory, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Pool } from 'pg';
import { safeReturnPath } from '@storefront/remote-kit/safe-url';
import { AccountStore, BCRYPT_COST, SignUpError, validateSignUp, type Accounts, type FieldError } from './accounts';
import { clientAddress, parseTrustProxy, type TrustedProxies } from './client-address';
import { databaseProblem, migrate, openPool } from './db';
import { generateSigningKey, loadKeys, sameKeys, type KeySet } from './keys';
import { errorFields, jsonLogger, requestIdOf, silentLogger, type Logger } from './log';
import { PgAccountStore } from './pg-accounts';
import { pgAdapterFactory, pruneExpired } from './pg-adapter';
import { FormTokens } from './form-tokens';
import { SIGN_IN_LIMITS, SignInThrottle } from './throttle';
import { errorPage, logoutPage, LOGOUT_AUTOSUBMIT_SCRIPT, pageCsp, scriptHash, signedOutPage, signInPage, signUpPage } from './pages';

export { generateSigningKey } from './keys';

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
  /**
   * Graceful stop: drains, stops accepting, lets in-flight requests finish (idle keep-alive connections
   * are closed), ends the rest after `drainTimeoutMs`, then closes the pool and Redis it opened.
   */
  close(): Promise<void>;
}

/** Name of the stand-alone sign-up form's double-submit CSRF cookie (Path=/signup, HttpOnly, SameSite=Strict). */
export const SIGNUP_CSRF_COOKIE = 'identity_signup_csrf';

/** Body limit of the sign-in/sign-up forms (bytes). */
export const FORM_LIMIT_BYTES = 16 * 1024;
/** Scopes of the storefront client. */
export const SCOPES = ['openid', 'profile', 'email'] as const;
/** Default of {@link IdentityOptions.refreshTokenTtlSeconds}: 14 days (the provider session's lifetime). */
export const DEFAULT_REFRESH_TOKEN_TTL_S = 14 * 24 * 3600;
/** Default of {@link IdentityOptions.signingKeyRotateS}: 7 days. */
export const DEFAULT_ROTATE_S = 7 * 24 * 3600;

/** A request problem answered with an HTML error page and `status`. */
class HttpProblem extends Error {
  constructor(readonly status: number, readonly title: string, message: string) {
    super(message);
  }
}

/** Reads an `application/x-www-form-urlencoded` body (≤ {@link FORM_LIMIT_BYTES}). @throws HttpProblem 400/413 */
async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new HttpProblem(400, 'Bad request', 'Expected a form submission (application/x-www-form-urlencoded).');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT_BYTES) throw new HttpProblem(413, 'Request too large', `The form is larger than ${FORM_LIMIT_BYTES} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * `return_to` of the stand-alone sign-up as an absolute URL on `publicOrigin`. The check is the
 * storefront's one URL-safety rule, `safeReturnPath` of `@storefront/remote-kit/safe-url` (a path
 * or an absolute URL on exactly `publicOrigin`; no other origin, protocol-relative `//x`, backslash,
 * control character, other scheme or encoded variant of these).
 * @param publicOrigin the storefront's origin, e.g. 'http://localhost:8080'
 * @returns `${publicOrigin}/` when absent; else `${publicOrigin}<path>`
 * @throws HttpProblem 400 for a value that is not a page of the store (no open redirect)
 */
export function resolveReturnTo(value: string | null, publicOrigin: string): string {
  if (value === null || value === '') return `${publicOrigin}/`;
  const path = safeReturnPath(value, { origin: publicOrigin, allowAbsolute: true, fallback: null });
  if (path === null) throw new HttpProblem(400, 'Bad request', `return_to must be a page of ${publicOrigin}.`);
  return `${publicOrigin}${path}`;
}

/** The value of cookie `name` in the request, or '' when absent. */
function cookieOf(req: http.IncomingMessage, name: string): string {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return '';
}

/** The 403 of a form POST without a valid CSRF token (cross-site, or a page from before a restart of every key). */
const csrfProblem = () =>
  new HttpProblem(403, 'Form expired', 'This form has expired or was not sent from this site. Go back, reload the page and try again.');

/** '30 seconds', '2 minutes', '1 hour' — how long to wait, for the sign-in page. */
function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

/** An ioredis client that fails fast when Redis is away (no offline queue, 1 s per command). */
function openRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, commandTimeout: 1000, maxRetriesPerRequest: 1, connectTimeout: 2000, disconnectTimeout: 500 });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) log('warn', { msg: 'redis unavailable: sign-in throttle falls back to this process', err: err.message });
    down = true;
  });
  redis.on('ready', () => {
    if (down) log('info', { msg: 'redis available again' });
    down = false;
  });
  return redis;
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
}: IdentityOptions): Promise<IdentityServer> {
  if (typeof clientSecret !== 'string' || clientSecret.trim() === '') throw new Error('The storefront client needs a secret (OIDC_CLIENT_SECRET): it is a confidential client.');
  const trusted: TrustedProxies | null = parseTrustProxy(trustProxy);
  let pool: Pool | undefined;
  let redis: Redis | undefined;
  const closeBackends = async () => {
    const quitRedis = async (r: Redis) => {
      // QUIT when connected (pending replies arrive first); else stop reconnecting at once.
      if (r.status === 'ready') await r.quit().catch(() => undefined);
      if (r.status !== 'end') r.disconnect();
    };
    await Promise.all([pool?.end().catch(() => undefined), redis ? quitRedis(redis) : undefined]);
  };
  let store: Accounts;
  let keys: KeySet;
  let adapter: AdapterFactory | undefined;
  const keyPolicy = { rotateS: signingKeyRotateS, tokenTtlS: tokenTtlSeconds, refreshS: keyRefreshS };
  try {
    if (databaseUrl) {
      pool = openPool(databaseUrl, logger);
      await migrate(pool);
      store = accounts ?? (await PgAccountStore.create({ pool, cost: bcryptCost, log: logger }));
      keys = await loadKeys(pool, keyPolicy);
      adapter = pgAdapterFactory(pool);
    } else {
      store = accounts ?? (await AccountStore.create({ cost: bcryptCost }));
      keys = { signing: [generateSigningKey()], cookieKeys: [randomBytes(32).toString('base64url')] };
    }
    if (redisUrl) {
      redis = openRedis(redisUrl, logger);
      const ready = once(redis, 'ready');
      ready.catch(() => undefined);
      await Promise.race([ready, new Promise((r) => setTimeout(r, 3000).unref())]);
    }
  } catch (error) {
    await closeBackends();
    throw error;
  }
  const limiter = throttle ?? new SignInThrottle({ redis, signUpsPerHour });
  const secureCookies = new URL(issuer).protocol === 'https:';
  const origin = new URL(publicOrigin).origin;
  const home = `${origin}/`;
  const csp = pageCsp({ publicOrigin: origin });

  const configuration: Configuration = {
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
    features: {
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
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
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

  /** A provider signing with `set.signing[0]`, publishing all of `set.signing`. */
  const build = (set: KeySet) => {
    const p = new Provider(issuer, { ...configuration, jwks: { keys: set.signing }, cookies: { keys: set.cookieKeys } });
    // Behind trusted proxies, X-Forwarded-Proto/Host say whether the shopper used https (secure cookies).
    p.proxy = trusted !== null;
    // Every id token names its provider session (`sid`, as OpenID Connect Front-/Back-Channel Logout
    // define it). Without it two id tokens of one shopper issued in the same second — one before a
    // sign-out, one after the next sign-in — can be identical, and a relying party that refuses the
    // ended session's tokens by `iat` (whole seconds) refuses the new one too; with it, it can refuse
    // exactly the ended session. oidc-provider includes `sid` only for back-channel logout clients.
    p.Client.prototype.includeSid = () => true;
    p.on('server_error', (_ctx, err) => logger('error', { msg: 'provider server_error', ...errorFields(err) }));
    return { provider: p, callback: p.callback(), keys: set, tokens: new FormTokens(set.cookieKeys) };
  };
  let current = build(keys);

  // With a database: every keyRefreshS, rotate/reload the keys (rebuilding the provider when they
  // changed) and delete expired provider rows.
  let maintenance: NodeJS.Timeout | undefined;
  let tick: Promise<void> | undefined;
  if (pool) {
    const db = pool;
    const refresh = async () => {
      try {
        const next = await loadKeys(db, keyPolicy);
        if (!sameKeys(next, current.keys)) {
          current = build(next);
          logger('info', { msg: 'signing keys reloaded', signingKid: next.signing[0]?.kid, published: next.signing.length });
        }
        await pruneExpired(db);
      } catch (err) {
        logger('warn', { msg: 'key refresh failed; keeping the current keys', ...errorFields(err) });
      } finally {
        tick = undefined;
      }
    };
    maintenance = setInterval(() => {
      tick ??= refresh();
    }, keyRefreshS * 1000);
    maintenance.unref();
  }

  const send = (res: http.ServerResponse, status: number, html: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.end(html);
  };

  /** Loads the pending interaction (cookie-bound); unknown or expired → HttpProblem 400. */
  const interactionOf = async (req: http.IncomingMessage, res: http.ServerResponse, uid: string) => {
    try {
      const details = await current.provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error('interaction mismatch');
      return details;
    } catch {
      throw new HttpProblem(400, 'Sign-in expired', 'This sign-in page has expired. Go back to the store and choose Log In again.');
    }
  };

  const loginAction = (uid: string) => `/interaction/${encodeURIComponent(uid)}/login`;
  const signUpAction = (uid: string) => `/interaction/${encodeURIComponent(uid)}/signup`;
  const loginHref = (uid: string) => `/interaction/${encodeURIComponent(uid)}?screen=login`;

  const finishLogin = async (req: http.IncomingMessage, res: http.ServerResponse, accountId: string) => {
    await current.provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  };

  const values = (form: URLSearchParams) => ({
    firstName: form.get('firstName') ?? '',
    lastName: form.get('lastName') ?? '',
    email: form.get('email') ?? '',
  });

  /**
   * The stand-alone sign-up's double-submit cookie: the request's when well-formed, else a new one;
   * (re)set on `res` for an hour either way.
   */
  const signUpCookie = (req: http.IncomingMessage, res: http.ServerResponse): string => {
    const existing = cookieOf(req, SIGNUP_CSRF_COOKIE);
    const value = /^[A-Za-z0-9_-]{24}$/.test(existing) ? existing : FormTokens.cookieValue();
    res.setHeader('Set-Cookie', `${SIGNUP_CSRF_COOKIE}=${value}; Path=/signup; Max-Age=3600; HttpOnly; SameSite=Strict${secureCookies ? '; Secure' : ''}`);
    return value;
  };

  /**
   * Creates the account of a sign-up form (CSRF already checked): field problems → 400, over the
   * address's sign-up limit → 429 with `Retry-After`, a taken email → 409, each rendered by `page`.
   * @returns the new account, or null when `page` answered
   */
  const signUp = async (req: http.IncomingMessage, res: http.ServerResponse, form: URLSearchParams, page: (status: number, errors: FieldError[]) => void) => {
    const input = Object.fromEntries(form);
    const problems = validateSignUp(input);
    if (problems.length) {
      page(400, problems);
      return null;
    }
    const verdict = await limiter.signUpAttempt(clientAddress(req, trusted));
    if (!verdict.allowed) {
      res.setHeader('Retry-After', String(verdict.retryAfterS));
      page(429, [{ field: 'form', message: `Too many accounts were created from your network. Please wait ${waitText(verdict.retryAfterS)} and try again.` }]);
      return null;
    }
    try {
      return await store.signUp(input);
    } catch (err) {
      if (!(err instanceof SignUpError)) throw err;
      const taken = err.errors.some((e) => e.field === 'email' && /already exists/.test(e.message));
      page(taken ? 409 : 400, err.errors);
      return null;
    }
  };

  /** Our own routes; returns false for everything oidc-provider serves. */
  const route = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', issuer);
    const method = req.method ?? 'GET';
    const m = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|signup))?$/.exec(url.pathname);
    if (m) {
      const uid = m[1]!;
      const action = m[2];
      if (!action && method === 'GET') {
        const details = await interactionOf(req, res, uid);
        if (details.prompt.name === 'login') {
          const wantsSignUp = details.params.screen_hint === 'signup' && url.searchParams.get('screen') !== 'login';
          const csrf = current.tokens.csrf(uid);
          send(res, 200, wantsSignUp
            ? signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid), hidden: { csrf } })
            : signInPage({ action: loginAction(uid), signUpHref: signUpAction(uid), email: typeof details.params.login_hint === 'string' ? details.params.login_hint : '', hidden: { csrf } }));
          return true;
        }
        // Any other prompt (consent for a grant that vanished): first-party, so grant and continue.
        const { provider } = current;
        const grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
        const g = grant ?? new provider.Grant({ clientId: String(details.params.client_id), accountId: details.session?.accountId });
        g.addOIDCScope(SCOPES.join(' '));
        const grantId = await g.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return true;
      }
      if (action === 'login' && method === 'POST') {
        const form = await readForm(req);
        await interactionOf(req, res, uid);
        const { tokens } = current;
        if (!tokens.checkCsrf(uid, form.get('csrf'))) throw csrfProblem();
        const email = form.get('email') ?? '';
        const password = form.get('password') ?? '';
        const page = (status: number, errors: FieldError[], stepUp?: string) =>
          send(res, status, signInPage({ action: loginAction(uid), signUpHref: signUpAction(uid), email, errors, hidden: { csrf: tokens.csrf(uid), step_up: stepUp } }));
        const missing: FieldError[] = [];
        if (!email.trim()) missing.push({ field: 'email', message: 'Email is required.' });
        if (!password) missing.push({ field: 'password', message: 'Password is required.' });
        if (missing.length) {
          page(400, missing);
          return true;
        }
        // Throttled by (account, address), by address and by account, before the password is even checked.
        const address = clientAddress(req, trusted);
        const verdict = await limiter.check(email, address);
        if (!verdict.allowed) {
          res.setHeader('Retry-After', String(verdict.retryAfterS));
          page(429, [{ field: 'form', message: `Too many sign-in attempts. Please wait ${waitText(verdict.retryAfterS)} and try again.` }]);
          return true;
        }
        if (verdict.stepUp) {
          // Step-up (throttle.ts): the password is checked only with a ticket that has waited, whatever it is.
          const t = now();
          const ticket = form.get('step_up');
          const held = tokens.readTicket(ticket, uid, email, t);
          if (!held || held.waitMs > 0 || !(await limiter.spendTicket(held.nonce))) {
            const fresh = held && held.waitMs > 0 ? ticket! : tokens.ticket(uid, email, t, SIGN_IN_LIMITS.stepUpWaitS * 1000, SIGN_IN_LIMITS.stepUpTicketS * 1000);
            const waitS = held && held.waitMs > 0 ? Math.ceil(held.waitMs / 1000) : SIGN_IN_LIMITS.stepUpWaitS;
            res.setHeader('Retry-After', String(waitS));
            page(429, [{ field: 'form', message: `This account has had many failed sign-ins. To protect it, please wait ${waitText(waitS)}, then enter your password and choose Log In again.` }], fresh);
            return true;
          }
        }
        const account = await store.authenticate(email, password);
        if (account) await limiter.succeeded(email, address);
        else await limiter.failed(email, address);
        if (!account) {
          page(401, [{ field: 'form', message: 'The email or password is incorrect. Please try again.' }]);
          return true;
        }
        await finishLogin(req, res, account.uid);
        return true;
      }
      if (action === 'signup' && (method === 'GET' || method === 'POST')) {
        if (method === 'GET') {
          await interactionOf(req, res, uid);
          send(res, 200, signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid), hidden: { csrf: current.tokens.csrf(uid) } }));
          return true;
        }
        const form = await readForm(req);
        await interactionOf(req, res, uid);
        const { tokens } = current;
        if (!tokens.checkCsrf(uid, form.get('csrf'))) throw csrfProblem();
        const account = await signUp(req, res, form, (status, errors) =>
          send(res, status, signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid), values: values(form), errors, hidden: { csrf: tokens.csrf(uid) } })));
        if (account) await finishLogin(req, res, account.uid);
        return true;
      }
      throw new HttpProblem(405, 'Method not allowed', `${method} is not allowed here.`);
    }
    if (url.pathname === '/signup') {
      if (method === 'GET') {
        const returnTo = resolveReturnTo(url.searchParams.get('return_to'), origin);
        send(res, 200, signUpPage({ action: '/signup', hidden: { csrf: current.tokens.csrf(signUpCookie(req, res)), return_to: returnTo } }));
        return true;
      }
      if (method === 'POST') {
        const form = await readForm(req);
        const { tokens } = current;
        const binding = cookieOf(req, SIGNUP_CSRF_COOKIE);
        if (!tokens.checkCsrf(binding, form.get('csrf'))) throw csrfProblem();
        const returnTo = resolveReturnTo(form.get('return_to'), origin);
        const account = await signUp(req, res, form, (status, errors) =>
          send(res, status, signUpPage({ action: '/signup', hidden: { csrf: tokens.csrf(binding), return_to: returnTo }, values: values(form), errors })));
        if (!account) return true;
        res.statusCode = 303;
        res.setHeader('Location', returnTo);
        res.setHeader('Cache-Control', 'no-store');
        res.end();
        return true;
      }
      throw new HttpProblem(405, 'Method not allowed', `${method} is not allowed here.`);
    }
    return false;
  };

  let draining = false;

  const readiness = async (): Promise<string | null> => {
    if (draining) return 'draining';
    const problems = await Promise.all([
      pool ? databaseProblem(pool) : null,
      redis ? redis.ping().then(() => null, (err: Error) => `redis: ${err.message}`) : null,
    ]);
    const found = problems.filter((p): p is string => p !== null);
    return found.length ? found.join('; ') : null;
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(body));
  };

  const fail = (res: http.ServerResponse, err: unknown, reqId: string) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof HttpProblem) {
      send(res, err.status, errorPage({ title: err.title, message: err.message, homeHref: home }));
      return;
    }
    if (err instanceof oidcErrors.OIDCProviderError) {
      send(res, err.status, errorPage({ title: 'Sign-in could not be completed', message: err.error_description ?? err.message, homeHref: home }));
      return;
    }
    logger('error', { msg: 'unexpected error', reqId, ...errorFields(err) });
    send(res, 500, errorPage({ title: 'Something went wrong', message: 'Something went wrong. Please try again later.', homeHref: home }));
  };

  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    const reqId = requestIdOf(req);
    const path = (req.url ?? '/').split('?')[0]!.slice(0, 256);
    res.setHeader('x-request-id', reqId);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      logger('info', { reqId, method: req.method, path, status: res.statusCode, ms, ...(res.writableFinished ? {} : { aborted: true }) });
    });
    // X-Forwarded-Proto/Host count only from a trusted proxy.
    if (trusted && !trusted.trusts(req.socket.remoteAddress ?? '')) {
      delete req.headers['x-forwarded-proto'];
      delete req.headers['x-forwarded-host'];
    }
    if (path === '/livez' || path === '/readyz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        sendJson(res, 405, { status: 'error', reason: `${req.method} is not allowed here.` });
        return;
      }
      if (path === '/livez') {
        sendJson(res, 200, { status: 'ok' });
        return;
      }
      readiness().then(
        (problem) => (problem === null ? sendJson(res, 200, { status: 'ready' }) : sendJson(res, 503, { status: draining ? 'draining' : 'unavailable', reason: problem })),
        (err: unknown) => fail(res, err, reqId),
      );
      return;
    }
    const { callback } = current;
    route(req, res).then(
      (handled) => {
        if (!handled) callback(req, res);
      },
      (err: unknown) => fail(res, err, reqId),
    );
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      clearInterval(maintenance);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Keep-alive connections go idle as their last request ends: close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const force = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
      try {
        await closed;
      } finally {
        clearInterval(sweep);
        clearTimeout(force);
        await tick;
        await closeBackends();
      }
    })();
    return closing;
  };

  return {
    get provider() {
      return current.provider;
    },
    accounts: store,
    server,
    get signingKid() {
      return String(current.keys.signing[0]?.kid);
    },
    get draining() {
      return draining;
    },
    listen: (port, host = '127.0.0.1') =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      }),
    readiness,
    startDraining: () => {
      draining = true;
    },
    close,
  };
}
