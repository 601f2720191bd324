/**
 * Starts the local search engine: listens on `SEARCH_BIND`:`SEARCH_PORT` (default 127.0.0.1:7700).
 * Keys and app id come from `SEARCH_APP_ID`, `SEARCH_ADMIN_KEY`, `SEARCH_API_KEY`.
 */
import { buildServer } from './server';

async function main(): Promise<void> {
  const port = Number(process.env.SEARCH_PORT ?? 7700);
  const host = process.env.SEARCH_BIND ?? '127.0.0.1';
  const app = buildServer({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const close = (): void => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port, host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
