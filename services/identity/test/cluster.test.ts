/**
 * Replicas: two identity servers on one PostgreSQL database and one Redis (the throwaway engines of
 * globalSetup), as behind a load balancer. What one stores, the other finds; a restart of both keeps
 * shoppers signed in and tokens verifiable; keys rotate without a replica ever signing with a key the
 * other does not publish; failures on either replica count against one limit.
 */
import { randomBytes } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { createIdentityServer, type IdentityOptions, type IdentityServer } from '../src/server';
import { Browser, CLIENT_SECRET, eventually, exchange, freePort, freshDatabase, PASSWORD, PUBLIC_ORIGIN, publishedKids, refresh, signUpForm, testRedisUrl, verifyAt } from './backends';

const ISSUER = 'http://idp.example.test';

interface Replica {
  idp: IdentityServer;
  base: string;
}

async function replica(options: Partial<IdentityOptions>): Promise<Replica> {
  const idp = await createIdentityServer({ issuer: ISSUER, publicOrigin: PUBLIC_ORIGIN, clientSecret: CLIENT_SECRET, log: false, bcryptCost: 4, trustProxy: 'loopback', ...options });
  const port = await idp.listen(await freePort(), '127.0.0.1');
  return { idp, base: `http://127.0.0.1:${port}` };
}

/** A browser behind the load balancer at a new client address (so address limits never mix across tests). */
const shopper = () => new Browser(ISSUER, { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 250)}, 127.0.0.1` });
const unique = () => `replica.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;

/** Signs in through the sign-in form, each step on the next replica of `bases`; resolves to the tokens. */
async function signIn(browser: Browser, bases: string[], email: string, password: string) {
  const { verifier, res } = await browser.authorize(bases[0]!);
  expect(res.status).toBe(303);
  const interaction = res.headers.get('location')!;
  const login = await browser.post(bases[1 % bases.length]!, `${interaction}/login`, { email, password });
  const callback = await browser.follow(bases.slice(2).concat(bases), login);
  expect(callback?.searchParams.get('code')).toBeTruthy();
  const token = await exchange(bases[bases.length - 1]!, callback!.searchParams.get('code')!, verifier);
  expect(token.status).toBe(200);
  return token.body;
}

let databaseUrl: string;
let a: Replica;
let b: Replica;
const common = () => ({ databaseUrl, redisUrl: testRedisUrl() });

beforeAll(async () => {
  databaseUrl = await freshDatabase();
  // Two replicas starting together on an empty database: one migrates and creates the keys, the other waits.
  [a, b] = await Promise.all([replica(common()), replica(common())]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.idp.close(), b?.idp.close()]);
});

