#!/usr/bin/env node
/**
 * `npm run start:cluster [-- --replicas 3]`: the production topology on this machine (./topology.mjs)
 * — PostgreSQL and Redis, two or more replicas of the edge, BFF, identity provider and search engine
 * behind HAProxy, nginx as the static origin of the remotes and the deploy store — each server
 * supervised (restarted with back-off when it dies). Debian's postgresql, redis-server, haproxy and
 * nginx are installed when missing. PostgreSQL keeps its data in `<dataDir>/postgres` (default
 * `.data/cluster-<edge port>/`, git-ignored); every process logs JSON lines to `<dataDir>/logs/`.
 *
 * A control endpoint on 127.0.0.1:<control port> serves `POST /roll` (`npm run cluster:roll`) and
 * `GET /status`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensurePostgres } from '../scripts/ensure-postgres.mjs';
import { ensureRedis, redisArgs } from '../scripts/ensure-redis.mjs';
import { ensureDebianPackage } from '../scripts/ensure-debian.mjs';
import { runLauncher, Supervisor } from '../platform/supervisor.mjs';
import { clusterTopology, DATABASES, ROOT } from './topology.mjs';
import { haproxyConfig, nginxConfig } from './configs.mjs';

const registry = createRequire(import.meta.url)('../registry/index.cjs');
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const isRoot = () => process.getuid?.() === 0;

/**
 * Polls `url` until it answers 200, ms apart.
 * @throws Error naming the URL and the last answer after `timeoutMs`
 */
