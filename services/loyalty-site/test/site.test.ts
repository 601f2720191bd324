/**
 * The loyalty site over real HTTP on loopback (spec §2 "/register External loyalty site"):
 * the form, server-side validation with reasons (4xx), typed text rendered as text, durable
 * registrations, one account per email, and no open redirect through `returnUrl`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/server';
import { openStore } from '../src/store';
import { safeReturnUrl, validateRegistration, readInput } from '../src/validation';

const STOREFRONT = 'http://localhost:18080';
let dir: string;
let file: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-site-'));
  file = path.join(dir, 'registrations.jsonl');
  app = buildServer({ storefrontOrigins: [STOREFRONT], store: openStore(file) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>, accept = 'text/html') => fetch(`${base}/register`, {
  method: 'POST', redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
  body: new URLSearchParams(fields).toString(),
});
const VALID = { firstName: 'Ada', lastName: "O'Neil", email: 'ada@example.com', postalCode: 'b3h1a1', terms: 'on', returnUrl: `${STOREFRONT}/recipes/maple-glazed-salmon` };

describe('GET /register', () => {
  it('serves the form with the storefront page to return to, and strict headers', async () => {
    const res = await fetch(`${base}/register?returnUrl=${encodeURIComponent(`${STOREFRONT}/recipes/x?a=1`)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${STOREFRONT}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain('<h1>Create your Scene+ account</h1>');
    expect(html).toContain(`name="returnUrl" value="${STOREFRONT}/recipes/x?a=1"`);
    expect(html).toContain(`<a href="${STOREFRONT}/recipes/x?a=1">Back to the store</a>`);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/',
    'javascript:alert(1)',
    `${STOREFRONT}.evil.example/`,
    `http://user:pw@localhost:18080/`,
    '/recipes',
  ])('never offers a way back to %s: the storefront home instead', async (returnUrl) => {
    const html = await (await fetch(`${base}/register?returnUrl=${encodeURIComponent(returnUrl)}`)).text();
    expect(html).toContain(`name="returnUrl" value="${STOREFRONT}/"`);
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('javascript:');
  });
});

describe('POST /register', () => {
  it('refuses a form with each field\'s reason (400), keeps the typed text as text', async () => {
    const res = await form({ firstName: '<img src=x onerror=alert(1)>', lastName: '', email: 'not-an-email', postalCode: 'ZZZ', returnUrl: VALID.returnUrl });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your first name can contain letters, spaces, apostrophes, dots and hyphens only.');
    expect(html).toContain('Enter your last name.');
    expect(html).toContain('Enter an email address like name@example.com.');
    expect(html).toContain('Enter a Canadian postal code like B3H 1A1.');
    expect(html).toContain('Accept the Scene+ programme terms to register.');
    expect(html).toContain('value="&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain('<img src=x');
  });

  it('answers JSON clients with the reasons', async () => {
    const res = await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...VALID, email: '' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid registration', errors: [{ field: 'email', reason: 'Enter your email address.' }] });
  });

  it('registers, stores the account durably and links back to the storefront page', async () => {
    const res = await form(VALID);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Welcome to Scene+, Ada!');
    expect(html).toContain(`<a class="button" href="${VALID.returnUrl}">Return to the store</a>`);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ firstName: 'Ada', lastName: "O'Neil", email: 'ada@example.com', postalCode: 'B3H 1A1' })]);
    // a restart reads it back: the same email is refused by a new server on the same file
    expect(openStore(file).has('ada@example.com')).toBe(true);
  });

  it('keeps one account per email (409), whoever asks; another shopper registers on their own', async () => {
    const again = await form({ ...VALID, firstName: 'Mallory', email: 'ADA@example.com' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('A Scene+ account already exists for this email address.');
    const other = await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...VALID, firstName: 'Ben', email: 'ben@example.com' }) });
    expect(other.status).toBe(201);
    expect(await other.json()).toEqual({ registered: true, returnUrl: VALID.returnUrl });
    const stored = fs.readFileSync(file, 'utf8');
    expect(stored).not.toContain('Mallory');
  });

  it('after registering, never sends the shopper to another origin', async () => {
    const res = await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...VALID, email: 'cy@example.com', returnUrl: 'https://evil.example/' }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ registered: true, returnUrl: `${STOREFRONT}/` });
  });

  it('refuses other content types (415) and large bodies (413) with a reason', async () => {
    const t = await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(t.status).toBe(415);
    expect((await t.json()).error).toMatch(/application\/x-www-form-urlencoded/);
    const big = await form({ ...VALID, firstName: 'a'.repeat(9000) });
    expect(big.status).toBe(413);
  });
});

describe('validation', () => {
  it('normalises a valid registration', () => {
    expect(validateRegistration(readInput({ firstName: ' Zoë ', lastName: 'Tremblay-Roy', email: 'Zoe@Example.CA', postalCode: 'h2x 1y4', terms: 'on' })))
      .toEqual({ ok: true, value: { firstName: 'Zoë', lastName: 'Tremblay-Roy', email: 'zoe@example.ca', postalCode: 'H2X 1Y4' } });
  });

  it('limits names to 50 characters and refuses postal codes Canada Post never issues', () => {
    const r = validateRegistration(readInput({ firstName: 'a'.repeat(51), lastName: 'B', email: 'a@b.ca', postalCode: 'D3H 1A1', terms: 'on' }));
    expect(r).toEqual({ ok: false, errors: [
      { field: 'firstName', reason: 'Your first name can have at most 50 characters.' },
      { field: 'postalCode', reason: 'Enter a Canadian postal code like B3H 1A1.' },
    ] });
  });

  it('returns only to the storefront origins', () => {
    expect(safeReturnUrl('http://localhost:18080/x?y=1#z', [STOREFRONT])).toBe('http://localhost:18080/x?y=1#z');
    expect(safeReturnUrl('http://localhost:18081/x', [STOREFRONT])).toBe(`${STOREFRONT}/`);
    expect(safeReturnUrl('http://localhost:18080\\@evil.example/', [STOREFRONT])).toBe(`${STOREFRONT}/`);
    expect(safeReturnUrl(undefined, [STOREFRONT])).toBe(`${STOREFRONT}/`);
  });

  it('refuses a storefront origin that is not an origin', () => {
    expect(() => buildServer({ storefrontOrigins: ['http://localhost:8080/x'], store: openStore(path.join(dir, 'x.jsonl')) })).toThrow('storefrontOrigins must be http(s) origins');
  });
});
