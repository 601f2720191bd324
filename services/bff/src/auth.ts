/**
 * Shopper authentication for the BFF (spec §7 "bearer header, id token in a focus header, nonce"; §6 roles).
 *
 * A shopper request carries the OIDC id token twice — `Authorization: Bearer <id_token>` and the focus
 * header `x-id-token: <id_token>` — plus `x-nonce` (8–128 characters). The id token is verified with jose
 * against the issuer's JWKS (found through `${OIDC_ISSUER}/.well-known/openid-configuration`): RS256
 * signature, `iss` = OIDC_ISSUER, `aud` = OIDC_CLIENT_ID, `exp` (30 s clock tolerance), `sub` present.
 * The verified `sub` is the shopper's uid; every query is scoped by it.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http';
import { claimNonce, type NonceStore } from './nonces';

/** The shopper a verified id token names (spec §3 Session: uid, profile). */
export interface Shopper {
  /** OIDC `sub`. */
  uid: string;
  email: string | null;
  firstName: string;
  lastName: string;
  /** The raw id token (used by generateToken). */
  idToken: string;
  /** The token's `exp`, epoch seconds (how long its nonces are remembered), or null when unknown. */
  exp?: number | null;
  /** The provider session the token belongs to (OIDC `sid` claim), or null when it carries none. */
  sid?: string | null;
}

/** A shopper's last sign-out: when (epoch seconds) and the provider session (`sid`) it ended, if known. */
export interface SessionEnd {
  at: number;
  sid: string | null;
}

/** Where id tokens come from. */
export interface AuthOptions {
  /** OIDC issuer, e.g. 'http://localhost:4100' (the id token's `iss`). */
  issuer: string;
  /** The shopper's last sign-out, epoch seconds, or null (tokens issued before it are refused). */
  sessionEndedAt?: (uid: string) => Promise<SessionEnd | null>;
  /** OIDC client id, e.g. 'storefront' (the id token's `aud`). */
  clientId: string;
  /**
   * Keys to verify with instead of the issuer's discovery document: a JWKS (`{ keys: [...] }`, e.g. a
   * test key pair's public JWK) or a jose key getter. Omitted → discovery + `createRemoteJWKSet`.
   */
  jwks?: JSONWebKeySet | JWTVerifyGetKey;
  /** Timeout of the discovery-document fetch, ms (default 5000). */
  discoveryTimeoutMs?: number;
  /**
   * Least time between two key-set fetches caused by an unknown `kid`, ms (default
   * {@link JWKS_COOLDOWN_MS}). The keys are cached per process (at most 10 min); a token whose `kid` is
   * not in the cache makes the cache fetch again, so a rotated key verifies on every replica.
   */
  jwksCooldownMs?: number;
}

/** Default of {@link AuthOptions.jwksCooldownMs}: at most one refetch a second for unknown `kid`s. */
export const JWKS_COOLDOWN_MS = 1000;

/** Verifies an id token; resolves with the shopper or rejects with an HttpError (401/503). */
export type IdTokenVerifier = (idToken: string) => Promise<Shopper>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by {@link createAuthHook} on shopper routes. */
    shopper: Shopper | null;
  }
  interface FastifyInstance {
    /** Where used x-nonce values are remembered (src/nonces.ts); null: nonces are not single-use. */
    nonces: NonceStore | null;
    /** Cookie sessions (src/session.ts); null when the BFF runs without them (bearer only). */
    sessions: SessionAuth | null;
  }
}

/** What the auth hook needs of the cookie sessions (implemented by src/session.ts). */
export interface SessionAuth {
  /** Whether the request carries the session cookie. */
  hasCookie(request: FastifyRequest): boolean;
  /** The CSRF rule for unsafe methods (x-storefront-csrf, Origin, Sec-Fetch-Site); throws 403 'CSRF'. */
  checkCsrf(request: FastifyRequest): void;
  /**
   * The verified shopper of the session cookie (its id token refreshed when it expires within 60 s).
   * 401 'Session expired' (cookies cleared) when the session is gone, expired or signed out.
   */
  shopperOf(request: FastifyRequest, reply: FastifyReply): Promise<Shopper>;
}

