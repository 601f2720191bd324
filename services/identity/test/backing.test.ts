/**
 * The shared-state pieces on their own: the PostgreSQL adapter, migrations, the account table, the
 * client address behind trusted proxies, readiness, and the throttle when Redis goes away.
 */
import http from 'node:http';
import path from 'node:path';
import type { Pool } from 'pg';
import { clientAddress, normaliseAddress, parseTrustProxy } from '../src/client-address';
import { databaseProblem, migrate, openPool, SCHEMA_VERSION } from '../src/db';
import { loadKeys } from '../src/keys';
import { silentLogger } from '../src/log';
import { PgAccountStore } from '../src/pg-accounts';
import { pgAdapterFactory, pruneExpired } from '../src/pg-adapter';
import { createIdentityServer } from '../src/server';
import { Browser, CLIENT_SECRET, freePort, freshDatabase, PASSWORD, PUBLIC_ORIGIN } from './backends';

let pool: Pool;

beforeAll(async () => {
  pool = openPool(await freshDatabase(), silentLogger);
  await Promise.all([migrate(pool), migrate(pool), migrate(pool)]);
}, 30_000);

afterAll(async () => {
  await pool.end();
});

describe('migrations', () => {
  test('concurrent runs apply each version once; readiness sees the schema', async () => {
    const { rows } = await pool.query('SELECT version FROM identity_schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
    expect(await databaseProblem(pool)).toBeNull();
  });

  test('readiness names an unreachable database', async () => {
    const dead = openPool(`postgres://nobody@127.0.0.1:${await freePort()}/none`, silentLogger);
    try {
      expect(await databaseProblem(dead)).toMatch(/^database: /);
    } finally {
      await dead.end();
    }
  });
});

describe('oidc_payloads adapter', () => {
  const of = (model: string) => pgAdapterFactory(pool)(model);

  test('upsert, find, consume, destroy; models are separate', async () => {
    const codes = of('AuthorizationCode');
    await codes.upsert('c1', { accountId: 'u-1', grantId: 'g1', kind: 'AuthorizationCode' } as never, 60);
    expect(await codes.find('c1')).toMatchObject({ accountId: 'u-1', grantId: 'g1' });
    expect(await of('AccessToken').find('c1')).toBeUndefined();
    await codes.consume('c1');
    expect(await codes.find('c1')).toMatchObject({ consumed: true });
    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
  });

  test('findByUid (sessions), findByUserCode, revokeByGrantId', async () => {
    await of('Session').upsert('s1', { uid: 'uid-1', accountId: 'u-2' } as never, 60);
    expect(await of('Session').findByUid('uid-1')).toMatchObject({ accountId: 'u-2' });
    await of('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g2' } as never, 60);
    expect(await of('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g2' });
    await of('AccessToken').upsert('t1', { grantId: 'g2' } as never, 60);
    await of('Interaction').upsert('i1', { grantId: 'g2' } as never, 60);
    await of('AccessToken').revokeByGrantId('g2');
    expect(await of('AccessToken').find('t1')).toBeUndefined();
    expect(await of('DeviceCode').find('d1')).toBeUndefined();
    expect(await of('Interaction').find('i1')).toMatchObject({ grantId: 'g2' }); // not a grant's token
  });

  test('expired rows are absent and pruned; rows without expiry stay', async () => {
    await of('Grant').upsert('old', { accountId: 'u-3' } as never, 0.05);
    await of('Grant').upsert('forever', { accountId: 'u-4' } as never);
    await new Promise((r) => setTimeout(r, 120));
    expect(await of('Grant').find('old')).toBeUndefined();
    expect(await pruneExpired(pool)).toBeGreaterThanOrEqual(1);
    const { rowCount } = await pool.query(`SELECT 1 FROM oidc_payloads WHERE id = 'old'`);
    expect(rowCount).toBe(0);
    expect(await of('Grant').find('forever')).toMatchObject({ accountId: 'u-4' });
  });
});

describe('signing keys', () => {
  test('the first key signs at once; a rotated key is published first and signs after the lead; retired keys are deleted after their tokens expire', async () => {
    const db = openPool(await freshDatabase(), silentLogger);
    try {
      await migrate(db);
      const policy = { rotateS: 2.5, tokenTtlS: 0.8, refreshS: 0.2, marginS: 0 };
      const kids = async () => (await loadKeys(db, policy)).signing.map((k) => String(k.kid));
      const [first] = await kids();
      expect(await kids()).toEqual([first]); // not due yet: same key
      const cookies = (await loadKeys(db, policy)).cookieKeys;
      await new Promise((r) => setTimeout(r, 2600));
      const rotated = await kids();
      expect(rotated).toHaveLength(2);
      expect(rotated[0]).toBe(first); // the new key is published, the old one still signs
      await new Promise((r) => setTimeout(r, 450));
      const switched = await kids();
      expect(switched[0]).toBe(rotated[1]); // the new key signs now (older than 2 × refreshS)
      expect(switched).toContain(first); // the old one is kept for its tokens
      // Retired keys go once their successor has signed for refreshS + tokenTtlS; at most a few stay.
      await new Promise((r) => setTimeout(r, 1100));
      const later = await kids();
      expect(later).not.toContain(first);
      const { rows } = await db.query('SELECT kid FROM identity_signing_keys');
      expect(rows.map((r) => r.kid).sort()).toEqual([...later].sort());
      expect((await loadKeys(db, policy)).cookieKeys).toEqual(cookies); // created once
    } finally {
      await db.end();
    }
  });
});

