/**
 * Starts the loyalty site: listens on `LOYALTY_SITE_BIND`:`LOYALTY_SITE_PORT` (default 127.0.0.1:4500).
 * `PUBLIC_ORIGIN` (the storefront edge, default http://localhost:8080; more with a comma-separated
 * `STOREFRONT_ORIGINS`): where shoppers may be sent back to. `LOYALTY_SITE_DATA_FILE` (default
 * .data/loyalty-site/registrations.jsonl under the working directory): the registrations.
 * Probes and the SIGTERM drain: the search engine's src/lifecycle.ts.
 */
import path from 'node:path';
import { runService } from '@storefront/search-engine/src/lifecycle';
import { buildServer } from './server';
import { openStore } from './store';

const origins = [process.env.PUBLIC_ORIGIN || 'http://localhost:8080', ...(process.env.STOREFRONT_ORIGINS ?? '').split(',')]
  .map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
const file = process.env.LOYALTY_SITE_DATA_FILE || path.join(process.cwd(), '.data', 'loyalty-site', 'registrations.jsonl');

void runService(
  () => buildServer({ storefrontOrigins: [...new Set(origins)], store: openStore(file), logger: { level: process.env.LOG_LEVEL ?? 'info' } }),
  { port: Number(process.env.LOYALTY_SITE_PORT ?? 4500), host: process.env.LOYALTY_SITE_BIND ?? '127.0.0.1' },
);
