/**
 * The backend-for-frontend behind the shell's `/api` (ARCHITECTURE §5; spec §7). The shell's edge server
 * proxies `/api/*` here unchanged. Every answer uses the envelope `{ status, code, message, data }` (but
 * /api/health and the probes /livez, /readyz).
 */
import { randomUUID } from 'crypto';
import { hostname } from 'os';
import path from 'path';
import cookie from '@fastify/cookie';
import { DATA_DIR, loadRecipes, loadStores } from '@storefront/seed';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { capError } from './caps';
import { createIdTokenVerifier, createLogoutTokenVerifier, type AuthOptions, type IdTokenVerifier } from './auth';
import type { Db } from './db';
import { fail, HttpError, validationMessage, type FieldRules } from './http';
import { idempotencyPlugin } from './idempotency';
import { dbNonceStore, pruneNonces, redisNonceStore, type NonceStore } from './nonces';
import type { Redis } from './redis';
import { accountRoutes, generateTokenRoute, type CardLimit } from './routes/account';
import { preferencesRoutes } from './routes/preferences';
import { authSessionRoutes } from './routes/auth-session';
import { backchannelLogoutRoute } from './routes/backchannel-logout';
import { bannerAlertRoute } from './routes/banner-alert';
import { cartRoutes } from './routes/cart';
import { contentRoutes } from './routes/content';
import { offersRoutes, type HashLimit } from './routes/offers';
import { PROBE_PATHS, probeRoutes } from './routes/probes';
import { recentSearchRoutes } from './routes/recent-searches';
import { recipePlanRoutes } from './routes/recipe-plans';
import { shoppingListRoutes } from './routes/shopping-list';
import { HISTORY_CACHE_TTL_MS, sceneRoutes, TtlCache, type Transaction } from './scene';
import type { SharedStore } from './throttle';
import { jsonDepthExceeds, parseTrustProxy } from '@storefront/remote-kit/request-limits';
import { MAX_JSON_DEPTH } from './text';
import { CookieSessions } from './session';
import { createTokenSigner, tokenSecret } from './tokens';
import { unsentMailer, type Mailer } from './mail';

export { PROVINCES, DEFAULT_PROVINCE, type Province, type Alert } from './routes/banner-alert';
export type { Envelope } from './http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own wording of field failures (see FieldRules in http.ts), e.g. the cart's quantity 0–999. */
    fieldRules?: FieldRules;
  }
  interface FastifyInstance {
    /** Starts draining (SIGTERM): /readyz answers 503 from now on; call `close()` next. */
    startDraining(): void;
  }
}

/** fastify's trustProxy: whose X-Forwarded-For is believed for `request.ip` (see {@link parseTrustProxy}). */
export type TrustProxy = FastifyServerOptions['trustProxy'];

export { parseTrustProxy };

