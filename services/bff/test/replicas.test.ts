/**
 * Two BFF replicas (two buildServer instances, each with its own Redis client and, on PostgreSQL, its own
 * pool) on one database and one throwaway Redis, as behind HAProxy: throttles count together, the client
 * address comes from X-Forwarded-For of a trusted proxy only, an Idempotency-Key retry to the other
 * replica applies once, /readyz follows the database, Redis and the drain, every answer carries its
 * request id. Both passes: in the PGlite pass the two instances share one in-memory PGlite.
 */
import { randomBytes } from 'crypto';
import type { FastifyInstance } from 'fastify';
import { createPgDb, createPgliteDb, type Db } from '../src/db';
import { memoryMailer } from '../src/mail';
import { migrate, migrationVersions } from '../src/migrate';
import { HASH_LOOKUPS_PER_WINDOW } from '../src/offers';
import { closeRedis, createRedisClient, type Redis } from '../src/redis';
import { seedAccounts, seedOffers, seedShoppingLists } from '../src/seed';
import { buildServer, type BuildServerOptions } from '../src/server';
import { createTestDatabase, listenOnLoopback, TEST_DB, TOKEN_SECRET, type TestDatabase } from './harness';
import { CLIENT_ID, ISSUER, makeKey, mintIdToken, shopperHeaders } from './id-tokens';
import { startRedis, type ThrowawayRedis } from './throwaway-redis';

jest.setTimeout(60_000);

const VALID_HASH = 'mc1hXipzEPjUP_tOqbh95j_i4Z16Rd75dsHV0tNFzwM';
const MADE_UP_HASH = 'A'.repeat(43);
const START_LOCK = 'storefront-bff:start';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

interface Replica {
  name: string;
  app: FastifyInstance;
  redis: Redis;
  call(method: string, path: string, options?: { headers?: Record<string, string>; body?: unknown }): Promise<Answer>;
}

let redisServer: ThrowawayRedis;
let database: TestDatabase | null = null;
let dbs: Db[] = [];
let a: Replica;
let b: Replica;
let token: (uid: string) => Promise<string>;
let jwk: Awaited<ReturnType<typeof makeKey>>['jwk'];
/** This run's Redis key prefix (runs never share counters). */
const prefix = `bff-test-${randomBytes(4).toString('hex')}:`;
/** What the concurrent start-up did (asserted in the first test). */
let started: { applied: string[][]; seeded: number[]; transactions: number };

async function startReplica(name: string, db: Db, overrides: Partial<BuildServerOptions> = {}): Promise<Replica> {
  const redis = createRedisClient(redisServer.url);
  const app = buildServer({
    db,
    auth: { issuer: ISSUER, clientId: CLIENT_ID, jwks: { keys: [jwk] } },
    tokenSecret: TOKEN_SECRET,
    redis,
    redisPrefix: prefix,
    trustProxy: ['loopback'], // the test client plays HAProxy on 127.0.0.1
    mailer: memoryMailer(), // linkAccount mails the code
    ...overrides,
  });
  const base = await listenOnLoopback(app);
  return {
    name,
    app,
    redis,
    async call(method, path, { headers = {}, body } = {}) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const res = await fetch(`${base}${path}`, { method, headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers }, body: payload });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
  };
}

/** Shopper headers for `uid` (+ extra headers). */
async function as(uid: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return { ...shopperHeaders(await token(uid)), ...extra };
}

