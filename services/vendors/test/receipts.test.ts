/**
 * Consent receipts (spec §7 "POST /api/generateToken … token, used for the consent tool"): the consent
 * tool accepts a signed-in shopper's receipt only with a consent token the storefront's BFF signed
 * (services/bff src/tokens.ts: HS256, iss 'storefront-bff', aud 'consent', sub = uid, 5 min), verified
 * with the key the two share, for the shopper the token names. Over real HTTP on loopback.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { buildServer } from '../src/server';

const SECRET = 'consent-token-secret-for-tests-0123456789';
const key = new TextEncoder().encode(SECRET);
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = buildServer({ publicOrigin: 'http://localhost:14400', logger: false, consentTokenSecret: SECRET });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());
beforeEach(async () => { await fetch(`${base}/collect/stats`, { method: 'DELETE' }); });

/** A token as the BFF's generateToken signs it; `o` changes one part. */
function token(o: { sub?: string; aud?: string; iss?: string; key?: Uint8Array; exp?: string | number; iat?: number } = {}) {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(o.iss ?? 'storefront-bff').setAudience(o.aud ?? 'consent').setSubject(o.sub ?? 'u-1003')
    .setIssuedAt(o.iat).setExpirationTime(o.exp ?? '300s');
  return jwt.sign(o.key ?? key);
}
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const send = (auth: string | undefined, body: unknown = { identifier: 'u-1003', groups: ['C0001', 'C0002'] }, url = `${base}/consent/receipts`) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(body) });
const receipts = async (url = base) => ((await (await fetch(`${url}/collect/stats`)).json()) as { receipts: number }).receipts;

it('accepts a receipt with the BFF-signed consent token of the shopper it names (204)', async () => {
  expect((await send(`Bearer ${await token()}`)).status).toBe(204);
  expect(await receipts()).toBe(1);
});

it.each([
  ['any three-dot string', async () => 'a.b.c'],
  ['a token signed with another key', async () => token({ key: new TextEncoder().encode('another-secret-another-secret-0123456789') })],
  ['an unsigned token (alg none)', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: 'storefront-bff', aud: 'consent', sub: 'u-1003', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 300 })}.`],
  ['an expired token', async () => token({ iat: Math.floor(Date.now() / 1000) - 900, exp: Math.floor(Date.now() / 1000) - 600 })],
  ['a token for another audience (the Scene+ registration token)', async () => token({ aud: 'scene-registration' })],
  ['a token of another issuer', async () => token({ iss: 'someone-else' })],
])('refuses %s with 401 and a reason, and counts no receipt', async (_name, make) => {
  const res = await send(`Bearer ${await make()}`);
  expect(res.status).toBe(401);
  expect((await res.json()).message).toMatch(/^Invalid consent token/);
  expect(await receipts()).toBe(0);
});

it('refuses a missing token (401) and a receipt for another shopper than the token names (403)', async () => {
  const missing = await send(undefined);
  expect(missing.status).toBe(401);
  expect((await missing.json()).message).toBe('authorization must be Bearer <consent token>');
  const other = await send(`Bearer ${await token({ sub: 'u-2000' })}`);
  expect(other.status).toBe(403);
  expect((await other.json()).message).toBe('the consent token is for another identifier');
  expect(await receipts()).toBe(0);
});

it('answers 400 for a bad body even with a valid token', async () => {
  const res = await send(`Bearer ${await token()}`, { identifier: 'u-1003', groups: ['C0009'] });
  expect(res.status).toBe(400);
  expect((await res.json()).message).toContain('groups must be');
});

it('without a configured key it accepts no receipt at all (503, saying why)', async () => {
  const bare = buildServer({ publicOrigin: 'http://localhost:14400', logger: false, consentTokenSecret: '' });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
  try {
    const res = await send(`Bearer ${await token()}`, undefined, `${url}/consent/receipts`);
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/CONSENT_TOKEN_SECRET/);
    expect(await receipts(url)).toBe(0);
  } finally {
    await bare.close();
  }
});
