/**
 * Cookie sessions at the BFF (IETF "OAuth 2.0 for Browser-Based Apps", BFF pattern; README "Cookie
 * sessions"). The browser holds only HttpOnly cookies; the BFF is a confidential OIDC client
 * (openid-client: discovery, PKCE, state and nonce checks, client_secret_basic, refresh, revocation), keeps
 * the tokens in PostgreSQL (tables auth_flows, bff_sessions, keyed by sha256 of the cookie value) so any
 * replica serves and refreshes them, and verifies every id token with the BFF's own verifier (src/auth.ts),
 * so the sign-out (sid) rules hold for cookie sessions too.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { safeReturnPath } from '@storefront/remote-kit/safe-url';
import { CSRF_HEADER, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE as SIGNED_IN_COOKIE, type SessionInfo } from '@storefront/remote-kit/session-contract';

export type { SessionInfo };
import { recordSessionEnd } from './accounts';
import type { IdTokenVerifier, SessionAuth, Shopper } from './auth';
import type { Db } from './db';
import { HttpError } from './http';
import {
  expiryMs, isClaimCheck, iso, ms, parsePublicOrigins, providerError, randomValue, SessionGone, sessionInfo, sha256Hex, TokenBox,
  type CookieSessionOptions, type FlowRow, type SessionRow,
} from './session-parts';

export { parsePublicOrigins, sha256Hex, type CookieSessionOptions };

/** The session cookie (32 random bytes, base64url; HttpOnly, no Max-Age), the readable hint and the CSRF header: one definition with the shell's. */
export { SESSION_COOKIE, SIGNED_IN_COOKIE, CSRF_HEADER };
/** The sign-in flow cookie: binds the callback to the browser that started the sign-in; HttpOnly, 600 s. */
export const FLOW_COOKIE = '__Host-storefront-auth';

/** How long a sign-in flow may take, ms (10 min). */
export const FLOW_TTL_MS = 10 * 60_000;
/** An id token expiring within this many ms is refreshed first (60 s). */
export const REFRESH_MARGIN_MS = 60_000;
/** A session unused for this long ends, ms (24 h). */
export const SESSION_IDLE_MS = 24 * 3600_000;
/** A session ends this long after sign-in whatever its use, ms (7 days). */
export const SESSION_MAX_MS = 7 * 24 * 3600_000;
/** last_used_at is written at most this often per session, ms (1 min). */
const TOUCH_EVERY_MS = 60_000;
/** Scopes asked at sign-in (offline_access: a refresh token). */
export const SCOPE = 'openid profile email offline_access';

/** PUBLIC_ORIGIN when unset: the local platform's storefront. */
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

/** Methods the CSRF rule lets through. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cookie sessions of one BFF process (state is in the database; only the provider's discovery
 * document is cached here, and refreshes of one session are shared in process).
 */
export class CookieSessions implements SessionAuth {
  readonly publicOrigins: readonly string[];
  private readonly db: Db;
  private readonly verify: IdTokenVerifier;
  private readonly now: () => number;
  private readonly box: TokenBox;
  private provider: Promise<oidc.Configuration> | undefined;
  private readonly refreshing = new Map<string, Promise<SessionRow | null>>();

  constructor(private readonly options: CookieSessionOptions) {
    if (!options.clientSecret) throw new Error('Cookie sessions need OIDC_CLIENT_SECRET');
    if (options.publicOrigins.length === 0) throw new Error('Cookie sessions need PUBLIC_ORIGIN');
    this.publicOrigins = options.publicOrigins;
    this.db = options.db;
    this.verify = options.verify;
    this.now = options.now ?? Date.now;
    this.box = new TokenBox(options.clientSecret);
  }

  /** `<first PUBLIC_ORIGIN>/auth/callback`. */
  get redirectUri(): string {
    return `${this.publicOrigins[0]}/auth/callback`;
  }

