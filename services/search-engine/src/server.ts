import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { Engine } from './engines';
import { ApiError, badRequest } from './errors';
import { jsonDepthExceeds, parseTrustProxy } from '@storefront/remote-kit/request-limits';
import { createServiceApp, type ReadinessCheck } from './lifecycle';
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH, WRITE_BODY_LIMIT_BYTES, decodeBody } from './limits';
import type { RouteContext } from './routes/common';
import { indexRoutes } from './routes/indexes';
import { insightsRoutes } from './routes/insights';
import { recordRoutes } from './routes/records';
import { ruleRoutes } from './routes/rules';
import { searchRoutes } from './routes/search';
import { type AnalyticsStorage, memoryStorage } from './storage';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** True for routes that modify data: they need the admin key. */
    write?: boolean;
  }
}

/** API keys accepted by the server. */
export interface ApiKeys {
  /** May read and write. */
  admin: string;
  /** May only read (search, get objects, task status, settings, list). */
  search: string;
}

/** Options of {@link buildServer}. */
export interface BuildServerOptions {
  /** Application id expected in `x-algolia-application-id` (default env `SEARCH_APP_ID` or `grocery-local`). */
  appId?: string;
  /**
   * Keys. Default: env `SEARCH_ADMIN_KEY` (required: there is no default admin key; the development
   * launcher, tooling/platform/start.mjs, makes a random one per start) and `SEARCH_API_KEY` (else the
   * public search key `local-search-key`).
   */
  apiKeys?: ApiKeys;
  /** Origins answered with CORS (default env `SEARCH_ALLOWED_ORIGINS`, comma-separated, else http://localhost:8080). */
  allowedOrigins?: string[];
  /** Fastify logger option (false = silent). */
  logger?: FastifyServerOptions['logger'];
  /** An existing engine to serve (default: a new empty one). */
  engine?: Engine;
  /** Top-searches counts and Insights events (default: in memory). Closed when the server closes. */
  storage?: AnalyticsStorage;
  /** More readiness checks for `GET /readyz` (the storage's own check is added). */
  readiness?: ReadinessCheck[];
  /**
   * Max request body in bytes, measured after decompression (default {@link BODY_LIMIT_BYTES}, 1 MiB);
   * write routes (admin key) allow {@link WRITE_BODY_LIMIT_BYTES} (10 MiB) or this, whichever is larger.
   */
  bodyLimit?: number;
  /**
   * Proxies whose `X-Forwarded-For` names the client (`request.ip`, the address popular searches count
   * once): see {@link parseTrustProxy}. Default: env `TRUST_PROXY`, else false (the TCP peer).
   */
  trustProxy?: TrustProxy;
}

/** fastify's trustProxy option. */
export type TrustProxy = FastifyServerOptions['trustProxy'];

export { parseTrustProxy };

/** Error body in Algolia's shape. */
export interface ErrorBody {
  message: string;
  status: number;
}

