/**
 * Starts the local flyer provider: listens on `FLYER_BIND`:`FLYER_PORT` (default 127.0.0.1:4300).
 * `FLYER_ALLOWED_HOSTS` (comma-separated origins, default http://localhost:8080): host pages that may
 * embed the flyer; `FLYER_PUBLIC_ORIGIN` (default http://localhost:<port>): the origin written into
 * storefront.js and the image URLs. Probes and the SIGTERM drain: the search engine's src/lifecycle.ts.
 */
import { runService } from '@storefront/search-engine/src/lifecycle';
import { buildServer } from './server';

void runService(() => buildServer({
  publicOrigin: process.env.FLYER_PUBLIC_ORIGIN || `http://localhost:${process.env.FLYER_PORT ?? 4300}`,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
}), { port: Number(process.env.FLYER_PORT ?? 4300), host: process.env.FLYER_BIND ?? '127.0.0.1' });
