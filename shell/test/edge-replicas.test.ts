/**
 * @jest-environment node
 *
 * The edge as one of several replicas behind a load balancer: probes the balancer checks, the request
 * id every hop logs, the shopper's address passed on to the BFF, and caches shared through a real
 * Redis (Debian's redis-server, tooling/scripts/ensure-redis.mjs) so replicas never disagree.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type Redis from 'ioredis';
import { startEdge } from '../server/edge.mjs';
import { connectRedis } from '../server/shared-cache.mjs';

import { startThrowawayRedis } from '../../tooling/scripts/ensure-redis.mjs';
import { portOf } from './helpers';

type Throwaway = { url: string; pid: number; stop(): Promise<void> };

const dist = path.join(__dirname, 'fixtures', 'shell-build');

let redisServer: Throwaway;
let clients: Redis[] = [];
let bff: FastifyInstance;
let seen: Array<Record<string, unknown>> = [];
let alerts = 0;
const edges: Array<FastifyInstance & { drain(): Promise<void> }> = [];
/** A promise and what settles it. */
function signal() {
  let fire!: () => void;
  const done = new Promise<void>((r) => { fire = r; });
  return { done, fire };
}
/** The BFF's slow read: `slowReached` once a request is in it, answered after `slowReleased`. */
const slowReached = signal();
const slowReleased = signal();

beforeAll(async () => {
  redisServer = await startThrowawayRedis() as Throwaway;
  bff = Fastify();
  bff.get('/api/slow', async () => { slowReached.fire(); await slowReleased.done; return { ok: true }; });
  bff.get('/api/echo', async (req) => { seen.push(req.headers); return { ok: true }; });
  bff.post('/api/bannerAlert', async () => { alerts += 1; return { status: 'success', data: { getAlert: [{ descriptionText: `alert ${alerts}` }] } }; });
  await bff.listen({ port: 0, host: '127.0.0.1' });
  for (let i = 0; i < 2; i += 1) {
    const redis = connectRedis(redisServer.url);
    clients.push(redis);
    edges.push(await startEdge({ port: 0, distDir: dist, bffUrl: `http://127.0.0.1:${portOf(bff)}`, redis, pageLookup: async () => ({ exists: true, record: null }), mediaDir: null }) as FastifyInstance & { drain(): Promise<void> });
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(edges.map((e) => e.close()));
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
  clients = [];
  await bff.close();
  await redisServer.stop();
});

const urlOf = (i: number, p: string) => `http://127.0.0.1:${portOf(edges[i]!)}${p}`;

describe('edge replicas', () => {
  it('answers /livez and /readyz uncached', async () => {
    const live = await fetch(urlOf(0, '/livez'));
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(urlOf(0, '/readyz'));
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('echoes the balancer\'s request id and forwards it with the shopper\'s address to the BFF', async () => {
    seen = [];
    const res = await fetch(urlOf(0, '/api/echo'), { headers: { 'x-request-id': 'lb-abc.123', 'x-forwarded-for': '203.0.113.9' } });
    expect(res.headers.get('x-request-id')).toBe('lb-abc.123');
    expect(seen[0]!['x-request-id']).toBe('lb-abc.123');
    expect(seen[0]!['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it('makes a new request id for a missing or malformed one', async () => {
    const res = await fetch(urlOf(1, '/livez'), { headers: { 'x-request-id': 'bad id <script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shares cached public answers between replicas (one BFF request for both)', async () => {
    alerts = 0;
    const ask = (i: number) => fetch(urlOf(i, '/api/bannerAlert'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"province":"PE"}' });
    const a = await (await ask(0)).json();
    const b = await (await ask(1)).json();
    expect(b).toEqual(a);
    expect(alerts).toBe(1);
  });

  it('keeps answering when Redis is down (a miss, not an error) and stays ready', async () => {
    process.kill(redisServer.pid, 'SIGSTOP');
    try {
      alerts = 0;
      const res = await fetch(urlOf(0, '/api/bannerAlert'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"province":"YT"}' });
      expect(res.status).toBe(200);
      expect(alerts).toBe(1);
      expect((await fetch(urlOf(0, '/readyz'))).status).toBe(200);
    } finally {
      process.kill(redisServer.pid, 'SIGCONT');
    }
  });

  it('drains: /readyz 503 at once, in-flight requests finish, then it stops accepting', async () => {
    const extra = await startEdge({ port: 0, distDir: dist, bffUrl: `http://127.0.0.1:${portOf(bff)}`, drainDelayMs: 300, pageLookup: async () => ({ exists: true, record: null }), mediaDir: null }) as FastifyInstance & { drain(): Promise<void> };
    const url = `http://127.0.0.1:${portOf(extra)}`;
    const inFlight = fetch(`${url}/api/slow`);
    await slowReached.done;
    const draining = extra.drain();
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unready', reason: 'draining' });
    slowReleased.fire();
    const done = await inFlight;
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ ok: true });
    await draining;
    await expect(fetch(`${url}/livez`)).rejects.toThrow();
  });
});
