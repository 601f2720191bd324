/**
 * The identity provider over real HTTP on loopback: discovery, the authorization-code + PKCE flow a
 * browser does (done here with fetch and a cookie jar), sign-in errors, sign-up, end session.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountStore, readSeedShoppers, validateSignUp } from '../src/accounts';
import { escapeHtml } from '../src/pages';
import { createIdentityServer, type IdentityServer } from '../src/server';
import { SIGN_IN_LIMITS, SignInThrottle } from '../src/throttle';
import { b64url, basicAuth, Browser as SharedBrowser, CLIENT_SECRET, csrfIn, freePort, pkce, refresh, verifyAt, type TokenBody } from './backends';

const PUBLIC_ORIGIN = 'http://localhost:18999';
const REDIRECT_URI = `${PUBLIC_ORIGIN}/auth/callback`;
const PASSWORD = 'Groceries!2026';

let idp: IdentityServer;
let issuer: string;
let dataFile: string;
/** Added to the server's step-up clock (the tests move time forward instead of sleeping). */
let clockSkewMs = 0;

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://localhost:${port}`;
  dataFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'identity-')), 'shoppers.json');
  const accounts = await AccountStore.create({ file: dataFile, cost: 4 });
  idp = await createIdentityServer({ issuer, publicOrigin: PUBLIC_ORIGIN, clientSecret: CLIENT_SECRET, accounts, log: false, trustProxy: 'loopback', now: () => Date.now() + clockSkewMs });
  await idp.listen(port, '127.0.0.1');
}, 30_000);

afterAll(async () => {
  await idp.close();
});

/** The shared test browser ({@link SharedBrowser}) with every request sent to this file's provider. */
class Browser {
  private readonly jar = new SharedBrowser(issuer);

  request(url: string, init: RequestInit = {}): Promise<Response> {
    return this.jar.request(issuer, url, init);
  }

  post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.jar.post(issuer, url, form, headers);
  }

  rawPost(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.jar.rawPost(issuer, url, form, headers);
  }
}

/** Starts an authorization request; resolves to the interaction URL and the PKCE verifier. */
async function startAuthorization(browser: Browser, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const state = b64url(randomBytes(8));
  const params = new URLSearchParams({
    client_id: 'storefront', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid profile email',
    code_challenge: challenge, code_challenge_method: 'S256', state, nonce: 'n-0S6_WzA2Mj', ...extra,
  });
  const res = await browser.request(`/auth?${params}`);
  expect(res.status).toBe(303);
  const interaction = res.headers.get('location')!;
  expect(interaction).toMatch(/^\/interaction\/[\w-]+$/);
  return { interaction, verifier, state };
}

/** Follows the provider's redirects until the storefront callback; returns the callback URL. */
async function followToCallback(browser: Browser, res: Response): Promise<URL> {
  let current = res;
  for (let i = 0; i < 5; i++) {
    expect([302, 303]).toContain(current.status);
    const location = new URL(current.headers.get('location')!, issuer);
    if (location.href.startsWith(REDIRECT_URI)) return location;
    current = await browser.request(location.href);
  }
  throw new Error('too many redirects');
}

/**
 * Exchanges a code as the BFF does: server-side (no `Origin`), `client_secret_basic`. `auth` overrides the
 * client authentication: null sends only `client_id` (a public client's request), a string is the
 * `Authorization` header; `headers`/`form` are added.
 */
async function exchange(code: string, verifier: string, { auth = basicAuth(), headers = {}, form = {} }: { auth?: string | null; headers?: Record<string, string>; form?: Record<string, string> } = {}) {
  return fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: auth } : {}), ...headers },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier, ...(auth ? {} : { client_id: 'storefront' }), ...form }).toString(),
  });
}

async function signIn(email: string, password: string) {
  const browser = new Browser();
  const { interaction, verifier, state } = await startAuthorization(browser);
  const login = await browser.post(`${interaction}/login`, { email, password });
  const callback = await followToCallback(browser, login);
  expect(callback.searchParams.get('state')).toBe(state);
  const token = await exchange(callback.searchParams.get('code')!, verifier);
  expect(token.status).toBe(200);
  return { browser, token: (await token.json()) as TokenBody & { token_type: string } };
}

const verifyIdToken = (idToken: string) => verifyAt(issuer, issuer, idToken);

