#!/usr/bin/env node
/**
 * PostgreSQL for tests (ARCHITECTURE §5 "database durability": the BFF suite also runs on a throwaway
 * PostgreSQL). Mirrors ensure-chromium.mjs: Debian's `postgresql` package is installed when its server
 * binaries are missing (needs root or sudo and Debian's package mirror).
 *
 *   node tooling/scripts/ensure-postgres.mjs            installs the package if missing, prints the bin folder
 *   node tooling/scripts/ensure-postgres.mjs --cluster  (internal) runs one throwaway cluster, see below
 *
 * `startThrowawayPostgres()` starts a cluster: `initdb` into a fresh temp folder, `postgres` on a free
 * 127.0.0.1 port (no TCP elsewhere; its unix socket in the temp folder), one database. It resolves
 * `{ url, stop() }`; `stop()` stops the server and removes the folder. The server runs under a small
 * guardian process (this file with `--cluster`) that also stops it and removes the folder when its parent
 * dies in any way (its stdin pipe closes) — a SIGKILLed test runner leaves nothing behind.
 *
 * initdb and postgres refuse to run as root: as root they run as Debian's `postgres` system user
 * (`runuser -u postgres --`), and the temp folder is given to that user.
 */
import { spawn, execFileSync, execSync } from 'node:child_process';
import { freePort, startGuarded } from './guardian.mjs';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const PG_LIB = '/usr/lib/postgresql';
/** Database created in every throwaway cluster. */
export const DATABASE = 'storefront';
/** Superuser of a throwaway cluster (trust auth on 127.0.0.1 and the socket). */
export const USER = 'storefront';

/**
 * Folder of the newest installed server binaries (`/usr/lib/postgresql/<major>/bin`) holding initdb,
 * pg_ctl and postgres, or null when there is none.
 * @returns an absolute path or null
 */
export function findPostgresBin() {
  if (process.env.POSTGRES_BIN && existsSync(path.join(process.env.POSTGRES_BIN, 'postgres'))) return process.env.POSTGRES_BIN;
  if (!existsSync(PG_LIB)) return null;
  const majors = readdirSync(PG_LIB).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = path.join(PG_LIB, major, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(bin, b)))) return bin;
  }
  return null;
}

/**
 * Installs Debian's `postgresql` when its server binaries are missing (`apt-get install -y postgresql`,
 * with sudo when not root).
 * @returns the bin folder (see {@link findPostgresBin})
 * @throws when apt-get fails or the binaries are still missing afterwards
 */
export function ensurePostgres() {
  let bin = findPostgresBin();
  if (bin) return bin;
  console.log('postgresql missing: installing Debian package postgresql ...');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql`, { stdio: 'inherit' });
  bin = findPostgresBin();
  if (!bin) throw new Error(`postgresql installed but no initdb/pg_ctl/postgres under ${PG_LIB}/<version>/bin`);
  return bin;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** argv prefix that runs a server binary as a non-root user (root: Debian's `postgres` user). */
function asServerUser(file, args) {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

/**
 * Guardian mode (`--cluster`): initdb, start postgres, create the database, print one JSON line
 * `{ "url": ..., "dir": ..., "pid": ... }`, then wait; stdin closing, SIGTERM or SIGINT stop the server
 * (immediate shutdown; SIGKILL after 5 s) and remove the folder.
 */
async function runCluster() {
  const bin = ensurePostgres();
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-throwaway-'));
  const data = path.join(dir, 'data');
  let server = null;
  let cleaned = false;
  const cleanup = () => {
    if (cleaned) return;
    cleaned = true;
    // Immediate shutdown of the postmaster (SIGQUIT; its pid is the first line of postmaster.pid), then
    // SIGKILL after 5 s; the runuser wrapper goes with it.
    // (Only the postmaster is waited for: the wrapper is our child and stays a zombie until we exit.)
    const postmaster = postmasterPid(data);
    const pids = [postmaster, server?.pid].filter((p) => Number.isInteger(p));
    for (const pid of pids) signal(pid, 'SIGQUIT');
    const deadline = Date.now() + 5000;
    while (postmaster && Date.now() < deadline && alive(postmaster)) execFileSync('sleep', ['0.05']);
    for (const pid of pids) signal(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const quit = (code) => { cleanup(); process.exit(code); };
  process.on('SIGTERM', () => quit(0));
  process.on('SIGINT', () => quit(0));
  process.stdin.on('end', () => quit(0));
  process.stdin.on('error', () => quit(0));
  process.stdin.resume();
  try {
    if (isRoot()) {
      chownSync(dir, ...uidGid('postgres'));
    }
    const [initFile, initArgs] = asServerUser(path.join(bin, 'initdb'), [
      '-D', data, '-U', USER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync',
    ]);
    execFileSync(initFile, initArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    const port = await freePort();
    const [pgFile, pgArgs] = asServerUser(path.join(bin, 'postgres'), [
      '-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir,
      // a throwaway cluster: durability is PostgreSQL's usual (fsync stays on), small footprint
      '-c', 'max_connections=100', '-c', 'shared_buffers=32MB', '-c', 'logging_collector=off',
    ]);
    let log = '';
    server = spawn(pgFile, pgArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr.on('data', (chunk) => { log = (log + chunk).slice(-4000); });
    server.on('exit', (code, signal) => {
      if (!cleaned) {
        process.stderr.write(`postgres exited (${code ?? signal}):\n${log}\n`);
        quit(1);
      }
    });
    const [readyFile, readyArgs] = [path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', USER, '-d', 'postgres', '-q']];
    const deadline = Date.now() + 30_000;
    for (;;) {
      try { execFileSync(readyFile, readyArgs, { stdio: 'ignore' }); break; } catch { /* not yet */ }
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 30 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', USER, DATABASE], { stdio: ['ignore', 'ignore', 'pipe'] });
    const url = `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`;
    process.stdout.write(`${JSON.stringify({ url, dir, pid: server.pid })}\n`);
  } catch (error) {
    process.stderr.write(`throwaway postgres failed: ${error instanceof Error ? error.message : error}\n${error?.stderr ?? ''}\n`);
    quit(1);
  }
}

/** The postmaster's pid from `<data>/postmaster.pid`, or null. */
function postmasterPid(data) {
  try {
    const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid, name) {
  try { process.kill(pid, name); } catch { /* already gone */ }
}

function alive(pid) {
  try { process.kill(pid, 0); return true; } catch (error) { return error.code === 'EPERM'; }
}

function uidGid(user) {
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  return [uid, gid];
}

/**
 * Starts a throwaway PostgreSQL cluster (installing the package first if needed).
 * @param {{ timeoutMs?: number }} [options] start-up limit in ms (default 60 000)
 * @returns {Promise<{ url: string, dir: string, stop(): Promise<void> }>} `url` =
 *   `postgres://storefront@127.0.0.1:<port>/storefront` (trust auth, superuser); `dir` = the temp folder;
 *   `stop()` stops the server and removes the folder (idempotent). The cluster is also removed when
 *   this process exits or is killed.
 * @throws when initdb or postgres fail or the server is not ready in time (stderr in the message)
 */
export async function startThrowawayPostgres({ timeoutMs = 60_000 } = {}) {
  const { url, dir, stop } = await startGuarded(SELF, '--cluster', { name: 'throwaway postgres', timeoutMs });
  return { url, dir, stop };
}

if (process.argv[1] === SELF) {
  if (process.argv.includes('--cluster')) {
    void runCluster();
  } else {
    console.log(`postgresql: ${ensurePostgres()}`);
  }
}
