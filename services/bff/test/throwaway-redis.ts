/**
 * A throwaway redis-server for a test file: tooling/scripts/ensure-redis.mjs `startThrowawayRedis()`
 * (Debian's redis-server on a free 127.0.0.1 port, no persistence), called in a small helper process: a
 * dynamic `import()` of that ES module from jest's test environment is not reliable when several test
 * files share a worker. The helper stops Redis when its stdin closes, so it also ends with this process.
 */
import { spawn } from 'child_process';
import path from 'path';
import { pathToFileURL } from 'url';

/** A running throwaway Redis. */
export interface ThrowawayRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  /** The redis-server process (SIGSTOP / SIGCONT simulate a hung Redis). */
  pid: number;
  /** Stops it (idempotent). */
  stop(): Promise<void>;
}

const SCRIPT = path.resolve(__dirname, '../../../tooling/scripts/ensure-redis.mjs');
const HELPER = `
const { startThrowawayRedis } = await import(process.env.ENSURE_REDIS);
const redis = await startThrowawayRedis();
process.stdout.write(JSON.stringify({ url: redis.url, pid: redis.pid }) + '\\n');
const stop = () => redis.stop().then(() => process.exit(0));
process.stdin.on('end', stop);
process.on('SIGTERM', stop);
process.stdin.resume();
`;

/**
 * Starts a throwaway Redis (installs Debian's redis-server first if it is missing).
 * @throws when it is not ready within 60 s (the helper's stderr in the message)
 */
export function startRedis(): Promise<ThrowawayRedis> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { NODE_OPTIONS, ...env } = process.env; // not jest's --experimental-vm-modules
  const helper = spawn(process.execPath, ['--input-type=module', '-e', HELPER], {
    env: { ...env, ENSURE_REDIS: pathToFileURL(SCRIPT).href },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => helper.once('exit', () => resolve()));
  const stop = async () => {
    if (helper.exitCode === null && helper.signalCode === null) {
      helper.stdin.end();
      await exited;
    }
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      helper.kill('SIGKILL');
      reject(new Error(`throwaway redis not ready within 60 s\n${err}`));
    }, 60_000);
    helper.stderr.on('data', (c) => { err += c; });
    helper.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`throwaway redis helper exited (${code})\n${err}`));
    });
    helper.stdout.on('data', (c) => {
      out += c;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      const { url, pid } = JSON.parse(out.slice(0, nl)) as { url: string; pid: number };
      resolve({ url, pid, stop });
    });
  });
}
