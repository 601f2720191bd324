/**
 * The BFF's database seam (ARCHITECTURE §5): embedded Postgres (PGlite) by default, a real PostgreSQL
 * through `pg` when DATABASE_URL is set. Both run the same SQL.
 */
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';

/** Minimal database interface used by routes and migrations. */
export interface Db {
  /** One parameterised statement ($1, $2, ...). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A script of several statements without parameters (simple-query protocol: runs as one transaction). */
  exec(sql: string): Promise<void>;
  /** Releases the connection(s) / embedded instance. */
  close(): Promise<void>;
  /** 'pglite' or 'pg', for logs and health. */
  readonly kind: 'pglite' | 'pg';
}

/** PGlite-backed Db: in memory when `dataDir` is undefined, else persisted in that folder. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pg.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async close() {
      await pg.close();
    },
  };
}

/** node-postgres Pool-backed Db for a DATABASE_URL such as 'postgres://user:pass@host:5432/db'. */
export function createPgDb(connectionString: string): Db {
  const pool = new Pool({ connectionString, max: 10 });
  return {
    kind: 'pg',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Picks the implementation from the environment: DATABASE_URL → pg; otherwise PGlite, persisted in
 * PGLITE_DATA_DIR when set, in memory when not.
 */
export async function createDbFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  if (env.DATABASE_URL) return createPgDb(env.DATABASE_URL);
  return createPgliteDb(env.PGLITE_DATA_DIR || undefined);
}
