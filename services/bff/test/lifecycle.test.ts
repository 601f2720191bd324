/**
 * The BFF process (src/main.ts through tsx) with REDIS_URL and TRUST_PROXY, on a PGlite folder in a temp
 * dir (PostgreSQL in the pg pass): probes answer, SIGTERM lets an in-flight request finish and exits 0
 * within 10 s, every request is one JSON log line; (pg pass) a request that never finishes is cut at ~9 s (exit 1).
 */
import { mkdtempSync, rmSync, existsSync } from 'fs';
import http from 'http';
import { tmpdir } from 'os';
import path from 'path';
import { startBff, type BffProcess } from './bff-process';
import { createTestDatabase, TEST_DB, type TestDatabase } from './harness';
import { startRedis, type ThrowawayRedis } from './throwaway-redis';

jest.setTimeout(90_000);

let redis: ThrowawayRedis;
let folder: string;
let database: TestDatabase | null = null;

beforeAll(async () => {
  redis = await startRedis();
  folder = mkdtempSync(path.join(tmpdir(), 'bff-lifecycle-'));
  if (TEST_DB === 'pg') database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await redis?.stop();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

/** The env of a BFF on this pass's database, with Redis and a trusted loopback proxy. */
function env(name: string): Record<string, string> {
  const db: Record<string, string> = database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: path.join(folder, name) };
  return { ...db, REDIS_URL: redis.url, TRUST_PROXY: 'loopback' };
}

/** A POST whose body is sent in two parts: `finish()` sends the rest and resolves with the answer. */
function slowPost(base: string, p: string, body: string, headers: Record<string, string>) {
  const url = new URL(p, base);
  let request: http.ClientRequest;
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 5));
    request = req;
  });
  answer.catch(() => undefined); // handled by whoever awaits it; a cut request is expected in the forced exit
  return {
    answer,
    finish() {
      request.end(body.slice(5));
      return answer;
    },
    abort() {
      request.destroy();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(bff: BffProcess, text: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!bff.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no '${text}' in the BFF output:\n${bff.output()}`);
    await sleep(20);
  }
}

/** The BFF's JSON log lines (anything else on stdout/stderr is left out). */
function logLines(bff: BffProcess): Record<string, unknown>[] {
  return bff.output().split('\n').flatMap((line) => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

test('SIGTERM: no new connections, the in-flight request finishes, the process exits 0 within 10 s', async () => {
  const bff = await startBff(env('graceful'));
  let signalled = 0;
  try {
    expect((await fetch(`${bff.base}/livez`)).status).toBe(200);
    const ready = await fetch(`${bff.base}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    expect((await fetch(`${bff.base}/api/readyz`)).status).toBe(200);

    const inFlight = slowPost(bff.base, '/api/bannerAlert', JSON.stringify({ province: 'NS' }), { 'x-request-id': 'in-flight-1', 'x-forwarded-for': '203.0.113.50' });
    await sleep(300); // the BFF has the request's headers
    signalled = Date.now();
    bff.child.kill('SIGTERM');
    await waitFor(bff, 'draining');
    await expect(fetch(`${bff.base}/livez`)).rejects.toThrow(); // the listener is closed
    const res = await inFlight.finish();
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('in-flight-1');
    expect(JSON.parse(res.text).data.getAlert).toHaveLength(1); // NS has an alert
  } finally {
    if (!signalled) bff.child.kill('SIGKILL');
  }
  expect((await bff.exited).code).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(10_000);
  if (!database) expect(existsSync(path.join(folder, 'graceful.lock'))).toBe(false);

  // one JSON line per request: service, reqId (the caller's x-request-id), method, url, status, time, shopper address
  const lines = logLines(bff);
  expect(lines.find((l) => l.reqId === 'in-flight-1')).toEqual(expect.objectContaining({
    service: 'bff', level: 30, msg: 'request completed', method: 'POST', url: '/api/bannerAlert', statusCode: 200,
    responseTime: expect.any(Number), remoteAddress: '203.0.113.50',
  }));
  expect(lines.filter((l) => l.reqId === 'in-flight-1')).toHaveLength(1);
  expect(lines.filter((l) => l.msg === 'request completed' && l.url === '/readyz')).toHaveLength(0); // probes: debug level
  expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['migrations and seed done', 'stopped']));
});

// One pass is enough (the database plays no part); the PostgreSQL pass starts a BFF faster than PGlite's.
(TEST_DB === 'pg' ? describe : describe.skip)('SIGTERM with a request that never finishes', () => {
  test('the process exits 1 at ~9 s (before an orchestrator\'s 10 s kill)', async () => {
    const bff = await startBff(env('forced'));
    const stuck = slowPost(bff.base, '/api/bannerAlert', JSON.stringify({ province: 'ON' }), {});
    try {
      await sleep(300);
      const signalled = Date.now();
      bff.child.kill('SIGTERM');
      const { code } = await bff.exited;
      const took = Date.now() - signalled;
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(8500);
      expect(took).toBeLessThan(10_000);
      expect(bff.output()).toContain('shutdown not done after 9000 ms; exiting');
    } finally {
      stuck.abort();
      bff.child.kill('SIGKILL');
    }
  });
});
