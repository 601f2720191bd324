/**
 * Cookie sessions at the BFF (OAuth 2.0 for Browser-Based Apps, BFF pattern): sign-in through
 * /api/auth/login and /api/auth/callback against a fake provider (test/fake-op.ts), shopper endpoints with
 * only the HttpOnly cookie, the CSRF rule, refresh with rotation, and sign-out by session id.
 */
import { createHash } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { runBffToExit } from './bff-process';
import { CLIENT_ID, failure, startHarness, success, type Harness } from './harness';
import { startFakeOp, type FakeOp } from './fake-op';
import { freshNonce, shopperHeaders } from './id-tokens';

const PUBLIC = 'http://localhost:18080';
const SESSION = '__Host-storefront-session';
const FLOW = '__Host-storefront-auth';
const SIGNED_IN = '__Host-storefront-signed-in';

let op: FakeOp;
let h: Harness;
/** Added to the BFF's clock, ms (sign-in flows expire). */
const skew = { ms: 0 };

beforeAll(async () => {
  op = await startFakeOp();
  h = await startHarness({
    auth: { issuer: op.issuer, clientId: CLIENT_ID, jwks: { keys: [op.jwk] } },
    session: { clientSecret: op.clientSecret, publicOrigins: [PUBLIC] },
    now: () => Date.now() + skew.ms,
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await op?.close();
});
beforeEach(() => {
  skew.ms = 0;
  op.idTokenTtlS = 3600;
  op.failRefresh = false;
});

interface Answer {
  status: number;
  headers: Headers;
  /** Set-Cookie lines by cookie name. */
  setCookies: Map<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** A browser: keeps cookies (as the storefront's same-origin fetch would) and sends what callBff sends. */
class Browser {
  readonly cookies = new Map<string, string>();

  async call(method: string, path: string, { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${h.base}${path}`, {
      method,
      headers: {
        origin: PUBLIC,
        'x-storefront-csrf': '1',
        'x-nonce': freshNonce(),
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookies = new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      setCookies.set(name, line);
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, setCookies, json: text ? JSON.parse(text) : undefined };
  }

  /** POST /api/auth/login → the provider's sign-in for `uid` → the callback's search. */
  async startSignIn(uid: string, body: unknown = { returnTo: '/shopping-list' }): Promise<string> {
    const login = await this.call('POST', '/api/auth/login', { body });
    expect(login.status).toBe(200);
    return op.authorize(login.json.data.authorizeUrl, uid);
  }

  /** A full sign-in; returns the callback's answer. */
  async signIn(uid: string): Promise<Answer> {
    const callback = await this.call('POST', '/api/auth/callback', { body: { search: await this.startSignIn(uid) } });
    expect(callback.status).toBe(200);
    return callback;
  }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describe('sign-in: login → provider → callback → HttpOnly cookie', () => {
  test('the callback sets the __Host- cookies; GET /api/account works with only the cookie; no token reaches the page', async () => {
    const browser = new Browser();
    const login = await browser.call('POST', '/api/auth/login', { body: { mode: 'signUp', returnTo: '//evil.example/x' } });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const authorize = new URL(login.json.data.authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${op.issuer}/auth`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: CLIENT_ID, response_type: 'code', scope: 'openid profile email offline_access', redirect_uri: `${PUBLIC}/auth/callback`,
      state: expect.any(String), nonce: expect.any(String), code_challenge: expect.any(String), code_challenge_method: 'S256', screen_hint: 'signup',
    });
    const flowCookie = login.setCookies.get(FLOW)!;
    expect(flowCookie).toMatch(/; Max-Age=600/);
    expect(flowCookie).toMatch(/; Path=\//);
    expect(flowCookie).toMatch(/; HttpOnly/);
    expect(flowCookie).toMatch(/; Secure/);
    expect(flowCookie).toMatch(/; SameSite=Lax/);

    const search = op.authorize(login.json.data.authorizeUrl, 'u-cookie-1');
    const callback = await browser.call('POST', '/api/auth/callback', { body: { search } });
    expect(callback.status).toBe(200);
    expect(callback.json).toEqual(success(200, {
      returnTo: '/', // a foreign returnTo is dropped
      user: { signedIn: true, uid: 'u-cookie-1', email: 'u-cookie-1@example.com', firstName: 'Cookie', lastName: 'Shopper', sessionId: expect.stringMatching(/^[0-9a-f]{16}$/), expiresAt: expect.any(Number) },
    }));
    expect(JSON.stringify(callback.json)).not.toMatch(/eyJ|rt-|at-/); // no token in the answer
    const session = callback.setCookies.get(SESSION)!;
    expect(session).toMatch(new RegExp(`^${SESSION}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    expect(callback.setCookies.get(SIGNED_IN)).toBe(`${SIGNED_IN}=1; Path=/; Secure; SameSite=Lax`);
    expect(callback.setCookies.get(FLOW)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(browser.cookies.has(FLOW)).toBe(false);

    const account = await browser.call('GET', '/api/account');
    expect(account.status).toBe(200);
    expect(account.json.data).toMatchObject({ uid: 'u-cookie-1', email: 'u-cookie-1@example.com', firstName: 'Cookie' });
    const info = await browser.call('GET', '/api/auth/session');
    expect(info.json.data).toEqual(callback.json.data.user);

    // the database keeps sha256(cookie) and sealed tokens only
    const { rows } = await h.db.query<{ id_hash: string; id_token: string; refresh_token: string }>('SELECT id_hash, id_token, refresh_token FROM bff_sessions WHERE uid = $1', ['u-cookie-1']);
    expect(rows).toEqual([{ id_hash: sha256(browser.cookies.get(SESSION)!), id_token: expect.stringMatching(/^v1\./), refresh_token: expect.stringMatching(/^v1\./) }]);
    expect(rows[0]!.id_token).not.toContain(op.idTokens.at(-1)!.split('.')[1]!);

    // signing in again in this browser replaces the session (new cookie value, the old row is gone)
    const before = browser.cookies.get(SESSION)!;
    await browser.signIn('u-cookie-1');
    expect(browser.cookies.get(SESSION)).not.toBe(before);
    const after = await h.db.query<{ id_hash: string }>('SELECT id_hash FROM bff_sessions WHERE uid = $1', ['u-cookie-1']);
    expect(after.rows).toEqual([{ id_hash: sha256(browser.cookies.get(SESSION)!) }]);
  });

  test('/api/auth/* ignores Idempotency-Key: a sign-in answer (its session cookie) is never stored nor replayed', async () => {
    const browser = new Browser();
    const key = `idem-${Date.now()}`;
    const login = await browser.call('POST', '/api/auth/login', { body: {}, headers: { 'idempotency-key': key } });
    const again = await browser.call('POST', '/api/auth/login', { body: {}, headers: { 'idempotency-key': key } });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.json.data.authorizeUrl).not.toBe(login.json.data.authorizeUrl);
    const search = op.authorize(again.json.data.authorizeUrl, 'u-cookie-idem');
    const callback = await browser.call('POST', '/api/auth/callback', { body: { search }, headers: { 'idempotency-key': key } });
    expect(callback.status).toBe(200);
    const { rows } = await h.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
    expect(rows).toEqual([]);
  });

  test('two shoppers: each cookie reads and writes only its own shopping list', async () => {
    const ann = new Browser();
    const bob = new Browser();
    await ann.signIn('u-cookie-ann');
    await bob.signIn('u-cookie-bob');
    expect((await ann.call('PUT', '/api/shopping-list/items/20090401_KG_3299', { body: { product_type: 'product', quantity: 2 } })).status).toBe(200);
    expect((await bob.call('PUT', '/api/shopping-list/items/20175355_EA_3299', { body: { product_type: 'product', quantity: 1 } })).status).toBe(200);
    const annList = await ann.call('GET', '/api/shopping-list');
    const bobList = await bob.call('GET', '/api/shopping-list');
    expect(annList.json.data.items.map((i: { item_id: string }) => i.item_id)).toEqual(['20090401_KG_3299']);
    expect(bobList.json.data.items.map((i: { item_id: string }) => i.item_id)).toEqual(['20175355_EA_3299']);
  });

  test('without a session cookie nor Authorization: 401 as before; GET /api/auth/session says signed out', async () => {
    const stranger = new Browser();
    expect((await stranger.call('GET', '/api/account')).json).toEqual(failure(401, 'Missing id token'));
    expect((await stranger.call('GET', '/api/auth/session')).json).toEqual(success(200, { signedIn: false }));
    stranger.cookies.set(SESSION, 'A'.repeat(43));
    const unknown = await stranger.call('GET', '/api/account');
    expect(unknown.json).toEqual(failure(401, 'Session expired'));
    expect(unknown.setCookies.get(SESSION)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  test('POST /api/generateToken with the cookie and body {} signs a consent token', async () => {
    const browser = new Browser();
    await browser.signIn('u-cookie-consent');
    const res = await browser.call('POST', '/api/generateToken', { body: {} });
    expect(res.json).toEqual(success(200, { token: expect.any(String), expiresIn: 300 }));
  });
});

describe('CSRF rule on cookie-authenticated writes and /api/auth/* POSTs', () => {
  test('a foreign Origin, a missing x-storefront-csrf header or Sec-Fetch-Site cross-site → 403 CSRF', async () => {
    const browser = new Browser();
    await browser.signIn('u-cookie-csrf');
    const put = (headers: Record<string, string>) => browser.call('PUT', '/api/shopping-list/items/20090401_KG_3299', { body: { product_type: 'product', quantity: 1 }, headers });
    expect((await put({ origin: 'https://evil.example' })).json).toEqual(failure('CSRF', 'Cross-site request refused: Origin https://evil.example is not the storefront'));
    expect((await put({ 'x-storefront-csrf': '' })).json).toEqual(failure('CSRF', expect.stringMatching(/^Cross-site request refused: the x-storefront-csrf: 1 header is missing/)));
    expect((await put({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await browser.call('POST', '/api/generateToken', { body: {}, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await browser.call('POST', '/api/auth/login', { body: {}, headers: { origin: 'https://evil.example' } })).json.code).toBe('CSRF');
    expect((await browser.call('POST', '/api/auth/logout', { body: {}, headers: { 'x-storefront-csrf': '' } })).json.code).toBe('CSRF');
    // the list is untouched; reads need no CSRF header
    expect((await browser.call('GET', '/api/shopping-list', { headers: { 'x-storefront-csrf': '', origin: 'https://evil.example' } })).json.data.items).toEqual([]);
    // a bearer client is not a cookie request: no CSRF header needed, even with the cookie sent along
    const bearer = await browser.call('PUT', '/api/shopping-list/items/20090401_KG_3299', {
      body: { product_type: 'product', quantity: 1 },
      headers: { ...shopperHeaders(op.idTokens.at(-1)!), origin: 'https://evil.example', 'x-storefront-csrf': '' },
    });
    expect(bearer.status).toBe(200);
  });
});

describe('callback refusals', () => {
  test('state mismatch, no flow cookie, provider error, a replayed or expired flow → 400 with a reason', async () => {
    const browser = new Browser();
    const search = await browser.startSignIn('u-cookie-cb');
    const flowId = browser.cookies.get(FLOW)!;
    const forged = search.replace(/state=[^&]+/, 'state=forged');
    const mismatch = await browser.call('POST', '/api/auth/callback', { body: { search: forged } });
    expect(mismatch.json).toEqual(failure(400, 'Sign-in state mismatch: start the sign-in again'));
    expect(mismatch.setCookies.get(FLOW)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    // the flow was used up by the refused attempt, even with its cookie sent again
    browser.cookies.set(FLOW, flowId);
    expect((await browser.call('POST', '/api/auth/callback', { body: { search } })).json).toEqual(failure(400, 'Unknown or expired sign-in: start the sign-in again'));

    const noCookie = new Browser();
    const other = await browser.startSignIn('u-cookie-cb');
    expect((await noCookie.call('POST', '/api/auth/callback', { body: { search: other } })).json).toEqual(failure(400, expect.stringMatching(/^No sign-in in progress in this browser/)));

    const refused = new Browser();
    const state = new URLSearchParams((await refused.startSignIn('u-cookie-cb')).slice(1)).get('state')!;
    expect((await refused.call('POST', '/api/auth/callback', { body: { search: `?error=access_denied&state=${state}` } })).json).toEqual(failure(400, 'The identity provider refused the sign-in: access_denied'));

    const late = new Browser();
    const lateSearch = await late.startSignIn('u-cookie-cb');
    skew.ms = 11 * 60_000;
    expect((await late.call('POST', '/api/auth/callback', { body: { search: lateSearch } })).json).toEqual(failure(400, 'Unknown or expired sign-in: start the sign-in again'));
    expect((await late.call('POST', '/api/auth/callback', { body: {} })).status).toBe(400);
    expect(late.cookies.has(SESSION)).toBe(false);
  });
});

describe('refresh', () => {
  test('an id token near expiry is refreshed; the rotated refresh token is stored and used next', async () => {
    op.idTokenTtlS = 30; // within the 60 s margin: every read refreshes
    const browser = new Browser();
    const signedIn = await browser.signIn('u-cookie-refresh');
    const first = await browser.call('GET', '/api/auth/session');
    const second = await browser.call('GET', '/api/auth/session');
    expect(first.json.data).toMatchObject({ signedIn: true, uid: 'u-cookie-refresh', sessionId: signedIn.json.data.user.sessionId });
    expect(second.json.data).toMatchObject({ signedIn: true, uid: 'u-cookie-refresh' });
    // the provider accepts each refresh token once: the second refresh used the rotated one
    expect(op.refreshesSeen).toHaveLength(2);
    expect(new Set(op.refreshesSeen).size).toBe(2);
    expect((await browser.call('GET', '/api/account')).status).toBe(200);
  });

  test('a refused refresh signs the browser out: {signedIn:false}, cookies cleared, the cookie is refused', async () => {
    const browser = new Browser();
    await browser.signIn('u-cookie-refused');
    const cookie = browser.cookies.get(SESSION)!;
    op.failRefresh = true;
    await h.db.query("UPDATE bff_sessions SET id_token_expires_at = now() WHERE uid = 'u-cookie-refused'");
    const info = await browser.call('GET', '/api/auth/session');
    expect(info.json).toEqual(success(200, { signedIn: false }));
    expect(info.setCookies.get(SESSION)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(info.setCookies.get(SIGNED_IN)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    browser.cookies.set(SESSION, cookie);
    expect((await browser.call('GET', '/api/account')).json).toEqual(failure(401, 'Session expired'));
  });
});

describe('POST /api/auth/logout', () => {
  test('ends the session by its id: the cookie and a copy of its id token are refused; the refresh token is revoked', async () => {
    const browser = new Browser();
    await browser.signIn('u-cookie-out');
    const cookie = browser.cookies.get(SESSION)!;
    const idToken = op.idTokens.at(-1)!;
    const { rows } = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM bff_sessions WHERE uid = 'u-cookie-out'");
    expect(rows[0]!.n).toBe(1);
    expect((await h.call('GET', '/api/account', { headers: shopperHeaders(idToken) })).status).toBe(200);

    const out = await browser.call('POST', '/api/auth/logout', { body: {} });
    expect(out.status).toBe(200);
    const endSession = new URL(out.json.data.endSessionUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({ client_id: CLIENT_ID, post_logout_redirect_uri: `${PUBLIC}/` });
    expect(out.setCookies.get(SESSION)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(op.revoked).toHaveLength(1);
    expect(op.revoked[0]).toMatch(/^rt-/);

    browser.cookies.set(SESSION, cookie);
    expect((await browser.call('GET', '/api/account')).json).toEqual(failure(401, 'Session expired'));
    expect((await h.call('GET', '/api/account', { headers: shopperHeaders(idToken) })).json).toEqual(failure(401, 'Invalid id token: the session has ended (signed out)'));
    // idempotent
    const again = await new Browser().call('POST', '/api/auth/logout', { body: {} });
    expect(again.json).toEqual(success(200, { endSessionUrl: out.json.data.endSessionUrl }));
  });
});

describe('start-up (src/main.ts)', () => {
  test('the BFF refuses to start without OIDC_CLIENT_SECRET or with a PUBLIC_ORIGIN that is not a URL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bff-session-start-'));
    const noSecret = await runBffToExit({ OIDC_CLIENT_SECRET: '', PGLITE_DATA_DIR: dataDir });
    expect(noSecret.code).toBe(1);
    expect(noSecret.output).toContain('OIDC_CLIENT_SECRET is required');
    const badOrigin = await runBffToExit({ PUBLIC_ORIGIN: 'localhost:8080', PGLITE_DATA_DIR: dataDir });
    expect(badOrigin.code).toBe(1);
    expect(badOrigin.output).toContain("PUBLIC_ORIGIN: 'localhost:8080' is not an http(s) URL");
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