describe('PgAccountStore', () => {
  test('seeds the demo shoppers (twice is harmless), signs up, refuses a taken email in any case', async () => {
    const seed = { password: PASSWORD, shoppers: [{ uid: 'u-1', email: 'One@Example.com', firstName: 'One', lastName: 'Shopper' }] };
    const [s1, s2] = await Promise.all([PgAccountStore.create({ pool, seed, cost: 4 }), PgAccountStore.create({ pool, seed, cost: 4 })]);
    expect(await s1.count()).toBe(1);
    expect(await s2.authenticate('one@example.com', PASSWORD)).toMatchObject({ uid: 'u-1', seeded: true });
    expect(await s2.authenticate('one@example.com', 'wrong')).toBeNull();
    const made = await s1.signUp({ firstName: 'Two', lastName: 'Shopper', email: ' Two@Example.com ', password: 'longenough' });
    expect(made).toMatchObject({ email: 'two@example.com', seeded: false });
    expect(await s2.findByUid(made.uid)).toMatchObject({ firstName: 'Two', createdAt: made.createdAt });
    await expect(s2.signUp({ firstName: 'Two', lastName: 'Again', email: 'TWO@example.com', password: 'longenough' })).rejects.toMatchObject({ errors: [{ field: 'email' }] });
    await expect(s2.signUp({ firstName: '', lastName: 'X', email: 'x', password: 'y' })).rejects.toMatchObject({ name: 'SignUpError' });
    // Two replicas racing on one new email: one account, one refusal.
    const race = await Promise.allSettled([1, 2].map((i) => [s1, s2][i - 1]!.signUp({ firstName: 'Race', lastName: 'Car', email: 'race@example.com', password: 'longenough' })));
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await s1.count()).toBe(3);
  });
});

describe('client address (TRUST_PROXY)', () => {
  const req = (remoteAddress: string, xff?: string) =>
    ({ socket: { remoteAddress }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as http.IncomingMessage;

  test('no trusted proxy: the socket address, X-Forwarded-For ignored', () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy(' ')).toBeNull();
    expect(clientAddress(req('::ffff:127.0.0.1', '1.2.3.4'), null)).toBe('127.0.0.1');
  });

  test('loopback: the right-most untrusted hop; a spoofed left part is ignored', () => {
    const trust = parseTrustProxy('loopback');
    expect(clientAddress(req('127.0.0.1', '6.6.6.6, 198.51.100.7'), trust)).toBe('198.51.100.7');
    expect(clientAddress(req('::1', '198.51.100.7, 127.0.0.1'), trust)).toBe('198.51.100.7');
    expect(clientAddress(req('127.0.0.1'), trust)).toBe('127.0.0.1');
    // A peer that is not a trusted proxy cannot choose its address.
    expect(clientAddress(req('198.51.100.9', '1.1.1.1'), trust)).toBe('198.51.100.9');
  });

  test('a list of addresses and subnets; IPv4-mapped IPv6; bad entries refused', () => {
    const trust = parseTrustProxy('10.0.0.5, 192.168.0.0/16,fd00::/8')!;
    expect(trust.trusts('::ffff:10.0.0.5')).toBe(true);
    expect(trust.trusts('10.0.0.6')).toBe(false);
    expect(trust.trusts('192.168.44.1')).toBe(true);
    expect(trust.trusts('fd12::1')).toBe(true);
    expect(trust.trusts('not-an-ip')).toBe(false);
    expect(clientAddress(req('10.0.0.5', '203.0.113.1, 192.168.1.1'), trust)).toBe('203.0.113.1');
    expect(normaliseAddress('[::1]')).toBe('::1');
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1/8/1', '::1/x', 'true']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});

interface ThrowawayRedis {
  url: string;
  stop(): Promise<void>;
}
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ startThrowawayRedis(): Promise<ThrowawayRedis> }>;

describe('when Redis goes away', () => {
  test('/readyz says so, and sign-in stays throttled (in-process fallback)', async () => {
    const { startThrowawayRedis } = await importEsm(path.resolve(__dirname, '../../../tooling/scripts/ensure-redis.mjs'));
    const redis = await startThrowawayRedis();
    const idp = await createIdentityServer({ issuer: 'http://idp.example.test', publicOrigin: PUBLIC_ORIGIN, clientSecret: CLIENT_SECRET, log: false, bcryptCost: 4, redisUrl: redis.url });
    try {
      const base = `http://127.0.0.1:${await idp.listen(0)}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      await redis.stop();
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^redis: /) });
      const browser = new Browser('http://idp.example.test');
      const { res } = await browser.authorize(base);
      const interaction = res.headers.get('location')!;
      for (let i = 0; i < 5; i += 1) expect((await browser.post(base, `${interaction}/login`, { email: 'liam.lp01@example.com', password: 'wrong-wrong' })).status).toBe(401);
      expect((await browser.post(base, `${interaction}/login`, { email: 'liam.lp01@example.com', password: PASSWORD })).status).toBe(429);
    } finally {
      await idp.close();
      await redis.stop();
    }
  });
});
