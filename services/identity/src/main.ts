/**
 * Starts the local OpenID Connect provider on IDENTITY_HOST:IDENTITY_PORT (default 127.0.0.1:4100; env:
 * see README "Environment").
 *
 * Without DATABASE_URL / REDIS_URL it is one process: sign-ups in a JSON file, provider state in memory,
 * throttle counters in memory. With them, every replica shares PostgreSQL and Redis. SIGTERM/SIGINT stop
 * it gracefully (in-flight requests finish) and it exits 0 within 10 s.
 */
import path from 'node:path';
import { AccountStore } from './accounts';
import { jsonLogger, loggerForLevel } from './log';
import { createIdentityServer, DEFAULT_ROTATE_S, type IdentityServer } from './server';
import { SIGN_UPS_PER_HOUR } from './throttle';

/** Hard limit of a graceful stop, in ms: the process exits 0 then whatever is still open. */
const FORCE_EXIT_MS = 9000;

/** Where sign-ups are kept, from IDENTITY_DATA_FILE (undefined = memory only). */
export function dataFileFromEnv(env: NodeJS.ProcessEnv = process.env, port: number = Number(env.IDENTITY_PORT ?? 4100)): string | undefined {
  const value = env.IDENTITY_DATA_FILE;
  if (value === 'memory') return undefined;
  return path.resolve(value || path.join(__dirname, '..', '..', '..', '.data', 'identity', `shoppers-${port}.json`));
}

/**
 * OIDC_CLIENT_SECRET: the storefront client's secret, shared with the BFF (the client is confidential).
 * @throws Error when unset or blank: the provider does not start without it
 */
export function clientSecretFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.OIDC_CLIENT_SECRET;
  if (value === undefined || value.trim() === '') {
    throw new Error('OIDC_CLIENT_SECRET is required: the secret of the storefront client, the same value the BFF is given (e.g. `openssl rand -base64 32`)');
  }
  return value;
}

/**
 * SIGNING_KEY_ROTATE_S as seconds (default 7 days).
 * @throws Error when set but not a positive number
 */
export function rotateSecondsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.SIGNING_KEY_ROTATE_S;
  if (value === undefined || value === '') return DEFAULT_ROTATE_S;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`SIGNING_KEY_ROTATE_S must be a positive number of seconds, not '${value}'`);
  return seconds;
}

/**
 * SIGN_UP_LIMIT_PER_HOUR: sign-ups allowed per client address per hour (default 5).
 * @throws Error when set but not a positive integer
 */
export function signUpLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env.SIGN_UP_LIMIT_PER_HOUR;
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`SIGN_UP_LIMIT_PER_HOUR must be a positive whole number, not '${value}'`);
  return Number(value);
}

async function main(): Promise<void> {
  const env = process.env;
  const logger = loggerForLevel(env.LOG_LEVEL);
  const host = env.IDENTITY_HOST || '127.0.0.1';
  const port = Number(env.IDENTITY_PORT ?? 4100);
  const issuer = env.OIDC_ISSUER || `http://localhost:${port}`;
  const publicOrigin = env.PUBLIC_ORIGIN || 'http://localhost:8080';
  const clientId = env.OIDC_CLIENT_ID || 'storefront';
  const clientSecret = clientSecretFromEnv(env);
  const databaseUrl = env.DATABASE_URL || undefined;
  const redisUrl = env.REDIS_URL || undefined;
  const trustProxy = env.TRUST_PROXY || undefined;
  const signingKeyRotateS = rotateSecondsFromEnv(env);
  const signUpsPerHour = signUpLimitFromEnv(env);
  const smtpUrl = env.SMTP_URL || undefined;
  const mailFrom = env.MAIL_FROM || undefined;
  const backchannelLogoutUri = env.OIDC_BACKCHANNEL_LOGOUT_URI || undefined;
  const started: { idp?: IdentityServer } = {};
  const stop = (signal: string) => {
    logger('info', { msg: 'stopping', signal });
    const { idp } = started;
    if (!idp) process.exit(0); // still starting: nothing to drain
    setTimeout(() => {
      logger('warn', { msg: 'forced exit: connections still open' });
      process.exit(0);
    }, FORCE_EXIT_MS).unref();
    idp.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger('error', { msg: 'stop failed', err: error instanceof Error ? error.message : String(error) });
        process.exit(0);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const accounts = databaseUrl ? undefined : await AccountStore.create({ file: dataFileFromEnv(env, port) });
  const idp = await createIdentityServer({ issuer, publicOrigin, clientId, clientSecret, accounts, databaseUrl, redisUrl, trustProxy, signingKeyRotateS, signUpsPerHour, smtpUrl, mailFrom, backchannelLogoutUri, logger, drainTimeoutMs: 8000 });
  await idp.listen(port, host);
  started.idp = idp;
  logger('info', {
    msg: 'started',
    issuer,
    host,
    port,
    clientId,
    publicOrigin,
    shoppers: await idp.accounts.count(),
    signUps: idp.accounts.location,
    providerStorage: databaseUrl ? 'postgresql' : 'memory',
    throttle: redisUrl ? 'redis' : 'memory',
    trustProxy: trustProxy ?? null,
    signUpsPerHour: signUpsPerHour ?? SIGN_UPS_PER_HOUR,
    mail: smtpUrl ? new URL(smtpUrl).host : 'not sent (no SMTP_URL)',
    signingKid: idp.signingKid,
  });
}

main().catch((error: unknown) => {
  jsonLogger('error', { msg: 'failed to start', err: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
