/**
 * @jest-environment node
 *
 * Under load, the edge answers public API reads (spec §7 POST /api/bannerAlert) from a short-lived
 * cache, so bannerAlert through the edge is not capped by a BFF round trip per page view. What a shopper
 * or the BFF squad would notice if it went wrong: a stale alert for longer than the window, an error
 * cached for everyone, another request's nonce, a BFF outage hidden.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { PUBLIC_API_CACHE, registerPublicApiCache } from '../server/public-cache.mjs';
import { expectBffDownAnswer, portOf } from './helpers';

let upstream: FastifyInstance;
let edge: FastifyInstance;
let base: string;
let hits: Array<{ body: unknown; headers: Record<string, unknown> }> = [];
let alertText = 'Store 3299 opens at 7 a.m.';
let clock = 1_000_000;

beforeAll(async () => {
  upstream = Fastify();
  upstream.post('/api/bannerAlert', async (req, reply) => {
    hits.push({ body: req.body, headers: req.headers });
    const province = (req.body as { province?: string } | null)?.province ?? 'ON';
    if (req.headers['x-nonce']) reply.header('x-nonce', req.headers['x-nonce']);
    reply.header('cache-control', 'no-store');
    if (province === 'XX') return reply.code(400).send({ status: 'error', code: 400, message: `Unknown province '${province}'` });
    await new Promise((r) => setTimeout(r, 20));
    return { status: 'success', data: { getAlert: [{ descriptionText: `${province}: ${alertText}` }] } };
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  edge = Fastify();
  await registerPublicApiCache(edge, { bffUrl: `http://127.0.0.1:${portOf(upstream)}`, now: () => clock });
  await edge.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${portOf(edge)}`;
});
afterAll(async () => { await edge.close(); await upstream.close(); });
beforeEach(() => { hits = []; clock += 60_000; });

const alert = (body: unknown, headers: Record<string, string> = {}) => fetch(`${base}/api/bannerAlert`, {
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
});

describe('edge public API cache (under load; spec §7 bannerAlert)', () => {
  it('asks the BFF once per body within the window and echoes each request its own x-nonce', async () => {
    const first = await alert({ province: 'NS' }, { 'x-nonce': 'page-a' });
    const second = await alert({ province: 'NS' }, { 'x-nonce': 'page-b' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-nonce')).toBe('page-a');
    expect(second.headers.get('x-nonce')).toBe('page-b');
    expect(await second.json()).toEqual(await first.json());
    expect(hits).toHaveLength(1);
    const third = await alert({ province: 'NS' });
    expect(third.headers.get('x-nonce')).toBeNull();
  });

  it('keeps one answer per body: another province is its own BFF request', async () => {
    await alert({ province: 'NS' });
    const on = await (await alert({ province: 'ON' })).json();
    expect(on.data.getAlert[0].descriptionText).toMatch(/^ON: /);
    expect(hits).toHaveLength(2);
  });

  it(`shows a changed alert once the ${PUBLIC_API_CACHE['/api/bannerAlert'].ttlMs} ms window has passed`, async () => {
    await alert({ province: 'NS' });
    alertText = 'Closed for the holiday.';
    clock += PUBLIC_API_CACHE['/api/bannerAlert'].ttlMs - 1;
    expect((await (await alert({ province: 'NS' })).json()).data.getAlert[0].descriptionText).not.toContain('holiday');
    clock += 2;
    expect((await (await alert({ province: 'NS' })).json()).data.getAlert[0].descriptionText).toBe('NS: Closed for the holiday.');
    expect(hits).toHaveLength(2);
  });

  it('shares one BFF request among concurrent first requests', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => alert({ province: 'QC' }, { 'x-nonce': `n${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.headers.get('x-nonce'))).toEqual(answers.map((_, i) => `n${i}`));
    expect(hits).toHaveLength(1);
  });

  it('never caches an error: a bad province gets the BFF\'s 400 and reason every time', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await alert({ province: 'XX' });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Unknown province 'XX'");
    }
    expect(hits).toHaveLength(2);
  });

  it('relays a request it does not cache (not JSON) with its headers to the BFF', async () => {
    const res = await fetch(`${base}/api/bannerAlert`, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-nonce': 'raw', authorization: 'Bearer t' }, body: 'hello' });
    expect(res.headers.get('x-nonce')).toBe('raw');
    expect(hits).toHaveLength(1);
    expect(hits[0].headers.authorization).toBe('Bearer t');
  });

  it('says the BFF did not answer (502) when it is down, and caches nothing', async () => {
    const down = Fastify();
    await registerPublicApiCache(down, { bffUrl: 'http://127.0.0.1:9' });
    await down.listen({ port: 0, host: '127.0.0.1' });
    try {
      await expectBffDownAnswer(down, '{"province":"NS"}');
    } finally {
      await down.close();
    }
  });
});