beforeAll(async () => {
  redisServer = await startRedis();
  const key = await makeKey();
  jwk = key.jwk;
  token = (uid) => mintIdToken(key.privateKey, uid);
  if (TEST_DB === 'pg') {
    database = await createTestDatabase();
    dbs = [createPgDb(database.url), createPgDb(database.url)];
  } else {
    const shared = await createPgliteDb();
    dbs = [shared, shared];
  }
  // Both replicas start together: migrations race, then the start-up seed under the start lock (main.ts).
  const applied = await Promise.all(dbs.map((db) => migrate(db)));
  const seeded = await Promise.all(dbs.map((db) => db.withLock(START_LOCK, async () => {
    const { transactions } = await seedAccounts(db);
    await seedShoppingLists(db);
    await seedOffers(db);
    return transactions;
  })));
  const { rows } = await dbs[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
  started = { applied, seeded, transactions: rows[0]!.n };
  a = await startReplica('A', dbs[0]!);
  b = await startReplica('B', dbs[1]!);
}, 120_000);

afterAll(async () => {
  for (const replica of [a, b]) {
    if (!replica) continue;
    await replica.app.close();
    await closeRedis(replica.redis);
  }
  for (const db of new Set(dbs)) await db.close();
  await database?.drop();
  await redisServer?.stop();
});

test('replicas starting together apply each migration once and seed once', () => {
  const [first, second] = started.applied;
  expect([...first!, ...second!].sort()).toEqual(migrationVersions());
  expect(first!.filter((v) => second!.includes(v))).toEqual([]);
  // the demo points activity is generated by whichever replica seeds first; the other finds it there
  expect([...started.seeded].sort((x, y) => x - y)).toEqual([0, started.transactions]);
  expect(started.transactions).toBeGreaterThan(100);
});

/** Hash lookups one address may make a minute. */
const LOOKUPS = HASH_LOOKUPS_PER_WINDOW;

describe('throttles count in Redis: the same limit with two replicas as with one', () => {
  test(`offers-link lookups alternating between A and B: ${LOOKUPS} pass, the next → 429 on either`, async () => {
    const shopper = { 'x-forwarded-for': '198.51.100.1' };
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUPS; i++) {
      const replica = i % 2 ? b : a;
      statuses.push((await replica.call('GET', `/api/offers?hash=${i % 3 ? MADE_UP_HASH : VALID_HASH}`, { headers: shopper })).status);
    }
    expect(statuses).toEqual(Array.from({ length: LOOKUPS }, (_, i) => (i % 3 ? 410 : 200)));
    for (const replica of [a, b]) {
      const res = await replica.call('POST', '/api/offers/hash/validate', { headers: shopper, body: { hash: VALID_HASH } });
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ status: 'error', code: 429, message: expect.stringMatching(new RegExp(`^Too many offers link lookups: at most ${LOOKUPS} a minute\\. Try again in .+\\.$`)), data: null });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await a.redis.exists(`${prefix}rl:offers-hash:198.51.100.1`)).toBe(1);
  });

  test('X-Forwarded-For from the trusted proxy keys by shopper: two shoppers behind one proxy do not share a budget', async () => {
    const first = { 'x-forwarded-for': '203.0.113.7' };
    const second = { 'x-forwarded-for': '203.0.113.8' };
    for (let i = 0; i < LOOKUPS; i++) expect((await (i % 2 ? b : a).call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: first })).status).toBe(410);
    expect((await a.call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: first })).status).toBe(429);
    // the second shopper, same proxy (127.0.0.1), both replicas: a budget of their own
    expect((await a.call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: second })).status).toBe(410);
    expect((await b.call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: second })).status).toBe(410);
    // a proxy chain: the right-most untrusted address is the shopper (a client cannot pick its key)
    expect((await b.call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' } })).status).toBe(429);
  });

  test('without TRUST_PROXY the header is ignored: varying X-Forwarded-For does not escape the peer\'s budget', async () => {
    const c = await startReplica('C', dbs[0]!, { trustProxy: false, redisPrefix: `${prefix}untrusted:` });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= LOOKUPS; i++) statuses.push((await c.call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: { 'x-forwarded-for': `192.0.2.${i}` } })).status);
      expect(statuses).toEqual([...Array(LOOKUPS).fill(410), 429]);
      expect(await c.redis.exists(`${prefix}untrusted:rl:offers-hash:127.0.0.1`)).toBe(1);
    } finally {
      await c.app.close();
      await closeRedis(c.redis);
    }
  });

  test('card numbers tried by one shopper alternating between A and B: 10 answered, the 11th → 429', async () => {
    const uid = `u-throttle-${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 10; i++) {
      // each from another address (behind the proxy): the shopper's own budget is what stops them
      const res = await (i % 2 ? b : a).call('POST', '/api/account/card', { headers: await as(uid, { 'x-forwarded-for': `203.0.113.${100 + i}` }), body: { cardNumber: `60469999000000${String(i).padStart(2, '0')}` } });
      expect(res.status).toBe(404);
    }
    const res = await b.call('POST', '/api/account/card', { headers: await as(uid, { 'x-forwarded-for': '203.0.113.120' }), body: { cardNumber: '6046999900000099' } });
    expect(res.status).toBe(429);
    expect(res.json.message).toMatch(/^Too many card numbers tried: at most 10 in 10 minutes\./);
  });
});

test('x-nonce is single-use across replicas (kept in Redis): its nonce on another request on the other replica → 409', async () => {
  const headers = await as(`u-nonce-${randomBytes(3).toString('hex')}`);
  expect((await a.call('GET', '/api/account', { headers })).status).toBe(200);
  const replay = await b.call('POST', '/api/recent-searches', { headers, body: { label: 'milk' } });
  expect(replay.status).toBe(409);
  expect(replay.json.code).toBe('NONCE_REPLAYED');
});

test('the same request resent to the other replica (the balancer\'s retry) is not a replay: a read, a PUT, and a POST with its Idempotency-Key applied once', async () => {
  const uid = `u-nonce-retry-${randomBytes(3).toString('hex')}`;
  const read = await as(uid);
  expect((await a.call('GET', '/api/account', { headers: read })).status).toBe(200);
  expect((await b.call('GET', '/api/account', { headers: read })).status).toBe(200);
  const write = await as(uid, { 'idempotency-key': `k-${randomBytes(8).toString('hex')}` });
  const first = await a.call('POST', '/api/recent-searches', { headers: write, body: { label: 'milk' } });
  const resent = await b.call('POST', '/api/recent-searches', { headers: write, body: { label: 'milk' } });
  expect(first.status).toBe(200);
  expect(resent.status).toBe(200);
  expect(resent.headers.get('idempotent-replayed')).not.toBeNull();
  // a POST without a key resent with the same nonce would apply twice: refused
  const unkeyed = await as(uid);
  expect((await a.call('POST', '/api/recent-searches', { headers: unkeyed, body: { label: 'eggs' } })).status).toBe(200);
  expect((await b.call('POST', '/api/recent-searches', { headers: unkeyed, body: { label: 'eggs' } })).json.code).toBe('NONCE_REPLAYED');
});

describe('Idempotency-Key: a retry on the other replica applies once and answers the same', () => {
  test('recent search: the retry on B replays A\'s answer byte for byte and does not move the search again', async () => {
    const uid = `u-idem-${randomBytes(3).toString('hex')}`;
    const key = `k-${randomBytes(8).toString('hex')}`;
    const first = await a.call('POST', '/api/recent-searches', { headers: await as(uid, { 'idempotency-key': key }), body: { label: 'milk' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await b.call('POST', '/api/recent-searches', { headers: await as(uid), body: { label: 'eggs' } })).status).toBe(200);
    const retry = await b.call('POST', '/api/recent-searches', { headers: await as(uid, { 'idempotency-key': key }), body: { label: 'milk' } });
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe(first.headers.get('content-type'));
    // applied once: 'milk' was not moved above 'eggs' by the retry
    const list = await a.call('GET', '/api/recent-searches', { headers: await as(uid) });
    expect(list.json.data.items.map((i: { label: string }) => i.label)).toEqual(['eggs', 'milk']);
    // without a key the same request applies again
    await b.call('POST', '/api/recent-searches', { headers: await as(uid), body: { label: 'milk' } });
    expect((await a.call('GET', '/api/recent-searches', { headers: await as(uid) })).json.data.items[0].label).toBe('milk');
  });

  test('linkAccount retried on B: the verify cookies come back, no second code is sent; concurrent wrong codes count once', async () => {
    const uid = 'u-1002'; // LP01, not linked: linkAccount sends a code
    const db = dbs[0]!;
    const link = `k-${randomBytes(8).toString('hex')}`;
    const first = await a.call('POST', '/api/services/linkAccount', { headers: await as(uid, { 'idempotency-key': link }), body: {} });
    expect(first.json).toMatchObject({ status: 'success', message: 'Verification code sent' });
    const sent = (await db.query<{ sent_at: string }>('SELECT sent_at::text FROM verifications WHERE uid = $1', [uid])).rows[0]!.sent_at;
    await new Promise((r) => setTimeout(r, 20));
    const retry = await b.call('POST', '/api/services/linkAccount', { headers: await as(uid, { 'idempotency-key': link }), body: {} });
    expect(retry.text).toBe(first.text);
    expect(retry.headers.getSetCookie()).toEqual(first.headers.getSetCookie());
    expect(retry.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['verify_code_req', 'verify_resend_code']);
    expect((await db.query<{ sent_at: string }>('SELECT sent_at::text FROM verifications WHERE uid = $1', [uid])).rows[0]!.sent_at).toBe(sent);

    const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const wrong = `k-${randomBytes(8).toString('hex')}`;
    const answers = await Promise.all([a, b, a, b].map(async (r) => r.call('POST', '/api/services/verifyCode', { headers: await as(uid, { 'idempotency-key': wrong, cookie }), body: { code: '000000' } })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ status: 'error', code: 'INVALID_CODE' });
    }
    expect(answers.filter((x) => x.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect((await db.query<{ attempts: number }>('SELECT attempts FROM verifications WHERE uid = $1', [uid])).rows[0]!.attempts).toBe(1);
  });

  test('the same key on another path, or with another body → 422 with the reason; keys are per shopper; bad keys → 400', async () => {
    const uid = `u-idem-${randomBytes(3).toString('hex')}`;
    const key = `k-${randomBytes(8).toString('hex')}`;
    expect((await a.call('POST', '/api/recent-searches', { headers: await as(uid, { 'idempotency-key': key }), body: { label: 'tea' } })).status).toBe(200);
    const otherPath = await b.call('PUT', '/api/account/preferences', {
      headers: await as(uid, { 'idempotency-key': key }), body: { flyerEmail: true, offersEmail: false, language: 'en' },
    });
    expect(otherPath.status).toBe(422);
    expect(otherPath.json).toEqual({
      status: 'error', code: 'IDEMPOTENCY_KEY_REUSED', data: null,
      message: `Idempotency-Key '${key}' was used for POST /api/recent-searches: a key belongs to one request; send a new key`,
    });
    const otherBody = await b.call('POST', '/api/recent-searches', { headers: await as(uid, { 'idempotency-key': key }), body: { label: 'coffee' } });
    expect(otherBody.status).toBe(422);
    expect(otherBody.json.message).toBe(`Idempotency-Key '${key}' was used for POST /api/recent-searches with another query or body: send a new key`);
    // nothing of the refused requests applied
    expect((await a.call('GET', '/api/recent-searches', { headers: await as(uid) })).json.data.items.map((i: { label: string }) => i.label)).toEqual(['tea']);
    expect((await a.call('GET', '/api/account/preferences', { headers: await as(uid) })).json.data.flyerEmail).toBe(false);
    // another shopper's key space: the same key applies for them
    const other = `u-idem-${randomBytes(3).toString('hex')}`;
    const theirs = await b.call('POST', '/api/recent-searches', { headers: await as(other, { 'idempotency-key': key }), body: { label: 'coffee' } });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    for (const bad of ['x'.repeat(129), 'has space', 'ünïcode']) {
      const res = await a.call('POST', '/api/recent-searches', { headers: await as(uid, { 'idempotency-key': bad }), body: { label: 'x' } });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Invalid Idempotency-Key header: must be 1–128 visible ASCII characters');
    }
    expect((await a.call('POST', '/api/recent-searches', { headers: await as(uid, { 'idempotency-key': 'k'.repeat(128) }), body: { label: 'y' } })).status).toBe(200);
  });

  test('public writes are keyed by the client address: a retry from the same shopper replays, another shopper\'s key is theirs', async () => {
    const key = `k-${randomBytes(8).toString('hex')}`;
    const from = (ip: string) => ({ 'x-forwarded-for': ip, 'idempotency-key': key });
    const first = await a.call('POST', '/api/bannerAlert', { headers: from('198.51.100.20'), body: { province: 'NS' } });
    const retry = await b.call('POST', '/api/bannerAlert', { headers: from('198.51.100.20'), body: { province: 'NS' } });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    const other = await b.call('POST', '/api/bannerAlert', { headers: from('198.51.100.21'), body: { province: 'ON' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.json.data.getAlert[0].descriptionText).toContain('Ontario');
  });
});

test('the transactionHistory cache stays per replica: it only holds points history, which no request changes, so both answer the same', async () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const data = Buffer.from(JSON.stringify({ startDate: day(Date.now() - 180 * 86_400_000), endDate: day(Date.now()), enrollmentStatus: 'ENROLLED' })).toString('base64');
  const ask = async (r: Replica) => r.call('POST', '/api/services/transactionHistory', { headers: await as('u-1003'), body: { data } });
  const [fromA, fromB, againA] = [await ask(a), await ask(b), await ask(a)];
  expect([fromA.headers.get('x-cache'), fromB.headers.get('x-cache'), againA.headers.get('x-cache')]).toEqual(['miss', 'miss', 'hit']);
  expect(fromB.json.data).toEqual(fromA.json.data);
  expect(againA.json.data).toEqual(fromA.json.data);
  expect(fromA.json.data.transactions.length).toBeGreaterThan(0);
});

test('every answer carries x-request-id: the incoming one when 1–128 of [A-Za-z0-9._-], else a new UUID', async () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  expect((await a.call('GET', '/api/health', { headers: { 'x-request-id': 'edge-1.A_b-2' } })).headers.get('x-request-id')).toBe('edge-1.A_b-2');
  expect((await b.call('GET', '/api/account', { headers: { 'x-request-id': 'r'.repeat(128) } })).headers.get('x-request-id')).toBe('r'.repeat(128));
  for (const bad of ['r'.repeat(129), 'with space', 'semi;colon', '']) {
    expect((await a.call('GET', '/api/health', { headers: { 'x-request-id': bad } })).headers.get('x-request-id')).toMatch(uuid);
  }
  const [x, y] = [await a.call('GET', '/api/health'), await a.call('GET', '/api/health')];
  expect(x.headers.get('x-request-id')).toMatch(uuid);
  expect(x.headers.get('x-request-id')).not.toBe(y.headers.get('x-request-id'));
  // errors too: 401 before any route runs, 404, 400
  expect((await a.call('GET', '/api/account', { headers: { 'x-request-id': 'req-401' } })).headers.get('x-request-id')).toBe('req-401');
  expect((await a.call('GET', '/api/nope', { headers: { 'x-request-id': 'req-404' } })).headers.get('x-request-id')).toBe('req-404');
  expect((await a.call('POST', '/api/bannerAlert', { headers: { 'x-request-id': 'req-400' }, body: { province: 1 } })).headers.get('x-request-id')).toBe('req-400');
});

describe('probes: /livez, /readyz at the root and under /api', () => {
  const ready = { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } };

  test('both replicas live and ready', async () => {
    for (const replica of [a, b]) {
      for (const path of ['/livez', '/api/livez']) expect((await replica.call('GET', path)).json).toEqual({ status: 'ok' });
      for (const path of ['/readyz', '/api/readyz']) {
        const res = await replica.call('GET', path);
        expect(res.status).toBe(200);
        expect(res.json).toEqual(ready);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  test('Redis hung (SIGSTOP): /readyz 503 with the reason, throttled routes 503, the rest serves; back when it answers', async () => {
    process.kill(redisServer.pid, 'SIGSTOP');
    try {
      for (const replica of [a, b]) {
        const res = await replica.call('GET', '/readyz');
        expect(res.status).toBe(503);
        expect(res.json).toEqual({ status: 'unavailable', reason: expect.stringMatching(/^redis: /), checks: { database: 'ok', migrations: 'ok', redis: expect.any(String) } });
        expect((await replica.call('GET', '/livez')).status).toBe(200);
      }
      const lookup = await a.call('GET', `/api/offers?hash=${VALID_HASH}`, { headers: { 'x-forwarded-for': '198.51.100.30' } });
      expect(lookup.status).toBe(503);
      expect(lookup.json).toEqual({ status: 'error', code: 503, message: expect.stringMatching(/^Service Unavailable: the request throttle/), data: null });
      expect((await b.call('GET', '/api/recent-searches', { headers: await as('u-1003') })).status).toBe(200);
    } finally {
      process.kill(redisServer.pid, 'SIGCONT');
    }
    const deadline = Date.now() + 10_000;
    let res = await a.call('GET', '/readyz');
    while (res.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      res = await a.call('GET', '/readyz');
    }
    expect(res.json).toEqual(ready);
    expect((await a.call('GET', `/api/offers?hash=${VALID_HASH}`, { headers: { 'x-forwarded-for': '198.51.100.30' } })).status).toBe(200);
  });

  test('draining (SIGTERM in main.ts): A answers 503 at once, B stays ready', async () => {
    a.app.startDraining();
    for (const path of ['/readyz', '/api/readyz']) {
      const res = await a.call('GET', path);
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ status: 'unavailable', reason: 'draining: the BFF is shutting down' });
    }
    expect((await a.call('GET', '/livez')).status).toBe(200);
    expect((await b.call('GET', '/readyz')).status).toBe(200);
  });

  test('Redis stopped: /readyz 503 on B', async () => {
    await redisServer.stop();
    const res = await b.call('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.json.reason).toMatch(/^redis: /);
    expect(res.json.checks.database).toBe('ok');
  });
});
