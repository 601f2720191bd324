import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'net';
import { createPgliteDb, type Db } from '../src/db';
import { migrate } from '../src/migrate';
import { buildServer } from '../src/server';

let db: Db;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  db = await createPgliteDb(); // in memory
  await migrate(db);
  app = buildServer({ db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app.close();
  await db.close();
});

const post = (path: string, body?: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${base}${path}`, { method: 'POST', headers, body });

async function expectError(res: Response, code: number, message: RegExp) {
  expect(res.status).toBe(code);
  const json = await res.json();
  expect(json).toEqual({ status: 'error', code, message: expect.stringMatching(message) });
}

describe('POST /api/bannerAlert (spec §7)', () => {
  test('answers the current alert for ON and echoes the nonce', async () => {
    const res = await post('/api/bannerAlert', JSON.stringify({ province: 'ON' }), { 'content-type': 'application/json', 'x-nonce': 'n-123' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-nonce')).toBe('n-123');
    const json = await res.json();
    expect(json).toEqual({
      status: 'success',
      code: 200,
      message: 'OK',
      data: { getAlert: [{ descriptionText: expect.stringContaining('Ontario'), ctaUrl: '/offers', ctaLabel: 'View offers' }] },
    });
  });

  test('defaults to ON when province is absent, the body is {} or empty', async () => {
    for (const body of [JSON.stringify({}), '', undefined]) {
      const res = await post('/api/bannerAlert', body);
      expect(res.status).toBe(200);
      const json = (await res.json()) as { data: { getAlert: { descriptionText: string }[] } };
      expect(json.data.getAlert[0]?.descriptionText).toContain('Ontario');
    }
  });

  test('accepts lowercase codes (ns)', async () => {
    const res = await post('/api/bannerAlert', JSON.stringify({ province: 'ns' }));
    expect(((await res.json()) as { data: { getAlert: unknown[] } }).data.getAlert).toHaveLength(1);
  });

  test('a province without an alert (PE) and one whose alert expired (NB) get an empty list', async () => {
    for (const province of ['PE', 'NB']) {
      const res = await post('/api/bannerAlert', JSON.stringify({ province }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'success', code: 200, message: 'OK', data: { getAlert: [] } });
    }
  });

  test('malformed JSON → 400', async () => {
    await expectError(await post('/api/bannerAlert', '{"province": "ON"'), 400, /malformed json/i);
  });

  test('wrong types → 400', async () => {
    await expectError(await post('/api/bannerAlert', JSON.stringify({ province: 42 })), 400, /province.*string/i);
    await expectError(await post('/api/bannerAlert', JSON.stringify(['ON'])), 400, /body/i);
    await expectError(await post('/api/bannerAlert', '"ON"'), 400, /body/i);
  });

  test('unknown or malformed province → 400', async () => {
    await expectError(await post('/api/bannerAlert', JSON.stringify({ province: 'ZZ' })), 400, /unknown province 'ZZ'/i);
    await expectError(await post('/api/bannerAlert', JSON.stringify({ province: 'Ontario' })), 400, /province code/i);
    await expectError(await post('/api/bannerAlert', JSON.stringify({ province: "O'; DROP TABLE banner_alerts;--" })), 400, /province/i);
  });

  test('unsupported content type and oversized bodies answer the same error shape', async () => {
    await expectError(await post('/api/bannerAlert', '<province>ON</province>', { 'content-type': 'application/xml' }), 415, /.+/);
    await expectError(await post('/api/bannerAlert', 'province=ON', { 'content-type': 'text/plain' }), 400, /malformed json/i);
    await expectError(await post('/api/bannerAlert', JSON.stringify({ province: 'ON', pad: 'x'.repeat(20_000) })), 413, /.+/);
  });
});

describe('other routes', () => {
  test('GET /api/health', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  test('unknown route → 404 in the uniform shape', async () => {
    await expectError(await fetch(`${base}/api/nope?x=1`), 404, /^Route GET \/api\/nope not found$/);
    await expectError(await fetch(`${base}/api/bannerAlert`), 404, /not found/);
  });
});

describe('migrations', () => {
  test('are idempotent: a second and third run apply nothing and keep the data', async () => {
    const fresh = await createPgliteDb();
    try {
      expect(await migrate(fresh)).toEqual(['001_banner_alerts']);
      expect(await migrate(fresh)).toEqual([]);
      expect(await migrate(fresh)).toEqual([]);
      const { rows } = await fresh.query<{ n: number }>('SELECT count(*)::int AS n FROM banner_alerts');
      expect(rows[0]?.n).toBe(4);
      const versions = await fresh.query<{ version: string }>('SELECT version FROM schema_migrations');
      expect(versions.rows).toEqual([{ version: '001_banner_alerts' }]);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