/**
 * Builds the Algolia-compatible HTTP server (not listening yet; call `listen`).
 *
 * Routes (all JSON; request bodies are parsed as JSON whatever the content-type, since the Algolia
 * clients send `text/plain`; `content-encoding` gzip, deflate or br is accepted, another → 415).
 * Limits (src/limits.ts): body ≤ 1 MiB after decompression (admin writes 10 MiB) → else 413; JSON
 * nesting ≤ 32 → else 400.
 * - `POST /1/indexes/*\/queries` — multi-index search: `{ requests: [{ indexName, ...params }] }` → `{ results: SearchResponse[] }`;
 *   at most 50 requests and 1000 hits asked for in all (`hitsPerPage`/`length` summed) → else 400
 * - `POST /1/indexes/:indexName/query` — single-index search: params → `SearchResponse`
 * - `GET /1/indexes/:indexName/:objectID` — one record (`?attributesToRetrieve=a,b`), 404 if missing
 * - `POST /1/indexes/*\/objects` — `{ requests: [{ indexName, objectID, attributesToRetrieve? }] }` → `{ results: (record|null)[] }`;
 *   at most 1000 requests → else 400
 * - `POST /1/indexes/:indexName/batch` — `{ requests: [{ action, body }] }` → `{ taskID, objectIDs }`
 * - `POST /1/indexes/*\/batch` — multi-index batch: `{ requests: [{ action, indexName, body }] }` → `{ taskID: {index: id}, objectIDs }`
 * - `POST /1/indexes/:indexName` — add a record → `{ taskID, objectID, createdAt }`
 * - `PUT /1/indexes/:indexName/:objectID` — add/replace a record → `{ taskID, objectID, updatedAt }`
 * - `POST /1/indexes/:indexName/:objectID/partial` — partial update (`?createIfNotExists=false`)
 * - `DELETE /1/indexes/:indexName/:objectID` — delete a record → `{ taskID, deletedAt }`
 * - `POST /1/indexes/:indexName/clear`, `DELETE /1/indexes/:indexName`
 * - `GET|PUT /1/indexes/:indexName/settings`
 * - `POST /1/indexes/:indexName/operation` — `{ operation: 'copy'|'move', destination, scope? }`
 * - `GET /1/indexes/:indexName/task/:taskID`, `GET /1/task/:taskID` — always `published`
 * - `GET /1/indexes` — `{ items: IndexSummary[], nbPages }`
 * - Rules (see `rules.ts`): `PUT|GET|DELETE /1/indexes/:indexName/rules/:objectID`,
 *   `POST /1/indexes/:indexName/rules/batch` (array of rules; `?clearExistingRules=true`),
 *   `POST /1/indexes/:indexName/rules/search`, `POST /1/indexes/:indexName/rules/clear`
 * - Insights: `POST /1/events` — `{ events: InsightEvent[] }` → `{ status: 200, message: 'OK' }`, 422 for a bad event;
 *   `GET /1/events?index=&eventType=&userToken=&queryID=&limit=` (local extension, admin key) → `{ events }`
 * - Analytics: `GET /2/searches?index=&limit=&offset=&startDate=&endDate=` → `{ searches: [{ search, count, nbHits }] }`
 * - Probes (no key): `GET /livez`, `GET /readyz` (src/lifecycle.ts; ready = `readiness` checks and the storage's pass)
 *
 * Top searches count each query once per client address and day (`request.ip`, see `trustProxy`).
 *
 * Auth: `x-algolia-application-id` + `x-algolia-api-key` headers (or query parameters). Wrong
 * app id or key → 403; the search key on a write route → 403. Errors are `{ message, status }`.
 */
export function buildServer(options: BuildServerOptions = {}): FastifyInstance {
  const appId = options.appId ?? process.env.SEARCH_APP_ID ?? 'grocery-local';
  const adminFromEnv = process.env.SEARCH_ADMIN_KEY;
  if (!options.apiKeys && !adminFromEnv) {
    throw new Error('search-engine: SEARCH_ADMIN_KEY is required (there is no default admin key; `npm start` sets a random one)');
  }
  const keys: ApiKeys = options.apiKeys ?? {
    admin: adminFromEnv!,
    search: process.env.SEARCH_API_KEY ?? 'local-search-key',
  };
  const allowedOrigins = options.allowedOrigins
    ?? (process.env.SEARCH_ALLOWED_ORIGINS ? process.env.SEARCH_ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : ['http://localhost:8080']);
  const engine = options.engine ?? new Engine();
  const storage = options.storage ?? memoryStorage();
  const checks = [...(options.readiness ?? []), ...(storage.check ? [storage.check] : [])];
  const bodyLimit = options.bodyLimit ?? BODY_LIMIT_BYTES;
  const app = createServiceApp({
    logger: options.logger ?? false,
    bodyLimit,
    trustProxy: options.trustProxy ?? parseTrustProxy(process.env.TRUST_PROXY),
    routerOptions: { maxParamLength: 2048 },
    // bad URLs / bad content types found by the router, before any hook runs
    frameworkErrors: (err, _req, reply) => {
      const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const body: ErrorBody = { message: err.message, status };
      (reply as FastifyReply).code(status).send(body);
    },
  }, { service: 'search-engine', checks });
  app.addHook('onClose', async () => {
    await storage.close?.();
  });

  registerCors(app, allowedOrigins);
  registerBodyParsing(app, bodyLimit);
  registerKeyCheck(app, appId, keys);
  registerErrorHandlers(app, bodyLimit);

  const ctx: RouteContext = { engine, storage, allowedOrigins, write: { config: { write: true }, bodyLimit: Math.max(bodyLimit, WRITE_BODY_LIMIT_BYTES) } };
  for (const routes of [searchRoutes, ruleRoutes, insightsRoutes, recordRoutes, indexRoutes]) routes(app, ctx);

  return app;
}

