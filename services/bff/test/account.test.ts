/**
 * Account endpoints (spec §7 "Account and identity"), add-card (spec §2 Card popups), signed tokens,
 * generateToken (spec §7), recent searches (spec §3, §6) and content, over real HTTP.
 */
import { jwtVerify } from 'jose';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'fs';
import path from 'path';
import { PAGE_CONTENT_NAMES } from '../src/routes/content';
import { parseTrustProxy } from '../src/server';
import { failure, harnessPerFile, success, TOKEN_SECRET } from './harness';
import { freshNonce } from './id-tokens';

const h = harnessPerFile({ trustProxy: parseTrustProxy('loopback') }); // behind the edge, as the platform runs it
/** The client address the edge forwards (X-Forwarded-For from the loopback peer). */
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('spec §7 GET /api/account', () => {
  test('a seeded shopper (u-1003) gets their account', async () => {
    const res = await h.as('u-1003', 'GET', '/api/account');
    expect(res.json).toEqual(success(200, {
      uid: 'u-1003', email: 'lena.linked@example.com', firstName: 'Lena', lastName: 'Linked', cardNumber: '6046000000001003', preferredStoreId: '3299', subscribed: true,
      bannerCode: 'standard', lifestyles: [],
    }));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('a new shopper (after sign-up) gets an account created from the id-token claims', async () => {
    const token = await h.mint('u-new-1', { claims: { email: 'new@example.com', given_name: 'Nia', family_name: 'New' } });
    const res = await h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });
    expect(res.json.data).toEqual({ uid: 'u-new-1', email: 'new@example.com', firstName: 'Nia', lastName: 'New', cardNumber: null, preferredStoreId: null, subscribed: false, bannerCode: null, lifestyles: [] });
  });

  test("the session's product.bannerCode (spec §3): the preferred store's banner, a co-op store's is 'coop'", async () => {
    await h.as('u-banner-1', 'POST', '/api/account/preferred-store', { storeId: '2062' });
    expect((await h.as('u-banner-1', 'GET', '/api/account')).json.data).toMatchObject({ preferredStoreId: '2062', bannerCode: 'coop', lifestyles: [] });
    await h.as('u-banner-1', 'POST', '/api/account/preferred-store', { storeId: '3299' });
    expect((await h.as('u-banner-1', 'GET', '/api/account')).json.data).toMatchObject({ preferredStoreId: '3299', bannerCode: 'standard' });
  });
});