/**
 * fastify's request log lines as one JSON line per request, when it is answered: `{ service: 'bff', reqId,
 * method, url (offers-link hashes redacted: a hash is a credential, spec §6), statusCode, responseTime (ms),
 * remoteAddress, msg: 'request completed' }`. Probes answered 2xx/3xx are logged at debug level.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactHash(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (PROBE_PATHS.has(request.routeOptions.url ?? '') && reply.statusCode < 400) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}

/** x-request-id values taken from a request (else a random UUID): 1–128 of [A-Za-z0-9._-]. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The request id: the incoming `x-request-id` when it is 1–128 of [A-Za-z0-9._-], else a random UUID. */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
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
  /** Clock, epoch ms (verify codes and cookies, transactionHistory cache). */
  now?: () => number;
  /** Sends the BFF's mail (src/mail: SMTP from SMTP_URL); default: none can be sent, mail-sending routes answer 503). */
  mailer?: Mailer;
  /** transactionHistory cache lifetime, ms (default 600 000 = spec §9's 600 s). */
  historyCacheTtlMs?: number;
  /** Throttle of offers-link (hash) lookups per client IP (default 10 per 60 000 ms; tests change it). */
  hashLimit?: Partial<HashLimit>;
  /** Throttle of card-number lookups (default 10 per address and per shopper, 500 in all, per 10 min; tests change it). */
  cardLimit?: Partial<CardLimit>;
  /** The process's Redis client (REDIS_URL): throttle counters shared by the replicas; /readyz PINGs it. */
  redis?: Redis | null;
  /** Prefix of the BFF's Redis keys (default 'bff:'; tests isolate runs with it). */
  redisPrefix?: string;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY, see {@link parseTrustProxy}); default false. */
  trustProxy?: TrustProxy;
  /** Level of the default logger (`logger: true`): 'info' (default), 'debug' (also the probes), 'warn', 'silent'… */
  logLevel?: string;
  /** How long an Idempotency-Key retry waits for the first request's answer, ms (default 5000; tests lower it). */
  idempotencyWaitMs?: number;
  /** Where used x-nonce values are kept (default: Redis with `redis`, else the database; null: not single-use). */
  nonceStore?: NonceStore | null;
  /**
   * Cookie sessions (src/session.ts, /api/auth/*): the confidential client's secret (OIDC_CLIENT_SECRET)
   * and the storefront origins (PUBLIC_ORIGIN; the first names redirect_uri). Omitted: bearer only, the
   * /api/auth/* POSTs answer 503.
   */
  session?: { clientSecret: string; publicOrigins: readonly string[]; timeoutMs?: number } | null;
}

/** How often expired rows of seen_nonces are deleted, ms. */
const NONCE_PRUNE_EVERY_MS = 10 * 60_000;

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 410: 'Gone', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests',
  500: 'Internal Server Error', 503: 'Service Unavailable',
};

