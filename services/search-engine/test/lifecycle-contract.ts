/**
 * The lifecycle contract every platform service's process keeps (src/lifecycle.ts), as jest tests run
 * against the real `src/main.ts` in a child process: probes, request ids and the JSON request log, and
 * the drain on SIGTERM. Each service's test calls {@link describeServiceLifecycle}.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** The service under test. */
export interface ServiceUnderTest {
  /** Name in the request log lines, e.g. 'vendors'. */
  service: string;
  /** Absolute path of the service's `src/main.ts`. */
  main: string;
  /** Env var the service reads its port from; the contract sets a free port. */
  portEnv: string;
  /** More env for the process. */
  env?: Record<string, string>;
  /** Extra checks once `/readyz` is 200, with the base URL. */
  whenReady?: (base: string) => Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** GETs `url` until `accept(status)`; resolves the last response, rejects after `timeoutMs`. */
export async function pollUntil(url: string, accept: (status: number) => boolean, timeoutMs = 15_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (accept(res.status)) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not as expected within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Defines the lifecycle tests of one service's process. */
export function describeServiceLifecycle(s: ServiceUnderTest): void {
  describe(`${s.service} process lifecycle`, () => {
    let child: ChildProcess;
    let base: string;
    let stdout = '';
    let exited: Promise<number | null>;

    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ['--import', 'tsx', s.main], {
        env: { ...process.env, ...s.env, [s.portEnv]: String(port), LOG_LEVEL: 'info', DRAIN_DELAY_MS: '500' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      child.stderr?.resume();
      exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      await pollUntil(`${base}/livez`, (status) => status === 200);
    });
    afterAll(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    it('answers /livez 200 { status: ok } and /readyz 200 once ready, without credentials', async () => {
      const live = await fetch(`${base}/livez`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await pollUntil(`${base}/readyz`, (status) => status === 200);
      expect(await ready.json()).toEqual({ status: 'ok' });
      await s.whenReady?.(base);
    });

    it('echoes a valid x-request-id, replaces a bad one with a UUID, and logs one JSON line per request', async () => {
      const mine = await fetch(`${base}/livez`, { headers: { 'x-request-id': 'lb-1.2_3-abc' } });
      expect(mine.headers.get('x-request-id')).toBe('lb-1.2_3-abc');
      for (const bad of ['has space', 'x'.repeat(129), 'semi;colon']) {
        const res = await fetch(`${base}/livez`, { headers: { 'x-request-id': bad } });
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      }
      const logged = await fetch(`${base}/not-a-route?secret=1`, { headers: { 'x-request-id': 'contract-log-1' } });
      await new Promise((r) => setTimeout(r, 200));
      const line = stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === 'contract-log-1');
      expect(line).toMatchObject({ service: s.service, reqId: 'contract-log-1', method: 'GET', path: '/not-a-route', status: logged.status, msg: 'request' });
      expect(typeof line?.ms).toBe('number');
    });

    it('on SIGTERM answers /readyz 503 at once, then exits 0 within 10 s', async () => {
      const t0 = Date.now();
      child.kill('SIGTERM');
      // the signal is handled on the child's next turn; from then on until the listener closes: 503
      const ready = await pollUntil(`${base}/readyz`, (status) => status !== 200, 2000);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining' });
      expect(await exited).toBe(0);
      expect(Date.now() - t0).toBeLessThan(10_000);
    });
  });
}
