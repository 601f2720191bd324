/**
 * POST /api/auth/backchannel-logout (OpenID Connect Back-Channel Logout 1.0): the identity provider ends
 * every session of one shopper (a password reset), over real HTTP; another shopper keeps theirs.
 */
import { SignJWT } from 'jose';
import { BACKCHANNEL_LOGOUT_EVENT } from '../src/auth';
import { CLIENT_ID, harnessPerFile, ISSUER, KID, makeKey } from './harness';
import { freshNonce } from './id-tokens';

const h = harnessPerFile();

/** A logout token for `uid` signed with the harness's key (or `key`), with `claims` over the valid ones. */
async function logoutToken(uid: string, claims: Record<string, unknown> = {}, key = h.signingKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ events: { [BACKCHANNEL_LOGOUT_EVENT]: {} }, jti: `jti-${freshNonce()}`, aud: CLIENT_ID, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'logout+jwt' })
    .setSubject(uid).setIssuer(ISSUER).setIssuedAt(now)
    .sign(key);
}

const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  fetch(`${h.base}/api/auth/backchannel-logout`, { method: 'POST', headers: { 'content-type': contentType }, body });
const account = (token: string) => h.call('GET', '/api/account', { headers: { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': freshNonce() } });

describe('back-channel logout', () => {
  test("a valid logout token ends every session of that shopper, and only theirs", async () => {
    const ana = await h.mint('u-bcl-1', { issuedIn: -5 });
    const ben = await h.mint('u-bcl-2', { issuedIn: -5 });
    expect((await account(ana)).status).toBe(200);
    const res = await post(`logout_token=${await logoutToken('u-bcl-1')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await account(ana)).json).toMatchObject({ code: 401, message: 'Invalid id token: the session has ended (signed out)' });
    expect((await account(ben)).status).toBe(200);
  });

  test.each([
    ['no token', ''],
    ['a token without the logout event', 'events'],
    ['a token with a nonce', 'nonce'],
    ['a token for another client', 'aud'],
    ['a token signed by another key', 'key'],
  ])('%s → 400 invalid_request and nobody is signed out', async (_name, broken) => {
    const uid = `u-bcl-${broken || 'none'}`;
    const carl = await h.mint(uid, { issuedIn: -5 });
    let token = '';
    if (broken === 'events') token = await logoutToken(uid, { events: {} });
    if (broken === 'nonce') token = await logoutToken(uid, { nonce: 'n-1' });
    if (broken === 'aud') token = await logoutToken(uid, { aud: 'other-client' });
    if (broken === 'key') token = await logoutToken(uid, {}, (await makeKey()).privateKey);
    const res = await post(token ? `logout_token=${token}` : 'other=1');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
    expect((await account(carl)).status).toBe(200);
  });

  test('a JSON body is not a logout request (415): the token comes form-encoded', async () => {
    expect((await post(JSON.stringify({ logout_token: await logoutToken('u-bcl-json') }), 'application/json')).status).toBe(415);
  });
});