/** A URL as logged: the value of any `hash` query parameter replaced by `[redacted]`. */
export function redactHash(url: string): string {
  return url.replace(/([?&]hash=)[^&#]*/gi, '$1[redacted]');
}

/** A request in any other log line (fastify's fallback error logs): the URL through {@link redactHash}. */
function logRequest(request: FastifyRequest) {
  return { method: request.method, url: redactHash(request.url), remoteAddress: request.ip };
}

/**
 * Builds the BFF (not listening). Routes (details in README.md and at each route):
 * - `GET /api/health` → `{ ok: true }`; `GET /livez`, `GET /readyz` (also under /api: src/routes/probes.ts)
 * - `POST /api/bannerAlert` (public)
 * - `GET /api/content/:name` (public; menu, footer, popular-searches)
 * - `GET /api/account`, `POST /api/account/preferred-store`, `POST /api/account/card`, `POST /api/account/signed-token`
 * - `POST /api/generateToken`
 * - `POST /api/auth/login`, `POST /api/auth/callback`, `GET /api/auth/session`, `POST /api/auth/logout` (cookie sessions)
 * - `POST /api/auth/backchannel-logout` (the identity provider ends a shopper's sessions: OIDC Back-Channel Logout)
 * - `GET|POST /api/recent-searches`, `DELETE /api/recent-searches/:id`
 * - `GET /api/shopping-list`, `PUT|DELETE /api/shopping-list/items/:itemId`, `POST /api/shopping-list/merge`
 * - `POST /api/cart`, `GET /api/cart`
 * - `GET /api/recipe-lists`, `PUT|DELETE /api/recipe-lists/:listId[/recipes/:recipeId]`, `POST /api/recipe-lists/merge`,
 *   `GET /api/meal-plan`, `PUT|DELETE /api/meal-plan/:date/recipes/:recipeId`, `POST /api/meal-plan/merge`
 * - `GET /api/offers` (signed-in, or public with `?hash=`), `POST /api/offers/hash/validate`, `POST /api/offers/member-inquiry`,
 *   `POST /api/offers/load`, `GET|POST /api/offers/favourites`, `DELETE /api/offers/favourites/:offer_id`
 * - `POST /api/services/{Inquire,historyLite,linkAccount,verifyCode,resendCode,transactionHistory}` (Scene+ stand-in)
 *
 * Every answer carries `x-request-id` (the request's, see {@link requestIdOf}); every write under /api
 * takes an optional `Idempotency-Key` (src/idempotency.ts). With `redis` the throttles count in Redis.
 */
export function buildServer(options: BuildServerOptions): FastifyInstance {
  const { db, auth = {}, tokenSecret: secret = tokenSecret(undefined), contentDir = path.join(DATA_DIR, 'content') } = options;
  const { now = Date.now, historyCacheTtlMs = HISTORY_CACHE_TTL_MS, hashLimit, cardLimit, redis = null, redisPrefix = 'bff:' } = options;
  const app = createApp(options);

  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const verify = idTokenVerifier(db, auth);
  const sign = createTokenSigner(secret);
  const storeNumbers = new Set(loadStores().map((s) => s.storeNumber));
  const historyCache = new TtlCache<Transaction[]>(historyCacheTtlMs, 10_000, now);

  registerNonces(app, db, redis, redisPrefix, options.nonceStore);
  const sessions = options.session ? cookieSessions(app, db, verify, now, auth, options.session) : null;
  app.decorate('sessions', sessions);
  app.decorateRequest('shopper', null);
  app.decorateRequest('account', null);
  void app.register(cookie);
  void app.register(idempotencyPlugin, { db, waitMs: options.idempotencyWaitMs });
  const sharedStore: SharedStore | null = redis ? { client: redis, prefix: redisPrefix } : null;
  registerJsonParser(app);
  registerErrorHandlers(app);

  /** GET /api/health → 200 { ok: true }. */
  app.get('/api/health', async () => ({ ok: true }));
  // /livez, /readyz for the load balancer (checks the replica directly) and under /api through the edge
  void app.register(probeRoutes, { db, redis, isDraining: () => draining });
  void app.register(probeRoutes, { prefix: '/api', db, redis, isDraining: () => draining });

  void app.register(bannerAlertRoute, { prefix: '/api', db });
  void app.register(contentRoutes, { prefix: '/api', contentDir });
  void app.register(accountRoutes, { prefix: '/api', db, verify, sign, storeNumbers, sharedStore, cardLimit });
  void app.register(generateTokenRoute, { prefix: '/api', verify, sign });
  void app.register(authSessionRoutes, { prefix: '/api', sessions });
  void app.register(backchannelLogoutRoute, {
    prefix: '/api', db,
    verifyLogout: createLogoutTokenVerifier({ issuer: auth.issuer ?? DEFAULT_ISSUER, clientId: auth.clientId ?? DEFAULT_CLIENT_ID, jwks: auth.jwks, discoveryTimeoutMs: auth.discoveryTimeoutMs }),
  });
  void app.register(preferencesRoutes, { prefix: '/api', db, verify });
  void app.register(recentSearchRoutes, { prefix: '/api', db, verify });
  void app.register(shoppingListRoutes, { prefix: '/api', db, verify });
  void app.register(cartRoutes, { prefix: '/api', db, verify, storeNumbers });
  void app.register(recipePlanRoutes, { prefix: '/api', db, verify, recipeIds: new Set(loadRecipes().map((r) => r.objectID)) });
  void app.register(sceneRoutes, { prefix: '/api/services', db, verify, historyCache, now, mailer: options.mailer ?? unsentMailer() });
  void app.register(offersRoutes, { prefix: '/api', db, verify, hashLimit, sharedStore });

  return app;
}

/** The fastify instance: body limit (bytes, default 16 KiB), proxy trust, the JSON log and request ids. */
function createApp({ logger = false, bodyLimit = 16 * 1024, trustProxy = false, logLevel = 'info' }: BuildServerOptions): FastifyInstance {
  return Fastify({
    bodyLimit,
    trustProxy,
    ...(typeof logger === 'boolean'
      ? { logger: logger && { level: logLevel, base: { service: 'bff', pid: process.pid, hostname: hostname() }, serializers: { req: logRequest } } }
      : { loggerInstance: logger }),
    logController: new RequestLog({ requestIdLogLabel: 'reqId' }),
    requestIdHeader: false, // read (and checked) by genReqId
    genReqId: (raw) => requestIdOf(raw.headers),
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false } },
  });
}

