/**
 * Lifecycle (src/lifecycle.ts): the engine's process keeps the services' contract (probes, request ids,
 * request log, drain on SIGTERM) and seeds itself with SEARCH_SEED_ON_START=1 before /readyz passes;
 * in process: probes pass the auth and CORS layers, failing checks answer 503 with a reason, and a
 * drain finishes in-flight requests and closes the storage before exiting 0.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadProducts } from '@storefront/seed';
import { createServiceApp, requestIdOf, shutdown } from '../src/lifecycle';
import { memoryStorage } from '../src/storage';
import { ADMIN_KEY, APP_ID, raw, startHarness } from './helpers';
import { describeServiceLifecycle } from './lifecycle-contract';

describeServiceLifecycle({
  service: 'search-engine',
  main: path.join(__dirname, '../src/main.ts'),
  portEnv: 'SEARCH_PORT',
  env: { SEARCH_ADMIN_KEY: 'lifecycle-admin', SEARCH_SEED_ON_START: '1', DATABASE_URL: '' },
  whenReady: async (base) => {
    // ready means seeded: the whole committed catalogue is searchable
    const res = await fetch(`${base}/1/indexes/products/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': 'grocery-local', 'x-algolia-api-key': 'local-search-key' },
      body: JSON.stringify({ query: '', hitsPerPage: 0 }),
    });
    expect(((await res.json()) as { nbHits: number }).nbHits).toBe(loadProducts().length);
  },
});

describe('probes on the engine', () => {
  it('need no API key and answer whatever the Origin', async () => {
    const h = await startHarness({ allowedOrigins: ['http://localhost:8080'] });
    try {
      for (const p of ['/livez', '/readyz']) {
        const res = await raw(h.port, 'GET', p, undefined, { origin: 'https://elsewhere.example' });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'ok' });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect((await raw(h.port, 'GET', '/1/indexes', undefined, {})).status).toBe(403);
    } finally {
      await h.app.close();
    }
  });

  it('echo the request id on API answers and errors too', async () => {
    const h = await startHarness();
    try {
      const ok = await raw(h.port, 'GET', '/1/indexes', undefined, { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': ADMIN_KEY, 'x-request-id': 'edge-42' });
      expect(ok.headers['x-request-id']).toBe('edge-42');
      const denied = await raw(h.port, 'GET', '/1/indexes', undefined, { 'x-request-id': 'edge-43' });
      expect(denied.status).toBe(403);
      expect(denied.headers['x-request-id']).toBe('edge-43');
    } finally {
      await h.app.close();
    }
  });

  it('answer 503 with the reason of a failing or hanging readiness check', async () => {
    let reason: string | null = 'seeding the indexes';
    const h = await startHarness({ readiness: [() => reason] });
    try {
      expect((await raw(h.port, 'GET', '/readyz', undefined, {})).body).toEqual({ status: 'unavailable', reason: 'seeding the indexes' });
      reason = null;
      expect((await raw(h.port, 'GET', '/readyz', undefined, {})).status).toBe(200);
    } finally {
      await h.app.close();
    }
    const app = createServiceApp({}, { service: 't', checks: [() => new Promise(() => undefined)], checkTimeoutMs: 50 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await raw((app.server.address() as AddressInfo).port, 'GET', '/readyz', undefined, {});
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', reason: 'readiness check timed out' });
    } finally {
      await app.close();
    }
  });
});

describe('drain', () => {
  async function slowApp(ms: number, onClose?: () => void) {
    const app = createServiceApp({}, { service: 't' });
    if (onClose) app.addHook('onClose', async () => onClose());
    let started!: () => void;
    // resolves once the slow request is inside its handler (a fixed sleep races a busy CI machine)
    const inHandler = new Promise<void>((r) => (started = r));
    app.get('/slow', async () => {
      started();
      await new Promise((r) => setTimeout(r, ms));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, inHandler, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  it('turns /readyz 503 at once, finishes in-flight requests, runs onClose, then exits 0', async () => {
    const closed = jest.fn();
    const { app, base, inHandler } = await slowApp(300, closed);
    const inFlight = fetch(`${base}/slow`);
    await inHandler;
    const exit = jest.fn();
    const done = shutdown(app, { drainDelayMs: 100 }, exit);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(await slow.json()).toEqual({ done: true });
    await done;
    expect(closed).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
    await expect(fetch(`${base}/livez`)).rejects.toThrow();
  });

  it('exits 1 when draining takes longer than the limit', async () => {
    const { app, base, inHandler } = await slowApp(1500);
    const inFlight = fetch(`${base}/slow`).catch(() => undefined);
    await inHandler;
    const firstExit = new Promise<number>((resolve) => void shutdown(app, { forceAfterMs: 200 }, resolve));
    expect(await firstExit).toBe(1);
    await inFlight;
  });

  it('closes the engine storage when the server closes', async () => {
    const close = jest.fn(async () => undefined);
    const h = await startHarness({ storage: { ...memoryStorage(), close } });
    await h.app.close();
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('requestIdOf', () => {
  it('keeps 1..128 characters of [A-Za-z0-9._-], else makes a UUID', () => {
    expect(requestIdOf('a.B_c-9')).toBe('a.B_c-9');
    expect(requestIdOf('x'.repeat(128))).toBe('x'.repeat(128));
    for (const bad of [undefined, '', 'x'.repeat(129), 'a b', 'a/b', ['a']]) expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
