#!/usr/bin/env node
/**
 * Starts the whole composed site with its local platform (ARCHITECTURE §5), each part in its own
 * process so one can be stopped on its own (e2e "one remote down"):
 *
 *   search engine (Algolia-compatible, :7700)  ->  seeded with the committed catalogue via algoliasearch
 *   BFF (/api, embedded Postgres, :4000)
 *   identity (OpenID Connect provider, :4100, when services/identity exists)
 *   flyer provider (embed script + weekly flyer in an iframe + publications API, :4300; service name 'flyer')
 *   vendors (consent tool, tag manager, ad script, live chat, analytics collector, :4400; service name 'vendors')
 *   loyalty site (the external Scene+ registration site, /register, :4500; service name 'loyalty-site')
 *   every remote of the registry (tooling/registry/remotes.json) on its port: static servers of the versioned builds
 *   deploy origin (the deploy store's released versions and environment pointers, :4600; service name 'deploy')
 *   edge (shell build + /remotes.json + /config.json + /api proxy, :8080)  <- the one URL shoppers use
 *
 * Expects the builds to exist (`npm start` runs `npm run build` first). Ports come from env
 * (EDGE_PORT, SEARCH_PORT, BFF_PORT, IDENTITY_PORT, FLYER_PORT, and `<REMOTE>_PORT` per remote, e.g. MF_HEADER_PORT)
 * or `portsFrom(offset)`.
 *
 * Shopper data is durable: the BFF keeps PGlite in `<data folder>/pglite` (default `.data/<edge port>/`,
 * git-ignored) and locks it. The servers run in their own process groups; a reaper process ends them
 * when the launcher ends, however it ends (also SIGKILL), so a second `npm start` never runs beside
 * leftovers.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { restartDelayMs } from './supervisor.mjs';

const registry = createRequire(import.meta.url)('../registry/index.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/**
 * Default ports; `portsFrom(10000)` gives 18080, 13001... for a second copy (e2e).
 * @returns {{ edge: number, search: number, bff: number, identity: number, flyer: number, vendors: number, remotes: Record<string, number> }}
 *   `remotes`: package name → port, for every registered remote present in this checkout
 */
export function portsFrom(offset = 0) {
  const env = process.env;
  return {
    edge: Number(env.EDGE_PORT || 8080 + offset),
    search: Number(env.SEARCH_PORT || 7700 + offset),
    bff: Number(env.BFF_PORT || 4000 + offset),
    identity: Number(env.IDENTITY_PORT || 4100 + offset),
    flyer: Number(env.FLYER_PORT || 4300 + offset),
    vendors: Number(env.VENDORS_PORT || 4400 + offset),
    deploy: Number(env.DEPLOY_PORT || 4600 + offset),
    loyaltySite: Number(env.LOYALTY_SITE_PORT || 4500 + offset),
    remotes: registry.remotePorts(offset, env),
  };
}

const version = (dir) => registry.remoteVersion(dir);

/** The runtime remote map: URL of each remote's mf-manifest.json (ARCHITECTURE §2). */
export function remoteMap(ports) {
  return registry.remoteMap(ports.remotes);
}

/** Environment every service gets: where the others are (one origin per service, all on loopback). */
export function platformEnv(ports) {
  return {
    SEARCH_PORT: String(ports.search),
    SEARCH_HOST: `localhost:${ports.search}`,
    BFF_PORT: String(ports.bff),
    BFF_URL: `http://127.0.0.1:${ports.bff}`,
    IDENTITY_PORT: String(ports.identity),
    OIDC_ISSUER: `http://localhost:${ports.identity}`,
    OIDC_CLIENT_ID: 'storefront',
    PUBLIC_ORIGIN: `http://localhost:${ports.edge}`,
    // The flyer provider: its origin (edge /config.json `flyer`, CSP) and the one host page that may frame it.
    FLYER_PORT: String(ports.flyer),
    FLYER_ORIGIN: `http://localhost:${ports.flyer}`,
    FLYER_PUBLIC_ORIGIN: `http://localhost:${ports.flyer}`,
    FLYER_ALLOWED_HOSTS: `http://localhost:${ports.edge}`,
    // The vendors' stand-ins: their origin (edge /config.json `vendors`, CSP).
    VENDORS_PORT: String(ports.vendors),
    VENDORS_ORIGIN: `http://localhost:${ports.vendors}`,
    VENDORS_PUBLIC_ORIGIN: `http://localhost:${ports.vendors}`,
    // The deploy origin: released remote versions; the edge resolves `deploy:` pointer entries against it.
    DEPLOY_PORT: String(ports.deploy),
    DEPLOY_ORIGIN: `http://localhost:${ports.deploy}`,
    // The external loyalty site (spec §2 /register): edge /config.json `loyaltySite`, the /register redirect.
    LOYALTY_SITE_PORT: String(ports.loyaltySite),
    LOYALTY_SITE_ORIGIN: `http://localhost:${ports.loyaltySite}`,
  };
}

