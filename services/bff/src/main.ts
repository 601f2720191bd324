/**
 * Starts the BFF: runs migrations, then listens on 127.0.0.1:BFF_PORT (default 4000).
 * Env: BFF_PORT, DATABASE_URL (pg; else PGlite), PGLITE_DATA_DIR (PGlite persistence; else in memory).
 */
import { createDbFromEnv } from './db';
import { migrate } from './migrate';
import { buildServer } from './server';

async function main(): Promise<void> {
  const db = await createDbFromEnv();
  const applied = await migrate(db);
  const app = buildServer({ db, logger: true });
  app.log.info({ db: db.kind, applied }, 'migrations done');
  const port = Number(process.env.BFF_PORT ?? 4000);
  await app.listen({ port, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('bff failed to start:', error);
  process.exit(1);
});
