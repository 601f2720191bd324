/**
 * The client side of a throwaway server's guardian: a child process (`node <script> <flag>`) that
 * starts the server, prints one JSON line once it is ready, and stops it when its stdin closes — so a
 * SIGKILLed test runner leaves nothing behind (ensure-postgres.mjs, ensure-redis.mjs).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1 (the OS picks it; a tiny race until the server binds it).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node script flag` and resolves with its first stdout line (JSON) plus `stop()`.
 * @param {string} script absolute path of the guardian script
 * @param {string} flag e.g. '--cluster'
 * @param {{ name: string, timeoutMs: number }} o `name` for error messages
 * @returns {Promise<Record<string, unknown> & { stop(): Promise<void> }>} `stop()` ends the guardian
 *   (and so the server); idempotent
 * @throws when the guardian exits before its line or not within `timeoutMs` (its stderr in the message)
 */
export function startGuarded(script, flag, { name, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const guardian = spawn(process.execPath, [script, flag], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let done = false;
    const exited = new Promise((r) => guardian.once('exit', r));
    const stop = async () => {
      if (guardian.exitCode === null && guardian.signalCode === null) {
        guardian.ref();
        guardian.stdin.end();
        guardian.kill('SIGTERM');
        await exited;
      }
    };
    const timer = setTimeout(() => fail(new Error(`${name} not ready within ${timeoutMs} ms\n${err}`)), timeoutMs);
    function fail(error) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void stop().then(() => reject(error));
    }
    guardian.stderr.on('data', (c) => { err += c; });
    guardian.on('exit', (code) => fail(new Error(`${name} exited (${code}) before it was ready\n${err}`)));
    guardian.stdout.on('data', (chunk) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (nl < 0 || done) return;
      done = true;
      clearTimeout(timer);
      const info = JSON.parse(out.slice(0, nl));
      // Do not keep the caller alive for the guardian's sake (stop() or the caller's exit ends it).
      guardian.unref();
      guardian.stdin.unref?.();
      guardian.stdout.destroy();
      guardian.stderr.destroy();
      resolve({ ...info, stop });
    });
  });
}
