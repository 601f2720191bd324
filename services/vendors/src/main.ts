/**
 * Starts the local vendors' stand-ins: listens on `VENDORS_BIND`:`VENDORS_PORT` (default 127.0.0.1:4400).
 * `VENDORS_PUBLIC_ORIGIN` (default http://localhost:<port>): the origin written into the scripts.
 * `CONSENT_TOKEN_SECRET` (the BFF's BFF_TOKEN_SECRET, ≥ 32 characters): verifies consent receipts; unset, they are refused.
 * Probes and the SIGTERM drain: the search engine's src/lifecycle.ts.
 */
import { runService } from '@storefront/search-engine/src/lifecycle';
import { buildServer } from './server';

void runService(() => buildServer({
  publicOrigin: process.env.VENDORS_PUBLIC_ORIGIN || `http://localhost:${process.env.VENDORS_PORT ?? 4400}`,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
}), { port: Number(process.env.VENDORS_PORT ?? 4400), host: process.env.VENDORS_BIND ?? '127.0.0.1' });
