/**
 * Spec §7 "bearer header, id token in a focus header, nonce" and §6 roles: id-token verification,
 * headers, nonce and other-user access, over real HTTP.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { buildServer } from '../src/server';
import { CLIENT_ID, failure, harnessPerFile, ISSUER, KID, listenOnLoopback, makeKey, success } from './harness';
import { freshNonce, shopperHeaders } from './id-tokens';

const h = harnessPerFile();

const LENA = 'u-1003';

describe('spec §7 shopper auth: id token headers', () => {
  test('a valid token in both headers with a nonce is accepted and the nonce is echoed', async () => {
    const res = await h.as(LENA, 'GET', '/api/account', undefined, { 'x-nonce': 'nonce-echoed-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-nonce')).toBe('nonce-echoed-1');
    expect(res.json).toEqual(success(200, expect.objectContaining({ uid: LENA })));
  });

  test("no token at all → 401 'Missing id token'", async () => {
    const res = await h.call('GET', '/api/account', { headers: { 'x-nonce': freshNonce() } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(failure(401, 'Missing id token'));
  });

  test('only one of the two headers, or a non-Bearer Authorization → 401 with the reason', async () => {
    const token = await h.mint(LENA);
    const onlyBearer = await h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-nonce': freshNonce() } });
    expect(onlyBearer.status).toBe(401);
    expect(onlyBearer.json.message).toMatch(/^Missing id token: x-id-token header/);
    const onlyFocus = await h.call('GET', '/api/account', { headers: { 'x-id-token': token, 'x-nonce': freshNonce() } });
    expect(onlyFocus.json).toEqual(failure(401, expect.stringMatching(/Authorization header must be "Bearer <id token>"/)));
    const basic = await h.call('GET', '/api/account', { headers: { authorization: 'Basic dXNlcjpwYXNz', 'x-id-token': token, 'x-nonce': freshNonce() } });
    expect(basic.status).toBe(401);
  });

  test('bearer ≠ focus header → 401 mismatch (even when both tokens are valid)', async () => {
    const a = await h.mint(LENA);
    const b = await h.mint('u-1002');
    const res = await h.call('GET', '/api/account', { headers: { authorization: `Bearer ${a}`, 'x-id-token': b, 'x-nonce': freshNonce() } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(failure(401, 'Id token mismatch: Authorization bearer and x-id-token differ'));
  });

  test('A token issued in the future, or more than an hour ago, is refused', async () => {
    const call = (token: string) => h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });
    const future = await call(await h.mint(LENA, { issuedIn: 600, expiresIn: 4000 }));
    expect(future.status).toBe(401);
    expect(future.json.message).toMatch(/^Invalid id token/);
    const old = await call(await h.mint(LENA, { issuedIn: -3700, expiresIn: 3600 }));
    expect(old.status).toBe(401);
    expect((await call(await h.mint(LENA))).status).toBe(200);
  });

  test('a token for several audiences is accepted only when "azp" names this client', async () => {
    const call = (token: string) => h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });
    const noAzp = await call(await h.mint(LENA, { aud: [CLIENT_ID, 'other-app'] }));
    expect(noAzp.json).toEqual(failure(401, 'Invalid id token: a token for several audiences must name this client in "azp"'));
    const wrongAzp = await call(await h.mint(LENA, { aud: [CLIENT_ID, 'other-app'], claims: { azp: 'other-app' } }));
    expect(wrongAzp.status).toBe(401);
    expect((await call(await h.mint(LENA, { aud: [CLIENT_ID, 'other-app'], claims: { azp: CLIENT_ID } }))).status).toBe(200);
  });

  test('after POST /api/session/end the signed-out token is refused; a new sign-in works; another shopper is untouched', async () => {
    const call = (token: string) => h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });
    const uid = 'u-signout-1';
    const before = await h.mint(uid);
    const other = await h.mint('u-signout-2');
    expect((await call(before)).status).toBe(200);
    const ended = await h.call('POST', '/api/session/end', { headers: { authorization: `Bearer ${before}`, 'x-id-token': before, 'x-nonce': freshNonce() }, body: {} });
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ status: 'success', code: 200, message: 'Session ended', data: { endedAt: expect.any(String) } });
    expect((await call(before)).json).toEqual(failure(401, 'Invalid id token: the session has ended (signed out)'));
    expect((await call(other)).status).toBe(200);
    const after = await h.mint(uid, { issuedIn: 2 });
    expect((await call(after)).status).toBe(200);
  });

  test('a sign-in in the same second as the sign-out works: tokens of the ended provider session (sid) are refused, a new session is not', async () => {
    const call = (token: string) => h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });
    const uid = 'u-signout-sid';
    const ending = await h.mint(uid, { issuedIn: 0, claims: { sid: 'session-1' } });
    const earlierSession = await h.mint(uid, { issuedIn: -5, claims: { sid: 'session-0' } });
    expect((await h.call('POST', '/api/session/end', { headers: { authorization: `Bearer ${ending}`, 'x-id-token': ending, 'x-nonce': freshNonce() }, body: {} })).status).toBe(200);
    const sameSecond = await h.mint(uid, { issuedIn: 0, claims: { sid: 'session-2' } });
    expect((await call(sameSecond)).status).toBe(200);
    expect((await call(await h.mint(uid, { issuedIn: 0, claims: { sid: 'session-1' } }))).json).toEqual(failure(401, 'Invalid id token: the session has ended (signed out)'));
    expect((await call(earlierSession)).status).toBe(401);
  });

  test('expired token → 401 "expired"', async () => {
    const token = await h.mint(LENA, { expiresIn: -120 });
    const res = await h.call('POST', '/api/services/Inquire', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() }, body: {} });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(failure(401, 'Invalid id token: expired'));
  });

  test('forged token: signed by another key with the same kid → 401 signature; unknown kid → 401 no matching key', async () => {
    const other = await makeKey(KID);
    const forged = await h.mint(LENA, { key: other.privateKey });
    const res = await h.call('GET', '/api/account', { headers: { authorization: `Bearer ${forged}`, 'x-id-token': forged, 'x-nonce': freshNonce() } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(failure(401, 'Invalid id token: signature verification failed'));
    const otherKid = await h.mint(LENA, { key: other.privateKey, kid: 'attacker' });
    const res2 = await h.call('GET', '/api/account', { headers: { authorization: `Bearer ${otherKid}`, 'x-id-token': otherKid, 'x-nonce': freshNonce() } });
    expect(res2.json).toEqual(failure(401, 'Invalid id token: no matching signing key'));
  });

  test('a token with a tampered payload (sub swapped) → 401', async () => {
    const token = await h.mint('u-1002');
    const [head, , sig] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: LENA, iss: ISSUER, aud: CLIENT_ID, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    const tampered = `${head}.${payload}.${sig}`;
    const res = await h.call('GET', '/api/account', { headers: { authorization: `Bearer ${tampered}`, 'x-id-token': tampered, 'x-nonce': freshNonce() } });
    expect(res.json).toEqual(failure(401, 'Invalid id token: signature verification failed'));
  });

  test('wrong audience, wrong issuer, HS256 and unsigned tokens, garbage → 401 with a reason', async () => {
    const check = async (token: string, reason: RegExp) => {
      const res = await h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });
      expect(res.status).toBe(401);
      expect(res.json.message).toMatch(reason);
    };
    await check(await h.mint(LENA, { aud: 'another-client' }), /unexpected "aud" claim value/);
    await check(await h.mint(LENA, { iss: 'http://evil.test' }), /unexpected "iss" claim value/);
    const hs = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(LENA).setIssuer(ISSUER).setAudience(CLIENT_ID).setExpirationTime('1h').sign(new Uint8Array(32));
    await check(hs, /algorithm not allowed/);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: LENA, iss: ISSUER, aud: CLIENT_ID })).toString('base64url')}.`;
    await check(none, /Invalid id token/);
    await check('not-a-jwt', /malformed token/);
  });
});

describe('spec §7 nonce header', () => {
  test('a nonce is single-use: a replayed request (same token, same nonce) → 409 NONCE_REPLAYED; another shopper\'s nonce is their own', async () => {
    const lena = shopperHeaders(await h.mint(LENA), 'nonce-replay-0001');
    const first = await h.call('POST', '/api/recent-searches', { headers: lena, body: { label: 'oat milk' } });
    expect(first.status).toBe(200);
    for (const [method, path, body] of [['POST', '/api/recent-searches', { label: 'oat milk' }], ['GET', '/api/account', undefined]] as const) {
      const replay = await h.call(method, path, { headers: lena, body });
      expect(replay.status).toBe(409);
      expect(replay.json).toEqual(failure('NONCE_REPLAYED', 'Replayed x-nonce header: a nonce is single-use, send a fresh one with every request'));
    }
    // a new token does not make an old nonce new again (nonces are per shopper)
    expect((await h.call('GET', '/api/account', { headers: shopperHeaders(await h.mint(LENA, { issuedIn: -30 }), 'nonce-replay-0001') })).status).toBe(409);
    // the same nonce from another shopper, and a fresh nonce from Lena, pass
    expect((await h.call('GET', '/api/account', { headers: shopperHeaders(await h.mint('u-1007'), 'nonce-replay-0001') })).status).toBe(200);
    expect((await h.call('GET', '/api/account', { headers: { ...lena, 'x-nonce': freshNonce() } })).status).toBe(200);
    // generateToken (the id token in the body) too
    const idToken = await h.mint('u-1005');
    const consent = { headers: { 'x-nonce': 'nonce-replay-0002' }, body: { idToken } };
    expect((await h.call('POST', '/api/generateToken', consent)).status).toBe(200);
    expect((await h.call('POST', '/api/generateToken', consent)).json.code).toBe('NONCE_REPLAYED');
  });

  test('missing nonce → 400; too short or too long → 400', async () => {
    const headers = await h.headers(LENA);
    delete headers['x-nonce'];
    const res = await h.call('POST', '/api/services/Inquire', { headers, body: {} });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(failure(400, 'Missing x-nonce header'));
    for (const nonce of ['short', 'n'.repeat(129)]) {
      const bad = await h.call('POST', '/api/services/Inquire', { headers: { ...headers, 'x-nonce': nonce }, body: {} });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toMatch(/^Invalid x-nonce header/);
    }
  });
});

describe('spec §6: a shopper only reads and changes their own data', () => {
  test("a uid in the query or body that is not the token's sub → 403 and nothing changes", async () => {
    const q = await h.as(LENA, 'GET', '/api/account?uid=u-1007');
    expect(q.status).toBe(403);
    expect(q.json).toEqual(failure(403, 'Forbidden: not your account'));
    const b = await h.as(LENA, 'POST', '/api/account/preferred-store', { uid: 'u-1007', storeId: '3582' });
    expect(b.status).toBe(403);
    const inquire = await h.as(LENA, 'POST', '/api/services/Inquire', { uid: 'u-1007' });
    expect(inquire.status).toBe(403);
    const bella = await h.as('u-1007', 'GET', '/api/account');
    expect(bella.json.data.preferredStoreId).toBe('4886');
  });

  test('the own uid in the body is accepted', async () => {
    const res = await h.as(LENA, 'POST', '/api/services/Inquire', { uid: LENA });
    expect(res.json.data.cardNumber).toBe('6046000000001003');
  });
});

describe('verification keys from the issuer (OIDC discovery + createRemoteJWKSet)', () => {
  let issuer: FastifyInstance;
  let issuerUrl: string;
  let key: Awaited<ReturnType<typeof makeKey>>;

  beforeAll(async () => {
    key = await makeKey('remote-1');
    issuer = Fastify();
    issuer.get('/.well-known/openid-configuration', async () => ({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/jwks` }));
    issuer.get('/jwks', async () => ({ keys: [key.jwk] }));
    issuerUrl = await listenOnLoopback(issuer);
  });
  afterAll(() => issuer.close());

  test('a token signed by the issuer verifies; the provider being down answers 503', async () => {
    const db = h.db;
    const app = buildServer({ db, auth: { issuer: issuerUrl, clientId: CLIENT_ID } });
    const down = buildServer({ db, auth: { issuer: 'http://127.0.0.1:9', clientId: CLIENT_ID, discoveryTimeoutMs: 1000 } });
    try {
      const token = await new SignJWT({ given_name: 'Remy', family_name: 'Remote', email: 'remy@example.com' })
        .setProtectedHeader({ alg: 'RS256', kid: 'remote-1' })
        .setSubject('u-remote').setIssuer(issuerUrl).setAudience(CLIENT_ID).setIssuedAt().setExpirationTime('10m')
        .sign(key.privateKey);
      const headers = { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() };
      const get = async (server: FastifyInstance) => {
        const res = await fetch(`${await listenOnLoopback(server)}/api/account`, { headers });
        return { status: res.status, json: (await res.json()) as { data: unknown } };
      };
      const res = await get(app);
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({ uid: 'u-remote', email: 'remy@example.com', firstName: 'Remy', lastName: 'Remote', cardNumber: null, preferredStoreId: null, bannerCode: null, lifestyles: [], subscribed: false });
      const unavailable = await get(down);
      expect(unavailable.status).toBe(503);
      expect(unavailable.json).toEqual(failure(503, 'Identity provider unavailable'));
    } finally {
      await app.close();
      await down.close();
    }
  }, 30_000);
});

describe('key rotation: the key cache of each replica fetches again on an unknown kid', () => {
  test('a token signed with a newly published key verifies on a BFF that cached the old key set', async () => {
    const old = await makeKey('rotating-1');
    const next = await makeKey('rotating-2');
    let keys = [old.jwk];
    let fetches = 0;
    const issuer = Fastify();
    let url = '';
    issuer.get('/.well-known/openid-configuration', async () => ({ issuer: url, jwks_uri: `${url}/jwks` }));
    issuer.get('/jwks', async () => {
      fetches += 1;
      return { keys };
    });
    url = await listenOnLoopback(issuer);
    const app = buildServer({ db: h.db, auth: { issuer: url, clientId: CLIENT_ID } }); // default cooldown (JWKS_COOLDOWN_MS)
    const base = await listenOnLoopback(app);
    const get = async (key: Awaited<ReturnType<typeof makeKey>>, kid: string) => {
      const token = await new SignJWT({ email: 'rota@example.com' })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setSubject('u-rotation').setIssuer(url).setAudience(CLIENT_ID).setIssuedAt().setExpirationTime('10m')
        .sign(key.privateKey);
      const res = await fetch(`${base}/api/account`, { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });
      return { status: res.status, json: (await res.json()) as { message: string } };
    };
    try {
      expect((await get(old, 'rotating-1')).status).toBe(200);
      expect(fetches).toBe(1);
      keys = [old.jwk, next.jwk]; // the provider publishes its next key, then signs with it
      await new Promise((r) => setTimeout(r, 1100)); // past the refetch cooldown (1 s) since the first fetch
      expect((await get(next, 'rotating-2')).status).toBe(200);
      expect(fetches).toBe(2);
      expect((await get(old, 'rotating-1')).status).toBe(200); // both in the cache now
      // a made-up kid right after a fetch: refused without hammering the provider (one fetch a second at most)
      const unknown = await get(next, 'made-up');
      expect(unknown).toEqual({ status: 401, json: expect.objectContaining({ message: 'Invalid id token: no matching signing key' }) });
      expect(fetches).toBe(2);
    } finally {
      await app.close();
      await issuer.close();
    }
  }, 30_000);
});
