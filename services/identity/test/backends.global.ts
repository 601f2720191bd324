/**
 * jest globalSetup / globalTeardown (jest.config.js): a throwaway PostgreSQL cluster
 * (tooling/scripts/ensure-postgres.mjs) and a throwaway Redis (tooling/scripts/ensure-redis.mjs) for the
 * whole run, handed to the test workers as IDENTITY_TEST_DATABASE_URL and IDENTITY_TEST_REDIS_URL. Each
 * test file creates its own database there (test/backends.ts). The teardown stops both — also when tests
 * failed; if jest itself is killed, their guardian processes stop them.
 */
import path from 'path';

interface Throwaway {
  url: string;
  stop(): Promise<void>;
}

const SCRIPTS = path.resolve(__dirname, '../../../tooling/scripts');
// A real dynamic import (the transform would turn `import()` into require(), which cannot load these ESM files).
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Record<string, (o?: object) => Promise<Throwaway>>>;
const KEY = '__identityThrowaways';

/** globalSetup: starts PostgreSQL and Redis, sets the two URLs in process.env. */
export async function setup(): Promise<void> {
  const started = Date.now();
  const [{ startThrowawayPostgres }, { startThrowawayRedis }] = await Promise.all([
    importEsm(path.join(SCRIPTS, 'ensure-postgres.mjs')),
    importEsm(path.join(SCRIPTS, 'ensure-redis.mjs')),
  ]);
  const [pg, redis] = await Promise.all([startThrowawayPostgres!(), startThrowawayRedis!()]);
  (globalThis as Record<string, unknown>)[KEY] = [pg, redis];
  process.env.IDENTITY_TEST_DATABASE_URL = pg.url;
  process.env.IDENTITY_TEST_REDIS_URL = redis.url;
  console.log(`\nthrowaway PostgreSQL ${pg.url} and Redis ${redis.url} ready in ${Date.now() - started} ms`);
}

/** globalTeardown: stops both. */
export async function teardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>)[KEY] as Throwaway[] | undefined;
  await Promise.all((started ?? []).map((t) => t.stop()));
}
