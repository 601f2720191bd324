import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { clientOf } from './analytics';
import { Engine, type IndexSettings, type OperationParams, type SearchResponse, retrieve } from './engine';
import { ApiError, badRequest } from './errors';
import { validateEvents, type InsightEventType } from './insights';
import { jsonDepthExceeds, parseTrustProxy } from '@storefront/remote-kit/request-limits';
import { createServiceApp, type ReadinessCheck } from './lifecycle';
import {
  BODY_LIMIT_BYTES, MAX_FACET_VALUES_PER_REQUEST, MAX_HITS_PER_REQUEST, MAX_JSON_DEPTH, MAX_OBJECTS_PER_REQUEST, MAX_QUERIES_PER_REQUEST, WRITE_BODY_LIMIT_BYTES, decodeBody, overLimit,
} from './limits';
import { collectRawParams, parseSearchParams, type SearchParams } from './params';
import { type Anchoring, type SearchRulesParams, validateRule } from './rules';
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

type Obj = Record<string, unknown>;

function asObject(v: unknown, what = 'body'): Obj {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(`Invalid ${what}: expected a JSON object`);
  return v as Obj;
}

function asArray(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw badRequest(`Invalid ${what}: expected an array`);
  return v;
}

function asName(v: unknown, what = 'indexName'): string {
  if (typeof v !== 'string' || v === '') throw badRequest(`Missing or invalid ${what}`);
  return v;
}

function now(): string {
  return new Date().toISOString();
}

