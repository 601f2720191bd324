/**
 * The local OpenID Connect provider (issue 3 "Identity"; wave-2 contract "Identity (OIDC)"), built on
 * `oidc-provider` 9 and served by a plain `node:http` server:
 *
 *   GET  /.well-known/openid-configuration, /jwks, /auth, POST /token, GET /me (userinfo),
 *   GET  /session/end (end session)                       -> oidc-provider
 *   GET  /interaction/:uid                                -> sign-in page ('Email', 'Password', 'Log In', 'Sign Up' link),
 *                                                            or the sign-up page when the authorization request
 *                                                            carried `screen_hint=signup`
 *   POST /interaction/:uid/login                          -> checks the password, continues the authorization
 *   GET  /interaction/:uid/signup, POST same              -> sign-up that continues the pending authorization
 *   GET  /signup?return_to=<url>, POST /signup            -> stand-alone sign-up; afterwards redirects to
 *                                                            `return_to` (only a URL on PUBLIC_ORIGIN) or PUBLIC_ORIGIN/
 *
 * One public client (`token_endpoint_auth_method: 'none'`), authorization code + PKCE S256 only,
 * scopes `openid profile email`, id token RS256 carrying sub, email, given_name, family_name.
 * Consent is skipped for this first-party client (a grant is created on first use). Grants, sessions and
 * codes live in oidc-provider's in-memory adapter (a restart signs everyone out); the RS256 key and the
 * cookie keys are generated at start.
 *
 * `oidc-provider` is ESM-only: this CommonJS package loads it with `require()` of ESM (Node ≥ 20.19) via
 * tsx at run time; jest transpiles it (jest.config.js).
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { errors as oidcErrors, type Configuration, type JWK, type KoaContextWithOIDC } from 'oidc-provider';
import { safeReturnPath } from '@storefront/remote-kit/safe-url';
import { AccountStore, SignUpError, type FieldError } from './accounts';
import { SignInThrottle } from './throttle';
import { errorPage, logoutPage, LOGOUT_AUTOSUBMIT_SCRIPT, pageCsp, scriptHash, signedOutPage, signInPage, signUpPage } from './pages';

/** Options of {@link createIdentityServer}. */
export interface IdentityOptions {
  /** OIDC issuer, e.g. 'http://localhost:4100' (OIDC_ISSUER). */
  issuer: string;
  /** The storefront origin, e.g. 'http://localhost:8080' (PUBLIC_ORIGIN): redirect, post-logout and CORS origin. */
  publicOrigin: string;
  /** The client id (OIDC_CLIENT_ID, default 'storefront'). */
  clientId?: string;
  /** The shoppers (default: {@link AccountStore.create} with the seeded shoppers, in memory). */
  accounts?: AccountStore;
  /** Seconds an id token / access token is valid (default 3600). */
  tokenTtlSeconds?: number;
  /** Log provider errors to stderr (default true). */
  log?: boolean;
  /** Sign-in throttling by account and address (issue 19; default: a new {@link SignInThrottle}). */
  throttle?: SignInThrottle;
}

/** A running identity server. */
export interface IdentityServer {
  provider: Provider;
  accounts: AccountStore;
  server: http.Server;
  /** Listens on host:port (port 0 = any free port); resolves to the port. */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

/** Body limit of the sign-in/sign-up forms (bytes). */
export const FORM_LIMIT_BYTES = 16 * 1024;
/** Scopes of the storefront client. */
export const SCOPES = ['openid', 'profile', 'email'] as const;

/** An RS256 signing key (private JWK) generated now, with a random kid. */
export function generateSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: `dev-${randomUUID()}`, alg: 'RS256', use: 'sig' };
}

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

/** '30 seconds', '2 minutes', '1 hour' — how long to wait, for the sign-in page. */
function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

/**
 * Builds the provider and the HTTP server around it (not listening yet).
 * @example
 *   const idp = await createIdentityServer({ issuer: 'http://localhost:4100', publicOrigin: 'http://localhost:8080' });
 *   await idp.listen(4100, '127.0.0.1');
 */
