/**
 * jest globalSetup: a throwaway PostgreSQL cluster (tooling/scripts/ensure-postgres.mjs; Debian's
 * postgresql is installed if missing) whose URL the workers get as SEARCH_TEST_DATABASE_URL; each test
 * creates its own database there. An already set SEARCH_TEST_DATABASE_URL is used as it is.
 * test/postgres.teardown.ts stops the cluster (its guardian process also does if jest is killed).
 */
import path from 'node:path';

interface Throwaway {
  url: string;
  stop(): Promise<void>;
}

const SCRIPT = path.resolve(__dirname, '../../../tooling/scripts/ensure-postgres.mjs');
// A real dynamic import: the transform would turn import() into require(), which cannot load ESM.
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ startThrowawayPostgres(): Promise<Throwaway> }>;

export default async function setup(): Promise<void> {
  if (process.env.SEARCH_TEST_DATABASE_URL) return;
  const { startThrowawayPostgres } = await importEsm(SCRIPT);
  const cluster = await startThrowawayPostgres();
  (globalThis as { searchTestPostgres?: Throwaway }).searchTestPostgres = cluster;
  process.env.SEARCH_TEST_DATABASE_URL = cluster.url;
}
