/**
 * The browser's sign-in endpoints at the BFF (cookie sessions, src/session.ts; README "Cookie sessions"):
 * POST /api/auth/login, POST /api/auth/callback, GET /api/auth/session, POST /api/auth/logout.
 * Every answer is `Cache-Control: no-store`; every POST follows the CSRF rule (403 'CSRF').
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../http';
import type { CookieSessions } from '../session';

/** Options of {@link authSessionRoutes}: the cookie sessions, or null when the BFF runs without them. */
export interface AuthSessionRoutesOptions {
  sessions: CookieSessions | null;
}

/** Registers the /api/auth/* endpoints (all 503 'Cookie sessions are not configured' without sessions). */
export async function authSessionRoutes(app: FastifyInstance, { sessions }: AuthSessionRoutesOptions): Promise<void> {
  const need = (): CookieSessions => {
    if (!sessions) throw new HttpError(503, 'Cookie sessions are not configured (OIDC_CLIENT_SECRET, PUBLIC_ORIGIN)');
    return sessions;
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.method === 'POST') need().checkCsrf(request);
  });
  // a POST without a body counts as `{}`
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });

  /**
   * POST /api/auth/login `{ mode?: 'signIn'|'signUp', returnTo?: string }` → 200 data `{ authorizeUrl }`
   * (the provider's authorization endpoint: client_id, response_type code, scope
   * 'openid profile email offline_access', redirect_uri `<first PUBLIC_ORIGIN>/auth/callback`, state,
   * nonce, S256 code_challenge, screen_hint=signup for signUp); sets `__Host-storefront-auth` (600 s).
   * returnTo is kept only as a safe same-site path (else '/'). 400 bad body; 403 CSRF; 503 'Identity
   * provider unavailable'.
   */
  app.post<{ Body: { mode?: 'signIn' | 'signUp'; returnTo?: string } }>(
    '/auth/login',
    {
      schema: {
        body: {
          type: 'object',
          properties: { mode: { type: 'string', enum: ['signIn', 'signUp'] }, returnTo: { type: 'string', maxLength: 2048 } },
          additionalProperties: false,
        },
      },
      config: { fieldRules: { 'body.mode': "must be 'signIn' or 'signUp'", 'body.returnTo': 'must be a path of at most 2048 characters' } },
    },
    async (request, reply) => ok({ authorizeUrl: await need().startSignIn(reply, request.body) }, 'Sign-in started'),
  );

  /**
   * POST /api/auth/callback `{ search }` (the callback page's `location.search`: `?code=…&state=…&iss=…`
   * or `?error=…`; needs `__Host-storefront-auth`) → 200 data `{ returnTo, user: SessionInfo }`; sets
   * `__Host-storefront-session` and `__Host-storefront-signed-in`, clears the flow cookie.
   * 400 no/unknown/expired flow, state mismatch, provider `error=`, refused code, bad id token claims;
   * 401 the id-token verifier's reasons; 403 CSRF; 502 the token endpoint failed; 503 discovery failed.
   */
  app.post<{ Body: { search: string } }>(
    '/auth/callback',
    {
      schema: {
        body: { type: 'object', required: ['search'], properties: { search: { type: 'string', maxLength: 4096 } }, additionalProperties: false },
      },
      config: { fieldRules: { 'body.search': 'must be the callback page\'s location.search (at most 4096 characters)' } },
    },
    async (request, reply) => ok(await need().finishSignIn(request, reply, request.body.search), 'Signed in'),
  );

  /**
   * GET /api/auth/session → 200 data `SessionInfo` or `{ signedIn: false }`. An id token expiring within
   * 60 s is refreshed first (the rotated refresh token is stored); a refused refresh ends the session
   * (row deleted, cookies cleared → `{ signedIn: false }`). 503 when the provider is needed and down.
   */
  app.get('/auth/session', async (request, reply) => {
    if (!sessions) return ok({ signedIn: false });
    return ok(await sessions.info(request, reply));
  });

  /**
   * POST /api/auth/logout `{}` → 200 data `{ endSessionUrl }` (the provider's end_session_endpoint with
   * client_id and post_logout_redirect_uri = first PUBLIC_ORIGIN + '/'; null when the provider cannot be
   * reached). Deletes the session, records its end by `sid` (copies of its id token are refused), revokes
   * its refresh token (best effort), clears both cookies. Idempotent: without a session the same answer.
   * 403 CSRF.
   */
  app.post('/auth/logout', { schema: { body: { type: 'object', additionalProperties: false } } }, async (request, reply) =>
    ok({ endSessionUrl: await need().signOut(request, reply) }, 'Signed out'),
  );
}
