/**
 * Starts the BFF: opens the database, runs migrations, seeds the demo accounts, cards, shopping lists and offers, then listens on
 * BFF_HOST:BFF_PORT (default 127.0.0.1:4000; port 0 = any free port, logged as "Server listening at …").
 *
 * Env (README.md "Environment"):
 * - `DATABASE_URL` — PostgreSQL through pg (then PGLITE_DATA_DIR is ignored);
 * - `PGLITE_DATA_DIR` — PGlite's data folder, held under an exclusive lock (never in memory: `memory://` is refused).
 *   Neither set → durable PGlite in `<repo root>/.data/bff/pglite` (never in memory by default);
 * - `REDIS_URL` — throttle counters and used x-nonce values in Redis, shared by the replicas (also checked by /readyz);
 * - `TRUST_PROXY` — fastify trustProxy (server.ts parseTrustProxy), e.g. 'loopback' (what the default platform sets: the edge on loopback);
 * - `LOG_LEVEL` (default 'info'), `BFF_HOST`, `BFF_PORT`, `OIDC_ISSUER` (default http://localhost:4100),
 *   `OIDC_CLIENT_ID` (default 'storefront'), `BFF_TOKEN_SECRET` (≥ 32 characters; default: random per start);
 * - `OIDC_CLIENT_SECRET` (required: the confidential client's secret, cookie sessions) and `PUBLIC_ORIGIN`
 *   (the storefront origin(s), comma-separated, default http://localhost:8080; the first names redirect_uri);
 * - `SMTP_URL` (e.g. smtp://127.0.0.1:1025; unset: no mail, linkAccount/resendCode answer 503), `MAIL_FROM`,
 *   `MAIL_BANNER` ('standard' | 'coop': the banner named in mail).
 *
 * SIGTERM / SIGINT: /readyz answers 503 at once, the listener closes, in-flight requests finish, then the
 * database (pool, or PGlite and its folder lock) and Redis are closed and the process exits 0; after
 * {@link FORCE_EXIT_MS} it exits 1 whatever is still running.
 *
 * Exit codes: 0 after SIGINT/SIGTERM; 1 start-up failure, a lost data-folder lock or a forced exit; 2 the
 * PGlite folder is locked by another live BFF (the message on stderr names the folder and the holder's
 * pid, host and start time).
 */
import { DataDirLockedError, EXIT_LOCKED } from './data-lock';
import { createDbFromEnv } from './db';
import { mailerFromEnv } from './mail';
import { migrate } from './migrate';
import { closeRedis, createRedisClient, pingRedis } from './redis';
import { seedAccounts, seedOffers, seedShoppingLists } from './seed';
import { buildServer, DEFAULT_CLIENT_ID, DEFAULT_ISSUER, parseTrustProxy } from './server';
import { DEFAULT_PUBLIC_ORIGIN, parsePublicOrigins } from './session';
import { tokenSecret } from './tokens';

/** A shutdown still running after this many ms ends with exit code 1 (orchestrators kill at 10 s). */
const FORCE_EXIT_MS = 9000;
/** Held while migrating and seeding, so replicas starting together seed once. */
const START_LOCK = 'storefront-bff:start';

async function main(): Promise<void> {
  const env = process.env;
  if (!env.OIDC_CLIENT_SECRET) throw new Error('OIDC_CLIENT_SECRET is required (the BFF is the confidential OIDC client of the cookie sessions)');
  const publicOrigins = parsePublicOrigins(env.PUBLIC_ORIGIN || DEFAULT_PUBLIC_ORIGIN);
  const db = await createDbFromEnv(env, {
    onCompromised: (error) => {
      // Someone removed or took over the folder's lock: stop before two processes write one database.
      console.error(`bff: lost the lock on the PGlite data folder (${error.message}); exiting`);
      process.exit(1);
    },
  });
  const mailer = mailerFromEnv(env);
  const redis = env.REDIS_URL
    ? createRedisClient(env.REDIS_URL, {
      // events come on later ticks, when `app` exists
      onError: (error) => app.log.warn({ err: error }, 'redis connection failed; throttled routes and /readyz answer 503 until it is back'),
    })
    : null;
  const app = buildServer({
    db,
    logger: true,
    logLevel: env.LOG_LEVEL || 'info',
    auth: { issuer: env.OIDC_ISSUER || DEFAULT_ISSUER, clientId: env.OIDC_CLIENT_ID || DEFAULT_CLIENT_ID },
    tokenSecret: tokenSecret(env.BFF_TOKEN_SECRET),
    redis,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    session: { clientSecret: env.OIDC_CLIENT_SECRET, publicOrigins },
    mailer: mailer ?? undefined,
  });
  if (!mailer) app.log.warn('SMTP_URL is not set: no mail is sent (Scene+ linkAccount and resendCode answer 503)');
  if (redis && !env.BFF_TOKEN_SECRET) app.log.warn('REDIS_URL without BFF_TOKEN_SECRET: every replica signs its tokens with its own random secret');

  const { applied, seeded } = await db.withLock(START_LOCK, async () => ({
    applied: await migrate(db),
    seeded: { ...(await seedAccounts(db)), listItems: await seedShoppingLists(db), offers: await seedOffers(db) },
  }));
  app.log.info({ db: db.kind, dataDir: db.dataDir, applied, seeded, redis: !!redis, trustProxy: env.TRUST_PROXY || false }, 'migrations and seed done');
  if (redis) await pingRedis(redis, 5000).catch(() => undefined); // not fatal: /readyz tells the load balancer

  await app.listen({ port: Number(env.BFF_PORT ?? 4000), host: env.BFF_HOST || '127.0.0.1' });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.startDraining();
    app.log.info({ signal }, 'draining: /readyz answers 503, in-flight requests finish');
    setTimeout(() => {
      app.log.error(`shutdown not done after ${FORCE_EXIT_MS} ms; exiting`);
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    try {
      await app.close(); // stops accepting; waits for in-flight requests
    } catch (error) {
      app.log.error({ err: error }, 'closing the server failed');
    }
    try {
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the database failed');
    }
    if (redis) await closeRedis(redis);
    mailer?.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`bff failed to start: ${error.message}`);
    process.exit(EXIT_LOCKED);
  }
  console.error('bff failed to start:', error);
  process.exit(1);
});
