/**
 * Durability of acknowledged shopping-list writes (ARCHITECTURE §5 "database durability"): the
 * real BFF process (src/main.ts) on a PGlite data folder (PGlite pass) or a fresh PostgreSQL database (pg
 * pass) gets a burst of 400 concurrent PUTs of distinct items, is SIGKILLed in the middle of the burst
 * (right when the KILL_AT-th answer arrives), and is restarted on the same data: every PUT answered 200
 * before the kill is on the list, and the list reads and writes fine.
 */
import { randomUUID } from 'crypto';
import { startBff } from './bff-process';
import { setUpDurabilityFixture } from './durability-fixture';
import { CLIENT_ID, TEST_DB } from './harness';

jest.setTimeout(120_000);

const fixture = setUpDurabilityFixture('bff-list-durability-');
const { running, dataEnv } = fixture;

const BURST = 400;
/** The BFF is SIGKILLed synchronously when this many PUTs have been answered 200. */
const KILL_AT = 80;
const UID = 'u-dur-list';

/** PUT i: a product item, every tenth a custom item (with its meta). */
function put(i: number): { itemId: string; body: Record<string, unknown> } {
  if (i % 10 === 9) {
    const itemId = `custom_durable-${String(i).padStart(4, '0')}`;
    return {
      itemId,
      body: {
        product_type: 'Custom',
        quantity: 1 + (i % 7),
        meta: { name: `Durable item ${i}`, item_Id: itemId, itemType: 'custom', category: 'Test', product_type: 'Custom', id: `d-${i}`, created_at: '2026-01-05T15:00:00.000Z' },
      },
    };
  }
  return { itemId: `${30_000_000 + i}_EA_3299`, body: { product_type: 'product', quantity: 1 + (i % 7), meta: { name: `Product ${i}` } } };
}

test(`${TEST_DB}: every PUT answered 200 before a SIGKILL mid-burst is on the list after a restart on the same data`, async () => {
  const env = { ...(await dataEnv()), OIDC_ISSUER: fixture.issuer.url, OIDC_CLIENT_ID: CLIENT_ID };
  const first = await startBff(env);
  running.push(first);
  const base = { ...(await fixture.issuer.headers(UID)), 'content-type': 'application/json' };
  /** The shopper's headers with a fresh nonce (single-use, also across the restart). */
  const fresh = () => ({ ...base, 'x-nonce': `nonce-${randomUUID()}` });
  // warm-up: the BFF fetches the issuer's discovery document and keys on its first shopper request
  expect((await fetch(`${first.base}/api/shopping-list`, { headers: fresh() })).status).toBe(200);

  const acked = new Map<string, number>(); // item_id → quantity answered 200
  let failed = 0;
  const burst = Array.from({ length: BURST }, async (_, i) => {
    const { itemId, body } = put(i);
    try {
      const res = await fetch(`${first.base}/api/shopping-list/items/${itemId}`, { method: 'PUT', headers: fresh(), body: JSON.stringify(body) });
      const json = (await res.json()) as { data: { item: { item_id: string; quantity: number } } };
      if (res.status !== 200) throw new Error(`PUT ${itemId} answered ${res.status}: ${JSON.stringify(json)}`);
      acked.set(json.data.item.item_id, json.data.item.quantity);
      if (acked.size === KILL_AT) first.child.kill('SIGKILL'); // in the middle of the burst
    } catch (error) {
      if (acked.size < KILL_AT) throw error; // before the kill every PUT must succeed
      failed++;
    }
  });
  await Promise.all(burst);
  expect((await first.exited).signal).toBe('SIGKILL');
  expect(acked.size).toBeGreaterThanOrEqual(KILL_AT);
  expect(failed).toBeGreaterThan(0); // the kill did cut the burst

  const second = await startBff(env);
  running.push(second);
  const res = await fetch(`${second.base}/api/shopping-list?hitsPerPage=1000`, { headers: fresh() });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { items: Array<{ item_id: string; quantity: number; meta: { name: string } }>; nbHits: number } };
  const found = new Map(data.items.map((i) => [i.item_id, i.quantity]));
  const missing = [...acked].filter(([id, q]) => found.get(id) !== q).map(([id]) => id);
  expect(missing).toEqual([]);
  expect(data.nbHits).toBe(data.items.length);
  expect(data.items.length).toBeGreaterThanOrEqual(acked.size);
  expect(data.items.length).toBeLessThanOrEqual(BURST);
  for (const i of data.items) expect(i.meta.name).toMatch(/^(Product|Durable item) \d+$/);

  // and it keeps working: one more write, read back
  const again = put(BURST);
  const more = await fetch(`${second.base}/api/shopping-list/items/${again.itemId}`, { method: 'PUT', headers: fresh(), body: JSON.stringify(again.body) });
  expect(more.status).toBe(200);
  expect(((await more.json()) as { data: { nbHits: number } }).data.nbHits).toBe(data.items.length + 1);
  console.log(`${TEST_DB}: ${acked.size} of ${BURST} concurrent PUTs answered before SIGKILL, ${failed} cut off; ` +
    `${data.items.length} items after restart; none of the acknowledged lost`);
  second.child.kill('SIGTERM');
  expect((await second.exited).code).toBe(0);
});