/** The id-token verifier; tokens of the session the shopper signed out of (POST /api/session/end) are refused. */
function idTokenVerifier(db: Db, auth: Partial<AuthOptions>): IdTokenVerifier {
  return createIdTokenVerifier({
    issuer: auth.issuer ?? DEFAULT_ISSUER,
    clientId: auth.clientId ?? DEFAULT_CLIENT_ID,
    jwks: auth.jwks,
    discoveryTimeoutMs: auth.discoveryTimeoutMs,
    sessionEndedAt: async (uid) => {
      const { rows } = await db.query<{ t: string | number; sid: string | null }>('SELECT floor(extract(epoch FROM ended_at))::bigint AS t, sid FROM session_ends WHERE uid = $1', [uid]);
      return rows[0] ? { at: Number(rows[0].t), sid: rows[0].sid } : null;
    },
  });
}

/**
 * x-nonce is single-use (src/nonces.ts): in Redis when there is one (the database while it does not
 * answer), else in the database; expired rows of seen_nonces are pruned. A given `nonceStore` is used as is.
 */
function registerNonces(app: FastifyInstance, db: Db, redis: Redis | null, redisPrefix: string, nonceStore: NonceStore | null | undefined): void {
  const onNonceFallback = (error: unknown) => app.log.warn({ err: error }, 'redis did not answer: x-nonce claimed in the database');
  app.decorate('nonces', nonceStore === undefined ? (redis ? redisNonceStore(redis, redisPrefix, dbNonceStore(db), onNonceFallback) : dbNonceStore(db)) : nonceStore);
  if (nonceStore !== undefined) return;
  const prune = () => {
    pruneNonces(db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning seen_nonces failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(prune, NONCE_PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The cookie sessions of /api/auth/* (src/session.ts). */
function cookieSessions(
  app: FastifyInstance,
  db: Db,
  verify: IdTokenVerifier,
  now: () => number,
  auth: Partial<AuthOptions>,
  session: NonNullable<BuildServerOptions['session']>,
): CookieSessions {
  return new CookieSessions({
    db, verify, now,
    issuer: auth.issuer ?? DEFAULT_ISSUER,
    clientId: auth.clientId ?? DEFAULT_CLIENT_ID,
    clientSecret: session.clientSecret,
    publicOrigins: session.publicOrigins,
    timeoutMs: session.timeoutMs,
    warn: (error, message) => app.log.warn({ err: error }, message),
  });
}

/**
 * JSON bodies (also sent as text/plain by beacons and some clients): an empty body means "no body";
 * malformed JSON is a clean 400, and so is nesting deeper than MAX_JSON_DEPTH (checked before parsing:
 * deeply nested bodies must not reach recursive code). Other media types answer 415.
 */
function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new HttpError(400, `Invalid body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
  });
}

/**
 * Errors as envelopes: validation → 400 naming the field, HttpError → its status, a database cap → 409,
 * anything else ≥ 500 → the bare reason (detail only in the log); unknown routes → 404.
 */
function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return reply.code(400).send(fail(400, validationMessage(error, request.routeOptions.config?.fieldRules)));
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'request failed');
      return reply.code(error.statusCode).send(fail(error.code, error.message));
    }
    const capped = capError(error); // a per-shopper cap the database enforced (src/caps.ts)
    if (capped) return reply.code(capped.statusCode).send(fail(capped.code, capped.message));
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
}
