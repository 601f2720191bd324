/**
 * /livez and /readyz of one BFF without Redis (src/routes/probes.ts): readiness follows the database and
 * the migrations; TRUST_PROXY and x-request-id parsing. Redis, the drain and two replicas: replicas.test.ts.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import type { Db } from '../src/db';
import { migrate, MIGRATIONS_DIR, migrationVersions } from '../src/migrate';
import { buildServer, parseTrustProxy, requestIdOf } from '../src/server';
import { bareServerPerFile, listenOnLoopback } from './harness';

const bff = bareServerPerFile(); // on an empty database: not migrated yet

const get = async (p: string) => {
  const res = await fetch(`${bff.base}${p}`);
  return { status: res.status, json: await res.json() as unknown };
};

test('readiness follows the migrations: none, some, all applied', async () => {
  expect(await get('/livez')).toEqual({ status: 200, json: { status: 'ok' } });
  expect(await get('/readyz')).toEqual({
    status: 503,
    json: {
      status: 'unavailable',
      reason: 'migrations: not applied (no schema_migrations table)',
      checks: { database: 'ok', migrations: 'not applied (no schema_migrations table)', redis: 'not configured' },
    },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-migrations-'));
  try {
    const all = migrationVersions();
    for (const v of all.slice(0, 2)) copyFileSync(path.join(MIGRATIONS_DIR, `${v}.sql`), path.join(dir, `${v}.sql`));
    await migrate(bff.db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const some = await get('/api/readyz');
  expect(some.status).toBe(503);
  expect(some.json).toEqual(expect.objectContaining({ reason: `migrations: pending ${migrationVersions().slice(2).join(', ')}` }));
  await migrate(bff.db);
  for (const p of ['/readyz', '/api/readyz']) {
    expect(await get(p)).toEqual({ status: 200, json: { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } } });
  }
  expect(await get('/api/livez')).toEqual({ status: 200, json: { status: 'ok' } });
  expect((await get('/api/health')).json).toEqual({ ok: true });
});

test('a database that does not answer within 2 s → 503 naming it; /livez stays 200', async () => {
  const hung: Db = { ...bff.db, query: () => new Promise(() => undefined) };
  const other = buildServer({ db: hung });
  try {
    const at = await listenOnLoopback(other);
    const res = await fetch(`${at}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'unavailable',
      reason: 'database: no answer within 2000 ms',
      checks: { database: 'no answer within 2000 ms', migrations: 'unknown', redis: 'not configured' },
    });
    expect((await fetch(`${at}/livez`)).status).toBe(200);
  } finally {
    await other.close();
  }
});

test('TRUST_PROXY: unset / false → off; true → every hop; else a comma list of addresses, CIDRs, names', () => {
  expect(parseTrustProxy(undefined)).toBe(false);
  expect(parseTrustProxy('')).toBe(false);
  expect(parseTrustProxy('false')).toBe(false);
  expect(parseTrustProxy('true')).toBe(true);
  expect(parseTrustProxy('loopback')).toEqual(['loopback']);
  expect(parseTrustProxy(' 10.0.0.5, 10.0.1.0/24 ,loopback')).toEqual(['10.0.0.5', '10.0.1.0/24', 'loopback']);
});

test('request ids: a given x-request-id of 1–128 [A-Za-z0-9._-] is kept, anything else gets a UUID', () => {
  expect(requestIdOf({ 'x-request-id': 'haproxy-7f3a.1_b' })).toBe('haproxy-7f3a.1_b');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  for (const bad of [undefined, '', 'a b', 'x'.repeat(129), ['a', 'b'], 'ключ']) expect(requestIdOf({ 'x-request-id': bad })).toMatch(uuid);
});
