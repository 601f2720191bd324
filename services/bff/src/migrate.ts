import { readdirSync, readFileSync } from 'fs';
import path from 'path';
import type { Db } from './db';

/** Folder of numbered SQL migrations: 001_banner_alerts.sql, 002_..., applied in name order. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

const FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

/**
 * Applies pending migrations, each file plus its `schema_migrations` row in one transaction
 * (one multi-statement script). Idempotent: applied versions are skipped.
 * @returns the versions (file names without .sql) applied by this call.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const files = readdirSync(dir).filter((f) => FILE.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    // version matches FILE ([a-z0-9_] only), so inlining it is safe.
    await db.exec(`${sql}\n;\nINSERT INTO schema_migrations (version) VALUES ('${version}');`);
    applied.push(version);
  }
  return applied;
}
