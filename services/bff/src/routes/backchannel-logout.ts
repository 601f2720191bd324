/**
 * POST /api/auth/backchannel-logout: the identity provider tells the BFF that a shopper's sessions ended
 * (OpenID Connect Back-Channel Logout 1.0; e.g. after a password reset every other session ends).
 * Server to server: no cookie, no CSRF token; the signed logout token is the proof.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { recordSessionEnd } from '../accounts';
import type { LogoutRequest } from '../auth';

/** Options of {@link backchannelLogoutRoute}. */
export interface BackchannelLogoutOptions {
  db: Db;
  /** Verifies a logout token (src/auth.ts `createLogoutTokenVerifier`); rejects with an HttpError 400/503. */
  verifyLogout: (token: string) => Promise<LogoutRequest>;
}

/** Largest form body accepted, bytes (a logout token is about 1 KB). */
const MAX_BODY_BYTES = 8 * 1024;

/**
 * Registers POST /auth/backchannel-logout, body `application/x-www-form-urlencoded` `logout_token=<JWT>`
 * (§2.5). → 200 `{}` after the shopper's session end is recorded (the id-token verifier then refuses
 * every older token, so the next request of each of their browsers is signed out) and their BFF sessions
 * (all, or the one provider session `sid`) are deleted; 400 `{ error: 'invalid_request', error_description }`
 * for a missing or invalid token (§2.8); 415 for another body type; `Cache-Control: no-store`.
 */
export async function backchannelLogoutRoute(app: FastifyInstance, { db, verifyLogout }: BackchannelLogoutOptions): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post<{ Body: { logout_token?: unknown } }>('/auth/backchannel-logout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return reply.code(415).send({ error: 'invalid_request', error_description: 'the body must be application/x-www-form-urlencoded' });
    }
    const token = request.body?.logout_token;
    if (typeof token !== 'string' || token.length === 0) {
      return reply.code(400).send({ error: 'invalid_request', error_description: 'logout_token is required' });
    }
    let ended: LogoutRequest;
    try {
      ended = await verifyLogout(token);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      return reply.code(status).send({ error: status === 400 ? 'invalid_request' : 'temporarily_unavailable', error_description: (error as Error).message });
    }
    await recordSessionEnd(db, ended.uid, ended.sid);
    if (ended.sid === null) await db.query('DELETE FROM bff_sessions WHERE uid = $1', [ended.uid]);
    else await db.query('DELETE FROM bff_sessions WHERE uid = $1 AND sid = $2', [ended.uid, ended.sid]);
    return reply.code(200).send({});
  });
}
