/**
 * Liveness and readiness probes for the load balancer (which checks each replica directly) and for the
 * edge (under /api). Plain JSON, not the envelope; `cache-control: no-store`.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { migrationVersions, pendingMigrations } from '../migrate';
import { pingRedis, type Redis } from '../redis';

/** The probes' route paths (their 2xx answers are logged at debug level). */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz', '/api/livez', '/api/readyz']);

/** How long /readyz waits for the database, ms. */
export const READY_DB_TIMEOUT_MS = 2000;

/** Options of {@link probeRoutes}. */
export interface ProbeOptions {
  db: Db;
  /** null when REDIS_URL is not set (then not checked). */
  redis: Redis | null;
  /** True once the process drains (SIGTERM). */
  isDraining: () => boolean;
}

/** What /readyz reports per check: 'ok', 'not configured' or the reason it failed. */
export interface ReadyChecks {
  database: string;
  migrations: string;
  redis: string;
}

/** Rejects after `ms` unless `promise` settles first. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Registers (under the plugin's prefix):
 * - `GET /livez` → 200 `{ status: 'ok' }` while the process serves requests.
 * - `GET /readyz` → 200 `{ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' | 'not configured' } }`
 *   when the database answers (within 2 s), every migration file is applied and Redis (if configured)
 *   answers PING (within 1 s); else 503 `{ status: 'unavailable', reason, checks }` — `reason` names the
 *   failing checks, e.g. 'redis: no answer within 1000 ms'. While draining: 503 at once,
 *   `{ status: 'unavailable', reason: 'draining: the BFF is shutting down' }`.
 */
export async function probeRoutes(app: FastifyInstance, { db, redis, isDraining }: ProbeOptions): Promise<void> {
  const versions = migrationVersions();

  app.get('/livez', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (isDraining()) return reply.code(503).send({ status: 'unavailable', reason: 'draining: the BFF is shutting down' });
    const checks: ReadyChecks = { database: 'ok', migrations: 'ok', redis: redis ? 'ok' : 'not configured' };
    const database = within(pendingMigrations(db, versions), READY_DB_TIMEOUT_MS).then(
      (pending) => {
        if (pending.length) checks.migrations = `pending ${pending.join(', ')}`;
      },
      (error: unknown) => {
        if ((error as { code?: string }).code === '42P01') checks.migrations = 'not applied (no schema_migrations table)';
        else {
          checks.database = messageOf(error);
          checks.migrations = 'unknown';
        }
      },
    );
    const cache = redis
      ? pingRedis(redis).catch((error: unknown) => {
        checks.redis = messageOf(error);
      })
      : null;
    await Promise.all([database, cache]);
    const failing = (Object.entries(checks) as [keyof ReadyChecks, string][])
      .filter(([name, value]) => value !== 'ok' && value !== 'not configured' && !(name === 'migrations' && value === 'unknown'))
      .map(([name, value]) => `${name}: ${value}`);
    if (failing.length) return reply.code(503).send({ status: 'unavailable', reason: failing.join('; '), checks });
    return { status: 'ready', checks };
  });
}
