/**
 * Starts the local flyer provider: listens on `FLYER_BIND`:`FLYER_PORT` (default 127.0.0.1:4300).
 * `FLYER_ALLOWED_HOSTS` (comma-separated origins, default http://localhost:8080): host pages that may
 * embed the flyer; `FLYER_PUBLIC_ORIGIN` (default http://localhost:<port>): the origin written into
 * storefront.js and the image URLs.
 */
import { buildServer } from './server';

async function main(): Promise<void> {
  const port = Number(process.env.FLYER_PORT ?? 4300);
  const host = process.env.FLYER_BIND ?? '127.0.0.1';
  const app = buildServer({
    publicOrigin: process.env.FLYER_PUBLIC_ORIGIN || `http://localhost:${port}`,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
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
