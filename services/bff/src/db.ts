/**
 * The BFF's database seam (ARCHITECTURE §5): embedded Postgres (PGlite) by default, a real PostgreSQL
 * through `pg` when DATABASE_URL is set. Both run the same SQL.
 *
 * PGlite is durable by default: it lives in a data folder ({@link DEFAULT_PGLITE_DATA_DIR} unless
 * PGLITE_DATA_DIR says otherwise) held under an exclusive lock (src/data-lock.ts). In memory only in
 * the service tests (`createPgliteDb()` with no folder); the server itself never runs in memory.
 */
import path from 'path';
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import { lockDataDir, type LockDataDirOptions } from './data-lock';

/** Repository root (services/bff/src → ../../..). */
export const REPO_ROOT = path.resolve(__dirname, '../../..');
/** Where PGlite keeps its data when neither DATABASE_URL nor PGLITE_DATA_DIR is set: `<repo>/.data/bff/pglite` (git-ignored). */
export const DEFAULT_PGLITE_DATA_DIR = path.join(REPO_ROOT, '.data', 'bff', 'pglite');
/** PGlite's in-memory scheme: refused in PGLITE_DATA_DIR (shopper data is durable, DEVELOPERS.md). */
const MEMORY = 'memory://';

/** Something that runs parameterised statements: a {@link Db}, or the handle of one transaction. */
export interface Queryable {
  /** One parameterised statement ($1, $2, ...). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The handle of one transaction: parameterised statements, and scripts (migrations). */
export interface Transaction extends Queryable {
  /** A script of several statements without parameters, inside the transaction. */
  exec(sql: string): Promise<void>;
}

/** Minimal database interface used by routes and migrations. */
export interface Db extends Queryable {
  /**
   * Runs `fn` in one transaction: BEGIN, `fn(tx)`, COMMIT — or ROLLBACK when `fn` throws (the error is
   * rethrown). Statements of the transaction must go through `tx`. PGlite (one connection): every other
   * query waits until the transaction ends (PGlite's own transaction mutex); pg: the transaction has its
   * own pooled connection, READ COMMITTED, so concurrent transactions serialise on row locks (or an
   * advisory lock the caller takes).
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** A script of several statements without parameters (simple-query protocol: runs as one transaction). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` while holding the named lock across every process on this database (replicas starting
   * together: start-up seeding). pg: a session advisory lock (`pg_advisory_lock(hashtext(name))`) on a
   * dedicated pooled connection, released after `fn` or when that connection ends; `fn` uses the Db as
   * usual. PGlite: one process per data folder (src/data-lock.ts), so calls are only serialised in process.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Releases the connection(s) / embedded instance. */
  close(): Promise<void>;
  /** 'pglite' or 'pg', for logs and health. */
  readonly kind: 'pglite' | 'pg';
  /** Absolute PGlite data folder (locked while open); null for in-memory PGlite and for pg. */
  readonly dataDir: string | null;
}

/**
 * PGlite-backed Db: in memory when `dataDir` is undefined (service tests only), else persisted in
 * that folder (created if missing) under an exclusive lock taken before PGlite opens it and released by
 * `close()`.
 *
 * Durability: PGlite's Node filesystem writes straight into the folder (emscripten NODEFS, synchronous
 * `write`s; `relaxedDurability: false` is set though it only matters for browser storage), and commits
 * are synchronous (`synchronous_commit=on`), so a write is in the operating system's files before the
 * query resolves: an acknowledged write survives the process being killed (SIGKILL; tested). PGlite runs
 * with `fsync=off` and NODEFS does not pass fsync down, so an OS crash or power loss may lose the last
 * writes — production uses PostgreSQL (DATABASE_URL).
 * @param dataDir folder, or undefined (in memory: tests)
 * @param lockOptions options of the data-folder lock (e.g. `onCompromised`)
 * @throws DataDirLockedError when another live BFF holds the folder (message names folder and holder)
 */
export async function createPgliteDb(dataDir?: string, lockOptions: LockDataDirOptions = {}): Promise<Db> {
  const inMemory = !dataDir;
  const lock = inMemory ? null : await lockDataDir(dataDir, lockOptions);
  let pg: PGlite;
  try {
    pg = lock ? new PGlite({ dataDir: lock.dataDir, relaxedDurability: false }) : new PGlite();
    await pg.waitReady;
  } catch (error) {
    await lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    dataDir: lock?.dataDir ?? null,
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pg.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return pg.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            const result = await tx.query<R>(sql, params);
            return { rows: result.rows };
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    withLock: inProcessLock(),
    async close() {
      try {
        await pg.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/**
 * node-postgres Pool-backed Db for a DATABASE_URL such as 'postgres://user:pass@host:5432/db'.
 * An idle connection the server ends (a restart, a failover, `pg_terminate_backend`: error 57P01) is
 * logged and dropped; the pool opens a new one for the next query. Without an 'error' listener the pool
 * re-emits such an error as an uncaught exception and the BFF process exits (node-postgres: "you must
 * handle errors on the pool"; seen in CI when a test database was dropped while a closing connection
 * was still open).
 */
export function createPgDb(connectionString: string): Db {
  const pool = new Pool({ connectionString, max: 10 });
  pool.on('error', (error: Error & { code?: string }) => {
    console.warn(`[bff] an idle database connection ended (${error.code ?? 'no code'}: ${error.message}); the next query opens a new one`);
  });
  return {
    kind: 'pg',
    dataDir: null,
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            const r = await client.query(sql, params);
            return { rows: r.rows as R[] };
          },
          async exec(sql: string) {
            await client.query(sql); // no parameters: simple-query protocol, several statements allowed
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A failed ROLLBACK means the connection is unusable: release it as broken (the pool drops it).
        await client.query('ROLLBACK').catch((rollbackError: Error) => { broken = rollbackError; });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch((error: Error) => { broken = error; });
        }
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** A {@link Db.withLock} for a single process: calls with the same name run one after another. */
function inProcessLock(): Db['withLock'] {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const before = tails.get(name) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(fn);
    tails.set(name, run);
    try {
      return await run;
    } finally {
      if (tails.get(name) === run) tails.delete(name);
    }
  };
}

/**
 * Picks the implementation from the environment:
 * - `DATABASE_URL` set → PostgreSQL through pg;
 * - else PGlite in `PGLITE_DATA_DIR` (a folder);
 * - else PGlite in {@link DEFAULT_PGLITE_DATA_DIR} (`<repo>/.data/bff/pglite`) — always durable.
 * @throws DataDirLockedError when the PGlite folder is held by another live BFF
 * @throws Error when PGLITE_DATA_DIR asks for an in-memory database (`memory://`): the server never keeps shopper data in memory
 */
export async function createDbFromEnv(env: NodeJS.ProcessEnv = process.env, lockOptions: LockDataDirOptions = {}): Promise<Db> {
  if (env.DATABASE_URL) return createPgDb(env.DATABASE_URL);
  if (env.PGLITE_DATA_DIR?.startsWith(MEMORY)) {
    throw new Error(`PGLITE_DATA_DIR=${env.PGLITE_DATA_DIR}: the BFF keeps shopper data durable; give a folder (or leave it unset for ${DEFAULT_PGLITE_DATA_DIR}), or DATABASE_URL.`);
  }
  return createPgliteDb(env.PGLITE_DATA_DIR || DEFAULT_PGLITE_DATA_DIR, lockOptions);
}