export async function waitReady(url, { timeoutMs = 60_000, everyMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code || err.message;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms (${last})`);
}

/** argv of a server binary, as Debian's `postgres` user when root (initdb and postgres refuse root). */
const asPostgres = (file, args) => (isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]);

/** Creates the cluster's PostgreSQL data folder once (trust auth on loopback; superuser `storefront`). */
function initPostgres(bin, dir) {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot()) {
    // the postgres user must reach its folder (a mkdtemp parent is 700)
    const parent = path.dirname(dir);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o711);
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, id('-u'), id('-g'));
    fs.chmodSync(dir, 0o700);
  }
  const [file, args] = asPostgres(path.join(bin, 'initdb'), ['-D', dir, '-U', 'storefront', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  execFileSync(file, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Waits for PostgreSQL, then creates each of DATABASES that is missing. */
async function createDatabases(bin, port) {
  const deadline = Date.now() + 30_000;
  while (spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']).status !== 0) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL on :${port} not ready within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const db of DATABASES) {
    const r = spawnSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'storefront', db], { encoding: 'utf8' });
    if (r.status !== 0 && !/already exists/.test(r.stderr)) throw new Error(`createdb ${db}: ${r.stderr}`);
  }
}

/**
 * Starts the topology and resolves once the site answers through the load balancer.
 * @param {{ offset?: number, replicas?: number, quiet?: boolean, dataDir?: string, deployDir?: string, remotesPointer?: string }} [o]
 *   `dataDir` default `.data/cluster-<edge port>`; `remotesPointer` a pointer/map file instead of the
 *   deploy store's `local` environment (as tooling/platform/start.mjs)
 * @returns {Promise<object>} the one-copy platform's interface (url, ports, dataDir, searchAdminKey,
 *   stop, stopService, killService, crashService, startService, readyMs) plus `replicas`, `roll()`
 *   (restarts every replica one at a time, each after the previous is ready; resolves the steps),
 *   `crashReplica(name, i)`, `replicaNames(name)` and `supervisor`
 */
export async function startCluster({ offset = 0, replicas = 2, quiet = false, dataDir, deployDir = process.env.DEPLOY_DIR || path.join(ROOT, '.deploy'), remotesPointer } = {}) {
  const t0 = Date.now();
  const probe = clusterTopology({ offset, replicas });
  const stateDir = dataDir || path.join(ROOT, '.data', `cluster-${probe.ports.edge}`);
  fs.mkdirSync(stateDir, { recursive: true });
  const { searchAdminKey, bffTokenSecret, oidcClientSecret } = clusterSecrets(stateDir);
  const topology = clusterTopology({ offset, replicas, searchAdminKey, bffTokenSecret, oidcClientSecret, dataDir: stateDir, deployDir });
  const { ports, urls } = topology;
  fs.mkdirSync(deployDir, { recursive: true });
  const logs = path.join(stateDir, 'logs');
  const engines = installEngines();

  // The edge's remote map: every remote from its static origin (nginx), overlaid by the deploy pointer.
  fs.writeFileSync(path.join(stateDir, 'remotes.json'), JSON.stringify(registry.remoteMap(ports.remotes), null, 2));

  const sup = new Supervisor({ quiet });
  try {
    // PostgreSQL and Redis first: every replica's readiness needs them.
    await startEngines(sup, { ...engines, stateDir, ports, logs });
    const specs = serverProcesses({ topology, stateDir, logs, brotli: engines.brotli, remotesPointer });
    await Promise.all(specs.map(([name, spec]) => sup.add(name, spec)));
    for (const s of topology.balanced) await waitReady(`http://127.0.0.1:${s.port}/readyz`);
  } catch (err) {
    await sup.stopAll({ graceMs: 2000 });
    throw err;
  }

  const { replicaNames, roll } = rollingRestarts(sup, topology);
  const control = await startControl(sup, { port: ports.control, url: urls.public, roll });
  const each = (name, fn) => Promise.all(replicaNames(name).map(fn));
  return {
    url: urls.public,
    ports: { ...ports, loyaltySite: ports.loyaltySite },
    dataDir: stateDir,
    // MailDev's web inbox and REST API (GET /api/email): the mail the BFF and the provider send
    mailInboxUrl: urls.mailInbox,
    searchAdminKey,
    // the BFF's OIDC client secret: non-browser test shoppers exchange their own codes with it
    oidcClientSecret,
    replicas,
    supervisor: sup,
    replicaNames,
    roll,
    stopService: (name) => each(name, (p) => sup.stop(p)),
    killService: (name, signal = 'SIGKILL') => each(name, (p) => sup.stop(p, { signal, graceMs: 5000 })),
    crashService: (name) => each(name, (p) => sup.crash(p)),
    crashReplica: (name, i) => sup.crash(`${name}-${i}`),
    startService: async (name) => {
      await each(name, (p) => sup.start(p));
      const s = topology.balanced.find((b) => b.name === name);
      if (s) {
        await waitReady(`http://127.0.0.1:${s.port}/readyz`);
        await new Promise((r) => setTimeout(r, 1200));
      }
    },
    stop: async () => {
      await new Promise((r) => control.close(r));
      await sup.stopAll();
    },
    readyMs: Date.now() - t0,
  };
}

/**
 * Installs (once) the engines the topology runs from Debian: PostgreSQL, Redis, HAProxy, nginx and, when
 * Debian has it, nginx's brotli module.
 * @returns {{ pgBin: string, redisBin: string, brotli: boolean }}
 */
function installEngines() {
  const pgBin = ensurePostgres();
  const redisBin = ensureRedis();
  ensureDebianPackage('haproxy');
  ensureDebianPackage('nginx');
  try {
    ensureDebianPackage('libnginx-mod-http-brotli-filter');
    ensureDebianPackage('libnginx-mod-http-brotli-static');
    return { pgBin, redisBin, brotli: true };
  } catch (err) {
    console.warn(`[cluster] nginx without brotli (${err.message}); gzip only`);
    return { pgBin, redisBin, brotli: false };
  }
}