/** Accepted signature algorithms (the provider signs id tokens RS256). */
const ALGORITHMS = ['RS256'];

/** Nonce header length limits (characters). */
export const NONCE_MIN = 8;
export const NONCE_MAX = 128;

/**
 * Resolves `jwks_uri` from `${issuer}/.well-known/openid-configuration` and returns a cached remote key
 * set (refetched after 10 min, or on an unknown `kid` once `cooldownMs` have passed since the last fetch).
 * A failed discovery is not cached: the next request tries again (the provider may start later).
 */
function discoveredKeySet(issuer: string, timeoutMs: number, cooldownMs: number): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`discovery ${url} answered HTTP ${res.status}`);
    const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (doc.issuer !== issuer) throw new Error(`discovery issuer ${String(doc.issuer)} is not ${issuer}`);
    if (typeof doc.jwks_uri !== 'string') throw new Error('discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: timeoutMs, cooldownDuration: cooldownMs });
  };
  return async (header, token) => {
    keySet ??= load().catch((err: unknown) => {
      keySet = undefined;
      throw err;
    });
    const getKey = await keySet;
    return getKey(header, token);
  };
}

/** A readable 401 reason for a jose verification error. */
function reasonFor(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'Invalid id token: expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `Invalid id token: ${err.message}`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'Invalid id token: signature verification failed';
  if (err instanceof joseErrors.JWKSNoMatchingKey) return 'Invalid id token: no matching signing key';
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'Invalid id token: signing algorithm not allowed';
  if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid || err instanceof joseErrors.JOSENotSupported) {
    return 'Invalid id token: malformed token';
  }
  return 'Invalid id token';
}

/** The issuer's signing keys: the given JWKS or key getter, else discovery + the remote JWKS. */
function keyGetter({ issuer, jwks, discoveryTimeoutMs = 5000, jwksCooldownMs = JWKS_COOLDOWN_MS }: Pick<AuthOptions, 'issuer' | 'jwks' | 'discoveryTimeoutMs' | 'jwksCooldownMs'>): JWTVerifyGetKey {
  return jwks === undefined ? discoveredKeySet(issuer, discoveryTimeoutMs, jwksCooldownMs) : typeof jwks === 'function' ? jwks : createLocalJWKSet(jwks);
}

/** The back-channel logout event's key in a logout token's `events` (OpenID Connect Back-Channel Logout 1.0 §2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** What a verified logout token ends: every session of `uid` (sid null) or the provider session `sid`. */
export interface LogoutRequest {
  uid: string;
  sid: string | null;
}

/**
 * Builds the logout-token verifier (OpenID Connect Back-Channel Logout 1.0 §2.6): signed by the issuer
 * for this client, at most {@link MAX_TOKEN_AGE_S} old, with `sub` (this BFF ends sessions per shopper),
 * the back-channel logout event and no `nonce`. Rejects with 400 and a reason ('Invalid logout token: …').
 */
export function createLogoutTokenVerifier(options: Pick<AuthOptions, 'issuer' | 'clientId' | 'jwks' | 'discoveryTimeoutMs' | 'jwksCooldownMs'>): (token: string) => Promise<LogoutRequest> {
  const getKey = keyGetter(options);
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.clientId,
        algorithms: ALGORITHMS,
        clockTolerance: 30,
        maxTokenAge: MAX_TOKEN_AGE_S,
        requiredClaims: ['sub', 'iat', 'jti', 'events'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError && !(err instanceof joseErrors.JWKSTimeout)) throw new HttpError(400, reasonFor(err).replace('id token', 'logout token'));
      throw new HttpError(503, 'Identity provider unavailable');
    }
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events || typeof events !== 'object' || typeof events[BACKCHANNEL_LOGOUT_EVENT] !== 'object') {
      throw new HttpError(400, 'Invalid logout token: no back-channel logout event');
    }
    if ('nonce' in payload) throw new HttpError(400, 'Invalid logout token: a logout token carries no nonce');
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) throw new HttpError(400, 'Invalid logout token: bad "sub" claim');
    return { uid: payload.sub, sid: typeof payload.sid === 'string' ? payload.sid : null };
  };
}

