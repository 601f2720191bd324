/**
 * PostgreSQL for the identity provider (when DATABASE_URL is set): the pool, the schema migrations and
 * the advisory lock that serialises start-up work across replicas.
 *
 * Tables (all created here): `identity_schema_migrations`, `identity_accounts`, `oidc_payloads`,
 * `identity_signing_keys`, `identity_secrets`, `identity_password_resets`.
 */
import { Pool, type PoolClient } from 'pg';
import type { Logger } from './log';

/** Key of the transaction-level advisory lock taken by migrations, seeding and key rotation. */
export const IDENTITY_LOCK_KEY = 4_100_001;

/** The schema, one entry per version (applied in order, each once, recorded in identity_schema_migrations). */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE identity_accounts (
     uid           text PRIMARY KEY,
     email         text NOT NULL UNIQUE,
     first_name    text NOT NULL,
     last_name     text NOT NULL,
     password_hash text NOT NULL,
     seeded        boolean NOT NULL DEFAULT false,
     created_at    timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE oidc_payloads (
     id          text NOT NULL,
     type        text NOT NULL,
     payload     jsonb NOT NULL,
     grant_id    text,
     user_code   text,
     uid         text,
     expires_at  timestamptz,
     consumed_at timestamptz,
     PRIMARY KEY (id, type)
   );
   CREATE INDEX oidc_payloads_grant_id ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
   CREATE INDEX oidc_payloads_user_code ON oidc_payloads (user_code) WHERE user_code IS NOT NULL;
   CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL;
   CREATE INDEX oidc_payloads_expires_at ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;
   CREATE TABLE identity_signing_keys (
     kid        text PRIMARY KEY,
     jwk        jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE identity_secrets (
     name       text PRIMARY KEY,
     value      jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   );`,
  // Password reset links: only the SHA-256 of the token is kept; a link is used once (used_at).
  `CREATE TABLE identity_password_resets (
     token_hash  text PRIMARY KEY,
     uid         text NOT NULL REFERENCES identity_accounts (uid) ON DELETE CASCADE,
     interaction text,
     created_at  timestamptz NOT NULL,
     expires_at  timestamptz NOT NULL,
     used_at     timestamptz
   );
   CREATE INDEX identity_password_resets_uid ON identity_password_resets (uid);`,
];

/** The schema version this code needs (readiness compares the database's against it). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * A pool for `url` (e.g. 'postgres://user:pass@host:5432/db'): at most `max` connections (default 10),
 * 5 s to connect. An idle connection the server ends is logged, not fatal (the next query reconnects).
 */
export function openPool(url: string, log: Logger, { max = 10 }: { max?: number } = {}): Pool {
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  pool.on('error', (error: Error & { code?: string }) => log('warn', { msg: 'idle database connection ended', err: error.message, code: error.code }));
  return pool;
}

/**
 * Runs `fn` in one transaction holding `pg_advisory_xact_lock(IDENTITY_LOCK_KEY)`: replicas starting
 * together take turns. Rolls back when `fn` throws.
 * @returns what `fn` returns
 */
export async function withIdentityLock<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [IDENTITY_LOCK_KEY]);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Applies the migrations the database lacks, under the identity lock.
 * @returns the schema version afterwards ({@link SCHEMA_VERSION})
 * @throws when the database is newer than this code (a later version recorded) or a migration fails
 */
export async function migrate(pool: Pool): Promise<number> {
  return withIdentityLock(pool, async (client) => {
    await client.query(`CREATE TABLE IF NOT EXISTS identity_schema_migrations (
      version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM identity_schema_migrations');
    const current = rows[0]?.v ?? 0;
    if (current > SCHEMA_VERSION) throw new Error(`identity schema is at version ${current}, newer than this code (${SCHEMA_VERSION})`);
    for (let v = current + 1; v <= SCHEMA_VERSION; v += 1) {
      await client.query(MIGRATIONS[v - 1]!);
      await client.query('INSERT INTO identity_schema_migrations (version) VALUES ($1)', [v]);
    }
    return SCHEMA_VERSION;
  });
}

/**
 * Readiness of the database: answers within `timeoutMs` and has every migration applied.
 * @returns null when ready, else the reason (e.g. 'database: connect ECONNREFUSED', 'database: schema 0 < 1')
 */
export async function databaseProblem(pool: Pool, timeoutMs = 2000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const query = pool.query<{ v: number | null }>('SELECT max(version) AS v FROM identity_schema_migrations');
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    query.catch(() => undefined);
    const { rows } = await Promise.race([query, timeout]);
    const version = rows[0]?.v ?? 0;
    return version >= SCHEMA_VERSION ? null : `database: schema ${version} < ${SCHEMA_VERSION}`;
  } catch (error) {
    return `database: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}
