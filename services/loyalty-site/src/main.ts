/**
 * Starts the loyalty site: listens on `LOYALTY_SITE_BIND`:`LOYALTY_SITE_PORT` (default 127.0.0.1:4500).
 * `PUBLIC_ORIGIN` (the storefront edge, default http://localhost:8080; more with a comma-separated
 * `STOREFRONT_ORIGINS`): where shoppers may be sent back to. `LOYALTY_SITE_DATA_FILE` (default
 * .data/loyalty-site/registrations.jsonl under the working directory): the registrations.
 */
import path from 'node:path';
import { buildServer } from './server';
import { openStore } from './store';

async function main(): Promise<void> {
  const port = Number(process.env.LOYALTY_SITE_PORT ?? 4500);
  const host = process.env.LOYALTY_SITE_BIND ?? '127.0.0.1';
  const origins = [process.env.PUBLIC_ORIGIN || 'http://localhost:8080', ...(process.env.STOREFRONT_ORIGINS ?? '').split(',')]
    .map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
  const file = process.env.LOYALTY_SITE_DATA_FILE || path.join(process.cwd(), '.data', 'loyalty-site', 'registrations.jsonl');
  const app = buildServer({ storefrontOrigins: [...new Set(origins)], store: openStore(file), logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const close = (): void => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port, host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