describe('spec §4 store selection: POST /api/account/preferred-store', () => {
  test('saves a 4-digit store on the own account; GET /api/account restores it', async () => {
    const res = await h.as('u-1001', 'POST', '/api/account/preferred-store', { storeId: '3582' });
    expect(res.json).toEqual(success(200, { preferredStoreId: '3582' }));
    expect((await h.as('u-1001', 'GET', '/api/account')).json.data.preferredStoreId).toBe('3582');
    expect((await h.as('u-1003', 'GET', '/api/account')).json.data.preferredStoreId).toBe('3299');
  });

  test('bad input → 400 with the reason; an unknown store → 404 STORE_NOT_FOUND', async () => {
    const cases: [unknown, RegExp][] = [
      [{ storeId: 3299 }, /^Invalid body.storeId: must be string$/],
      [{ storeId: '329' }, /4-digit store number/],
      [{ storeId: "3299'; --" }, /4-digit store number/],
      [{}, /missing required property 'storeId'/],
      [null, /must be object/],
    ];
    for (const [body, reason] of cases) {
      const res = await h.as('u-1001', 'POST', '/api/account/preferred-store', body);
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(reason);
    }
    const empty = await h.call('POST', '/api/account/preferred-store', { headers: await h.headers('u-1001'), raw: '' });
    expect(empty.status).toBe(400);
    const unknown = await h.as('u-1001', 'POST', '/api/account/preferred-store', { storeId: '0001' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(failure('STORE_NOT_FOUND'));
  });
});

describe('add-card popup: POST /api/account/card', () => {
  test('an unowned card (spaces allowed) is added; the account shows it; adding it again is a no-op', async () => {
    const res = await h.as('u-card-1', 'POST', '/api/account/card', { cardNumber: '6046 0000 0000 2000' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(success(200, expect.objectContaining({ uid: 'u-card-1', cardNumber: '6046000000002000' })));
    const inquire = await h.as('u-card-1', 'POST', '/api/services/Inquire');
    expect(inquire.json.data).toMatchObject({ cardNumber: '6046000000002000', linkedStatus: false, info: { pointBalance: 900, dollarValue: 900 } });
    expect((await h.as('u-card-1', 'POST', '/api/account/card', { cardNumber: '6046000000002000' })).status).toBe(200);
  });

  test("another shopper's card → 404 CARD_UNAVAILABLE (the same answer as an unknown number), and it stays theirs", async () => {
    const res = await h.as('u-card-2', 'POST', '/api/account/card', { cardNumber: '6046000000001003' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(failure('CARD_UNAVAILABLE'));
    expect((await h.as('u-card-2', 'GET', '/api/account')).json.data.cardNumber).toBeNull();
    expect((await h.as('u-1003', 'POST', '/api/services/Inquire')).json.data.cardNumber).toBe('6046000000001003');
  });

  test('unknown card → 404 CARD_UNAVAILABLE, word for word what a taken card gets; an account with a card cannot add another → 409 ACCOUNT_HAS_CARD', async () => {
    const unknown = await h.as('u-card-2', 'POST', '/api/account/card', { cardNumber: '6046999999999999' });
    const taken = await h.as('u-card-2', 'POST', '/api/account/card', { cardNumber: '6046000000001003' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(failure('CARD_UNAVAILABLE'));
    expect([taken.status, taken.json]).toEqual([unknown.status, unknown.json]);
    const second = await h.as('u-1003', 'POST', '/api/account/card', { cardNumber: '6046000000006002' });
    expect(second.status).toBe(409);
    expect(second.json).toEqual(failure('ACCOUNT_HAS_CARD'));
  });

  test('one shopper trying card numbers is throttled after 10 in 10 minutes: 429 with Retry-After and a reason; another shopper is not', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await h.as('u-card-guesser', 'POST', '/api/account/card', { cardNumber: `60469999999990${String(i).padStart(2, '0')}` }, from(`203.0.113.${i}`));
      expect(res.status).toBe(404);
    }
    // the 11th from yet another address: the shopper's own budget is spent
    const blocked = await h.as('u-card-guesser', 'POST', '/api/account/card', { cardNumber: '6046999999999911' }, from('203.0.113.99'));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.json.message).toMatch(/^Too many card numbers tried: at most 10 in 10 minutes\. Try again in .+\.$/);
    expect((await h.as('u-card-other', 'POST', '/api/account/card', { cardNumber: '6046999999999912' }, from('203.0.113.0'))).status).toBe(404);
  });

  test('card numbers are also counted per client address: new accounts from one address share its 10; another address is not affected', async () => {
    const address = from('198.51.100.40');
    for (let i = 0; i < 10; i++) {
      const res = await h.as(`u-card-fresh-${i}`, 'POST', '/api/account/card', { cardNumber: `60469999999980${String(i).padStart(2, '0')}` }, address);
      expect(res.status).toBe(404);
      expect(res.headers.get('ratelimit-policy')).toBe('"address";q=10;w=600, "account";q=10;w=600, "global";q=500;w=600');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"address";r=${9 - i};t=\\d+, "account";r=9;t=\\d+, "global";r=\\d+;t=\\d+$`));
    }
    const eleventh = await h.as('u-card-fresh-10', 'POST', '/api/account/card', { cardNumber: '6046999999998010' }, address);
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toEqual(failure(429, expect.stringMatching(/^Too many card numbers tried: at most 10 in 10 minutes from your network\. Try again in .+\.$/)));
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(eleventh.headers.get('ratelimit')).toMatch(/^"address";r=0;t=\d+$/);
    expect((await h.as('u-card-fresh-11', 'POST', '/api/account/card', { cardNumber: '6046999999998011' }, from('198.51.100.41'))).status).toBe(404);
  });

  test('bad card numbers → 400', async () => {
    for (const cardNumber of ['1234', '6046-0000-0000-2000', 6046000000002000, '60460000000020001', '']) {
      const res = await h.as('u-card-2', 'POST', '/api/account/card', { cardNumber });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/^Invalid body.cardNumber/);
    }
  });
});

describe('spec §7 signed token request and generateToken', () => {
  test('POST /api/account/signed-token signs the card number and first name (HS256, 5 min)', async () => {
    const res = await h.as('u-1005', 'POST', '/api/account/signed-token', { cardNumber: '6046000000001005', firstName: 'Gina' });
    expect(res.json).toEqual(success(200, { token: expect.any(String), expiresIn: 300 }));
    const { payload } = await jwtVerify(res.json.data.token, TOKEN_SECRET, { issuer: 'storefront-bff', audience: 'scene-registration' });
    expect(payload).toMatchObject({ sub: 'u-1005', cardNumber: '6046000000001005', firstName: 'Gina' });
    expect(payload.exp! - payload.iat!).toBe(300);
  });

  test("a card that is not the caller's → 403; bad fields → 400", async () => {
    const other = await h.as('u-1005', 'POST', '/api/account/signed-token', { cardNumber: '6046000000001003', firstName: 'Gina' });
    expect(other.status).toBe(403);
    expect(other.json).toEqual(failure(403, 'Forbidden: not your card'));
    expect((await h.as('u-1005', 'POST', '/api/account/signed-token', { cardNumber: '6046000000001005' })).status).toBe(400);
    expect((await h.as('u-1005', 'POST', '/api/account/signed-token', { cardNumber: '6046000000001005', firstName: '   ' })).status).toBe(400);
  });

  test('POST /api/generateToken turns a valid id token into a consent-tool token', async () => {
    const idToken = await h.mint('u-1003');
    const res = await h.call('POST', '/api/generateToken', { headers: { 'x-nonce': freshNonce() }, body: { idToken } });
    expect(res.status).toBe(200);
    const { payload } = await jwtVerify(res.json.data.token, TOKEN_SECRET, { audience: 'consent' });
    expect(payload.sub).toBe('u-1003');
  });

  test('generateToken: expired or missing id token, missing nonce, headers naming another token → 4xx', async () => {
    const expired = await h.mint('u-1003', { expiresIn: -300 });
    const res = await h.call('POST', '/api/generateToken', { headers: { 'x-nonce': freshNonce() }, body: { idToken: expired } });
    expect(res.json).toEqual(failure(401, 'Invalid id token: expired'));
    expect((await h.call('POST', '/api/generateToken', { headers: { 'x-nonce': freshNonce() }, body: {} })).status).toBe(400);
    expect((await h.call('POST', '/api/generateToken', { body: { idToken: await h.mint('u-1003') } })).json).toEqual(failure(400, 'Missing x-nonce header'));
    const mismatch = await h.call('POST', '/api/generateToken', {
      headers: { 'x-nonce': freshNonce(), authorization: `Bearer ${await h.mint('u-1007')}` },
      body: { idToken: await h.mint('u-1003') },
    });
    expect(mismatch.status).toBe(401);
  });
});

describe('spec §3 recent searches: /api/recent-searches', () => {
  const labels = (res: { json: { data: { items: { label: string }[] } } }) => res.json.data.items.map((i) => i.label);

  test('add, list newest first, dedupe case-insensitively, keep at most 10', async () => {
    for (const label of ['milk', 'bread', 'eggs']) await h.as('u-rs-1', 'POST', '/api/recent-searches', { label });
    const again = await h.as('u-rs-1', 'POST', '/api/recent-searches', { label: 'Milk' });
    expect(again.json).toEqual(success(200, { item: { id: expect.any(String), label: 'Milk' }, items: expect.any(Array) }));
    expect(labels(await h.as('u-rs-1', 'GET', '/api/recent-searches'))).toEqual(['Milk', 'eggs', 'bread']);
    for (let i = 1; i <= 10; i++) await h.as('u-rs-1', 'POST', '/api/recent-searches', { label: `query ${i}` });
    const list = labels(await h.as('u-rs-1', 'GET', '/api/recent-searches'));
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('query 10');
    expect(list).not.toContain('Milk');
  });

  test('labels are stored and returned as text', async () => {
    const label = '<img src=x onerror=alert(1)> & "quotes"';
    await h.as('u-rs-2', 'POST', '/api/recent-searches', { label });
    expect(labels(await h.as('u-rs-2', 'GET', '/api/recent-searches'))).toEqual([label]);
  });

  test('labels are cleaned by the text rules the search engine counts queries by: soft hyphens, fillers and tags go', async () => {
    const saved = await h.as('u-rs-text', 'POST', '/api/recent-searches', { label: 'Mi\u00adlk\u034f \u3164Eggs\u{E0041}' });
    expect(saved.json.data.item.label).toBe('Milk Eggs');
  });

  test("one shopper never sees or deletes another's recent searches", async () => {
    await h.as('u-rs-3', 'POST', '/api/recent-searches', { label: 'private search' });
    const mine = await h.as('u-rs-3', 'GET', '/api/recent-searches');
    const id = mine.json.data.items[0].id as string;
    expect(labels(await h.as('u-rs-4', 'GET', '/api/recent-searches'))).toEqual([]);
    const del = await h.as('u-rs-4', 'DELETE', `/api/recent-searches/${id}`);
    expect(del.status).toBe(404);
    expect(del.json).toEqual(failure('RECENT_SEARCH_NOT_FOUND'));
    expect((await h.as('u-rs-4', 'GET', '/api/recent-searches?uid=u-rs-3')).status).toBe(403);
    expect(labels(await h.as('u-rs-3', 'GET', '/api/recent-searches'))).toEqual(['private search']);
  });

  test('DELETE removes the own search', async () => {
    const added = await h.as('u-rs-5', 'POST', '/api/recent-searches', { label: 'apples' });
    const res = await h.as('u-rs-5', 'DELETE', `/api/recent-searches/${added.json.data.item.id}`);
    expect(res.json).toEqual(success(200, { items: [] }));
  });

  test('bad input → 400: blank, over 100 characters, wrong type, bad id; signed-out → 401', async () => {
    for (const label of ['', '   ', 'x'.repeat(101), 42]) {
      const res = await h.as('u-rs-6', 'POST', '/api/recent-searches', { label });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/^Invalid body.label/);
    }
    expect((await h.as('u-rs-6', 'POST', '/api/recent-searches', { label: 'x'.repeat(100) })).status).toBe(200);
    expect((await h.as('u-rs-6', 'DELETE', '/api/recent-searches/not-a-uuid')).json).toEqual(failure(400, expect.stringMatching(/recent-search id/)));
    expect((await h.call('GET', '/api/recent-searches')).status).toBe(401);
  });
});

describe('GET /api/content/:name (public, allow-list)', () => {
  test('menu is served as is', async () => {
    const res = await h.call('GET', '/api/content/menu');
    expect(res.json).toEqual(success(200, { items: [{ label: 'Flyer', link: '/flyer' }] }));
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  test("the shell's managed content pages (spec §2 Routes '/privacy-policy', the footer's info pages of spec §2 Footer) are served", async () => {
    expect(PAGE_CONTENT_NAMES).toEqual(expect.arrayContaining(['privacy-policy', 'about-careers', 'customer-service-help', 'legal-accessibility']));
    for (const name of PAGE_CONTENT_NAMES) {
      expect([name, existsSync(path.resolve(__dirname, '../../seed/data/content', `${name}.json`))]).toEqual([name, true]);
      writeFileSync(path.join(h.contentDir, `${name}.json`), JSON.stringify({ title: name, sections: [] }));
      const res = await h.call('GET', `/api/content/${name}`);
      expect([name, res.status]).toEqual([name, 200]);
      expect(res.json.data.title).toBe(name);
    }
  });

  test("the store locator's text (spec §7 Content queries 'store-locator text') is served from the seed's content entry", async () => {
    const seed = JSON.parse(readFileSync(path.resolve(__dirname, '../../seed/data/content/store-locator.json'), 'utf8'));
    expect(seed).toMatchObject({ heading: 'Find a store', lead: expect.stringMatching(/^.{1,400}$/) });
    writeFileSync(path.join(h.contentDir, 'store-locator.json'), JSON.stringify(seed));
    const res = await h.call('GET', '/api/content/store-locator');
    expect(res.json).toEqual(success(200, seed));
  });

  test('a name outside the allow-list (even when the file exists), a path and a missing file → 404 CONTENT_NOT_FOUND', async () => {
    for (const name of ['secrets', '..%2Fmenu', 'menu.json', 'footer']) {
      const res = await h.call('GET', `/api/content/${name}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual(failure('CONTENT_NOT_FOUND'));
    }
    rmSync(path.join(h.contentDir, 'menu.json'));
    expect((await h.call('GET', '/api/content/menu')).json.code).toBe('CONTENT_NOT_FOUND');
  });
});