export async function createIdentityServer({
  issuer,
  publicOrigin,
  clientId = 'storefront',
  accounts,
  tokenTtlSeconds = 3600,
  log = true,
  throttle = new SignInThrottle(),
}: IdentityOptions): Promise<IdentityServer> {
  const store = accounts ?? (await AccountStore.create());
  const origin = new URL(publicOrigin).origin;
  const home = `${origin}/`;
  const csp = pageCsp({ publicOrigin: origin });

  const configuration: Configuration = {
    clients: [{
      client_id: clientId,
      client_name: 'Harbour Market',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
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
    jwks: { keys: [generateSigningKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AccessToken: tokenTtlSeconds,
      IdToken: tokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    // The browser calls /token (and /me, /jwks) from the storefront origin.
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === origin,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
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
      const account = store.findByUid(sub);
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

  const provider = new Provider(issuer, configuration);
  if (log) {
    provider.on('server_error', (_ctx, err) => console.error('[identity] server_error', err));
  }
  const oidcCallback = provider.callback();

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
      const details = await provider.interactionDetails(req, res);
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
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  };

  const values = (form: URLSearchParams) => ({
    firstName: form.get('firstName') ?? '',
    lastName: form.get('lastName') ?? '',
    email: form.get('email') ?? '',
  });

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
          send(res, 200, wantsSignUp
            ? signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid) })
            : signInPage({ action: loginAction(uid), signUpHref: signUpAction(uid), email: typeof details.params.login_hint === 'string' ? details.params.login_hint : '' }));
          return true;
        }
        // Any other prompt (consent for a grant that vanished): first-party, so grant and continue.
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
        const email = form.get('email') ?? '';
        const password = form.get('password') ?? '';
        const missing: FieldError[] = [];
        if (!email.trim()) missing.push({ field: 'email', message: 'Email is required.' });
        if (!password) missing.push({ field: 'password', message: 'Password is required.' });
        if (missing.length) {
          send(res, 400, signInPage({ action: loginAction(uid), signUpHref: signUpAction(uid), email, errors: missing }));
          return true;
        }
        // issue 19: throttled by account and by address, before the password is even checked
        const address = req.socket.remoteAddress ?? 'unknown';
        const verdict = await throttle.check(email, address);
        if (!verdict.allowed) {
          res.setHeader('Retry-After', String(verdict.retryAfterS));
          send(res, 429, signInPage({ action: loginAction(uid), signUpHref: signUpAction(uid), email, errors: [{ field: 'form', message: `Too many sign-in attempts. Please wait ${waitText(verdict.retryAfterS)} and try again.` }] }));
          return true;
        }
        const account = await store.authenticate(email, password);
        if (account) await throttle.succeeded(email);
        else await throttle.failed(email, address);
        if (!account) {
          send(res, 401, signInPage({ action: loginAction(uid), signUpHref: signUpAction(uid), email, errors: [{ field: 'form', message: 'The email or password is incorrect. Please try again.' }] }));
          return true;
        }
        await finishLogin(req, res, account.uid);
        return true;
      }
      if (action === 'signup' && (method === 'GET' || method === 'POST')) {
        if (method === 'GET') {
          await interactionOf(req, res, uid);
          send(res, 200, signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid) }));
          return true;
        }
        const form = await readForm(req);
        await interactionOf(req, res, uid);
        try {
          const account = await store.signUp(Object.fromEntries(form));
          await finishLogin(req, res, account.uid);
        } catch (err) {
          if (!(err instanceof SignUpError)) throw err;
          const taken = err.errors.some((e) => e.field === 'email' && /already exists/.test(e.message));
          send(res, taken ? 409 : 400, signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid), values: values(form), errors: err.errors }));
        }
        return true;
      }
      throw new HttpProblem(405, 'Method not allowed', `${method} is not allowed here.`);
    }
    if (url.pathname === '/signup') {
      if (method === 'GET') {
        const returnTo = resolveReturnTo(url.searchParams.get('return_to'), origin);
        send(res, 200, signUpPage({ action: '/signup', hidden: { return_to: returnTo } }));
        return true;
      }
      if (method === 'POST') {
        const form = await readForm(req);
        const returnTo = resolveReturnTo(form.get('return_to'), origin);
        try {
          await store.signUp(Object.fromEntries(form));
        } catch (err) {
          if (!(err instanceof SignUpError)) throw err;
          const taken = err.errors.some((e) => e.field === 'email' && /already exists/.test(e.message));
          send(res, taken ? 409 : 400, signUpPage({ action: '/signup', hidden: { return_to: returnTo }, values: values(form), errors: err.errors }));
          return true;
        }
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

  const server = http.createServer((req, res) => {
    route(req, res).then(
      (handled) => {
        if (!handled) oidcCallback(req, res);
      },
      (err: unknown) => {
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
        if (log) console.error('[identity] unexpected error', err);
        send(res, 500, errorPage({ title: 'Something went wrong', message: 'Something went wrong. Please try again later.', homeHref: home }));
      },
    );
  });

  return {
    provider,
    accounts: store,
    server,
    listen: (port, host = '127.0.0.1') =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

