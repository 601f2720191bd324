/**
 * Idempotency-Key on one BFF (src/idempotency.ts; the two-replica cases are in replicas.test.ts): a retry
 * waits for a first request still in progress, a dead holder's reservation is taken over, answers expire
 * after 24 h and are pruned, reads and requests without a key are untouched.
 */
import { randomBytes } from 'crypto';
import { pruneIdempotencyKeys } from '../src/idempotency';
import { harnessPerFile } from './harness';

const h = harnessPerFile({ idempotencyWaitMs: 600 });

const newKey = () => `k-${randomBytes(8).toString('hex')}`;
const newUid = () => `u-idem-${randomBytes(3).toString('hex')}`;
const labels = async (uid: string) => (await h.as(uid, 'GET', '/api/recent-searches')).json.data.items.map((i: { label: string }) => i.label);

/** A reservation as a first request on another replica leaves it (no answer yet), `ageS` seconds old. */
async function pending(uid: string, key: string, ageS = 0, path = '/api/recent-searches', fingerprint?: string) {
  await h.db.query(
    `INSERT INTO idempotency_keys (owner, key, method, path, fingerprint, claim, created_at)
     VALUES ($1, $2, 'POST', $3, $4, gen_random_uuid(), now() - make_interval(secs => $5))`,
    [`uid:${uid}`, key, path, fingerprint ?? 'x', ageS],
  );
}

test('a retry while the first request is in progress waits for its answer, then replays it', async () => {
  const uid = newUid();
  const key = newKey();
  const first = await h.as(uid, 'POST', '/api/recent-searches', { label: 'rice' }, { 'idempotency-key': key });
  const stored = (await h.db.query<{ fingerprint: string; body: string }>('SELECT fingerprint, body FROM idempotency_keys WHERE owner = $1 AND key = $2', [`uid:${uid}`, key])).rows[0]!;
  expect(JSON.parse(stored.body)).toEqual(first.json);
  // the same request, as if its first copy were still running elsewhere
  const again = newKey();
  await pending(uid, again, 0, '/api/recent-searches', stored.fingerprint);
  const retry = h.as(uid, 'POST', '/api/recent-searches', { label: 'rice' }, { 'idempotency-key': again });
  await new Promise((r) => setTimeout(r, 250));
  await h.db.query(
    `UPDATE idempotency_keys SET status = 200, body = '{"status":"success","code":200,"message":"from the first","data":null}',
            headers = '{"content-type":"application/json; charset=utf-8"}' WHERE owner = $1 AND key = $2`,
    [`uid:${uid}`, again],
  );
  const answer = await retry;
  expect(answer.status).toBe(200);
  expect(answer.json.message).toBe('from the first');
  expect(answer.headers.get('idempotent-replayed')).toBe('true');
});

test('still in progress after the wait → 409 IDEMPOTENCY_KEY_IN_USE with retry-after', async () => {
  const uid = newUid();
  const key = newKey();
  const fingerprint = (await (async () => {
    await h.as(uid, 'POST', '/api/recent-searches', { label: 'probe' }, { 'idempotency-key': key });
    return (await h.db.query<{ fingerprint: string }>('SELECT fingerprint FROM idempotency_keys WHERE key = $1', [key])).rows[0]!.fingerprint;
  })());
  const busy = newKey();
  await pending(uid, busy, 0, '/api/recent-searches', fingerprint);
  const res = await h.as(uid, 'POST', '/api/recent-searches', { label: 'probe' }, { 'idempotency-key': busy });
  expect(res.status).toBe(409);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.json).toEqual({ status: 'error', code: 'IDEMPOTENCY_KEY_IN_USE', message: `A request with Idempotency-Key '${busy}' is still in progress: retry later`, data: null });
});