const BATCH_ACTIONS = new Set(['addObject', 'updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate', 'deleteObject', 'delete', 'clear']);

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

  type P = { indexName: string; objectID: string; taskID: string };

  /**
   * Refuses a search request whose queries ask for more than {@link MAX_HITS_PER_REQUEST} hits in all
   * (each query: `length` with `offset`, else `hitsPerPage`, else its index's default), or more than
   * {@link MAX_FACET_VALUES_PER_REQUEST} facet values (attributes × maxValuesPerFacet). A 400 rather
   * than clamping, so a client never gets less than it asked for without knowing.
   * @throws ApiError 404 unknown index, 400 over a budget
   */
  const checkHitsBudget = (queries: Array<{ indexName: string; params: SearchParams }>): void => {
    let hits = 0;
    let facetValues = 0;
    for (const { indexName, params } of queries) {
      const index = engine.get(indexName);
      hits += index.hitsAskedBy(params);
      facetValues += index.facetValuesAskedBy(params);
    }
    if (hits > MAX_HITS_PER_REQUEST) throw overLimit('Too many hits asked for (hitsPerPage or length, summed over the queries)', hits, MAX_HITS_PER_REQUEST);
    if (facetValues > MAX_FACET_VALUES_PER_REQUEST) throw overLimit('Too many facet values asked for (facets × maxValuesPerFacet, summed over the queries)', facetValues, MAX_FACET_VALUES_PER_REQUEST);
  };

  /**
   * Counts a served query in the top-searches analytics (unless `analytics: false`), once per client
   * address (`request.ip`, see `trustProxy`) and day. A request from a page of another origin (an
   * `Origin` header not in `allowedOrigins`: a foreign page's CORS simple request, which the browser
   * sends without asking) is served but not counted. A storage failure is logged and does not fail the search.
   */
  const recordSearch = async (req: FastifyRequest, indexName: string, params: SearchParams, res: SearchResponse): Promise<void> => {
    if (!params.analytics) return;
    const origin = req.headers.origin;
    if (typeof origin === 'string' && !allowedOrigins.includes(origin)) return;
    const header = req.headers['x-algolia-usertoken'];
    const user = params.userToken ?? (typeof header === 'string' && header !== '' ? header : req.ip);
    try {
      await storage.analytics.record(indexName, params.query, res.nbHits, user, clientOf(req.ip));
    } catch (err) {
      req.log.error({ err }, 'search analytics not recorded');
    }
  };

  // ----- read routes ----------------------------------------------------------------------

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/queries', async (req) => {
    if (req.params.indexName !== '*') throw new ApiError(404, 'Not Found');
    const body = asObject(req.body);
    const requests = asArray(body.requests, 'requests');
    if (requests.length > MAX_QUERIES_PER_REQUEST) throw overLimit('Too many queries in requests', requests.length, MAX_QUERIES_PER_REQUEST);
    const parsed = requests.map((r, i) => {
      const request = asObject(r, `requests[${i}]`);
      if (request.type === 'facet') throw badRequest('Search for facet values is not supported');
      return { indexName: asName(request.indexName, `requests[${i}].indexName`), params: parseSearchParams(collectRawParams(request)) };
    });
    checkHitsBudget(parsed);
    const results: SearchResponse[] = parsed.map(({ indexName, params }) => engine.get(indexName).search(params));
    // in request order, as the search-as-you-type aggregation depends on it
    for (const [i, { indexName, params }] of parsed.entries()) await recordSearch(req, indexName, params, results[i]);
    return { results };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/query', async (req) => {
    const body = req.body === undefined ? {} : asObject(req.body);
    const params = parseSearchParams(collectRawParams(body));
    checkHitsBudget([{ indexName: req.params.indexName, params }]);
    const res = engine.get(req.params.indexName).search(params);
    await recordSearch(req, req.params.indexName, params, res);
    return res;
  });

  // ----- rules (read) ------------------------------------------------------------------------

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/rules/search', async (req) => {
    const body = req.body === undefined ? {} : asObject(req.body);
    const params: SearchRulesParams = {};
    if (body.query !== undefined) {
      if (typeof body.query !== 'string') throw badRequest('Invalid value for parameter query');
      params.query = body.query;
    }
    if (body.anchoring !== undefined) params.anchoring = asName(body.anchoring, 'anchoring') as Anchoring;
    if (body.context !== undefined) params.context = asName(body.context, 'context');
    for (const k of ['page', 'hitsPerPage'] as const) {
      if (body[k] !== undefined) {
        if (typeof body[k] !== 'number') throw badRequest(`Invalid value for parameter ${k}`);
        params[k] = body[k] as number;
      }
    }
    if (body.enabled !== undefined && body.enabled !== null) {
      if (typeof body.enabled !== 'boolean') throw badRequest('Invalid value for parameter enabled');
      params.enabled = body.enabled;
    }
    return engine.get(req.params.indexName).rules.search(params);
  });

  app.get<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/rules/:objectID', async (req) =>
    engine.get(req.params.indexName).rules.get(req.params.objectID));

  // ----- insights and analytics -------------------------------------------------------------

  app.post('/1/events', async (req) => {
    await storage.insights.add(validateEvents(req.body));
    return { status: 200, message: 'OK' };
  });

  app.get('/1/events', { config: { write: true } }, async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const limit = q.limit === undefined ? undefined : Number(q.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) throw badRequest('limit must be between 1 and 1000');
    if (q.eventType !== undefined && !['click', 'view', 'conversion'].includes(q.eventType)) throw badRequest('Invalid eventType');
    return {
      events: await storage.insights.list({ index: q.index, eventType: q.eventType as InsightEventType | undefined, userToken: q.userToken, queryID: q.queryID, limit }),
    };
  });

  app.get('/2/searches', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const index = asName(q.index, 'index');
    const int = (name: 'limit' | 'offset'): number | undefined => {
      if (q[name] === undefined || q[name] === '') return undefined;
      const n = Number(q[name]);
      if (!Number.isInteger(n)) throw badRequest(`${name} must be an integer`);
      return n;
    };
    return { searches: await storage.analytics.topSearches(index, { limit: int('limit'), offset: int('offset'), startDate: q.startDate, endDate: q.endDate }) };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/objects', async (req) => {
    if (req.params.indexName !== '*') throw new ApiError(404, 'Not Found');
    const body = asObject(req.body);
    const requests = asArray(body.requests, 'requests');
    if (requests.length > MAX_OBJECTS_PER_REQUEST) throw overLimit('Too many objects in requests', requests.length, MAX_OBJECTS_PER_REQUEST);
    const results = requests.map((r, i) => {
      const request = asObject(r, `requests[${i}]`);
      const indexName = asName(request.indexName, `requests[${i}].indexName`);
      const objectID = asName(request.objectID, `requests[${i}].objectID`);
      const attrs = request.attributesToRetrieve;
      if (attrs !== undefined && (!Array.isArray(attrs) || !attrs.every((a) => typeof a === 'string'))) {
        throw badRequest(`Invalid requests[${i}].attributesToRetrieve`);
      }
      const rec = engine.find(indexName)?.get(objectID);
      return rec ? retrieve(rec, (attrs as string[] | undefined) ?? ['*']) : null;
    });
    return { results };
  });

  app.get('/1/indexes', async (req) => {
    const q = req.query as Record<string, unknown>;
    const items = engine.list();
    const hpp = q.hitsPerPage !== undefined ? Number(q.hitsPerPage) : undefined;
    const page = q.page !== undefined ? Number(q.page) : undefined;
    if (hpp !== undefined && page !== undefined) {
      if (!Number.isInteger(hpp) || hpp < 1 || !Number.isInteger(page) || page < 0) throw badRequest('Invalid page or hitsPerPage');
      return { items: items.slice(page * hpp, (page + 1) * hpp), nbPages: Math.ceil(items.length / hpp) };
    }
    return { items, nbPages: 1 };
  });

  app.get<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/settings', async (req) => engine.get(req.params.indexName).getSettings());

  const taskStatus = (taskID: string) => {
    if (!engine.knowsTask(Number(taskID))) throw new ApiError(404, 'Task does not exist');
    return { status: 'published' as const, pendingTask: false };
  };
  app.get<{ Params: Pick<P, 'indexName' | 'taskID'> }>('/1/indexes/:indexName/task/:taskID', async (req) => taskStatus(req.params.taskID));
  app.get<{ Params: Pick<P, 'taskID'> }>('/1/task/:taskID', async (req) => taskStatus(req.params.taskID));

  app.get<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID', async (req) => {
    const rec = engine.get(req.params.indexName).get(req.params.objectID);
    if (!rec) throw new ApiError(404, 'ObjectID does not exist');
    const attrs = (req.query as Record<string, unknown>).attributesToRetrieve;
    const list = typeof attrs === 'string' && attrs !== '' ? (attrs.startsWith('[') ? parseJsonList(attrs) : attrs.split(',')) : ['*'];
    return retrieve(rec, list);
  });

  // ----- write routes ---------------------------------------------------------------------

  const write = { config: { write: true }, bodyLimit: Math.max(bodyLimit, WRITE_BODY_LIMIT_BYTES) };

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/batch', write, async (req) => {
    const body = asObject(req.body);
    const requests = asArray(body.requests, 'requests').map((r, i) => {
      const request = asObject(r, `requests[${i}]`);
      const action = request.action;
      if (typeof action !== 'string' || !BATCH_ACTIONS.has(action)) throw badRequest(`Invalid action in requests[${i}]: ${String(action)}`);
      const rbody = action === 'delete' || action === 'clear' ? ((request.body ?? {}) as Obj) : asObject(request.body, `requests[${i}].body`);
      if (['updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate', 'deleteObject'].includes(action)) {
        const id = rbody.objectID;
        if (typeof id !== 'string' && typeof id !== 'number') throw badRequest(`Missing objectID in requests[${i}]`);
      }
      const indexName = req.params.indexName === '*' ? asName(request.indexName, `requests[${i}].indexName`) : req.params.indexName;
      return { action, body: rbody, indexName };
    });
    const objectIDs: string[] = [];
    const touched = new Set<string>();
    for (const { action, body: b, indexName } of requests) {
      touched.add(indexName);
      if (action === 'delete') {
        engine.delete(indexName);
        continue;
      }
      const index = engine.getOrCreate(indexName);
      const id = b.objectID === undefined ? undefined : String(b.objectID);
      switch (action) {
        case 'addObject':
        case 'updateObject':
          objectIDs.push(index.save(b));
          break;
        case 'partialUpdateObject':
        case 'partialUpdateObjectNoCreate':
          index.partialUpdate(id!, b, action === 'partialUpdateObject');
          objectIDs.push(id!);
          break;
        case 'deleteObject':
          index.delete(id!);
          objectIDs.push(id!);
          break;
        case 'clear':
          index.clear();
          break;
      }
    }
    if (req.params.indexName === '*') {
      const taskID: Record<string, number> = {};
      for (const name of touched) taskID[name] = engine.nextTaskID();
      return { taskID, objectIDs };
    }
    return { taskID: engine.nextTaskID(), objectIDs };
  });

  // ----- rules (write) ---------------------------------------------------------------------

  app.put<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/rules/:objectID', write, async (req) => {
    const rule = validateRule(req.body, req.params.objectID);
    engine.getOrCreate(req.params.indexName).rules.save(rule);
    return { taskID: engine.nextTaskID(), updatedAt: now(), objectID: rule.objectID };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/rules/batch', write, async (req) => {
    const rules = asArray(req.body, 'body (expected an array of rules)').map((r) => validateRule(r));
    const index = engine.getOrCreate(req.params.indexName);
    if ((req.query as Record<string, unknown>).clearExistingRules === 'true') index.rules.clear();
    for (const rule of rules) index.rules.save(rule);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/rules/clear', write, async (req) => {
    engine.getOrCreate(req.params.indexName).rules.clear();
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.delete<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/rules/:objectID', write, async (req) => {
    engine.get(req.params.indexName).rules.delete(req.params.objectID);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/clear', write, async (req) => {
    engine.getOrCreate(req.params.indexName).clear();
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/operation', write, async (req) => {
    const body = asObject(req.body) as unknown as OperationParams;
    engine.operation(req.params.indexName, body);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.put<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName/settings', write, async (req) => {
    const body = asObject(req.body) as IndexSettings;
    engine.getOrCreate(req.params.indexName).setSettings(body);
    return { taskID: engine.nextTaskID(), updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName', write, async (req, reply) => {
    const body = asObject(req.body);
    const objectID = engine.getOrCreate(req.params.indexName).save(body);
    reply.code(201);
    return { taskID: engine.nextTaskID(), objectID, createdAt: now() };
  });

  app.delete<{ Params: Pick<P, 'indexName'> }>('/1/indexes/:indexName', write, async (req) => {
    engine.delete(req.params.indexName);
    return { taskID: engine.nextTaskID(), deletedAt: now() };
  });

  app.put<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID', write, async (req) => {
    const body = asObject(req.body);
    const objectID = engine.getOrCreate(req.params.indexName).save({ ...body, objectID: req.params.objectID });
    return { taskID: engine.nextTaskID(), objectID, updatedAt: now() };
  });

  app.post<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID/partial', write, async (req) => {
    const body = asObject(req.body);
    const q = req.query as Record<string, unknown>;
    const create = q.createIfNotExists === undefined ? true : q.createIfNotExists !== 'false';
    engine.getOrCreate(req.params.indexName).partialUpdate(req.params.objectID, body, create);
    return { taskID: engine.nextTaskID(), objectID: req.params.objectID, updatedAt: now() };
  });

  app.delete<{ Params: Pick<P, 'indexName' | 'objectID'> }>('/1/indexes/:indexName/:objectID', write, async (req) => {
    engine.find(req.params.indexName)?.delete(req.params.objectID);
    return { taskID: engine.nextTaskID(), deletedAt: now() };
  });

  return app;
}

function parseJsonList(s: string): string[] {
  try {
    const v: unknown = JSON.parse(s);
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
  } catch {
    // fall through
  }
  throw badRequest('Invalid value for parameter attributesToRetrieve');
}
