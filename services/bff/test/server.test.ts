import { migrate } from '../src/migrate';
import { loadCards, loadShoppers } from '@storefront/seed';
import { seedAccounts } from '../src/seed';
import { bareServerPerFile } from './harness';

let firstMigration: string[];
// in-memory PGlite, or a fresh PostgreSQL database in the pg pass
const bff = bareServerPerFile(async (db) => {
  firstMigration = await migrate(db);
});

const post = (path: string, body?: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${bff.base}${path}`, { method: 'POST', headers, body });

async function expectError(res: Response, code: number, message: RegExp) {
  expect(res.status).toBe(code);
  const json = await res.json();
  expect(json).toEqual({ status: 'error', code, message: expect.stringMatching(message), data: null });
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

  test('a call-to-action that is not an http(s) URL or a site path is dropped (ctaUrl was not scheme-checked)', async () => {
    const cases: Array<[string, string | null]> = [
      ['javascript:alert(document.cookie)', null],
      ['data:text/html,<script>alert(1)</script>', null],
      ['//evil.example/x', null],
      ['https://www.example.com/hours', 'https://www.example.com/hours'],
      ['/store-locator', '/store-locator'],
    ];
    for (const [url, expected] of cases) {
      await bff.db.query("INSERT INTO banner_alerts (province, description_text, cta_label, cta_url, starts_at) VALUES ('PE', 'Test alert', 'Go', $1, now() - interval '1 minute')", [url]);
      const res = await post('/api/bannerAlert', JSON.stringify({ province: 'PE' }));
      const json = (await res.json()) as { data: { getAlert: Array<{ ctaUrl: string | null }> } };
      expect([url, json.data.getAlert[0]?.ctaUrl]).toEqual([url, expected]);
      await bff.db.query("DELETE FROM banner_alerts WHERE province = 'PE'");
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
    const res = await fetch(`${bff.base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  test('unknown route → 404 in the uniform shape', async () => {
    await expectError(await fetch(`${bff.base}/api/nope?x=1`), 404, /^Route GET \/api\/nope not found$/);
    await expectError(await fetch(`${bff.base}/api/bannerAlert`), 404, /not found/);
  });
});

describe('migrations and the demo seed', () => {
  test('migrations are idempotent; seedAccounts inserts shoppers.json, cards.json and 200 days of activity once; a re-run keeps changes', async () => {
    // The suite's database: migrated once in beforeAll, seeded here for the first time.
    const fresh = bff.db;
    {
      expect(firstMigration).toEqual(['001_banner_alerts', '002_accounts_scene', '003_shopping_list_cart', '004_offers', '005_preferences', '006_recipe_plans', '007_verification_lockout', '008_session_ends', '009_idempotency_keys', '010_seen_nonces', '011_shopper_caps', '012_session_end_sid', '013_bff_sessions', '014_verification_code_hash']);
      expect(await migrate(fresh)).toEqual([]);
      expect(await migrate(fresh)).toEqual([]);
      const alerts = await fresh.query<{ n: number }>('SELECT count(*)::int AS n FROM banner_alerts');
      expect(alerts.rows[0]?.n).toBe(4);
      const versions = await fresh.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows).toEqual([{ version: '001_banner_alerts' }, { version: '002_accounts_scene' }, { version: '003_shopping_list_cart' }, { version: '004_offers' }, { version: '005_preferences' }, { version: '006_recipe_plans' }, { version: '007_verification_lockout' }, { version: '008_session_ends' }, { version: '009_idempotency_keys' }, { version: '010_seen_nonces' }, { version: '011_shopper_caps' }, { version: '012_session_end_sid' }, { version: '013_bff_sessions' }, { version: '014_verification_code_hash' }]);
      const first = await seedAccounts(fresh);
      expect(first.accounts).toBe(loadShoppers().length);
      expect(first.cards).toBe(loadCards().length);
      expect(first.transactions).toBeGreaterThan(100);
      await fresh.query("UPDATE accounts SET preferred_store_id = '3582' WHERE uid = 'u-1001'");
      expect(await seedAccounts(fresh)).toEqual({ accounts: 0, cards: 0, transactions: 0 });
      const { rows } = await fresh.query<{ preferred_store_id: string }>("SELECT preferred_store_id FROM accounts WHERE uid = 'u-1001'");
      expect(rows[0]?.preferred_store_id).toBe('3582');
      const span = await fresh.query<{ cards: number; oldest: number; newest: number; session: string[] }>(
        `SELECT count(DISTINCT card_number)::int AS cards, max(current_date - occurred_on) AS oldest, min(current_date - occurred_on) AS newest,
                (SELECT array_agg(uid) FROM accounts WHERE session_problem) AS session FROM transactions`,
      );
      expect(span.rows[0]).toEqual({ cards: loadCards().filter((c) => c.pointBalance > 0).length, oldest: expect.any(Number), newest: expect.any(Number), session: ['u-1009'] });
      expect(span.rows[0]!.oldest).toBeLessThan(200);
      expect(span.rows[0]!.newest).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);
});
