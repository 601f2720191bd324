/**
 * Starts the local OpenID Connect provider on 127.0.0.1:IDENTITY_PORT.
 *
 * Env: IDENTITY_PORT (4100), OIDC_ISSUER (http://localhost:<port>), OIDC_CLIENT_ID (storefront),
 * PUBLIC_ORIGIN (http://localhost:8080), IDENTITY_DATA_FILE (JSON file of signed-up shoppers;
 * default <repo>/.data/identity/shoppers-<port>.json, one per platform copy so parallel copies never
 * overwrite each other; 'memory' keeps them in memory only).
 */
import path from 'node:path';
import { AccountStore } from './accounts';
import { createIdentityServer } from './server';

/** Where sign-ups are kept, from IDENTITY_DATA_FILE (undefined = memory only). */
export function dataFileFromEnv(env: NodeJS.ProcessEnv = process.env, port: number = Number(env.IDENTITY_PORT ?? 4100)): string | undefined {
  const value = env.IDENTITY_DATA_FILE;
  if (value === 'memory') return undefined;
  return path.resolve(value || path.join(__dirname, '..', '..', '..', '.data', 'identity', `shoppers-${port}.json`));
}

async function main(): Promise<void> {
  const port = Number(process.env.IDENTITY_PORT ?? 4100);
  const issuer = process.env.OIDC_ISSUER || `http://localhost:${port}`;
  const publicOrigin = process.env.PUBLIC_ORIGIN || 'http://localhost:8080';
  const clientId = process.env.OIDC_CLIENT_ID || 'storefront';
  const file = dataFileFromEnv(process.env, port);
  const accounts = await AccountStore.create({ file });
  const idp = await createIdentityServer({ issuer, publicOrigin, clientId, accounts });
  await idp.listen(port, '127.0.0.1');
  console.log(`identity: ${issuer} (client '${clientId}' for ${publicOrigin}; ${accounts.size} shoppers; sign-ups in ${file ?? 'memory'})`);
  const stop = () => idp.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('identity failed to start:', error);
  process.exit(1);
});
