/**
 * Starts the BFF: runs migrations, seeds the demo accounts and cards, then listens on 127.0.0.1:BFF_PORT
 * (default 4000).
 * Env: BFF_PORT, DATABASE_URL (pg; else PGlite), PGLITE_DATA_DIR (PGlite persistence; else in memory),
 * OIDC_ISSUER (default http://localhost:4100), OIDC_CLIENT_ID (default 'storefront'),
 * BFF_TOKEN_SECRET (≥ 32 characters; default: random per start).
 */
import { createDbFromEnv } from './db';
import { migrate } from './migrate';
import { seedAccounts } from './seed';
import { buildServer, DEFAULT_CLIENT_ID, DEFAULT_ISSUER } from './server';
import { tokenSecret } from './tokens';

async function main(): Promise<void> {
  const db = await createDbFromEnv();
  const applied = await migrate(db);
  const seeded = await seedAccounts(db);
  const app = buildServer({
    db,
    logger: true,
    auth: { issuer: process.env.OIDC_ISSUER || DEFAULT_ISSUER, clientId: process.env.OIDC_CLIENT_ID || DEFAULT_CLIENT_ID },
    tokenSecret: tokenSecret(process.env.BFF_TOKEN_SECRET),
  });
  app.log.info({ db: db.kind, applied, seeded }, 'migrations and seed done');
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