/** Starts PostgreSQL (with the services' databases), Redis and the mail catcher (MailDev); resolves once all answer. */
async function startEngines(sup, { pgBin, redisBin, stateDir, ports, logs }) {
  const pgData = path.join(stateDir, 'postgres');
  initPostgres(pgBin, pgData);
  const [pgFile, pgArgs] = asPostgres(path.join(pgBin, 'postgres'), ['-D', pgData, '-p', String(ports.postgres), '-h', '127.0.0.1', '-k', '/tmp',
    '-c', 'max_connections=300', '-c', 'shared_buffers=128MB', '-c', 'logging_collector=off']);
  await Promise.all([
    sup.add('postgres', { command: pgFile, args: pgArgs, logFile: path.join(logs, 'postgres.log') }).then(() => createDatabases(pgBin, ports.postgres)),
    sup.add('redis', { command: redisBin, args: redisArgs(ports.redis), logFile: path.join(logs, 'redis.log'), ready: () => waitRedis(ports.redis) }),
    sup.add('mail', {
      command: path.join(ROOT, 'node_modules', '.bin', 'maildev'), cwd: ROOT, logFile: path.join(logs, 'mail.log'),
      args: ['--smtp', String(ports.smtp), '--web', String(ports.mailWeb), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'],
      ready: () => waitReady(`http://127.0.0.1:${ports.mailWeb}/api/email`),
    }),
  ]);
}

/**
 * Every server of the topology after the engines: the static origins (nginx), the single services, each
 * replica of the balanced ones and HAProxy in front.
 * @returns {Array<[string, import('../platform/supervisor.mjs').ProcessSpec]>}
 */
function serverProcesses({ topology, stateDir, logs, brotli, remotesPointer }) {
  const specs = [];
  for (const origin of topology.statics) {
    const runDir = path.join(stateDir, 'nginx', origin.name);
    fs.mkdirSync(runDir, { recursive: true });
    for (const [file, text] of Object.entries(nginxConfig(origin, { runDir, storefrontOrigin: topology.urls.public, brotli }))) fs.writeFileSync(path.join(runDir, file), text);
    const check = origin.kind === 'deploy' ? '/health' : `/${origin.name}/${registry.remoteVersion(origin.name)}/mf-manifest.json`;
    specs.push([origin.name, {
      command: '/usr/sbin/nginx', args: ['-c', path.join(runDir, 'nginx.conf'), '-p', runDir, '-e', path.join(runDir, 'error.log')],
      logFile: path.join(logs, `${origin.name}.log`), ready: () => waitReady(`http://127.0.0.1:${origin.port}${check}`),
    }]);
  }
  for (const s of topology.singles) {
    specs.push([s.name, {
      command: tsx, args: s.command, cwd: ROOT, env: { ...s.env, [s.portEnv]: String(s.port) },
      logFile: path.join(logs, `${s.name}.log`), ready: () => waitReady(`http://127.0.0.1:${s.port}/readyz`),
    }]);
  }
  for (const s of topology.balanced) {
    s.replicaPorts.forEach((port, i) => {
      // The pointer a tester or a release pins overrides the deploy store's environment pointer.
      const env = { ...s.env, [s.portEnv]: String(port), ...(s.name === 'edge' && remotesPointer ? { REMOTES_POINTER: remotesPointer } : {}) };
      specs.push([`${s.name}-${i + 1}`, {
        command: s.runtime === 'node' ? process.execPath : tsx, args: s.command, cwd: ROOT, env,
        logFile: path.join(logs, `${s.name}-${i + 1}.log`), ready: () => waitReady(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 120_000 }),
      }]);
    });
  }
  const cfg = path.join(stateDir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig(topology));
  specs.push(['haproxy', { command: '/usr/sbin/haproxy', args: ['-f', cfg, '-db'], logFile: path.join(logs, 'haproxy.log') }]);
  return specs;
}

/**
 * Replica names and the rolling restart of the balanced services.
 * @returns {{ replicaNames(name: string): string[], roll(): Promise<Array<{ replica: string, ms: number }>> }}
 *   `replicaNames('bff')` → ['bff-1', 'bff-2'] (a single or static origin → [name]); `roll` restarts every
 *   replica one at a time: SIGTERM (drain), start, wait for its /readyz and the balancer's next check
 */
