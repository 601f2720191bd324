/**
 * The vendors' stand-in server over real HTTP on loopback: the scripts carry the public
 * origin, /collect validates and counts hits, the ad creative validates its input (consent receipts:
 * receipts.test.ts).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/server';

const ORIGIN = 'http://localhost:14400';
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = buildServer({ publicOrigin: ORIGIN, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());
beforeEach(async () => {
  await fetch(`${base}/collect/stats`, { method: 'DELETE' });
});

const hit = (body: unknown, type = 'text/plain;charset=UTF-8') =>
  fetch(`${base}/collect`, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const stats = async () => (await fetch(`${base}/collect/stats`)).json();

describe('scripts', () => {
  it.each(['consent.js', 'gtm.js', 'ads.js', 'chat.js'])('serves /%s as JavaScript, no-cache, with the public origin written in', async (name) => {
    const res = await fetch(`${base}/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await res.text();
    expect(text).not.toContain('__VENDORS_ORIGIN__');
    if (name !== 'chat.js') expect(text).toContain(ORIGIN);
  });

  it('refuses a public origin that is not an origin', () => {
    expect(() => buildServer({ publicOrigin: 'http://localhost:4400/x' })).toThrow('publicOrigin must be an http(s) origin');
  });
});

describe('POST /collect', () => {
  const good = { v: 2, cid: 'GA1.1.1.1', events: [{ name: 'view_item_list', params: { ecommerce: { item_list_id: '7', item_list_name: 'Search - Products', items: [] } } }] };

  it('accepts a GA4-shaped hit sent as text/plain (no preflight) and counts it', async () => {
    const res = await hit(good);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await hit({ ...good, events: [{ name: 'nav_header', params: { label: 'Offers' } }, { name: 'nav_header' }] }, 'application/json');
    const s = await stats();
    expect(s.hits).toBe(2);
    expect(s.events).toEqual({ view_item_list: 1, nav_header: 2 });
    expect(s.last[0]).toEqual({ name: 'view_item_list', params: good.events[0]!.params });
  });

  it.each([
    ['not JSON', 'nope', 'body must be JSON'],
    ['wrong version', { ...good, v: 1 }, 'v must be 2'],
    ['no cid', { ...good, cid: '' }, 'cid must be'],
    ['no events', { ...good, events: [] }, 'events must be an array of 1-25'],
    ['unknown event', { ...good, events: [{ name: 'page_view' }] }, 'events[0].name must be one of'],
    ['params not an object', { ...good, events: [{ name: 'sign_out', params: [1] }] }, 'events[0].params must be an object'],
  ])('answers 400 with the reason for %s and counts nothing', async (_label, body, reason) => {
    const res = await hit(body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(reason);
    expect((await stats()).hits).toBe(0);
  });

  it('answers 413 for a body over 16 KB', async () => {
    const res = await hit({ ...good, cid: 'x', pad: 'y'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
  });
});

describe('GET /ads/creative', () => {
  it('serves an SVG of the asked size and counts it', async () => {
    const res = await fetch(`${base}/ads/creative?slot=home-leaderboard&size=728x90`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain('width="728" height="90"');
    expect((await stats()).ads).toBe(1);
  });
  it('answers 400 for a bad slot or size', async () => {
    expect((await fetch(`${base}/ads/creative?slot=<x>&size=728x90`)).status).toBe(400);
    const res = await fetch(`${base}/ads/creative?slot=a&size=big`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('size must be');
  });
});

it('answers 404 with a reason for anything else', async () => {
  const res = await fetch(`${base}/nope`);
  expect(res.status).toBe(404);
  expect((await res.json()).message).toBe('Not found: GET /nope');
});
