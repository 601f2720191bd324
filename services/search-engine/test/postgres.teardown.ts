/** jest globalTeardown: stops the cluster of test/postgres.setup.ts and removes its folder. */
export default async function teardown(): Promise<void> {
  await (globalThis as { searchTestPostgres?: { stop(): Promise<void> } }).searchTestPostgres?.stop();
}