/** CORS for the storefront's origins only, with the headers the Algolia clients send. */
function registerCors(app: FastifyInstance, allowedOrigins: string[]): void {
  app.register(cors, {
    // only the storefront's origins
    origin: allowedOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'content-type',
      'content-encoding',
      'x-algolia-application-id',
      'x-algolia-api-key',
      'x-algolia-agent',
      'x-algolia-usertoken',
      'x-algolia-request-id',
      'x-algolia-user-id',
    ],
    maxAge: 86400,
  });
}

/**
 * Bodies: JSON whatever the declared content type, nesting ≤ MAX_JSON_DEPTH (else 400); gzip, deflate
 * or br bodies are measured after inflating against the route's limit (bytes; else 413).
 */
function registerBodyParsing(app: FastifyInstance, bodyLimit: number): void {
  // JSON whatever the declared content type (the Algolia clients send text/plain).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // checked before parsing: deep nesting would overflow the stack of the code walking the value
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(badRequest(`Invalid JSON in request body: nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Invalid JSON in request body'), undefined);
    }
  });
  // compressed bodies are measured after inflating, and inflating stops at the route's limit
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    return decodeBody(payload, String(req.headers['content-encoding'] ?? ''), req.routeOptions.bodyLimit ?? bodyLimit) as typeof payload;
  });
}

/**
 * The keys: `x-algolia-application-id` + `x-algolia-api-key` (headers, or query parameters for the search
 * key) else 403; write routes need the admin key (403) and application/json (415). Probes need no key.
 */
function registerKeyCheck(app: FastifyInstance, appId: string, keys: ApiKeys): void {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (req.method === 'OPTIONS' || req.routeOptions.config?.probe) return;
    const q = (req.query ?? {}) as Record<string, unknown>;
    const header = (name: string): string | undefined => {
      const h = req.headers[name];
      if (typeof h === 'string') return h;
      const v = q[name];
      return typeof v === 'string' ? v : undefined;
    };
    const reqApp = header('x-algolia-application-id');
    const key = header('x-algolia-api-key');
    if (reqApp !== appId || (key !== keys.admin && key !== keys.search)) {
      throw new ApiError(403, 'Invalid Application-ID or API key');
    }
    // the admin key only in a header (never in a URL that logs, referrers and pages can carry)
    if (key === keys.admin && typeof req.headers['x-algolia-api-key'] !== 'string') {
      throw new ApiError(403, 'The admin API key is accepted only in the x-algolia-api-key header');
    }
    if (req.routeOptions.config?.write && key !== keys.admin) {
      throw new ApiError(403, 'Method not allowed with this API key');
    }
    // writes only as application/json (a cross-site form or text/plain request cannot write)
    if (req.routeOptions.config?.write && req.method !== 'GET' && !/^application\/json\b/i.test(String(req.headers['content-type'] ?? ''))) {
      throw new ApiError(415, 'Writes must be sent as application/json');
    }
  });
}

/** Errors as `{ message, status }`: ApiError and fastify's 4xx as they are, anything else 500; 413 names the limit. */
function registerErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    let status = 500;
    let message = 'Internal error';
    if (err instanceof ApiError) {
      status = err.status;
      message = err.message;
    } else if (err && typeof err === 'object') {
      const e = err as { statusCode?: number; message?: string };
      if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
        status = e.statusCode;
        message = e.message ?? 'Bad request';
      }
    }
    if (status >= 500) req.log.error({ err }, 'search-engine internal error');
    if (status === 413) {
      message = `Request body is too large: the limit is ${req.routeOptions.bodyLimit ?? bodyLimit} bytes (after decompression)`;
      // the rest of the body is not read: the connection ends with this answer
      reply.header('connection', 'close');
    }
    const body: ErrorBody = { message, status };
    reply.code(status).send(body);
  });
  app.setNotFoundHandler((_req, reply) => {
    const body: ErrorBody = { message: 'Not Found', status: 404 };
    reply.code(404).send(body);
  });
}