function rollingRestarts(sup, topology) {
  const replicaNames = (name) => {
    const s = topology.balanced.find((b) => b.name === name);
    return s ? s.replicaPorts.map((_, i) => `${name}-${i + 1}`) : [name];
  };
  const roll = async () => {
    const steps = [];
    for (const s of topology.balanced) {
      for (const [i, proc] of replicaNames(s.name).entries()) {
        const t = Date.now();
        await sup.stop(proc);
        await sup.start(proc);
        await waitReady(`http://127.0.0.1:${s.replicaPorts[i]}/readyz`, { timeoutMs: 120_000 });
        await new Promise((r) => setTimeout(r, 1200)); // HAProxy checks every 500 ms: let it see the replica up
        steps.push({ replica: proc, ms: Date.now() - t });
      }
    }
    return steps;
  };
  return { replicaNames, roll };
}

/** The cluster's control port (loopback): `POST /roll`, `GET /status`. */
async function startControl(sup, { port, url, roll }) {
  const control = http.createServer((req, res) => {
    const reply = (status, body) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (req.method === 'POST' && req.url === '/roll') {
      roll().then((steps) => reply(200, { steps }), (err) => reply(500, { error: err.message }));
    } else if (req.method === 'GET' && req.url === '/status') {
      reply(200, { url, processes: Object.fromEntries([...sup.procs.keys()].map((n) => [n, { running: sup.running(n), restarts: sup.restarts(n) }])) });
    } else reply(404, { error: 'POST /roll or GET /status' });
  });
  await new Promise((resolve) => control.listen(port, '127.0.0.1', resolve));
  return control;
}

/**
 * The secrets every replica shares, made once per data folder (`secrets.json`, mode 600) so a restart
 * of the cluster keeps them; SEARCH_ADMIN_KEY, BFF_TOKEN_SECRET and OIDC_CLIENT_SECRET from the environment win.
 * @returns {{ searchAdminKey: string, bffTokenSecret: string, oidcClientSecret: string }}
 */
function clusterSecrets(stateDir) {
  const file = path.join(stateDir, 'secrets.json');
  let kept = {};
  try { kept = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { /* first start */ }
  const secrets = {
    searchAdminKey: kept.searchAdminKey || randomBytes(24).toString('hex'),
    bffTokenSecret: kept.bffTokenSecret || randomBytes(32).toString('base64url'),
    oidcClientSecret: kept.oidcClientSecret || randomBytes(32).toString('base64url'),
  };
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return {
    searchAdminKey: process.env.SEARCH_ADMIN_KEY || secrets.searchAdminKey,
    bffTokenSecret: process.env.BFF_TOKEN_SECRET || secrets.bffTokenSecret,
    oidcClientSecret: process.env.OIDC_CLIENT_SECRET || secrets.oidcClientSecret,
  };
}

/** Resolves once Redis on `port` answers PING (redis-cli), within 15 s. */
async function waitRedis(port) {
  const deadline = Date.now() + 15_000;
  while (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() !== 'PONG') {
    if (Date.now() > deadline) throw new Error(`redis on :${port} not ready within 15 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `--replicas N` on the command line, else CLUSTER_REPLICAS, else 2. */
function replicasArg() {
  const flag = process.argv.indexOf('--replicas');
  return flag > 0 ? Number(process.argv[flag + 1]) : Number(process.env.CLUSTER_REPLICAS || 2);
}

runLauncher(import.meta.url, 'cluster', () => startCluster({ replicas: replicasArg() }),
  (c) => `Storefront cluster ready in ${c.readyMs} ms: ${c.url} (${replicasArg()} replicas of edge, bff, identity, search-engine; logs in ${path.join(c.dataDir, 'logs')})`);
