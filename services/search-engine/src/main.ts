/**
 * Starts the local search engine: listens on `SEARCH_BIND`:`SEARCH_PORT` (default 127.0.0.1:7700).
 * Keys and app id come from `SEARCH_APP_ID`, `SEARCH_ADMIN_KEY`, `SEARCH_API_KEY`.
 */
import { runService } from '@storefront/tooling/serve/run-service.mjs';
import { buildServer } from './server';

void runService(() => buildServer({ logger: { level: process.env.LOG_LEVEL ?? 'info' } }), { port: Number(process.env.SEARCH_PORT ?? 7700), host: process.env.SEARCH_BIND ?? '127.0.0.1' });