describe('discovery (contract "Identity (OIDC)")', () => {
  test('names the issuer, the endpoints, code + S256 PKCE only, RS256 id tokens and the storefront scopes', async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, { headers: { origin: PUBLIC_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email'],
    });
    const jwks = (await (await fetch(doc.jwks_uri as string)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d'); // public part only
  });
});

describe('authorization code + PKCE (spec §7 Account and identity)', () => {
  test('a seeded shopper (lena.linked) logs in; the code is exchanged; the id token verifies against the JWKS', async () => {
    const browser = new Browser();
    const { interaction, verifier, state } = await startAuthorization(browser);
    const page = await browser.request(interaction);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="f-email">Email</label>');
    expect(html).toContain('<label for="f-password">Password</label>');
    expect(html).toMatch(/<button type="submit">Log In<\/button>/);
    expect(html).toMatch(/<a href="\/interaction\/[\w-]+\/signup">Sign Up<\/a>/);

    const login = await browser.post(`${interaction}/login`, { email: 'Lena.Linked@example.com', password: PASSWORD });
    const callback = await followToCallback(browser, login);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(issuer);

    const tokenRes = await exchange(callback.searchParams.get('code')!, verifier);
    expect(tokenRes.status).toBe(200);
    const token = (await tokenRes.json()) as { id_token: string; access_token: string };
    const { payload, protectedHeader } = await verifyIdToken(token.id_token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: 'u-1003', email: 'lena.linked@example.com', given_name: 'Lena', family_name: 'Linked', nonce: 'n-0S6_WzA2Mj' });
    expect(payload.exp! - payload.iat!).toBe(3600);

    const me = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ sub: 'u-1003', email: 'lena.linked@example.com' });
  });

  test('the wrong code_verifier is refused (PKCE)', async () => {
    const browser = new Browser();
    const { interaction } = await startAuthorization(browser);
    const callback = await followToCallback(browser, await browser.post(`${interaction}/login`, { email: 'nora.nocard@example.com', password: PASSWORD }));
    const res = await exchange(callback.searchParams.get('code')!, b64url(randomBytes(32)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  test('an authorization request without PKCE is refused with a reason', async () => {
    const params = new URLSearchParams({ client_id: 'storefront', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid' });
    const res = await fetch(`${issuer}/auth?${params}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  test('a foreign redirect_uri gets the error page, never a redirect', async () => {
    const { challenge } = pkce();
    const params = new URLSearchParams({ client_id: 'storefront', redirect_uri: 'https://evil.example/cb', response_type: 'code', scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' });
    const res = await fetch(`${issuer}/auth?${params}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Sign-in could not be completed');
    expect(html).toContain('redirect_uri');
  });

  test('the token endpoint refuses CORS from another origin', async () => {
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT_URI, client_id: 'storefront', code_verifier: 'y'.repeat(43) }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** Signs `email` in and returns the storefront callback's code and its PKCE verifier (not exchanged yet). */
async function codeFor(email: string) {
  const browser = new Browser();
  const { interaction, verifier } = await startAuthorization(browser, { scope: 'openid profile email offline_access' });
  const callback = await followToCallback(browser, await browser.post(`${interaction}/login`, { email, password: PASSWORD }));
  return { browser, code: callback.searchParams.get('code')!, verifier };
}

/** Revokes `token` at the revocation endpoint as the BFF does at sign-out (RFC 7009, `client_secret_basic`). */
const revoke = (token: string, authorization: string | null = basicAuth()) =>
  fetch(`${issuer}/token/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body: new URLSearchParams({ token, token_type_hint: 'refresh_token', ...(authorization ? {} : { client_id: 'storefront' }) }).toString(),
  });

describe('the storefront client is confidential: only the BFF, with the client secret, gets tokens', () => {
  test('discovery names the revocation endpoint, client_secret_basic and the refresh_token grant', async () => {
    const doc = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(doc.revocation_endpoint).toBe(`${issuer}/token/revocation`);
    expect(doc.token_endpoint_auth_methods_supported).toContain('client_secret_basic');
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  test('a code exchange without the secret or with a wrong one is refused (401 invalid_client); the code still works for the BFF', async () => {
    const { code, verifier } = await codeFor('nora.nocard@example.com');
    for (const attempt of [
      exchange(code, verifier, { auth: null }),
      exchange(code, verifier, { auth: basicAuth('storefront', 'not-the-secret') }),
      exchange(code, verifier, { auth: null, form: { client_secret: 'not-the-secret' } }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_client' });
    }
    const ok = await exchange(code, verifier);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as TokenBody).id_token.split('.')).toHaveLength(3);
  });

  test('a page of the storefront cannot call /token or /me any more (no CORS for any origin); discovery and the JWKS stay open', async () => {
    const { code, verifier } = await codeFor('lena.linked@example.com');
    const fromPage = await exchange(code, verifier, { headers: { origin: PUBLIC_ORIGIN } });
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
    expect(fromPage.status).toBe(400);
    expect(await fromPage.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/origin/) });
    const token = (await (await exchange(code, verifier)).json()) as TokenBody;
    const me = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token.access_token}`, origin: PUBLIC_ORIGIN } });
    expect(me.headers.get('access-control-allow-origin')).toBeNull();
    for (const open of ['/.well-known/openid-configuration', '/jwks']) {
      expect((await fetch(`${issuer}${open}`, { headers: { origin: PUBLIC_ORIGIN } })).headers.get('access-control-allow-origin')).toBeTruthy();
    }
  });
});

describe('refresh tokens (the BFF keeps the session alive without the browser)', () => {
  test('the code exchange (scope offline_access, no prompt=consent, no consent page) returns a refresh token; a refresh returns a new id token of the same provider session and a new refresh token', async () => {
    const { code, verifier } = await codeFor('maximilian.long@example.com');
    const first = (await (await exchange(code, verifier)).json()) as TokenBody;
    expect(first.refresh_token).toEqual(expect.any(String));
    const before = await verifyIdToken(first.id_token);

    const next = await refresh(issuer, first.refresh_token!);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).toEqual(expect.any(String));
    expect(next.body.refresh_token).not.toBe(first.refresh_token); // rotated
    const after = await verifyIdToken(next.body.id_token);
    expect(after.payload).toMatchObject({ sub: 'u-1008', email: 'maximilian.long@example.com', given_name: 'Maximilian', sid: before.payload.sid });
    expect(typeof after.payload.sid).toBe('string');
    // The new access token works.
    expect((await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${next.body.access_token}` } })).status).toBe(200);
    // And the rotated one refreshes again.
    const third = await refresh(issuer, next.body.refresh_token!);
    expect(third.status).toBe(200);
    expect((await verifyIdToken(third.body.id_token)).payload.sid).toBe(before.payload.sid);
  });

  test('a used refresh token is refused, and its reuse revokes the rotated one too (a stolen copy ends the session)', async () => {
    const { code, verifier } = await codeFor('gina.ghost@example.com');
    const first = (await (await exchange(code, verifier)).json()) as TokenBody;
    const next = await refresh(issuer, first.refresh_token!);
    expect(next.status).toBe(200);
    const reused = await refresh(issuer, first.refresh_token!);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(issuer, next.body.refresh_token!)).body).toMatchObject({ error: 'invalid_grant' });
  });

  test('a refresh without the client secret is refused (401 invalid_client) and does not use the token up', async () => {
    const { code, verifier } = await codeFor('owen.lp02@example.com');
    const first = (await (await exchange(code, verifier)).json()) as TokenBody;
    for (const auth of [null, basicAuth('storefront', 'not-the-secret')]) {
      const res = await refresh(issuer, first.refresh_token!, auth);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'invalid_client' });
    }
    expect((await refresh(issuer, first.refresh_token!)).status).toBe(200);
  });

  test('revocation (the BFF at sign-out): the revoked refresh token no longer refreshes; revoking needs the secret', async () => {
    const { code, verifier } = await codeFor('olga.lp00@example.com');
    const first = (await (await exchange(code, verifier)).json()) as TokenBody;
    const anonymous = await revoke(first.refresh_token!, null);
    expect(anonymous.status).toBe(401);
    expect((await refresh(issuer, first.refresh_token!)).status).toBe(200);

    const { code: code2, verifier: verifier2 } = await codeFor('olga.lp00@example.com');
    const second = (await (await exchange(code2, verifier2)).json()) as TokenBody;
    const revoked = await revoke(second.refresh_token!);
    expect(revoked.status).toBe(200);
    const after = await refresh(issuer, second.refresh_token!);
    expect(after.status).toBe(400);
    expect(after.body).toMatchObject({ error: 'invalid_grant' });
  });
});

/** Signs in at `interaction` of `browser` from client address `address`; the answer of the form POST. */
const logInFrom = (browser: Browser, interaction: string, address: string, email: string, password: string, extra: Record<string, string> = {}) =>
  browser.post(`${interaction}/login`, { email, password, ...extra }, { 'x-forwarded-for': address });

describe('sign-in throttling: (account, address) lockout, address limit, account step-up', () => {
  test('five wrong passwords from one address lock that address out of the account: even the right password from it gets 429 with Retry-After and a reason', async () => {
    const browser = new Browser();
    const { interaction } = await startAuthorization(browser);
    for (let i = 0; i < 5; i += 1) expect((await logInFrom(browser, interaction, '192.0.2.11', 'maximilian.long@example.com', `wrong-${i}`)).status).toBe(401);
    const right = await logInFrom(browser, interaction, '192.0.2.11', 'maximilian.long@example.com', PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThanOrEqual(25);
    expect(await right.text()).toMatch(/Too many sign-in attempts\. Please wait \d+ seconds and try again\./);
    const other = new Browser();
    const started = await startAuthorization(other);
    const ok = await followToCallback(other, await logInFrom(other, started.interaction, '192.0.2.11', 'bella.bigpoints@example.com', PASSWORD));
    expect(ok.searchParams.get('code')).toBeTruthy();
  });

  test("the owner signs in from another address while an attacker's address is locked out of the account", async () => {
    const attacker = new Browser();
    const a = await startAuthorization(attacker);
    for (let i = 0; i < 5; i += 1) await logInFrom(attacker, a.interaction, '203.0.113.21', 'olga.lp00@example.com', `guess-${i}`);
    expect((await logInFrom(attacker, a.interaction, '203.0.113.21', 'olga.lp00@example.com', 'guess-5')).status).toBe(429);

    const owner = new Browser();
    const o = await startAuthorization(owner);
    const callback = await followToCallback(owner, await logInFrom(owner, o.interaction, '198.51.100.21', 'olga.lp00@example.com', PASSWORD));
    expect(callback.searchParams.get('code')).toBeTruthy();
    // The attacker's address stays locked out.
    expect((await logInFrom(attacker, a.interaction, '203.0.113.21', 'olga.lp00@example.com', PASSWORD)).status).toBe(429);
  });

  test('failures from many addresses put the account under a step-up, never a lock: the owner waits a few seconds, then signs in', async () => {
    const email = 'owen.lp02@example.com';
    const attacker = new Browser();
    const a = await startAuthorization(attacker);
    for (let i = 0; i < SIGN_IN_LIMITS.accountCeiling; i += 1) await logInFrom(attacker, a.interaction, `203.0.113.${30 + Math.floor(i / 5)}`, email, `guess-${i}`);

    const owner = new Browser();
    const o = await startAuthorization(owner);
    const first = await logInFrom(owner, o.interaction, '198.51.100.31', email, PASSWORD);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe(String(SIGN_IN_LIMITS.stepUpWaitS));
    const page = await first.text();
    expect(page).toContain(`This account has had many failed sign-ins. To protect it, please wait ${SIGN_IN_LIMITS.stepUpWaitS} seconds, then enter your password and choose Log In again.`);
    const ticket = /name="step_up" value="([^"]+)"/.exec(page)![1]!;
    // Too early: still waiting, the password is not checked.
    expect((await logInFrom(owner, o.interaction, '198.51.100.31', email, PASSWORD, { step_up: ticket })).status).toBe(429);
    clockSkewMs = SIGN_IN_LIMITS.stepUpWaitS * 1000;
    try {
      const callback = await followToCallback(owner, await logInFrom(owner, o.interaction, '198.51.100.31', email, PASSWORD, { step_up: ticket }));
      expect(callback.searchParams.get('code')).toBeTruthy();
      // One wait buys one password check: the spent ticket gets a new wait.
      const again = new Browser();
      const g = await startAuthorization(again);
      expect((await logInFrom(again, g.interaction, '203.0.113.39', email, 'guess-x', { step_up: ticket })).status).toBe(429);
    } finally {
      clockSkewMs = 0;
    }
  });
});

describe('SignInThrottle', () => {
  test('blocks an (account, address) pair with a growing delay; another address is allowed; a success clears the pair', async () => {
    const t = new SignInThrottle();
    for (let i = 0; i < 5; i += 1) await t.failed('a@example.com', '10.0.0.1');
    expect(await t.check('a@example.com', '10.0.0.1')).toEqual({ allowed: false, retryAfterS: SIGN_IN_LIMITS.firstBlockS });
    expect(await t.check('a@example.com', '10.0.0.2')).toEqual({ allowed: true, stepUp: false });
    await t.failed('A@example.com ', '10.0.0.1');
    expect(await t.check('a@example.com', '10.0.0.1')).toEqual({ allowed: false, retryAfterS: SIGN_IN_LIMITS.firstBlockS * 2 });
    await t.succeeded('a@example.com', '10.0.0.1');
    expect(await t.check('a@example.com', '10.0.0.1')).toEqual({ allowed: true, stepUp: false });
  });

  test('one address failing across many accounts is blocked for every account', async () => {
    const t = new SignInThrottle();
    for (let i = 0; i < SIGN_IN_LIMITS.addressFailures; i += 1) await t.failed(`user${i}@example.com`, '10.9.9.9');
    expect(await t.check('fresh@example.com', '10.9.9.9')).toEqual({ allowed: false, retryAfterS: SIGN_IN_LIMITS.addressBlockS });
    expect(await t.check('fresh@example.com', '10.9.9.8')).toEqual({ allowed: true, stepUp: false });
  });

  test('the account ceiling across addresses asks for a step-up, never a block; sign-ups are limited per address', async () => {
    const t = new SignInThrottle({ signUpsPerHour: 2 });
    for (let i = 0; i < SIGN_IN_LIMITS.accountCeiling - 1; i += 1) await t.failed('b@example.com', `10.1.0.${i}`);
    expect(await t.check('b@example.com', '10.2.0.1')).toEqual({ allowed: true, stepUp: false });
    await t.failed('b@example.com', '10.1.1.1');
    expect(await t.check('b@example.com', '10.2.0.1')).toEqual({ allowed: true, stepUp: true });
    expect(await t.spendTicket('n1')).toBe(true);
    expect(await t.spendTicket('n1')).toBe(false);
    expect(await t.signUpAttempt('10.3.0.1')).toEqual({ allowed: true });
    expect(await t.signUpAttempt('10.3.0.1')).toEqual({ allowed: true });
    expect(await t.signUpAttempt('10.3.0.1')).toEqual({ allowed: false, retryAfterS: 3600 });
    expect(await t.signUpAttempt('10.3.0.2')).toEqual({ allowed: true });
  });
});

describe('sign-up throttle and CSRF', () => {
  const unique = () => `burst.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  test('twelve sign-ups from one address: five are created, the rest get 429 with Retry-After and a reason; another address still signs up', async () => {
    const statuses: number[] = [];
    let refused = '';
    for (let i = 0; i < 12; i += 1) {
      const res = await new Browser().post('/signup', { firstName: 'Burst', lastName: 'Bot', email: unique(), password: 'longenough' }, { 'x-forwarded-for': '203.0.113.50' });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
        refused = await res.text();
      } else await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(5).fill(303), ...Array(7).fill(429)]);
    expect(refused).toContain('Too many accounts were created from your network. Please wait 60 minutes and try again.');
    expect(refused).toContain('value="Burst"');
    // Inside a sign-in too.
    const browser = new Browser();
    const { interaction } = await startAuthorization(browser);
    expect((await browser.post(`${interaction}/signup`, { firstName: 'Burst', lastName: 'Bot', email: unique(), password: 'longenough' }, { 'x-forwarded-for': '203.0.113.50' })).status).toBe(429);
    const other = await new Browser().post('/signup', { firstName: 'Calm', lastName: 'Shopper', email: unique(), password: 'longenough' }, { 'x-forwarded-for': '203.0.113.51' });
    expect(other.status).toBe(303);
  });

  test('a cross-site POST without the form token is refused with 403 and a readable page: sign-up, sign-in, sign-up in a sign-in', async () => {
    const reason = 'This form has expired or was not sent from this site. Go back, reload the page and try again.';
    const forged = await new Browser().rawPost('/signup', { firstName: 'Eve', lastName: 'Forger', email: unique(), password: 'longenough' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(reason);
    // A token from another browser's page does not match this browser's cookie.
    const otherPage = await (await new Browser().request('/signup')).text();
    const stolen = await new Browser().rawPost('/signup', { csrf: csrfIn(otherPage), firstName: 'Eve', lastName: 'Forger', email: unique(), password: 'longenough' });
    expect(stolen.status).toBe(403);

    const browser = new Browser();
    const { interaction } = await startAuthorization(browser);
    const login = await browser.rawPost(`${interaction}/login`, { email: 'lena.linked@example.com', password: PASSWORD });
    expect(login.status).toBe(403);
    expect(await login.text()).toContain(reason);
    expect((await browser.rawPost(`${interaction}/signup`, { firstName: 'Eve', lastName: 'Forger', email: unique(), password: 'longenough' })).status).toBe(403);
    // The page's own form, with its token, still works.
    const ok = await followToCallback(browser, await browser.post(`${interaction}/login`, { email: 'lena.linked@example.com', password: PASSWORD }));
    expect(ok.searchParams.get('code')).toBeTruthy();
  });
});

describe('sign-in errors', () => {
  test.each([
    {
      title: 'a wrong password shows the sign-in form again with a text reason (401), no redirect',
      form: { email: 'lena.linked@example.com', password: 'wrong-password' },
      status: 401,
      shown: ['role="alert"', 'The email or password is incorrect. Please try again.', 'value="lena.linked@example.com"'],
    },
    {
      title: 'an unknown email gets the same answer as a wrong password',
      form: { email: 'nobody@example.com', password: PASSWORD },
      status: 401,
      shown: ['The email or password is incorrect.'],
    },
    {
      title: 'missing fields: 400 with each reason, linked to its field',
      form: { email: '', password: '' },
      status: 400,
      shown: ['Email is required.', 'Password is required.', 'aria-describedby="f-email-error" aria-invalid="true"'],
    },
  ])('$title', async ({ form, status, shown }) => {
    const browser = new Browser();
    const { interaction } = await startAuthorization(browser);
    const res = await browser.post(`${interaction}/login`, form);
    expect(res.status).toBe(status);
    const html = await res.text();
    for (const text of shown) expect(html).toContain(text);
  });

  test('bad input never crashes: wrong content type, oversize body, unknown interaction, wrong method', async () => {
    const browser = new Browser();
    const { interaction } = await startAuthorization(browser);
    const json = await browser.request(`${interaction}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":1}' });
    expect(json.status).toBe(400);
    expect(await json.text()).toContain('Expected a form submission');

    const big = await browser.post(`${interaction}/login`, { email: 'a@b.co', password: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);

    const unknown = await new Browser().post('/interaction/not-a-real-uid/login', { email: 'lena.linked@example.com', password: PASSWORD });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('This sign-in page has expired.');

    const del = await browser.request(interaction, { method: 'DELETE' });
    expect(del.status).toBe(405);

    // The provider still works afterwards.
    expect((await fetch(`${issuer}/.well-known/openid-configuration`)).status).toBe(200);
  });

  test('markup in submitted values is escaped', async () => {
    const browser = new Browser();
    const { interaction } = await startAuthorization(browser);
    const res = await browser.post(`${interaction}/login`, { email: '"><script>alert(1)</script>', password: 'x' });
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('sign-up (spec §2 Header: Sign Up)', () => {
  const unique = () => `new.shopper.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  test('the sign-up page has the labelled fields and the Sign Up button', async () => {
    const res = await fetch(`${issuer}/signup?return_to=${encodeURIComponent(`${PUBLIC_ORIGIN}/?query=milk`)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const label of ['First name', 'Last name', 'Email', 'Password']) expect(html).toMatch(new RegExp(`<label for="f-\\w+">${label}</label>`));
    expect(html).toContain('minlength="8"');
    expect(html).toContain('<button type="submit">Sign Up</button>');
    expect(html).toContain(`name="return_to" value="${escapeHtml(`${PUBLIC_ORIGIN}/?query=milk`)}"`);
  });

  test('stand-alone sign-up redirects to return_to; the new shopper can then sign in and gets their names in the id token', async () => {
    const email = unique();
    const res = await new Browser().post('/signup', { firstName: 'Zoë', lastName: "O'Neil", email, password: 'longenough', return_to: `${PUBLIC_ORIGIN}/store-locator` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PUBLIC_ORIGIN}/store-locator`);

    const { token } = await signIn(email, 'longenough');
    const { payload } = await verifyIdToken(token.id_token);
    expect(payload).toMatchObject({ email, given_name: 'Zoë', family_name: "O'Neil" });
    expect(payload.sub).toMatch(/^u-[0-9a-f-]{36}$/);

    // Kept in the data file (sign-ups only, hashed password).
    const saved = JSON.parse(fs.readFileSync(dataFile, 'utf8')) as { shoppers: Array<Record<string, unknown>> };
    const row = saved.shoppers.find((s) => s.email === email)!;
    expect(row).toMatchObject({ firstName: 'Zoë', seeded: false });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(saved.shoppers.some((s) => s.email === 'lena.linked@example.com')).toBe(false);
  });

  test('sign-up during a sign-in (the "Sign Up" link, or screen_hint=signup) continues the authorization: signed in at once', async () => {
    const browser = new Browser();
    const { interaction, verifier } = await startAuthorization(browser, { screen_hint: 'signup' });
    const form = await browser.request(interaction);
    expect(await form.text()).toContain('Create your account');
    const email = unique();
    const res = await browser.post(`${interaction}/signup`, { firstName: 'Ada', lastName: 'Lovelace', email, password: 'analytical' });
    const callback = await followToCallback(browser, res);
    const token = (await (await exchange(callback.searchParams.get('code')!, verifier)).json()) as { id_token: string };
    expect((await verifyIdToken(token.id_token)).payload).toMatchObject({ email, given_name: 'Ada', family_name: 'Lovelace' });
  });

  test('a duplicate email is refused (409) with a reason, also in another case', async () => {
    const res = await new Browser().post('/signup', { firstName: 'Lena', lastName: 'Again', email: 'LENA.linked@example.com', password: 'longenough' });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('An account with this email already exists. Log in instead.');
    expect(html).toContain('value="Lena"'); // the form keeps what was typed
    expect(html).not.toContain('longenough'); // but never the password
  });

  test('bad input: 400 with a reason per field', async () => {
    const res = await new Browser().post('/signup', { firstName: '', lastName: '<b>x</b>', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('First name is required.');
    expect(html).toContain('Last name may contain only letters, spaces, apostrophes, hyphens and periods.');
    expect(html).toContain('Enter a valid email address, like name@example.com.');
    expect(html).toContain('Password must be at least 8 characters.');
    expect(html).toContain('value="&lt;b&gt;x&lt;/b&gt;"');
  });

  test('return_to must be on the storefront origin (no open redirect)', async () => {
    const get = await fetch(`${issuer}/signup?return_to=${encodeURIComponent('https://evil.example/')}`);
    expect(get.status).toBe(400);
    expect(await get.text()).toContain(`return_to must be a page of ${PUBLIC_ORIGIN}.`);
    const post = await new Browser().post('/signup', { firstName: 'A', lastName: 'B', email: unique(), password: 'longenough', return_to: '//evil.example/x' });
    expect(post.status).toBe(400);
  });

  test('validateSignUp accepts accented and hyphenated names and rejects passwords over 72 characters', () => {
    expect(validateSignUp({ firstName: 'Anne-Marie', lastName: 'St. Pierre', email: 'a@b.ca', password: '12345678' })).toEqual([]);
    expect(validateSignUp({ firstName: 'A', lastName: 'B', email: 'a@b.ca', password: 'x'.repeat(73) })).toEqual([
      { field: 'password', message: 'Password must be at most 72 characters.' },
    ]);
  });
});

describe('end session (spec §7 "logout via the identity provider")', () => {
  test('signing out shows the auto-submitted confirmation, then returns to the storefront', async () => {
    const { browser, token } = await signIn('liam.lp01@example.com', PASSWORD);
    const params = new URLSearchParams({ id_token_hint: token.id_token, post_logout_redirect_uri: `${PUBLIC_ORIGIN}/`, client_id: 'storefront' });
    const page = await browser.request(`/session/end?${params}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign Out</button>');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirm = await browser.post(action, { xsrf, logout: 'yes' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${PUBLIC_ORIGIN}/`);

    // The provider session is gone: a new authorization asks for the password again.
    const again = await startAuthorization(browser);
    expect(await (await browser.request(again.interaction)).text()).toContain('Log In');
  });
});

describe("the BFF's sign-out: client_id + post_logout_redirect_uri, no id_token_hint (no token in a URL the page can read)", () => {
  const endSessionUrl = `/session/end?${new URLSearchParams({ client_id: 'storefront', post_logout_redirect_uri: `${PUBLIC_ORIGIN}/` })}`;

  /** Submits the end-session page's form as its auto-submit script does; the answer. */
  const submitLogout = async (browser: Browser, html: string) => {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    return browser.post(action, { xsrf, logout: 'yes' });
  };

  test('ends the provider session, returns to the storefront, and the session\'s refresh token stops working', async () => {
    const { browser, code, verifier } = await codeFor('sam.session@example.com');
    const token = (await (await exchange(code, verifier)).json()) as TokenBody;
    const page = await browser.request(endSessionUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign Out</button>');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    const confirm = await submitLogout(browser, html);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${PUBLIC_ORIGIN}/`);

    // The provider session is gone: a new authorization asks for the password; the refresh token is refused.
    const again = await startAuthorization(browser);
    expect(await (await browser.request(again.interaction)).text()).toContain('Log In');
    const refreshed = await refresh(issuer, token.refresh_token!);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body).toMatchObject({ error: 'invalid_grant' });
  });

  test('without a provider session (already signed out there) it still returns to the storefront', async () => {
    const browser = new Browser();
    const page = await browser.request(endSessionUrl);
    expect(page.status).toBe(200);
    const confirm = await submitLogout(browser, await page.text());
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${PUBLIC_ORIGIN}/`);
  });

  test('a post_logout_redirect_uri that is not the storefront is refused with the error page, never a redirect', async () => {
    const res = await new Browser().request(`/session/end?${new URLSearchParams({ client_id: 'storefront', post_logout_redirect_uri: 'https://evil.example/' })}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('post_logout_redirect_uri');
  });
});

describe('signing in again right after signing out', () => {
  // Within one second the two id tokens had the same claims (`iat` is whole seconds), so a relying party
  // could not tell the new session's token from the ended one's.
  test('the same shopper signs out and at once signs in again: a new session and a new id token', async () => {
    const { browser, token } = await signIn('bella.bigpoints@example.com', PASSWORD);
    const params = new URLSearchParams({ id_token_hint: token.id_token, post_logout_redirect_uri: `${PUBLIC_ORIGIN}/`, client_id: 'storefront' });
    const html = await (await browser.request(`/session/end?${params}`)).text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    expect((await browser.post(action, { xsrf, logout: 'yes' })).status).toBe(303);

    const { interaction, verifier } = await startAuthorization(browser);
    const callback = await followToCallback(browser, await browser.post(`${interaction}/login`, { email: 'bella.bigpoints@example.com', password: PASSWORD }));
    const again = await exchange(callback.searchParams.get('code')!, verifier);
    expect(again.status).toBe(200);
    const next = (await again.json()) as { id_token: string };
    const [before, after] = await Promise.all([verifyIdToken(token.id_token), verifyIdToken(next.id_token)]);
    expect(after.payload.sub).toBe(before.payload.sub);
    // Each names its own provider session: a relying party refuses the ended one's tokens, not the new ones.
    expect(before.payload.sid).toEqual(expect.any(String));
    expect(after.payload.sid).toEqual(expect.any(String));
    expect(after.payload.sid).not.toBe(before.payload.sid);
    expect(next.id_token).not.toBe(token.id_token);
  });
});

describe('seed data: every branch of spec §4 is reachable', () => {
  test('every demo shopper of shoppers.json can sign in with the shared password', async () => {
    const seed = readSeedShoppers();
    expect(seed.shoppers.length).toBeGreaterThanOrEqual(9);
    for (const s of seed.shoppers) {
      expect(await idp.accounts.authenticate(s.email, seed.password)).toMatchObject({ uid: s.uid });
    }
  });
});
