#!/usr/bin/env node
/**
 * Redis for tests and the cluster topology: Debian's `redis-server`, installed when missing (as
 * ensure-postgres.mjs does for PostgreSQL).
 *
 *   node tooling/scripts/ensure-redis.mjs            installs the package if missing, prints the binary
 *   node tooling/scripts/ensure-redis.mjs --server   (internal) runs one throwaway server, see below
 *
 * `startThrowawayRedis()` runs `redis-server` on a free 127.0.0.1 port with no persistence (counters and
 * caches only), under a guardian process (this file with `--server`) that stops it when its parent dies
 * in any way (its stdin pipe closes).
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './ensure-debian.mjs';
import { freePort, startGuarded } from './guardian.mjs';

const SELF = fileURLToPath(import.meta.url);

/**
 * Installs Debian's `redis-server` when missing.
 * @returns the absolute path of `redis-server`
 * @throws when apt-get fails
 */
export function ensureRedis() {
  return ensureDebianPackage('redis-server', ['/usr/bin/redis-server']);
}

/**
 * argv of a redis-server on loopback `port` with no persistence.
 * @param {number} port
 * @param {string[]} [extra] more `--option value` pairs
 */
export function redisArgs(port, extra = []) {
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning', ...extra];
}

/** Guardian mode: start redis, print `{ "url", "pid" }` once it answers PING, stop it when stdin closes. */
async function runServer() {
  const bin = ensureRedis();
  const port = await freePort();
  let log = '';
  const server = spawn(bin, redisArgs(port), { stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (c) => { log = (log + c).slice(-4000); });
  server.stderr.on('data', (c) => { log = (log + c).slice(-4000); });
  let stopping = false;
  const quit = (code) => {
    stopping = true;
    try { server.kill('SIGKILL'); } catch { /* gone */ }
    process.exit(code);
  };
  server.on('exit', (code) => { if (!stopping) { process.stderr.write(`redis-server exited (${code}):\n${log}\n`); quit(1); } });
  process.on('SIGTERM', () => quit(0));
  process.on('SIGINT', () => quit(0));
  process.stdin.on('end', () => quit(0));
  process.stdin.on('error', () => quit(0));
  process.stdin.resume();
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if (execFileSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'PONG') break;
    } catch { /* not yet */ }
    if (Date.now() > deadline) { process.stderr.write(`redis-server did not answer within 15 s:\n${log}\n`); quit(1); }
    await new Promise((r) => setTimeout(r, 50));
  }
  process.stdout.write(`${JSON.stringify({ url: `redis://127.0.0.1:${port}`, pid: server.pid })}\n`);
}

/**
 * Starts a throwaway Redis server (installing the package first if needed).
 * @param {{ timeoutMs?: number }} [options] start-up limit in ms (default 30 000)
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>} `url` = `redis://127.0.0.1:<port>`;
 *   `pid` the redis-server process (tests may SIGSTOP/SIGKILL it); `stop()` ends it (idempotent). It also
 *   ends when this process exits or is killed.
 * @throws when the server does not answer PING in time (its log in the message)
 */
export async function startThrowawayRedis({ timeoutMs = 30_000 } = {}) {
  const { url, pid, stop } = await startGuarded(SELF, '--server', { name: 'throwaway redis', timeoutMs });
  return { url, pid, stop };
}

if (process.argv[1] === SELF) {
  if (process.argv.includes('--server')) void runServer();
  else console.log(`redis-server: ${ensureRedis()}`);
}
