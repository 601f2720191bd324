/**
 * The BFF as a child process (src/main.ts through tsx), as the platform launcher runs it, plus a stand-in
 * OIDC issuer on loopback (discovery + JWKS) whose tokens that BFF accepts.
 */
import { spawn, type ChildProcess } from 'child_process';
import { randomUUID } from 'crypto';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import path from 'path';
import { CLIENT_ID, listenOnLoopback, makeKey } from './harness';

const MAIN = path.resolve(__dirname, '../src/main.ts');

/** A running BFF process. */
export interface BffProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  child: ChildProcess;
  /** stdout + stderr so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: BffProcess['exited'] } {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { NODE_OPTIONS, ...parentEnv } = process.env; // jest's --experimental-vm-modules is not for the BFF
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...parentEnv, BFF_PORT: '0', LOG_LEVEL: 'info', OIDC_CLIENT_SECRET: 'bff-process-test-secret', ...env }, // info: startBff reads "Server listening at"; output is captured
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => { out += c; });
  child.stderr!.on('data', (c) => { out += c; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/**
 * Starts the BFF with `env` (BFF_PORT=0) and resolves once it listens.
 * @throws when it exits first or is not listening within `timeoutMs` (its output in the message)
 */
export async function startBff(env: Record<string, string>, timeoutMs = 80_000): Promise<BffProcess> {
  const { child, output, exited } = launch(env);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`BFF not listening within ${timeoutMs} ms:\n${output()}`)); }, timeoutMs);
    const onData = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
      if (match) { clearTimeout(timer); resolve(match[1]!); }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => { clearTimeout(timer); reject(new Error(`BFF exited (${code ?? signal}) before listening:\n${output()}`)); });
  });
  return { base, child, output, exited };
}

/** Runs the BFF with `env` and waits for it to exit (expected to refuse to start). */
export async function runBffToExit(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const { child, output, exited } = launch(env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const { code } = await exited;
  clearTimeout(timer);
  return { code, output: output(), ms: Date.now() - started };
}

/** A stand-in OIDC issuer on loopback. */
export interface Issuer {
  url: string;
  /** Shopper headers (bearer + x-id-token + x-nonce) for `uid`, token cached per uid. */
  headers(uid: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** Starts a stand-in issuer: `/.well-known/openid-configuration` and `/jwks` of a fresh RS256 key. */
export async function startIssuer(): Promise<Issuer> {
  const key = await makeKey('process-1');
  const app = Fastify();
  let url = '';
  app.get('/.well-known/openid-configuration', async () => ({ issuer: url, jwks_uri: `${url}/jwks` }));
  app.get('/jwks', async () => ({ keys: [key.jwk] }));
  url = await listenOnLoopback(app);
  const tokens = new Map<string, Promise<string>>();
  const token = (uid: string) => {
    if (!tokens.has(uid)) {
      tokens.set(uid, new SignJWT({ email: `${uid}@example.com`, given_name: 'Dee', family_name: 'Durable' })
        .setProtectedHeader({ alg: 'RS256', kid: 'process-1' })
        .setSubject(uid).setIssuer(url).setAudience(CLIENT_ID).setIssuedAt().setExpirationTime('1h')
        .sign(key.privateKey));
    }
    return tokens.get(uid)!;
  };
  return {
    url,
    async headers(uid) {
      const t = await token(uid);
      return { authorization: `Bearer ${t}`, 'x-id-token': t, 'x-nonce': `nonce-${uid}-${randomUUID()}` };
    },
    close: () => app.close(),
  };
}
