/**
 * Starts the local vendors' stand-ins: listens on `VENDORS_BIND`:`VENDORS_PORT` (default 127.0.0.1:4400).
 * `VENDORS_PUBLIC_ORIGIN` (default http://localhost:<port>): the origin written into the scripts.
 */
import { buildServer } from './server';

async function main(): Promise<void> {
  const port = Number(process.env.VENDORS_PORT ?? 4400);
  const host = process.env.VENDORS_BIND ?? '127.0.0.1';
  const app = buildServer({
    publicOrigin: process.env.VENDORS_PUBLIC_ORIGIN || `http://localhost:${port}`,
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
