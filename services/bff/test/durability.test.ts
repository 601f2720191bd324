/**
 * Durability of acknowledged writes (ARCHITECTURE §5 "database durability"), the BFF as a child process
 * on a data folder (PGlite pass) or a fresh PostgreSQL database (pg pass): shoppers save recent searches
 * under load, the BFF is SIGKILLed mid-load and restarted on the same data, and every write that was
 * answered 2xx is there.
 */
import { startBff } from './bff-process';
import { setUpDurabilityFixture } from './durability-fixture';
import { CLIENT_ID, TEST_DB } from './harness';

jest.setTimeout(150_000);

const fixture = setUpDurabilityFixture('bff-durability-');
const { running, dataEnv } = fixture;

const WORKERS = 8;
/** Labels per shopper: recent searches keep 10, so none of a shopper's writes is evicted. */
const PER_SHOPPER = 10;
/** The load runs until this many writes were acknowledged (or LOAD_MAX_MS passed), then the BFF is SIGKILLed. */
const KILL_AFTER_ACKS = 200;
// a safety cap only: the load stops at KILL_AFTER_ACKS, which a busy CI machine may take long to reach
const LOAD_MAX_MS = 60_000;

test(`${TEST_DB}: every acknowledged write survives a SIGKILL mid-load and a restart on the same data`, async () => {
  const env = { ...(await dataEnv()), OIDC_ISSUER: fixture.issuer.url, OIDC_CLIENT_ID: CLIENT_ID };
  const t0 = Date.now();
  const first = await startBff(env);
  running.push(first);
  const firstStartMs = Date.now() - t0;

  const acked = new Map<string, Set<string>>(); // uid → labels answered 2xx
  let failedAfterKill = 0;
  let killed = false;
  const worker = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const uid = `u-dur-${w}-${Math.floor(i / PER_SHOPPER)}`;
      const label = `w${w} search ${i}`;
      try {
        const res = await fetch(`${first.base}/api/recent-searches`, {
          method: 'POST',
          headers: { ...(await fixture.issuer.headers(uid)), 'content-type': 'application/json' },
          body: JSON.stringify({ label }),
        });
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) {
          if (!acked.has(uid)) acked.set(uid, new Set());
          acked.get(uid)!.add(label);
        } else if (!killed) {
          throw new Error(`unexpected ${res.status} for ${uid} ${label}`);
        }
      } catch (error) {
        if (!killed) throw error;
        failedAfterKill++;
        return;
      }
    }
  };
  // warm-up: the BFF fetches the issuer's discovery document and keys on its first shopper request
  expect((await fetch(`${first.base}/api/recent-searches`, { headers: await fixture.issuer.headers('u-dur-warm') })).status).toBe(200);
  const loadStart = Date.now();
  let total = 0;
  const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  while (total < KILL_AFTER_ACKS && Date.now() - loadStart < LOAD_MAX_MS) {
    await new Promise((r) => setTimeout(r, 20));
    total = [...acked.values()].reduce((n, s) => n + s.size, 0);
  }
  const loadMs = Date.now() - loadStart;
  killed = true;
  first.child.kill('SIGKILL');
  expect((await first.exited).signal).toBe('SIGKILL');
  await load;
  total = [...acked.values()].reduce((n, s) => n + s.size, 0);
  expect(total).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

  const t1 = Date.now();
  const second = await startBff(env);
  running.push(second);
  const restartMs = Date.now() - t1;

  let missing: string[] = [];
  for (const [uid, labels] of acked) {
    const res = await fetch(`${second.base}/api/recent-searches`, { headers: await fixture.issuer.headers(uid) });
    expect(res.status).toBe(200);
    const found = new Set(((await res.json()) as { data: { items: { label: string }[] } }).data.items.map((i) => i.label));
    missing = missing.concat([...labels].filter((l) => !found.has(l)).map((l) => `${uid}: ${l}`));
  }
  expect(missing).toEqual([]);
  console.log(`${TEST_DB}: ${total} acknowledged writes (${acked.size} shoppers, ${WORKERS} concurrent) in ${loadMs} ms, ` +
    `${failedAfterKill} in flight at SIGKILL; first start ${firstStartMs} ms, restart ${restartMs} ms; none lost`);
  second.child.kill('SIGTERM');
  expect((await second.exited).code).toBe(0);
});
