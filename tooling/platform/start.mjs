#!/usr/bin/env node
/**
 * Starts the whole composed site with its local platform (ARCHITECTURE §5), each part in its own
 * process so one can be stopped on its own (e2e "one remote down"):
 *
 *   search engine (Algolia-compatible, :7700)  ->  seeded with the committed catalogue via algoliasearch
 *   BFF (/api, embedded Postgres, :4000)
 *   identity (OpenID Connect provider, :4100, when services/identity exists)
 *   mf-header :3001, mf-search :3002, mf-store-selector :3003, mf-loyalty :3004 (static servers of the versioned builds)
 *   edge (shell build + /remotes.json + /config.json + /api proxy, :8080)  <- the one URL shoppers use
 *
 * Expects the builds to exist (`npm start` runs `npm run build` first). Ports come from env
 * (EDGE_PORT, HEADER_PORT, SEARCH_UI_PORT, STORE_PORT, SEARCH_PORT, BFF_PORT) or `portsFrom(base)`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** Default ports; `portsFrom(10000)` gives 18080, 13001... for a second copy (e2e). */
export function portsFrom(offset = 0) {
  const env = process.env;
  return {
    edge: Number(env.EDGE_PORT || 8080 + offset),
    header: Number(env.HEADER_PORT || 3001 + offset),
    searchUi: Number(env.SEARCH_UI_PORT || 3002 + offset),
    store: Number(env.STORE_PORT || 3003 + offset),
    search: Number(env.SEARCH_PORT || 7700 + offset),
    bff: Number(env.BFF_PORT || 4000 + offset),
    identity: Number(env.IDENTITY_PORT || 4100 + offset),
    loyalty: Number(env.LOYALTY_PORT || 3004 + offset),
  };
}

const version = (dir) => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).version;

/** The runtime remote map: URL of each remote's mf-manifest.json (ARCHITECTURE §2). */
export function remoteMap(ports) {
  return Object.fromEntries(remotesOf(ports).map(([name, port]) => [name, `http://localhost:${port}/${name}/${version(name)}/mf-manifest.json`]));
}

/** [remote folder, port] of every remote present in this checkout. */
function remotesOf(ports) {
  return [
    ['mf-header', ports.header],
    ['mf-search', ports.searchUi],
    ['mf-store-selector', ports.store],
    ['mf-loyalty', ports.loyalty],
  ].filter(([name]) => fs.existsSync(path.join(root, name, 'package.json')));
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
 * @returns {{ url: string, ports: object, stop(): Promise<void>, stopService(name: string): Promise<void>, readyMs: number }}
 */
export async function startPlatform({ offset = 0, quiet = false, dataDir } = {}) {
  const t0 = Date.now();
  const ports = portsFrom(offset);
  const children = new Map();
  const stateDir = dataDir || path.join(root, '.data', String(ports.edge));
  fs.mkdirSync(stateDir, { recursive: true });
  const remotesFile = path.join(stateDir, 'remotes.json');
  fs.writeFileSync(remotesFile, JSON.stringify(remoteMap(ports), null, 2));

  const env = platformEnv(ports);
  const hasIdentity = fs.existsSync(path.join(root, 'services/identity/src/main.ts'));
  children.set('search-engine', launch('search-engine', tsx, ['services/search-engine/src/main.ts'], { env, quiet }));
  children.set('bff', launch('bff', tsx, ['services/bff/src/main.ts'], { env, quiet }));
  if (hasIdentity) children.set('identity', launch('identity', tsx, ['services/identity/src/main.ts'], { env, quiet }));
  const remotes = remotesOf(ports);
  for (const [name, port] of remotes) {
    children.set(name, launch(name, process.execPath, [path.join(root, 'tooling/serve/serve-remote.mjs')], { cwd: path.join(root, name), env: { PORT: String(port) }, quiet }));
  }
  children.set('edge', launch('edge', process.execPath, ['shell/server/edge.mjs'], {
    env: { ...env, PORT: String(ports.edge), REMOTES_FILE: remotesFile, IDENTITY_ORIGIN: hasIdentity ? env.OIDC_ISSUER : '' },
    quiet,
  }));

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
  };
  const stop = async () => { await Promise.all([...children.keys()].map(stopService)); };
  // Never leave detached servers behind if this process ends without calling stop().
  process.once('exit', () => {
    for (const child of children.values()) {
      if (child.exitCode === null && child.signalCode === null) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    }
  });

  try {
    await waitFor(`http://127.0.0.1:${ports.search}/1/indexes`, { headers: { 'x-algolia-application-id': 'grocery-local', 'x-algolia-api-key': 'local-admin-key' } });
    await runOnce('seed', tsx, ['services/seed/scripts/seed-search.ts'], env);
    await Promise.all([
      waitFor(`http://127.0.0.1:${ports.bff}/api/health`),
      ...(hasIdentity ? [waitFor(`http://127.0.0.1:${ports.identity}/.well-known/openid-configuration`)] : []),
      ...remotes.map(([name, port]) => waitFor(`http://127.0.0.1:${port}/${name}/${version(name)}/mf-manifest.json`)),
      waitFor(`http://127.0.0.1:${ports.edge}/remotes.json`),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://localhost:${ports.edge}`, ports, stop, stopService, readyMs: Date.now() - t0 };
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
