/**
 * Starts the search engine on `SEARCH_BIND`:`SEARCH_PORT` (default 127.0.0.1:7700); keys and app id from
 * `SEARCH_APP_ID`, `SEARCH_ADMIN_KEY`, `SEARCH_API_KEY`. With `DATABASE_URL`, analytics and events are
 * kept in PostgreSQL (`SEARCH_RETENTION_DAYS`, default 90), else in memory. `SEARCH_SEED_ON_START=1`
 * loads the committed seed into its own indexes before `/readyz` passes. `TRUST_PROXY` (e.g. `10.0.0.0/8`)
 * names the proxies whose `X-Forwarded-For` gives the client address; a malformed value exits 1. Drains on SIGTERM.
 */
import { runService } from './lifecycle';
import { seedSelf } from './self-seed';
import { buildServer } from './server';
import { memoryStorage, openPgStorage } from './storage';

const env = process.env;
const seedOnStart = env.SEARCH_SEED_ON_START === '1';
let seeded = !seedOnStart;

void runService(async () => {
  const storage = env.DATABASE_URL
    ? await openPgStorage(env.DATABASE_URL, { retentionDays: env.SEARCH_RETENTION_DAYS ? Number(env.SEARCH_RETENTION_DAYS) : undefined })
    : memoryStorage();
  return buildServer({ logger: { level: env.LOG_LEVEL ?? 'info' }, storage, readiness: [() => (seeded ? null : 'seeding the indexes')] });
}, {
  port: Number(env.SEARCH_PORT ?? 7700),
  host: env.SEARCH_BIND ?? '127.0.0.1',
  afterListen: seedOnStart
    ? async (app) => {
      const indexes = await seedSelf(app, { appId: env.SEARCH_APP_ID ?? 'grocery-local', adminKey: env.SEARCH_ADMIN_KEY ?? '', indexPrefix: env.SEARCH_INDEX_PREFIX });
      seeded = true;
      app.log.info({ indexes }, 'seeded from the committed catalogue');
    }
    : undefined,
});
