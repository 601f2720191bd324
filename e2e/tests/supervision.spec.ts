import { test, expect } from '../fixtures/platform';

/**
 * Supervision: a server that dies (SIGKILL, as an out-of-memory kill would) is started again by its
 * supervisor — the launcher under `npm start`, the cluster's process manager under `start:cluster` —
 * and serves again within 10 s, with no one restarting it by hand.
 */
for (const [service, probe] of [['bff', '/api/readyz'], ['edge', '/readyz']] as const) {
  test(`a SIGKILLed ${service} is back within 10 s by itself`, async ({ platform }) => {
    await platform.crashService(service);
    const t0 = Date.now();
    await expect.poll(async () => (await fetch(`${platform.url}${probe}`).catch(() => null))?.status, { timeout: 10_000, intervals: [100] }).toBe(200);
    console.log(`${service}: serving again ${Date.now() - t0} ms after the SIGKILL`);
  });
}