test('a reservation left without an answer for over 60 s (its replica died) is taken over: the retry applies', async () => {
  const uid = newUid();
  const key = newKey();
  await pending(uid, key, 61);
  const res = await h.as(uid, 'POST', '/api/recent-searches', { label: 'oats' }, { 'idempotency-key': key });
  expect(res.status).toBe(200);
  expect(res.headers.get('idempotent-replayed')).toBeNull();
  expect(await labels(uid)).toEqual(['oats']);
  const retry = await h.as(uid, 'POST', '/api/recent-searches', { label: 'oats' }, { 'idempotency-key': key });
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
});

test('answers are kept 24 h: an older one no longer replays, and pruning deletes it', async () => {
  const uid = newUid();
  const key = newKey();
  await h.as(uid, 'POST', '/api/recent-searches', { label: 'jam' }, { 'idempotency-key': key });
  await h.as(uid, 'POST', '/api/recent-searches', { label: 'tea' });
  await h.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1", [key]);
  const late = await h.as(uid, 'POST', '/api/recent-searches', { label: 'jam' }, { 'idempotency-key': key });
  expect(late.headers.get('idempotent-replayed')).toBeNull();
  expect(await labels(uid)).toEqual(['jam', 'tea']); // applied again: moved to the top
  await h.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1", [key]);
  expect(await pruneIdempotencyKeys(h.db)).toBeGreaterThanOrEqual(1);
  expect((await h.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).rows).toEqual([]);
});

test('DELETE with a key: the retry answers the first removal again', async () => {
  const uid = newUid();
  const added = await h.as(uid, 'POST', '/api/recent-searches', { label: 'flour' });
  const id = added.json.data.item.id as string;
  const key = newKey();
  const first = await h.as(uid, 'DELETE', `/api/recent-searches/${id}`, undefined, { 'idempotency-key': key });
  expect(first.status).toBe(200);
  const retry = await h.as(uid, 'DELETE', `/api/recent-searches/${id}`, undefined, { 'idempotency-key': key });
  expect(retry.json).toEqual(first.json);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  // without the key the same delete answers 404 now
  expect((await h.as(uid, 'DELETE', `/api/recent-searches/${id}`)).status).toBe(404);
});

test('reads, unauthenticated requests and 4xx before the handler store nothing; a 4xx answer of the handler is replayed', async () => {
  const uid = newUid();
  const count = async () => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE owner = $1', [`uid:${uid}`])).rows[0]!.n;
  await h.as(uid, 'GET', '/api/recent-searches', undefined, { 'idempotency-key': newKey() });
  expect(await count()).toBe(0);
  expect((await h.call('POST', '/api/recent-searches', { headers: { 'idempotency-key': newKey() }, body: { label: 'x' } })).status).toBe(401);
  expect((await h.as(uid, 'POST', '/api/recent-searches', { label: 7 }, { 'idempotency-key': newKey() })).status).toBe(400); // schema
  expect(await count()).toBe(0);
  const key = newKey();
  const blank = await h.as(uid, 'POST', '/api/recent-searches', { label: '   ' }, { 'idempotency-key': key }); // the handler's own 400
  expect(blank.status).toBe(400);
  const again = await h.as(uid, 'POST', '/api/recent-searches', { label: '   ' }, { 'idempotency-key': key });
  expect(again.status).toBe(400);
  expect(again.json).toEqual(blank.json);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
});

test('a 5xx answer is not stored: the reservation is dropped and the retry applies', async () => {
  const uid = newUid();
  const key = newKey();
  await h.db.query("ALTER TABLE recent_searches ADD CONSTRAINT test_no_boom CHECK (label <> 'boom')");
  try {
    const failed = await h.as(uid, 'POST', '/api/recent-searches', { label: 'boom' }, { 'idempotency-key': key });
    expect(failed.status).toBe(500);
    expect((await h.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).rows).toEqual([]);
  } finally {
    await h.db.query('ALTER TABLE recent_searches DROP CONSTRAINT test_no_boom');
  }
  const retry = await h.as(uid, 'POST', '/api/recent-searches', { label: 'boom' }, { 'idempotency-key': key });
  expect(retry.status).toBe(200);
  expect(retry.headers.get('idempotent-replayed')).toBeNull();
  expect(await labels(uid)).toEqual(['boom']);
});