/** Oldest id token accepted, seconds since its `iat` (the provider issues 1 h tokens). */
export const MAX_TOKEN_AGE_S = 3600;

/**
 * Builds the id-token verifier (spec §7). Rejections: 401 with a reason ('Invalid id token: expired',
 * '… signature verification failed', '… no matching signing key', '… unexpected "aud" claim value',
 * '… malformed token'); 503 'Identity provider unavailable' when the JWKS cannot be fetched.
 * `iat` is required, not in the future and at most {@link MAX_TOKEN_AGE_S} old; a token with
 * several audiences must name this client in `azp`; after the shopper's last sign-out
 * (`sessionEndedAt`) a token of the ended provider session (same `sid`), one issued before the sign-out's
 * second, or one without `sid` issued in or before it, is refused ('… the session has ended'). A new
 * sign-in in the same second carries a new `sid` and is accepted.
 */
export function createIdTokenVerifier({
  issuer, clientId, jwks, discoveryTimeoutMs = 5000, jwksCooldownMs = JWKS_COOLDOWN_MS, sessionEndedAt,
}: AuthOptions): IdTokenVerifier {
  const getKey = keyGetter({ issuer, jwks, discoveryTimeoutMs, jwksCooldownMs });
  return async (idToken) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, getKey, {
        issuer,
        audience: clientId,
        algorithms: ALGORITHMS,
        clockTolerance: 30,
        maxTokenAge: MAX_TOKEN_AGE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid) {
        throw new HttpError(503, 'Identity provider unavailable');
      }
      if (err instanceof joseErrors.JOSEError) throw new HttpError(401, reasonFor(err));
      throw new HttpError(503, 'Identity provider unavailable');
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    const uid = str(payload.sub);
    if (!uid || uid.length > 255) throw new HttpError(401, 'Invalid id token: bad "sub" claim');
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
      throw new HttpError(401, 'Invalid id token: a token for several audiences must name this client in "azp"');
    }
    if (sessionEndedAt) {
      const ended = await sessionEndedAt(uid);
      const iat = payload.iat ?? 0;
      const sid = str(payload.sid);
      const endedThis = ended !== null && (iat < ended.at || (sid === null ? iat <= ended.at : sid === ended.sid));
      if (endedThis) throw new HttpError(401, 'Invalid id token: the session has ended (signed out)');
    }
    return {
      uid,
      email: str(payload.email),
      firstName: (str(payload.given_name) ?? '').slice(0, 100),
      lastName: (str(payload.family_name) ?? '').slice(0, 100),
      idToken,
      exp: typeof payload.exp === 'number' ? payload.exp : null,
      sid: str(payload.sid),
    };
  };
}

/** A header's single value (a repeated header counts as malformed: undefined is returned as ''). */
function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v : '';
}

/**
 * Reads and checks the id token headers; returns the token. 401 reasons:
 * 'Missing id token' (neither header), 'Missing id token: Authorization header must be "Bearer <id token>"',
 * 'Missing id token: x-id-token header', 'Id token mismatch: Authorization bearer and x-id-token differ'.
 */
export function idTokenFromHeaders(request: FastifyRequest): string {
  const authorization = header(request, 'authorization');
  const focus = header(request, 'x-id-token');
  if (authorization === undefined && focus === undefined) throw new HttpError(401, 'Missing id token');
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization?.trim() ?? '');
  if (!match) throw new HttpError(401, 'Missing id token: Authorization header must be "Bearer <id token>"');
  if (!focus) throw new HttpError(401, 'Missing id token: x-id-token header');
  if (focus.trim() !== match[1]) throw new HttpError(401, 'Id token mismatch: Authorization bearer and x-id-token differ');
  return match[1]!;
}

