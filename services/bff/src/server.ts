/**
 * The backend-for-frontend behind the shell's `/api` (ARCHITECTURE §5; spec §7). The shell's edge server
 * proxies `/api/*` here unchanged. Every answer uses the envelope `{ status, code, message, data }`.
 */
import path from 'path';
import cookie from '@fastify/cookie';
import { DATA_DIR, loadRecipes, loadStores } from '@storefront/seed';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { createIdTokenVerifier, type AuthOptions, type IdTokenVerifier } from './auth';
import type { Db } from './db';
import { fail, HttpError, validationMessage, type FieldRules } from './http';
import { accountRoutes, generateTokenRoute } from './routes/account';
import { preferencesRoutes } from './routes/preferences';
import { bannerAlertRoute } from './routes/banner-alert';
import { cartRoutes } from './routes/cart';
import { contentRoutes } from './routes/content';
import { offersRoutes, type HashLimit } from './routes/offers';
import { recentSearchRoutes } from './routes/recent-searches';
import { recipePlanRoutes } from './routes/recipe-plans';
import { shoppingListRoutes } from './routes/shopping-list';
import { HISTORY_CACHE_TTL_MS, sceneRoutes, TtlCache, type Transaction } from './scene';
import { createTokenSigner, tokenSecret } from './tokens';

export { PROVINCES, DEFAULT_PROVINCE, type Province, type Alert } from './routes/banner-alert';
export type { Envelope } from './http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own wording of field failures (see FieldRules in http.ts), e.g. the cart's quantity 0–999. */
    fieldRules?: FieldRules;
  }
}

/** Default OIDC issuer and client of the local platform (tooling/platform/start.mjs passes the same). */
export const DEFAULT_ISSUER = 'http://localhost:4100';
export const DEFAULT_CLIENT_ID = 'storefront';

export interface BuildServerOptions {
  db: Db;
  /** true for fastify's default pino logger, false (default) for none, or a logger instance. */
  logger?: boolean | FastifyBaseLogger;
  /** Maximum request body in bytes (default 16 KiB: the BFF only takes small JSON bodies). */
  bodyLimit?: number;
  /**
   * Id-token verification (default: issuer http://localhost:4100, client 'storefront', keys from the
   * issuer's discovery document). Pass `jwks` to verify with given keys (tests).
   */
  auth?: Partial<AuthOptions>;
  /** HS256 secret for BFF-signed tokens (default: BFF_TOKEN_SECRET semantics via tokenSecret(undefined) = random). */
  tokenSecret?: Uint8Array;
  /** Folder of content JSON files (default services/seed/data/content). */
  contentDir?: string;
  /** Clock, epoch ms (verify cookies, transactionHistory cache). */
  now?: () => number;
  /** transactionHistory cache lifetime, ms (default 600 000 = spec §9's 600 s). */
  historyCacheTtlMs?: number;
  /** Throttle of offers-link (hash) lookups per client IP (default 10 per 60 000 ms; tests change it). */
  hashLimit?: Partial<HashLimit>;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 410: 'Gone', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests',
  500: 'Internal Server Error', 503: 'Service Unavailable',
};

