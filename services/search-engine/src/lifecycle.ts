/**
 * Lifecycle shared by the platform's fastify services (search engine, flyer provider, vendors, loyalty
 * site), so each can run as N replicas behind a load balancer:
 *
 * - `GET /livez` → 200 `{ status: 'ok' }` while the process runs;
 * - `GET /readyz` → 200 `{ status: 'ok' }` when every readiness check passes, else 503
 *   `{ status: 'unavailable', reason }`, and 503 `{ ..., reason: 'draining' }` from the first SIGTERM on;
 * - a request id per request: the incoming `x-request-id` when it is 1..128 of `[A-Za-z0-9._-]`, else a
 *   random UUID, echoed as the `x-request-id` response header;
 * - one JSON log line per request through the fastify logger: `{ service, reqId, method, path, status, ms }`
 *   (probes at debug level, so a load balancer's polling does not flood the log);
 * - {@link runService}: listen, then on SIGTERM/SIGINT drain: readyz 503 at once, stop accepting, finish
 *   in-flight requests, run `onClose` hooks (pools), exit 0; exit 1 if that takes more than 9 s.
 *
 * The probes need no credentials: services with an auth hook skip routes whose config has `probe: true`.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** True for /livez and /readyz: public, logged at debug level. */
    probe?: boolean;
  }
  interface FastifyInstance {
    /** Set by {@link createServiceApp}. */
    lifecycle: Lifecycle;
  }
}

/** A readiness check: resolves to a reason when the service must not get traffic, else null/undefined. */
export type ReadinessCheck = () => string | null | undefined | Promise<string | null | undefined>;

/** Options of {@link createServiceApp}. */
export interface LifecycleOptions {
  /** Service name written into every request log line, e.g. 'search-engine'. */
  service: string;
  /** Checks run by every `GET /readyz`, in parallel (default none). */
  checks?: ReadinessCheck[];
  /** A check still pending after this many ms counts as failed (default 2000). */
  checkTimeoutMs?: number;
}

/** The lifecycle state of one server. */
export interface Lifecycle {
  /** True once {@link Lifecycle.drain} was called. */
  readonly draining: boolean;
  /** Starts draining: `/readyz` answers 503 from now on. Idempotent. */
  drain(): void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request id to use for an incoming `x-request-id` header value.
 * @returns the header when it is 1..128 characters of `[A-Za-z0-9._-]`, else a random UUID
 */
export function requestIdOf(header: unknown): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** Fastify's per-request log lines replaced by one line per request. */
class RequestLog extends LogController {
  constructor(private readonly service: string) {
    super();
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      service: this.service,
      method: req.method,
      path: req.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else if (req.routeOptions.config?.probe && reply.statusCode < 500) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }
}

async function firstFailure(checks: ReadinessCheck[], timeoutMs: number): Promise<string | undefined> {
  const reasons = await Promise.all(checks.map(async (check) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('readiness check timed out'), timeoutMs);
    });
    try {
      return (await Promise.race([Promise.resolve().then(check), timeout])) ?? undefined;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timer);
    }
  }));
  return reasons.find((r): r is string => typeof r === 'string' && r !== '');
}

/**
 * Creates a fastify instance with the lifecycle installed (probes, request ids, request log) and
 * `app.lifecycle` decorated. Fastify's own request lines are replaced by one line per request.
 * @param options fastify server options (`genReqId`, `requestIdHeader` and `logController` are set here)
 * @param lifecycle service name and readiness checks
 */
export function createServiceApp(options: FastifyServerOptions, lifecycle: LifecycleOptions): FastifyInstance {
  const app = Fastify({
    ...options,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    logController: new RequestLog(lifecycle.service),
  });
  const checks = lifecycle.checks ?? [];
  const timeoutMs = lifecycle.checkTimeoutMs ?? 2000;
  let draining = false;
  const state: Lifecycle = {
    get draining() {
      return draining;
    },
    drain: () => {
      draining = true;
    },
  };
  app.decorate('lifecycle', state);

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    // once draining, keep-alive connections end with their current response, so close() can finish
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  const probe = { config: { probe: true } };
  app.get('/livez', probe, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', probe, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = draining ? 'draining' : await firstFailure(checks, timeoutMs);
    if (reason) return reply.code(503).send({ status: 'unavailable', reason });
    return reply.send({ status: 'ok' });
  });
  return app;
}

/** Options of {@link runService} and {@link shutdown}. */
export interface RunServiceOptions {
  port: number;
  /** Bind address (default 127.0.0.1). */
  host?: string;
  /** Work after listening, e.g. self-seeding (readiness checks keep the service out of rotation meanwhile); a failure exits 1. */
  afterListen?: (app: FastifyInstance) => Promise<void>;
  /** ms between readyz turning 503 and closing the listener (default env `DRAIN_DELAY_MS`, else 0). */
  drainDelayMs?: number;
  /** ms after the signal at which the process exits 1 anyway (default 9000). */
  forceAfterMs?: number;
}

/**
 * Drains a server: readyz 503 at once, after `drainDelayMs` closes it (no new connections, in-flight
 * requests finish, `onClose` hooks run), then calls `exit(0)`; `exit(1)` when closing fails or takes
 * longer than `forceAfterMs`.
 * @param exit process.exit in production, a spy in tests
 */
export async function shutdown(
  app: FastifyInstance,
  { drainDelayMs = 0, forceAfterMs = 9000 }: Pick<RunServiceOptions, 'drainDelayMs' | 'forceAfterMs'> = {},
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<void> {
  app.lifecycle.drain();
  app.log.info({ drainDelayMs }, 'draining');
  const force = setTimeout(() => {
    app.log.error({ forceAfterMs }, 'drain took too long: exiting');
    exit(1);
  }, forceAfterMs);
  force.unref();
  try {
    if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
    await app.close();
    clearTimeout(force);
    exit(0);
  } catch (err) {
    clearTimeout(force);
    app.log.error({ err }, 'close failed');
    exit(1);
  }
}

/**
 * Runs one service process: builds the server, listens on `port`/`host`, runs `afterListen`, and drains
 * on SIGTERM/SIGINT (see {@link shutdown}). Exits 1 with the error when it cannot start.
 * @param build the server (from {@link createServiceApp}), not listening yet; may be async (pools, migrations)
 * @returns resolves once listening and `afterListen` is done
 */
export async function runService(build: () => FastifyInstance | Promise<FastifyInstance>, options: RunServiceOptions): Promise<void> {
  let app: FastifyInstance | undefined;
  let stopping = false;
  const envDelay = Number(process.env.DRAIN_DELAY_MS);
  const drainDelayMs = options.drainDelayMs ?? (Number.isFinite(envDelay) && envDelay > 0 ? envDelay : 0);
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    if (!app) process.exit(0);
    else void shutdown(app, { drainDelayMs, forceAfterMs: options.forceAfterMs });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  try {
    app = await build();
    await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
    if (options.afterListen) await options.afterListen(app);
  } catch (err) {
    if (stopping) return; // a signal during start-up: shutdown() decides the exit code
    console.error(err);
    process.exit(1);
  }
}