describe('two replicas on one database and one Redis', () => {
  test('both are live and ready, publish the same key and sign with it', async () => {
    for (const r of [a, b]) {
      expect(await (await fetch(`${r.base}/livez`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${r.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
    }
    expect(a.idp.signingKid).toBe(b.idp.signingKid);
    expect(await publishedKids(a.base)).toEqual(await publishedKids(b.base));
    const jwks = (await (await fetch(`${a.base}/jwks`)).json()) as { keys: Array<Record<string, unknown>> };
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key).not.toHaveProperty('d'); // public parts only
    }
  });

  test('a sign-up on A signs in on B', async () => {
    const email = unique();
    const browser = shopper();
    const res = await browser.post(a.base, '/signup', { firstName: 'Rita', lastName: 'Replica', email, password: 'longenough' });
    expect(res.status).toBe(303);
    const tokens = await signIn(shopper(), [b.base], email, 'longenough');
    const { payload } = await verifyAt(b.base, ISSUER, tokens.id_token);
    expect(payload).toMatchObject({ email, given_name: 'Rita', family_name: 'Replica' });
    // The same email again, on B: taken.
    const again = await shopper().post(b.base, '/signup', { firstName: 'Rita', lastName: 'Again', email: email.toUpperCase(), password: 'longenough' });
    expect(again.status).toBe(409);
  });

  test('an authorization started on A is finished on B, the code exchanged on A; the session cookie then works on B', async () => {
    const browser = shopper();
    const tokens = await signIn(browser, [a.base, b.base, a.base, b.base], 'lena.linked@example.com', PASSWORD);
    const { payload } = await verifyAt(a.base, ISSUER, tokens.id_token);
    expect(payload.sub).toBe('u-1003');
    // Userinfo on the other replica (the access token is a row of oidc_payloads).
    const me = await fetch(`${b.base}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await me.json()).toMatchObject({ sub: 'u-1003' });
    // Signed in: a new authorization on B goes straight back to the storefront with a code.
    const { verifier, res } = await browser.authorize(b.base);
    const callback = await browser.follow([b.base], res);
    expect(callback?.searchParams.get('code')).toBeTruthy();
    expect((await exchange(a.base, callback!.searchParams.get('code')!, verifier)).status).toBe(200);
  });

  test('a refresh token issued on A refreshes on B (same provider session); the used one is then refused on A', async () => {
    const tokens = await signIn(shopper(), [a.base, b.base], 'bella.bigpoints@example.com', PASSWORD);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const onB = await refresh(b.base, tokens.refresh_token!);
    expect(onB.status).toBe(200);
    const [before, after] = await Promise.all([verifyAt(a.base, ISSUER, tokens.id_token), verifyAt(a.base, ISSUER, onB.body.id_token)]);
    expect(after.payload).toMatchObject({ sub: 'u-1007', sid: before.payload.sid });
    expect((await refresh(a.base, tokens.refresh_token!)).body).toMatchObject({ error: 'invalid_grant' });
  });

  test('five wrong passwords alternating between A and B lock that address out of the account on both; the owner elsewhere signs in', async () => {
    const email = 'owen.lp02@example.com';
    const browser = shopper();
    const { res } = await browser.authorize(a.base);
    const interaction = res.headers.get('location')!;
    for (let i = 0; i < 5; i += 1) {
      const wrong = await browser.post(i % 2 ? b.base : a.base, `${interaction}/login`, { email, password: `wrong-${i}` });
      expect(wrong.status).toBe(401);
    }
    for (const r of [a, b]) {
      const right = await browser.post(r.base, `${interaction}/login`, { email, password: PASSWORD });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThanOrEqual(25);
    }
    // Only that address is locked out: the owner, from another one, signs in on either replica.
    expect((await signIn(shopper(), [b.base, a.base], email, PASSWORD)).id_token).toBeTruthy();
  });

  test('sign-ups from one address are counted across both replicas: the sixth in the hour gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await new Browser(ISSUER, { 'x-forwarded-for': '203.0.113.90' }).post(i % 2 ? b.base : a.base, '/signup', { firstName: 'Many', lastName: 'Accounts', email: unique(), password: 'longenough' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  });

  test('four wrong passwords across both replicas do not block', async () => {
    const email = 'gina.ghost@example.com';
    const browser = shopper();
    const { res } = await browser.authorize(b.base);
    const interaction = res.headers.get('location')!;
    for (let i = 0; i < 4; i += 1) expect((await browser.post(i % 2 ? a.base : b.base, `${interaction}/login`, { email, password: 'nope-nope' })).status).toBe(401);
    const right = await browser.post(a.base, `${interaction}/login`, { email, password: PASSWORD });
    expect(right.status).toBe(303);
  });

  test('the address limit counts the client of X-Forwarded-For, not the load balancer', async () => {
    const attacker = new Browser(ISSUER, { 'x-forwarded-for': '203.0.113.77' });
    const { res } = await attacker.authorize(a.base);
    const interaction = res.headers.get('location')!;
    for (let i = 0; i < 20; i += 1) {
      await attacker.post(i % 2 ? a.base : b.base, `${interaction}/login`, { email: `spray${i}@example.com`, password: 'wrong-pass' });
    }
    const blocked = await attacker.post(a.base, `${interaction}/login`, { email: 'nora.nocard@example.com', password: PASSWORD });
    expect(blocked.status).toBe(429);
    // Another shopper behind the same load balancer is not blocked.
    const tokens = await signIn(shopper(), [b.base], 'nora.nocard@example.com', PASSWORD);
    expect(tokens.id_token).toBeTruthy();
  });

  test('x-request-id: a valid one is echoed, an invalid one replaced by a UUID', async () => {
    const ok = await fetch(`${a.base}/.well-known/openid-configuration`, { headers: { 'x-request-id': 'lb-7f3a.1_x' } });
    expect(ok.headers.get('x-request-id')).toBe('lb-7f3a.1_x');
    for (const bad of ['has space', 'x'.repeat(129), 'semi;colon']) {
      const res = await fetch(`${b.base}/livez`, { headers: { 'x-request-id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect((await fetch(`${b.base}/readyz`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a restart of every replica at once', () => {
  test('keeps the shopper signed in and every issued token verifiable with the same kid', async () => {
    const browser = shopper();
    const tokens = await signIn(browser, [a.base, b.base], 'bella.bigpoints@example.com', PASSWORD);
    const kid = decodeProtectedHeader(tokens.id_token).kid!;
    await Promise.all([a.idp.close(), b.idp.close()]);
    [a, b] = await Promise.all([replica(common()), replica(common())]);
    expect(a.idp.signingKid).toBe(kid);
    for (const r of [a, b]) {
      expect(await publishedKids(r.base)).toContain(kid);
      await expect(verifyAt(r.base, ISSUER, tokens.id_token)).resolves.toBeTruthy();
    }
    // Still signed in: no sign-in form, a code straight away.
    const { verifier, res } = await browser.authorize(b.base);
    const callback = await browser.follow([a.base, b.base], res);
    expect(callback?.searchParams.get('code')).toBeTruthy();
    const again = await exchange(a.base, callback!.searchParams.get('code')!, verifier);
    expect((await verifyAt(b.base, ISSUER, again.body.id_token)).payload.sub).toBe('u-1007');
  }, 90_000);
});

describe('signing key rotation', () => {
  test('a new key is published by every replica before any signs with it; old tokens still verify', async () => {
    const db = await freshDatabase();
    const options = { databaseUrl: db, redisUrl: testRedisUrl(), signingKeyRotateS: 3, keyRefreshS: 0.4 };
    let [c, d] = await Promise.all([replica(options), replica(options)]);
    try {
      const first = await signIn(shopper(), [c.base, d.base], 'sam.session@example.com', PASSWORD);
      const oldKid = decodeProtectedHeader(first.id_token).kid!;
      expect(oldKid).toBe(c.idp.signingKid);
      // Until both sign with a new key: at every moment, the kid each replica signs with is published by both.
      await eventually(async () => {
        const [jc, jd] = await Promise.all([publishedKids(c.base), publishedKids(d.base)]);
        const signers = [c.idp.signingKid, d.idp.signingKid];
        for (const kid of signers) {
          expect(jc).toContain(kid);
          expect(jd).toContain(kid);
        }
        return signers.every((k) => k !== oldKid) ? true : undefined;
      }, 15_000, 50);
      const second = await signIn(shopper(), [d.base, c.base], 'sam.session@example.com', PASSWORD);
      expect(decodeProtectedHeader(second.id_token).kid).not.toBe(oldKid);
      // The old kid is still published (its tokens are valid for an hour) and its token verifies.
      for (const r of [c, d]) {
        expect(await publishedKids(r.base)).toContain(oldKid);
        await expect(verifyAt(r.base, ISSUER, first.id_token)).resolves.toBeTruthy();
        await expect(verifyAt(r.base, ISSUER, second.id_token)).resolves.toBeTruthy();
      }
      // A restart of both (rotation due again at start): the old token still verifies.
      await Promise.all([c.idp.close(), d.idp.close()]);
      [c, d] = await Promise.all([replica(options), replica(options)]);
      await expect(verifyAt(d.base, ISSUER, first.id_token)).resolves.toBeTruthy();
      await expect(verifyAt(c.base, ISSUER, second.id_token)).resolves.toBeTruthy();
    } finally {
      await Promise.all([c.idp.close(), d.idp.close()]);
    }
  }, 90_000);
});

describe('draining', () => {
  test('/readyz answers 503 once draining; an in-flight request finishes; then the port is closed', async () => {
    const r = await replica(common());
    r.idp.startDraining();
    const ready = await fetch(`${r.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining', reason: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');
    expect((await fetch(`${r.base}/livez`)).status).toBe(200);

    // A sign-up whose body is still arriving when the stop begins.
    const email = unique();
    const form = await signUpForm(r.base, { 'x-forwarded-for': '192.0.2.10' });
    const body = new URLSearchParams({ csrf: form.csrf, firstName: 'Ida', lastName: 'Inflight', email, password: 'longenough' }).toString();
    let push: (chunk: string | null) => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk === null ? controller.close() : controller.enqueue(new TextEncoder().encode(chunk)));
      },
    });
    const pending = fetch(`${r.base}/signup`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.10', cookie: form.cookie }, body: stream, duplex: 'half', redirect: 'manual',
    } as RequestInit);
    push(body.slice(0, 10));
    await new Promise((res) => setTimeout(res, 200));
    const closed = r.idp.close();
    await new Promise((res) => setTimeout(res, 200));
    push(body.slice(10));
    push(null);
    expect((await pending).status).toBe(303);
    await closed;
    await expect(fetch(`${r.base}/livez`)).rejects.toThrow();
    // The sign-up was stored: it signs in on a running replica.
    expect((await signIn(shopper(), [a.base], email, 'longenough')).id_token).toBeTruthy();
  });
});
