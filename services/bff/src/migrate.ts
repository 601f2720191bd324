import { readdirSync, readFileSync } from 'fs';
import path from 'path';
import type { Db, Transaction } from './db';

/** Folder of numbered SQL migrations: 001_banner_alerts.sql, 002_..., applied in name order. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

const FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

/** Name of the advisory lock every migrating process takes (`pg_advisory_xact_lock(hashtext(…))`). */
export const MIGRATION_LOCK = 'storefront-bff:migrate';

/** The versions (file names without .sql) in `dir`, in the order they are applied. */
export function migrationVersions(dir: string = MIGRATIONS_DIR): string[] {
  return readdirSync(dir).filter((f) => FILE.test(f)).sort().map((f) => f.replace(/\.sql$/, ''));
}

/** Waits for the migration lock; it is released when the transaction ends. */
async function lockMigrations(tx: Transaction): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [MIGRATION_LOCK]);
}

/**
 * Applies pending migrations, each file plus its `schema_migrations` row in one transaction that holds
 * the migration advisory lock and checks again that the version is still pending, so replicas starting
 * together on one PostgreSQL apply every file exactly once. Idempotent: applied versions are skipped.
 * @returns the versions (file names without .sql) applied by this call.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  // Two concurrent `CREATE TABLE IF NOT EXISTS` can both try to create the table: under the lock too.
  await db.transaction(async (tx) => {
    await lockMigrations(tx);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const applied: string[] = [];
  for (const version of migrationVersions(dir)) {
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(dir, `${version}.sql`), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await lockMigrations(tx);
      const again = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (again.rows.length > 0) return false; // another process applied it meanwhile
      // version matches FILE ([a-z0-9_] only), so inlining it is safe.
      await tx.exec(`${sql}\n;\nINSERT INTO schema_migrations (version) VALUES ('${version}');`);
      return true;
    });
    if (ran) applied.push(version);
  }
  return applied;
}

/**
 * Which of `versions` (default: the files of {@link MIGRATIONS_DIR}) `schema_migrations` does not list.
 * @throws when the database does not answer or has no schema_migrations table yet
 */
export async function pendingMigrations(db: Db, versions: readonly string[] = migrationVersions()): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  return versions.filter((v) => !done.has(v));
}