async function waitFor(url, { timeoutMs = 60000, method = 'GET', body, headers } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { method, body, headers });
      if (res.status < 500) return res;
      last = new Error(`HTTP ${res.status}`);
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}: ${last && last.message}`);
}

/**
 * Starts the reaper (./reaper.mjs) that ends every server's process group if this process dies.
 * @returns {{ watch(pid: number): void, release(): void }} `watch` registers a group; `release` tells the
 *   reaper the launcher stopped the servers itself
 */
function startReaper() {
  const reaper = spawn(process.execPath, [path.join(root, 'tooling/platform/reaper.mjs')], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  reaper.unref();
  reaper.stdin.on('error', () => { /* reaper gone: nothing to tell */ });
  if (typeof reaper.stdin.unref === 'function') reaper.stdin.unref();
  return {
    watch: (pid) => { if (pid) reaper.stdin.write(`${pid}\n`); },
    release: () => { reaper.stdin.end('done\n'); },
  };
}

/**
 * Resolves once no process of the group `pgid` is alive (a server's own node process can outlive the
 * tsx wrapper by a few hundred ms and still hold its port), or after `timeoutMs` (default 5000 ms).
 */
async function groupGone(pgid, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try { process.kill(-pgid, 0); } catch { return; }
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Fails fast when a port is already taken (e.g. by another `npm start`), naming the port and the service.
 * @throws Error 'port <n> (<service>) is already in use ...'
 */
async function assertPortFree(port, service) {
  const net = await import('node:net');
  await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err) => reject(err.code === 'EADDRINUSE'
      ? new Error(`port ${port} (${service}) is already in use: is another \`npm start\` running? Stop it, or set ${{ edge: 'EDGE_PORT', bff: 'BFF_PORT', flyer: 'FLYER_PORT', vendors: 'VENDORS_PORT' }[service] || 'the service port env'}.`)
      : err));
    server.listen(port, '127.0.0.1', () => server.close(resolve));
  });
}

function launch(name, command, args, { cwd = root, env = {}, quiet } = {}) {
  // Own process group, so stopping also ends grandchildren (tsx runs node in a child process).
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping && code !== 0 && code !== null) console.error(`[platform] ${name} exited with code ${code}${signal ? ` (${signal})` : ''}`);
  });
  return child;
}

