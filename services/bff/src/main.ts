/**
 * Starts the BFF: opens the database, runs migrations, seeds the demo accounts, cards, shopping lists and offers, then listens on
 * 127.0.0.1:BFF_PORT (default 4000; 0 = any free port, logged as "Server listening at …").
 *
 * Env (README.md "Environment"):
 * - `DATABASE_URL` — PostgreSQL through pg (then PGLITE_DATA_DIR is ignored);
 * - `PGLITE_DATA_DIR` — PGlite's data folder, held under an exclusive lock (never in memory: `memory://` is refused).
 *   Neither set → durable PGlite in `<repo root>/.data/bff/pglite` (never in memory by default);
 * - `BFF_PORT`, `OIDC_ISSUER` (default http://localhost:4100), `OIDC_CLIENT_ID` (default 'storefront'),
 *   `BFF_TOKEN_SECRET` (≥ 32 characters; default: random per start).
 *
 * Exit codes: 0 after SIGINT/SIGTERM (server closed, database closed, lock released); 1 start-up failure
 * or a lost data-folder lock; 2 the PGlite folder is locked by another live BFF (the message on stderr
 * names the folder and the holder's pid, host and start time).
 */
import { DataDirLockedError, EXIT_LOCKED } from './data-lock';
import { createDbFromEnv } from './db';
import { migrate } from './migrate';
import { seedAccounts, seedOffers, seedShoppingLists } from './seed';
import { buildServer, DEFAULT_CLIENT_ID, DEFAULT_ISSUER } from './server';
import { tokenSecret } from './tokens';

async function main(): Promise<void> {
  const db = await createDbFromEnv(process.env, {
    onCompromised: (error) => {
      // Someone removed or took over the folder's lock: stop before two processes write one database.
      console.error(`bff: lost the lock on the PGlite data folder (${error.message}); exiting`);
      process.exit(1);
    },
  });
  const applied = await migrate(db);
  const seeded = { ...(await seedAccounts(db)), listItems: await seedShoppingLists(db), offers: await seedOffers(db) };
  const app = buildServer({
    db,
    logger: true,
    auth: { issuer: process.env.OIDC_ISSUER || DEFAULT_ISSUER, clientId: process.env.OIDC_CLIENT_ID || DEFAULT_CLIENT_ID },
    tokenSecret: tokenSecret(process.env.BFF_TOKEN_SECRET),
  });
  app.log.info({ db: db.kind, dataDir: db.dataDir, applied, seeded }, 'migrations and seed done');
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
  if (error instanceof DataDirLockedError) {
    console.error(`bff failed to start: ${error.message}`);
    process.exit(EXIT_LOCKED);
  }
  console.error('bff failed to start:', error);
  process.exit(1);
});