  /**
   * The provider's configuration (discovery, cached; a failure is not cached: the next call tries again).
   * @throws HttpError 503 'Identity provider unavailable'
   */
  async config(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, timeoutMs = 10_000 } = this.options;
    this.provider ??= oidc
      .discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
        execute: new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: Math.ceil(timeoutMs / 1000),
      })
      .catch((error: unknown) => {
        this.provider = undefined;
        throw error;
      });
    try {
      return await this.provider;
    } catch (error) {
      this.options.warn?.(error, 'OIDC discovery failed');
      throw new HttpError(503, 'Identity provider unavailable');
    }
  }

  /** Whether the request carries the session cookie. */
  hasCookie(request: FastifyRequest): boolean {
    return typeof request.cookies?.[SESSION_COOKIE] === 'string' && request.cookies[SESSION_COOKIE] !== '';
  }

  /**
   * The CSRF rule (methods other than GET/HEAD/OPTIONS): `x-storefront-csrf: 1` required, an `Origin`
   * header (when sent) must be a PUBLIC_ORIGIN, `Sec-Fetch-Site: cross-site` is refused.
   * @throws HttpError 403 code 'CSRF' 'Cross-site request refused: <why>'
   */
  checkCsrf(request: FastifyRequest): void {
    if (SAFE_METHODS.has(request.method)) return;
    const refuse = (why: string): never => {
      throw new HttpError(403, `Cross-site request refused: ${why}`, 'CSRF');
    };
    if (request.headers['sec-fetch-site'] === 'cross-site') refuse('Sec-Fetch-Site is cross-site');
    if (request.headers[CSRF_HEADER] !== '1') refuse(`the ${CSRF_HEADER}: 1 header is missing`);
    const origin = request.headers.origin;
    if (origin !== undefined && !this.publicOrigins.includes(origin)) refuse(`Origin ${origin} is not the storefront`);
  }

  /** Sets the session and signed-in cookies. */
  private setSessionCookies(reply: FastifyReply, value: string): void {
    reply.setCookie(SESSION_COOKIE, value, { path: '/', secure: true, sameSite: 'lax', httpOnly: true });
    reply.setCookie(SIGNED_IN_COOKIE, '1', { path: '/', secure: true, sameSite: 'lax', httpOnly: false });
  }

  /** Clears the session and signed-in cookies. */
  clearSessionCookies(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: '/', secure: true, sameSite: 'lax', httpOnly: true });
    reply.clearCookie(SIGNED_IN_COOKIE, { path: '/', secure: true, sameSite: 'lax', httpOnly: false });
  }

  /**
   * Starts a sign-in: stores the flow (state, PKCE verifier, nonce, safe returnTo, mode) for
   * {@link FLOW_TTL_MS}, sets the flow cookie, and returns the provider's authorization URL.
   * @throws HttpError 503 'Identity provider unavailable' (discovery failed)
   */
  async startSignIn(reply: FastifyReply, { mode = 'signIn', returnTo }: { mode?: 'signIn' | 'signUp'; returnTo?: string }): Promise<string> {
    const config = await this.config();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const authorizeUrl = oidc.buildAuthorizationUrl(config, {
      response_type: 'code',
      scope: SCOPE,
      redirect_uri: this.redirectUri,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(mode === 'signUp' ? { screen_hint: 'signup' } : {}),
    });
    const flowId = randomValue();
    const now = this.now();
    await this.db.query('DELETE FROM auth_flows WHERE expires_at <= $1', [iso(now)]);
    await this.db.query(
      'INSERT INTO auth_flows (id_hash, state, code_verifier, nonce, return_to, mode, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [sha256Hex(flowId), state, codeVerifier, nonce, safeReturnPath(returnTo), mode, iso(now + FLOW_TTL_MS)],
    );
    reply.setCookie(FLOW_COOKIE, flowId, { path: '/', secure: true, sameSite: 'lax', httpOnly: true, maxAge: FLOW_TTL_MS / 1000 });
    return authorizeUrl.href;
  }

  /**
   * Finishes a sign-in from the callback page's `location.search`: takes (and deletes) the flow of the
   * flow cookie, checks state, exchanges the code (client_secret_basic + code_verifier), checks the nonce,
   * verifies the id token, stores the session and sets its cookies; the flow cookie is cleared.
   * @throws HttpError 400 (no/unknown/expired flow, state mismatch, provider error, bad code, bad id token
   *   claims), 401 (the verifier's reasons), 502 (token endpoint failed), 503 (discovery failed)
   */
  async finishSignIn(request: FastifyRequest, reply: FastifyReply, search: string): Promise<{ returnTo: string; user: SessionInfo }> {
    reply.clearCookie(FLOW_COOKIE, { path: '/', secure: true, sameSite: 'lax', httpOnly: true });
    const flowId = request.cookies?.[FLOW_COOKIE];
    if (!flowId) throw new HttpError(400, 'No sign-in in progress in this browser (the sign-in cookie is missing): start the sign-in again');
    const { rows } = await this.db.query<FlowRow>('DELETE FROM auth_flows WHERE id_hash = $1 RETURNING state, code_verifier, nonce, return_to, mode, expires_at', [sha256Hex(flowId)]);
    const flow = rows[0];
    if (!flow || ms(flow.expires_at) <= this.now()) throw new HttpError(400, 'Unknown or expired sign-in: start the sign-in again');
    const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
    if (params.get('state') !== flow.state) throw new HttpError(400, 'Sign-in state mismatch: start the sign-in again');
    const providerRefusal = params.get('error');
    if (providerRefusal !== null) throw new HttpError(400, `The identity provider refused the sign-in: ${providerRefusal.slice(0, 100)}`);
    if (!params.get('code')) throw new HttpError(400, 'Invalid body.search: no code');

    const config = await this.config();
    let tokens: oidc.TokenEndpointResponse;
    try {
      tokens = await oidc.authorizationCodeGrant(config, new URL(`${this.redirectUri}?${params.toString()}`), {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
    } catch (error) {
      const code = providerError(error);
      if (code === 'invalid_grant' || code === 'invalid_request') throw new HttpError(400, `The identity provider refused the sign-in code (${code}): start the sign-in again`);
      if (isClaimCheck(error)) throw new HttpError(400, `Invalid id token: ${(error as Error).message}`);
      this.options.warn?.(error, 'token endpoint failed');
      throw new HttpError(502, 'The identity provider token endpoint failed');
    }
    if (!tokens.id_token) throw new HttpError(502, 'The identity provider returned no id token');
    const shopper = await this.verify(tokens.id_token);

    const value = randomValue();
    const idHash = sha256Hex(value);
    const now = this.now();
    await this.db.query('DELETE FROM bff_sessions WHERE expires_at <= $1', [iso(now)]);
    // a new sign-in replaces the browser's previous session (a fresh cookie value: no session fixation)
    const previous = request.cookies?.[SESSION_COOKIE];
    if (previous) await this.end(sha256Hex(previous));
    await this.db.query(
      `INSERT INTO bff_sessions (id_hash, uid, sid, id_token, access_token, refresh_token, id_token_expires_at, created_at, last_used_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
      [
        idHash, shopper.uid, shopper.sid ?? null, this.box.seal(tokens.id_token, idHash), this.box.seal(tokens.access_token, idHash),
        this.box.seal(tokens.refresh_token, idHash), iso(expiryMs(shopper)), iso(now), iso(now + Math.min(SESSION_IDLE_MS, SESSION_MAX_MS)),
      ],
    );
    this.setSessionCookies(reply, value);
    return { returnTo: flow.return_to, user: sessionInfo(shopper, idHash) };
  }

  /** The session row of a cookie value, or null (an expired row is deleted). */
  private async row(idHash: string): Promise<SessionRow | null> {
    const { rows } = await this.db.query<SessionRow>('SELECT * FROM bff_sessions WHERE id_hash = $1', [idHash]);
    const row = rows[0];
    if (!row) return null;
    if (ms(row.expires_at) <= this.now()) {
      await this.end(idHash);
      return null;
    }
    return row;
  }

  /** Deletes a session row. */
  private async end(idHash: string): Promise<void> {
    await this.db.query('DELETE FROM bff_sessions WHERE id_hash = $1', [idHash]);
  }

  /**
   * Refreshes the session's tokens at the provider (the refresh token rotates: the new one is stored).
   * Resolves with the updated row, or null when the session ended (refresh refused: the row is deleted).
   * A provider that does not answer leaves the row as it is while its id token is valid.
   * @throws HttpError 503 when the provider does not answer and the id token has expired
   */
  private async refresh(row: SessionRow): Promise<SessionRow | null> {
    const refreshToken = this.box.open(row.refresh_token, row.id_hash);
    const stillValid = ms(row.id_token_expires_at) > this.now();
    if (!refreshToken) {
      if (stillValid) return row;
      await this.end(row.id_hash);
      return null;
    }
    let tokens: oidc.TokenEndpointResponse;
    let shopper: Shopper;
    try {
      const config = await this.config();
      try {
        tokens = await oidc.refreshTokenGrant(config, refreshToken);
      } catch (error) {
        const code = providerError(error);
        if (code === 'invalid_grant' || code === 'unauthorized_client' || isClaimCheck(error)) throw new SessionGone(code ?? 'invalid id token');
        throw error;
      }
      if (!tokens.id_token) throw new SessionGone('no id token');
      shopper = await this.verify(tokens.id_token).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 401 ? new SessionGone(error.message) : error;
      });
      if (shopper.uid !== row.uid) throw new SessionGone('another subject');
    } catch (error) {
      if (error instanceof SessionGone) {
        // another replica may have rotated the refresh token meanwhile: then its row is the session
        const { rows } = await this.db.query<SessionRow>('SELECT * FROM bff_sessions WHERE id_hash = $1', [row.id_hash]);
        if (rows[0] && rows[0].refresh_token !== row.refresh_token) return rows[0];
        await this.end(row.id_hash);
        return null;
      }
      this.options.warn?.(error, 'refreshing a session failed');
      if (stillValid) return row;
      throw new HttpError(503, 'Identity provider unavailable');
    }
    const { rows } = await this.db.query<SessionRow>(
      `UPDATE bff_sessions SET id_token = $3, access_token = $4, refresh_token = $5, id_token_expires_at = $6, sid = $7
       WHERE id_hash = $1 AND refresh_token IS NOT DISTINCT FROM $2 RETURNING *`,
      [
        row.id_hash, row.refresh_token, this.box.seal(tokens.id_token, row.id_hash), this.box.seal(tokens.access_token, row.id_hash),
        this.box.seal(tokens.refresh_token ?? refreshToken, row.id_hash), iso(expiryMs(shopper)), shopper.sid ?? row.sid,
      ],
    );
    if (rows[0]) return rows[0];
    return this.row(row.id_hash); // refreshed (or ended) by another request meanwhile
  }

  /** The session of a cookie value with an id token valid for more than {@link REFRESH_MARGIN_MS}, or null. */
  private async current(idHash: string): Promise<SessionRow | null> {
    const row = await this.row(idHash);
    if (!row || ms(row.id_token_expires_at) - this.now() > REFRESH_MARGIN_MS) return row;
    let pending = this.refreshing.get(idHash);
    if (!pending) {
      pending = this.refresh(row).finally(() => this.refreshing.delete(idHash));
      this.refreshing.set(idHash, pending);
    }
    return pending;
  }

  /**
   * The verified shopper of the request's session cookie, or null when there is no usable session (no
   * cookie, row gone or expired, refresh refused, id token refused by the verifier: the row is deleted).
   * @throws HttpError 503 when the provider or its keys do not answer
   */
  private async load(request: FastifyRequest): Promise<{ shopper: Shopper; idHash: string } | null> {
    const value = request.cookies?.[SESSION_COOKIE];
    if (!value) return null;
    const idHash = sha256Hex(value);
    const row = await this.current(idHash);
    if (!row) return null;
    const idToken = this.box.open(row.id_token, idHash);
    if (!idToken) {
      await this.end(idHash);
      return null;
    }
    let shopper: Shopper;
    try {
      shopper = await this.verify(idToken);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        await this.end(idHash);
        return null;
      }
      throw error;
    }
    const now = this.now();
    if (now - ms(row.last_used_at) >= TOUCH_EVERY_MS) {
      await this.db.query(
        'UPDATE bff_sessions SET last_used_at = $2, expires_at = LEAST(created_at + make_interval(secs => $3), $2::timestamptz + make_interval(secs => $4)) WHERE id_hash = $1',
        [idHash, iso(now), SESSION_MAX_MS / 1000, SESSION_IDLE_MS / 1000],
      );
    }
    return { shopper, idHash };
  }

  /**
   * The verified shopper of the session cookie (see {@link SessionAuth.shopperOf}).
   * @throws HttpError 401 'Session expired' (cookies cleared), 503 provider unavailable
   */
  async shopperOf(request: FastifyRequest, reply: FastifyReply): Promise<Shopper> {
    const loaded = await this.load(request);
    if (!loaded) {
      this.clearSessionCookies(reply);
      throw new HttpError(401, 'Session expired');
    }
    return loaded.shopper;
  }

  /** `GET /api/auth/session` data: the session (refreshed when near expiry) or `{ signedIn: false }` (cookies cleared). */
  async info(request: FastifyRequest, reply: FastifyReply): Promise<SessionInfo | { signedIn: false }> {
    const loaded = await this.load(request);
    if (!loaded) {
      if (this.hasCookie(request)) this.clearSessionCookies(reply);
      return { signedIn: false };
    }
    return sessionInfo(loaded.shopper, loaded.idHash);
  }

  /**
   * Signs the browser out: deletes its session, records the session end by `sid` (a copy of its id token
   * is refused from then on), revokes its refresh token at the provider (best effort), clears the
   * cookies. Idempotent. Resolves with the provider's end-session URL (client_id, post_logout_redirect_uri
   * = first PUBLIC_ORIGIN + '/'), or null when the provider cannot be reached.
   */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    this.clearSessionCookies(reply);
    const value = request.cookies?.[SESSION_COOKIE];
    const { rows } = value
      ? await this.db.query<SessionRow>('DELETE FROM bff_sessions WHERE id_hash = $1 RETURNING *', [sha256Hex(value)])
      : { rows: [] as SessionRow[] };
    const row = rows[0];
    if (row) await recordSessionEnd(this.db, row.uid, row.sid);
    let config: oidc.Configuration;
    try {
      config = await this.config();
    } catch {
      return null;
    }
    const refreshToken = row ? this.box.open(row.refresh_token, row.id_hash) : null;
    if (refreshToken && config.serverMetadata().revocation_endpoint) {
      await oidc.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' })
        .catch((error: unknown) => this.options.warn?.(error, 'revoking a refresh token failed'));
    }
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: `${this.publicOrigins[0]}/` }).href;
  }
}
