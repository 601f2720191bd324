/**
 * `src/main.ts` as a process (as the platform launcher runs it, through tsx): the JSON start line and
 * request lines, the env it reads, and a graceful SIGTERM (in-flight request finishes, exit 0 < 10 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, freshDatabase, signUpForm, testRedisUrl } from './backends';

const MAIN = path.resolve(__dirname, '../src/main.ts');
const TSX = path.resolve(path.dirname(require.resolve('tsx/package.json')), 'dist/cli.mjs');
const CLEARED = ['DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY', 'SIGNING_KEY_ROTATE_S', 'OIDC_ISSUER', 'IDENTITY_DATA_FILE', 'IDENTITY_HOST', 'LOG_LEVEL', 'NODE_OPTIONS', 'OIDC_CLIENT_SECRET'];

interface Started {
  child: ChildProcess;
  port: number;
  /** Every JSON line printed so far (stdout and stderr). */
  lines: Array<Record<string, unknown>>;
  exit: Promise<{ code: number | null; ms: number }>;
  stopAt: { t: number };
}

/** Starts main.ts with `env` (an undefined value removes the variable); resolves once it logged 'started' (or rejects when it exits first). */
async function start(env: Record<string, string | undefined>): Promise<Started> {
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CLEARED.includes(k))) as Record<string, string>;
  const merged = { ...base, IDENTITY_PORT: String(port), IDENTITY_DATA_FILE: 'memory', OIDC_CLIENT_SECRET: 'main-test-secret', ...env };
  const childEnv = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined));
  const child = spawn(process.execPath, [TSX, MAIN], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Array<Record<string, unknown>> = [];
  const stopAt = { t: 0 };
  const exit = new Promise<{ code: number | null; ms: number }>((resolve) => child.once('exit', (code) => resolve({ code, ms: Date.now() - stopAt.t })));
  let notify: () => void = () => undefined;
  const collect = (stream: NodeJS.ReadableStream) => {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
        notify();
      }
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);
  await new Promise<void>((resolve, reject) => {
    notify = () => {
      if (lines.some((l) => l.msg === 'started')) resolve();
    };
    void exit.then(({ code }) => reject(new Error(`main.ts exited (${code}): ${JSON.stringify(lines)}`)));
  });
  return { child, port, lines, exit, stopAt };
}

function stop(s: Started, signal: NodeJS.Signals = 'SIGTERM') {
  s.stopAt.t = Date.now();
  s.child.kill(signal);
  return s.exit;
}

describe('main.ts', () => {
  test('without DATABASE_URL/REDIS_URL: memory state, JSON start and request lines, SIGTERM exits 0', async () => {
    const s = await start({});
    try {
      expect(s.lines.find((l) => l.msg === 'started')).toMatchObject({
        level: 'info', service: 'identity', port: s.port, providerStorage: 'memory', throttle: 'memory', signUps: 'memory', shoppers: expect.any(Number),
      });
      const res = await fetch(`http://127.0.0.1:${s.port}/.well-known/openid-configuration?x=1`, { headers: { 'x-request-id': 'req-main-1' } });
      expect(res.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${s.port}/readyz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      const line = s.lines.find((l) => l.reqId === 'req-main-1');
      expect(line).toEqual({ time: expect.any(String), level: 'info', service: 'identity', reqId: 'req-main-1', method: 'GET', path: '/.well-known/openid-configuration', status: 200, ms: expect.any(Number) });
    } finally {
      const { code, ms } = await stop(s);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
    }
  }, 90_000); // a cold tsx start takes seconds on a busy 2-core machine

  test('with DATABASE_URL, REDIS_URL, TRUST_PROXY: shared state; SIGTERM lets an in-flight request finish', async () => {
    const s = await start({ DATABASE_URL: await freshDatabase(), REDIS_URL: testRedisUrl(), TRUST_PROXY: 'loopback', SIGNING_KEY_ROTATE_S: '86400', IDENTITY_HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const startLine = s.lines.find((l) => l.msg === 'started')!;
    expect(startLine).toMatchObject({ host: '127.0.0.1', providerStorage: 'postgresql', throttle: 'redis', signUps: 'postgresql', trustProxy: 'loopback', signingKid: expect.stringMatching(/^k-/) });
    expect((await fetch(`http://127.0.0.1:${s.port}/readyz`)).status).toBe(200);
    // A sign-up whose body is still arriving when SIGTERM comes.
    const form = await signUpForm(`http://127.0.0.1:${s.port}`);
    const body = new URLSearchParams({ csrf: form.csrf, firstName: 'Sig', lastName: 'Term', email: `sig.term.${Date.now()}@example.com`, password: 'longenough' }).toString();
    let push: (chunk: string | null) => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk === null ? controller.close() : controller.enqueue(new TextEncoder().encode(chunk)));
      },
    });
    const pending = fetch(`http://127.0.0.1:${s.port}/signup`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie }, body: stream, duplex: 'half', redirect: 'manual',
    } as RequestInit);
    push(body.slice(0, 5));
    await new Promise((r) => setTimeout(r, 300));
    const exited = stop(s);
    await new Promise((r) => setTimeout(r, 300));
    push(body.slice(5));
    push(null);
    expect((await pending).status).toBe(303);
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(s.lines.some((l) => l.msg === 'stopping' && l.signal === 'SIGTERM')).toBe(true);
  }, 90_000); // a cold tsx start takes seconds on a busy 2-core machine

  test('without OIDC_CLIENT_SECRET (unset or blank) it does not start: a JSON error line naming the variable, exit code 1', async () => {
    await Promise.all([
      expect(start({ OIDC_CLIENT_SECRET: undefined })).rejects.toThrow(/exited \(1\).*"level":"error".*OIDC_CLIENT_SECRET is required/),
      expect(start({ OIDC_CLIENT_SECRET: '   ' })).rejects.toThrow(/exited \(1\).*OIDC_CLIENT_SECRET is required/),
    ]);
  }, 90_000); // a cold tsx start takes seconds on a busy 2-core machine

  test('a bad TRUST_PROXY, SIGNING_KEY_ROTATE_S, LOG_LEVEL or SIGN_UP_LIMIT_PER_HOUR stops the start with a JSON error line and exit code 1', async () => {
    await Promise.all([
      expect(start({ TRUST_PROXY: 'everyone' })).rejects.toThrow(/exited \(1\).*TRUST_PROXY/),
      expect(start({ SIGNING_KEY_ROTATE_S: '-5' })).rejects.toThrow(/exited \(1\).*SIGNING_KEY_ROTATE_S/),
      expect(start({ LOG_LEVEL: 'loud' })).rejects.toThrow(/exited \(1\).*LOG_LEVEL/),
      expect(start({ SIGN_UP_LIMIT_PER_HOUR: 'lots' })).rejects.toThrow(/exited \(1\).*SIGN_UP_LIMIT_PER_HOUR/),
    ]);
  }, 90_000); // a cold tsx start takes seconds on a busy 2-core machine
});
