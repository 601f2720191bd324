/**
 * jest globalSetup / globalTeardown of the PostgreSQL pass (`BFF_TEST_DB=pg`, see jest.config.js): starts
 * a throwaway cluster with tooling/scripts/ensure-postgres.mjs (Debian's postgresql, installed if missing)
 * and hands its URL to the test workers as BFF_TEST_DATABASE_URL; every harness then creates its own
 * database there (test/harness.ts). The teardown stops the cluster and removes its folder — also when tests
 * failed; if jest itself is killed, the cluster's guardian process removes it.
 */
import path from 'path';

interface Throwaway {
  url: string;
  dir: string;
  stop(): Promise<void>;
}
interface EnsurePostgres {
  startThrowawayPostgres(options?: { timeoutMs?: number }): Promise<Throwaway>;
}

const SCRIPT = path.resolve(__dirname, '../../../tooling/scripts/ensure-postgres.mjs');
// A real dynamic import (the transform would turn `import()` into require(), which cannot load this ESM file).
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<EnsurePostgres>;
const KEY = '__bffThrowawayPostgres';

/** globalSetup: starts the cluster, sets process.env.BFF_TEST_DATABASE_URL. */
export async function setup(): Promise<void> {
  const { startThrowawayPostgres } = await importEsm(SCRIPT);
  const started = Date.now();
  const cluster = await startThrowawayPostgres();
  (globalThis as Record<string, unknown>)[KEY] = cluster;
  process.env.BFF_TEST_DATABASE_URL = cluster.url;
  console.log(`\nthrowaway PostgreSQL ${cluster.url} (${cluster.dir}) ready in ${Date.now() - started} ms`);
}

/** globalTeardown: stops the cluster and removes its folder. */
export async function teardown(): Promise<void> {
  const cluster = (globalThis as Record<string, unknown>)[KEY] as Throwaway | undefined;
  await cluster?.stop();
}