function runOnce(name, command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed with code ${code}`))));
  });
}

/**
 * Starts every service. Resolves once the site answers on the edge URL.
 * @param {{ offset?: number, quiet?: boolean, dataDir?: string, deployDir?: string, environment?: string, remotesPointer?: string }} [o]
 *   `offset` added to every port; `dataDir` holds remotes.json and the BFF's PGlite (default `.data/<edge port>`;
 *   pass the same folder to restart on the same data); `deployDir` the deploy store (default DEPLOY_DIR or
 *   `.deploy/`), `environment` whose pointer the edge overlays on the working builds (default 'local'),
 *   or `remotesPointer` a pointer/map file of its own (a release's candidate, a tester's pinned map)
 * @returns {{ url: string, ports: object, dataDir: string, stop(): Promise<void>, stopService(name: string): Promise<void>,
 *   killService(name: string, signal?: string): Promise<void>, crashService(name: string): Promise<void>,
 *   startService(name: string): Promise<void>, searchAdminKey: string, readyMs: number }} (readyMs: ms from call to a
 *   ready site; searchAdminKey: this start's search-engine admin key, for tools and tests that write to the engine)
 */
export async function startPlatform({ offset = 0, quiet = false, dataDir, deployDir = process.env.DEPLOY_DIR || path.join(root, '.deploy'), environment = 'local', remotesPointer } = {}) {
  const t0 = Date.now();
  const ports = portsFrom(offset);
  const children = new Map();
  let reaper;
  // name → how to launch the service again and how to know it is ready (startService after stopService/killService)
  const starters = new Map();
  const readiness = new Map();
  const restarts = new Map();
  // Supervision: a server that exits without the launcher asking (a crash, a SIGKILL from outside) is
  // started again after a back-off (250 ms doubling to 4 s; reset once it has run 30 s).
  const track = (name, child) => {
    children.set(name, child);
    reaper.watch(child.pid);
    const since = Date.now();
    child.once('exit', () => {
      if (child.stopping || shuttingDown || children.get(name) !== child) return;
      const tries = Date.now() - since > 30_000 ? 0 : (restarts.get(name) || 0);
      restarts.set(name, tries + 1);
      const delay = restartDelayMs(tries);
      console.error(`[platform] ${name} exited unexpectedly: restarting in ${delay} ms`);
      setTimeout(() => {
        if (shuttingDown || children.get(name) !== child) return;
        track(name, starters.get(name)());
        // (the search engine's readiness seeds it again)
        readiness.get(name)().catch((err) => console.error(`[platform] ${name} not ready after restart: ${err.message}`));
      }, delay).unref();
    });
  };
  let shuttingDown = false;
  const run = (name, start, ready) => { starters.set(name, start); readiness.set(name, ready); track(name, start()); };
  const stateDir = dataDir || path.join(root, '.data', String(ports.edge));
  fs.mkdirSync(stateDir, { recursive: true });
  const remotesFile = path.join(stateDir, 'remotes.json');
  // The environment's pointer in the deploy store overlays the working builds (released remotes)
  const pointer = remotesPointer || path.join(deployDir, 'environments', environment, 'remotes.json');
  fs.mkdirSync(deployDir, { recursive: true });
  fs.writeFileSync(remotesFile, JSON.stringify(remoteMap(ports), null, 2));

  // The search engine has no default admin key; this launcher makes one per start (the seed
  // and tests that write get it from the returned platform) and lets only the storefront's origins in
  const searchAdminKey = process.env.SEARCH_ADMIN_KEY || randomBytes(24).toString('hex');
  // the BFF signs consent-receipt tokens that the vendors' consent tool verifies: one secret per start
  const tokenSecret = process.env.BFF_TOKEN_SECRET || randomBytes(32).toString('hex');
  // the BFF is the provider's confidential client (the session at the BFF): one client secret per start
  const clientSecret = process.env.OIDC_CLIENT_SECRET || randomBytes(32).toString('base64url');
  const env = {
    ...platformEnv(ports),
    SEARCH_ADMIN_KEY: searchAdminKey,
    OIDC_CLIENT_SECRET: clientSecret,
    BFF_TOKEN_SECRET: tokenSecret,
    CONSENT_TOKEN_SECRET: tokenSecret,
    // one JSON line per request is for the cluster's log files; the console shows warnings and errors
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // the edge, each remote's own server (standalone dev), and any extra origins the caller names
    SEARCH_ALLOWED_ORIGINS: [`http://localhost:${ports.edge}`, ...Object.values(ports.remotes).map((p) => `http://localhost:${p}`),
      ...(process.env.SEARCH_ALLOWED_ORIGINS ? process.env.SEARCH_ALLOWED_ORIGINS.split(',') : [])].join(','),
  };
  await assertPortFree(ports.edge, 'edge');
  await assertPortFree(ports.bff, 'bff');
  await assertPortFree(ports.flyer, 'flyer');
  await assertPortFree(ports.vendors, 'vendors');
  await assertPortFree(ports.deploy, 'deploy');
  await assertPortFree(ports.loyaltySite, 'loyalty-site');
  reaper = startReaper();
  const hasIdentity = fs.existsSync(path.join(root, 'services/identity/src/main.ts'));
  const health = (port, p = '/health') => () => waitFor(`http://127.0.0.1:${port}${p}`);
  run('search-engine', () => launch('search-engine', tsx, ['services/search-engine/src/main.ts'], { env, quiet }), async () => {
    // in memory: every start is seeded again
    await waitFor(`http://127.0.0.1:${ports.search}/1/indexes`, { headers: { 'x-algolia-application-id': 'grocery-local', 'x-algolia-api-key': searchAdminKey } });
    await runOnce('seed', tsx, ['services/seed/scripts/seed-search.ts'], env);
  });
  // the BFF sits behind the edge on loopback: believe X-Forwarded-For from loopback peers only (its throttles count per visitor)
  run('bff', () => launch('bff', tsx, ['services/bff/src/main.ts'], { env: { ...env, TRUST_PROXY: process.env.TRUST_PROXY || 'loopback', PGLITE_DATA_DIR: process.env.DATABASE_URL ? '' : path.join(stateDir, 'pglite') }, quiet }), health(ports.bff, '/api/health'));
  if (hasIdentity) run('identity', () => launch('identity', tsx, ['services/identity/src/main.ts'], { env, quiet }), health(ports.identity, '/.well-known/openid-configuration'));
  run('flyer', () => launch('flyer', tsx, ['services/flyer-provider/src/main.ts'], { env, quiet }), health(ports.flyer));
  run('vendors', () => launch('vendors', tsx, ['services/vendors/src/main.ts'], { env, quiet }), health(ports.vendors));
  run('loyalty-site', () => launch('loyalty-site', tsx, ['services/loyalty-site/src/main.ts'], { env: { ...env, LOYALTY_SITE_DATA_FILE: path.join(stateDir, 'loyalty-site', 'registrations.jsonl') }, quiet }), health(ports.loyaltySite));
  const remotes = Object.entries(ports.remotes);
  for (const [name, port] of remotes) {
    run(name, () => launch(name, process.execPath, [path.join(root, 'tooling/serve/serve-remote.mjs')], { cwd: path.join(root, name), env: { PORT: String(port), STOREFRONT_ORIGIN: `http://localhost:${ports.edge}` }, quiet }),
      health(port, `/${name}/${version(name)}/mf-manifest.json`));
  }
  run('deploy', () => launch('deploy', process.execPath, [path.join(root, 'tooling/deploy/origin.mjs')], {
    env: { PORT: String(ports.deploy), DEPLOY_DIR: deployDir, STOREFRONT_ORIGIN: `http://localhost:${ports.edge}` },
    quiet,
  }), health(ports.deploy));
  run('edge', () => launch('edge', process.execPath, ['shell/server/edge.mjs'], {
    // REMOTE_OVERRIDES: the local platform (npm start, e2e, the release's smoke suite) accepts testers'
    // `?remote.<name>=` overrides; a production edge does not unless told (shell/server/edge.mjs)
    env: { ...env, PORT: String(ports.edge), REMOTES_FILE: remotesFile, REMOTES_POINTER: pointer, IDENTITY_ORIGIN: hasIdentity ? env.OIDC_ISSUER : '', REMOTE_OVERRIDES: 'on' },
    quiet,
  }), health(ports.edge, '/remotes.json'));

  const stopService = async (name) => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.stopping = true;
    await new Promise((resolve) => {
      const force = setTimeout(() => {
        try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
        resolve();
      }, 5000);
      child.once('exit', () => { clearTimeout(force); resolve(); });
      try { process.kill(-child.pid, 'SIGTERM'); } catch { child.kill('SIGTERM'); }
    });
    await groupGone(child.pid);
  };
  /**
   * Kills a service's process group with `signal` (e.g. 'SIGKILL': a crash); e2e/durability tests.
   * Resolves once every process of the group has exited (its ports are free), at most 5000 ms.
   */
  const killService = async (name, signal = 'SIGKILL') => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.stopping = true;
    try { process.kill(-child.pid, signal); } catch { /* gone */ }
    await groupGone(child.pid);
  };
  /**
   * Starts a service again after stopService/killService, on the same ports, environment and data
   * (the BFF on the same PGlite folder; the in-memory search engine seeded again), and resolves once it
   * is ready; a service that is running is left alone. e2e fault tests restart what they stop.
   * @throws Error 'unknown service <name>'
   */
  const startService = async (name) => {
    const start = starters.get(name);
    if (!start) throw new Error(`unknown service ${name}`);
    const child = children.get(name);
    if (child && child.exitCode === null && child.signalCode === null) return;
    track(name, start());
    await readiness.get(name)();
  };
  /**
   * Crashes a service (SIGKILL of its process group) without telling the supervisor, which starts it
   * again after its back-off; resolves once the old processes are gone.
   */
  const crashService = async (name) => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    await groupGone(child.pid);
  };
  const stop = async () => {
    shuttingDown = true;
    await Promise.all([...children.keys()].map(stopService));
    reaper.release();
  };
  // Never leave detached servers behind if this process ends without calling stop().
  process.once('exit', () => {
    for (const child of children.values()) {
      if (child.exitCode === null && child.signalCode === null) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    }
  });

  try {
    await readiness.get('search-engine')();
    await Promise.all([...readiness].filter(([name]) => name !== 'search-engine').map(([, ready]) => ready()));
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://localhost:${ports.edge}`, ports, stop, stopService, killService, crashService, startService, dataDir: stateDir, searchAdminKey, readyMs: Date.now() - t0 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  startPlatform().then((p) => {
    console.log(`\nStorefront ready in ${p.readyMs} ms: ${p.url}\n`);
    const shutdown = () => p.stop().then(() => process.exit(0));
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  }, (err) => {
    console.error(`[platform] ${err.message}`);
    process.exit(1);
  });
}
