/**
 * Runs one local-platform service (search engine, flyer provider, vendors, loyalty site): listens on
 * `port`/`host`, closes on SIGINT/SIGTERM (exit 0, or 1 when closing fails), and exits 1 with the error
 * when it cannot start. The services' `src/main.ts` differ only in how they build their server.
 * @param {() => { listen(o: { port: number, host: string }): Promise<unknown>, close(): Promise<unknown> }} build the server, not listening yet
 * @param {{ port: number, host?: string }} where e.g. `{ port: Number(process.env.FLYER_PORT ?? 4300), host: '127.0.0.1' }`
 * @returns {Promise<void>} resolves once listening
 */
export async function runService(build, { port, host = '127.0.0.1' }) {
  try {
    const app = build();
    const close = () => {
      app.close().then(() => process.exit(0), () => process.exit(1));
    };
    process.on('SIGINT', close);
    process.on('SIGTERM', close);
    await app.listen({ port, host });
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