/** A URL as logged: the value of any `hash` query parameter replaced by `[redacted]`. */
export function redactHash(url: string): string {
  return url.replace(/([?&]hash=)[^&#]*/gi, '$1[redacted]');
}

/** fastify's default request log fields, the URL through {@link redactHash}. */
function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactHash(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Builds the BFF (not listening). Routes (details in README.md and at each route):
 * - `GET /api/health` → `{ ok: true }`
 * - `POST /api/bannerAlert` (public)
 * - `GET /api/content/:name` (public; menu, footer, popular-searches)
 * - `GET /api/account`, `POST /api/account/preferred-store`, `POST /api/account/card`, `POST /api/account/signed-token`
 * - `POST /api/generateToken`
 * - `GET|POST /api/recent-searches`, `DELETE /api/recent-searches/:id`
 * - `GET /api/shopping-list`, `PUT|DELETE /api/shopping-list/items/:itemId`, `POST /api/shopping-list/merge`
 * - `POST /api/cart`, `GET /api/cart`
 * - `GET /api/recipe-lists`, `PUT|DELETE /api/recipe-lists/:listId[/recipes/:recipeId]`, `POST /api/recipe-lists/merge`,
 *   `GET /api/meal-plan`, `PUT|DELETE /api/meal-plan/:date/recipes/:recipeId`, `POST /api/meal-plan/merge`
 * - `GET /api/offers` (signed-in, or public with `?hash=`), `POST /api/offers/hash/validate`, `POST /api/offers/member-inquiry`,
 *   `POST /api/offers/load`, `GET|POST /api/offers/favourites`, `DELETE /api/offers/favourites/:offer_id`
 * - `POST /api/services/{Inquire,historyLite,linkAccount,verifyCode,resendCode,transactionHistory}` (Scene+ stand-in)
 */
export function buildServer({
  db,
  logger = false,
  bodyLimit = 16 * 1024,
  auth = {},
  tokenSecret: secret = tokenSecret(undefined),
  contentDir = path.join(DATA_DIR, 'content'),
  now = Date.now,
  historyCacheTtlMs = HISTORY_CACHE_TTL_MS,
  hashLimit,
}: BuildServerOptions): FastifyInstance {
  const app = Fastify({
    bodyLimit,
    // The default logger with offers-link hashes left out of logged URLs (a hash is a credential: spec §6).
    ...(typeof logger === 'boolean' ? { logger: logger && { serializers: { req: logRequest } } } : { loggerInstance: logger }),
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false } },
  });

  const verify: IdTokenVerifier = createIdTokenVerifier({
    issuer: auth.issuer ?? DEFAULT_ISSUER,
    clientId: auth.clientId ?? DEFAULT_CLIENT_ID,
    jwks: auth.jwks,
    discoveryTimeoutMs: auth.discoveryTimeoutMs,
    // issue 19: tokens issued before the shopper's last sign-out (POST /api/session/end) are refused
    sessionEndedAt: async (uid) => {
      const { rows } = await db.query<{ t: string | number }>('SELECT floor(extract(epoch FROM ended_at))::bigint AS t FROM session_ends WHERE uid = $1', [uid]);
      return rows[0] ? Number(rows[0].t) : null;
    },
  });
  const sign = createTokenSigner(secret);
  const storeNumbers = new Set(loadStores().map((s) => s.storeNumber));
  const historyCache = new TtlCache<Transaction[]>(historyCacheTtlMs, 10_000, now);

  app.decorateRequest('shopper', null);
  app.decorateRequest('account', null);
  void app.register(cookie);

  // JSON bodies (also sent as text/plain by beacons and some clients): an empty body means "no body";
  // malformed JSON is a clean 400. Other media types answer 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return reply.code(400).send(fail(400, validationMessage(error, request.routeOptions.config?.fieldRules)));
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'request failed');
      return reply.code(error.statusCode).send(fail(error.code, error.message));
    }
    const code = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (code >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(code).send(fail(code, REASONS[code] ?? 'Internal Server Error'));
    }
    return reply.code(code).send(fail(code, error.message || REASONS[code] || 'Request error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(fail(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  /** GET /api/health → 200 { ok: true }. */
  app.get('/api/health', async () => ({ ok: true }));

  void app.register(bannerAlertRoute, { prefix: '/api', db });
  void app.register(contentRoutes, { prefix: '/api', contentDir });
  void app.register(accountRoutes, { prefix: '/api', db, verify, sign, storeNumbers });
  void app.register(generateTokenRoute, { prefix: '/api', verify, sign });
  void app.register(preferencesRoutes, { prefix: '/api', db, verify });
  void app.register(recentSearchRoutes, { prefix: '/api', db, verify });
  void app.register(shoppingListRoutes, { prefix: '/api', db, verify });
  void app.register(cartRoutes, { prefix: '/api', db, verify, storeNumbers });
  void app.register(recipePlanRoutes, { prefix: '/api', db, verify, recipeIds: new Set(loadRecipes().map((r) => r.objectID)) });
  void app.register(sceneRoutes, { prefix: '/api/services', db, verify, historyCache, now });
  void app.register(offersRoutes, { prefix: '/api', db, verify, hashLimit });

  return app;
}