/**
 * Checks `x-nonce` (8–128 visible ASCII characters). 400 'Missing x-nonce header' or
 * 'Invalid x-nonce header: must be 8–128 visible characters'. Echoed back in the `x-nonce` response header.
 */
export function checkNonce(request: FastifyRequest, reply: FastifyReply): string {
  const nonce = header(request, 'x-nonce');
  if (nonce === undefined || nonce === '') throw new HttpError(400, 'Missing x-nonce header');
  if (nonce.length < NONCE_MIN || nonce.length > NONCE_MAX || !/^[\x21-\x7e]+$/.test(nonce)) {
    throw new HttpError(400, `Invalid x-nonce header: must be ${NONCE_MIN}–${NONCE_MAX} visible characters`);
  }
  reply.header('x-nonce', nonce);
  return nonce;
}

/** Methods whose repeat has the effect of one request (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * Makes the request's nonce single-use for its verified shopper (src/nonces.ts; spec §7 nonce), when the
 * server has a nonce store. The same idempotent request (GET, HEAD, PUT, DELETE) or the same write with its
 * Idempotency-Key, resent (the load balancer retries on another replica), is a retry, not a replay. 409 'NONCE_REPLAYED' `Replayed x-nonce header: …` for a nonce already used.
 */
export async function spendNonce(request: FastifyRequest, shopper: Shopper, nonce: string): Promise<void> {
  const store = request.server.nonces;
  if (!store) return;
  // a resend of the same idempotent request (RFC 9110 §9.2.2: GET, HEAD, PUT, DELETE) or of a write
  // carrying an Idempotency-Key (applied once) is a retry; a POST or PATCH without a key would apply twice
  const key = request.headers['idempotency-key'];
  const retrySafe = IDEMPOTENT_METHODS.has(request.method) || typeof key === 'string';
  await claimNonce(store, shopper.uid, nonce, shopper.exp ?? null, `${request.method} ${request.url} ${retrySafe ? (key ?? '') : randomUUID()}`);
}

/**
 * Whether a request is authenticated by the session cookie: no `Authorization` header, the cookie
 * present and cookie sessions enabled (a bearer request is never a cookie request).
 */
export function usesSessionCookie(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined && !!request.server.sessions?.hasCookie(request);
}

/**
 * onRequest hook for shopper endpoints → verified shopper on `request.shopper`, then the nonce (format,
 * then single use). With an `Authorization` header: the id token headers, as always. Without one but with
 * the session cookie: the CSRF rule for unsafe methods (403 'CSRF') and the session's id token (401
 * 'Session expired'). Neither: 401 'Missing id token'. Runs before the body is parsed, so
 * unauthenticated requests never reach a route.
 */
export function createAuthHook(verify: IdTokenVerifier) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sessions = request.server.sessions;
    if (sessions && usesSessionCookie(request)) {
      sessions.checkCsrf(request);
      request.shopper = await sessions.shopperOf(request, reply);
    } else {
      request.shopper = await verify(idTokenFromHeaders(request));
    }
    await spendNonce(request, request.shopper, checkNonce(request, reply));
  };
}

/**
 * preHandler hook for shopper endpoints (spec §6: a shopper reads and changes only their own data):
 * a `uid` in the query string or the body that is not the token's `sub` → 403 'Forbidden: not your account'.
 */
export async function rejectOtherUid(request: FastifyRequest): Promise<void> {
  const uid = request.shopper?.uid;
  for (const source of [request.query, request.body]) {
    if (source && typeof source === 'object' && 'uid' in source) {
      const claimed = (source as { uid?: unknown }).uid;
      if (claimed !== undefined && claimed !== uid) throw new HttpError(403, 'Forbidden: not your account');
    }
  }
}

/** The shopper of a request that passed {@link createAuthHook} (throws 401 when used on a public route). */
export function shopperOf(request: FastifyRequest): Shopper {
  if (!request.shopper) throw new HttpError(401, 'Missing id token');
  return request.shopper;
}
