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
 *   mail catcher (MailDev: SMTP :1025 for the BFF's and the provider's mail, web inbox and REST API :1080; service name 'mail')
 *   edge (shell build + /remotes.json + /config.json + /api proxy, :8080)  <- the one URL shoppers use
 *
 * Expects the builds to exist (`npm start` runs `npm run build` first). Ports come from env
 * (EDGE_PORT, SEARCH_PORT, BFF_PORT, IDENTITY_PORT, FLYER_PORT, SMTP_PORT, MAIL_WEB_PORT, and `<REMOTE>_PORT` per remote, e.g. MF_HEADER_PORT)
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
import { runLauncher, Supervisor } from './supervisor.mjs';

const registry = createRequire(import.meta.url)('../registry/index.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/**
 * Default ports; `portsFrom(10000)` gives 18080, 13001... for a second copy (e2e).
 * @returns {{ edge: number, search: number, bff: number, identity: number, flyer: number, vendors: number, smtp: number, mailWeb: number, remotes: Record<string, number> }}
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
    smtp: Number(env.SMTP_PORT || 1025 + offset),
    mailWeb: Number(env.MAIL_WEB_PORT || 1080 + offset),
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
    // Mail of the BFF and the identity provider goes to the local catcher (MailDev); read it at MAIL_INBOX_URL.
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: 'Harbour Market <no-reply@harbour-market.test>',
    MAIL_INBOX_URL: `http://localhost:${ports.mailWeb}`,
    // A password reset at the identity provider ends the shopper's sessions at the BFF (OIDC Back-Channel Logout).
    OIDC_BACKCHANNEL_LOGOUT_URI: `http://127.0.0.1:${ports.bff}/api/auth/backchannel-logout`,
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
 * Fails fast when a port is already taken (e.g. by another `npm start`), naming the port and the service.
 * @throws Error 'port <n> (<service>) is already in use ...'
 */
async function assertPortFree(port, service) {
  const net = await import('node:net');
  await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err) => reject(err.code === 'EADDRINUSE'
      ? new Error(`port ${port} (${service}) is already in use: is another \`npm start\` running? Stop it, or set ${{ edge: 'EDGE_PORT', bff: 'BFF_PORT', flyer: 'FLYER_PORT', vendors: 'VENDORS_PORT', mail: 'SMTP_PORT / MAIL_WEB_PORT' }[service] || 'the service port env'}.`)
      : err));
    server.listen(port, '127.0.0.1', () => server.close(resolve));
  });
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
 *   startService(name: string): Promise<void>, searchAdminKey: string, mailInboxUrl: string, readyMs: number }} (readyMs: ms from call to a
 *   ready site; searchAdminKey: this start's search-engine admin key, for tools and tests that write to the engine)
 */
export async function startPlatform({ offset = 0, quiet = false, dataDir, deployDir = process.env.DEPLOY_DIR || path.join(root, '.deploy'), environment = 'local', remotesPointer } = {}) {
  const t0 = Date.now();
  const ports = portsFrom(offset);
  const stateDir = dataDir || path.join(root, '.data', String(ports.edge));
  fs.mkdirSync(stateDir, { recursive: true });
  const remotesFile = path.join(stateDir, 'remotes.json');
  // The environment's pointer in the deploy store overlays the working builds (released remotes)
  const pointer = remotesPointer || path.join(deployDir, 'environments', environment, 'remotes.json');
  fs.mkdirSync(deployDir, { recursive: true });
  fs.writeFileSync(remotesFile, JSON.stringify(remoteMap(ports), null, 2));
  const env = platformSecretsEnv(ports);
  for (const [port, service] of [[ports.edge, 'edge'], [ports.bff, 'bff'], [ports.flyer, 'flyer'], [ports.vendors, 'vendors'], [ports.deploy, 'deploy'], [ports.loyaltySite, 'loyalty-site'], [ports.smtp, 'mail'], [ports.mailWeb, 'mail']]) await assertPortFree(port, service);

  // Supervision: a server that exits without the launcher asking (a crash, a SIGKILL from outside) is
  // started again after a back-off (250 ms doubling to 4 s; reset once it has run 30 s).
  const sup = new Supervisor({ quiet, label: 'platform', stdout: quiet ? 'ignore' : 'inherit', stderr: 'inherit' });
  const specs = platformProcesses({ ports, env, stateDir, deployDir, pointer, remotesFile });
  const stop = () => sup.stopAll({ graceMs: 5000 });
  try {
    // every process starts at once; the search engine's readiness also seeds it
    await Promise.all([...specs].map(([name, spec]) => sup.add(name, spec)));
  } catch (err) {
    await stop();
    throw err;
  }
  const known = (name) => sup.procs.has(name);
  return {
    url: `http://localhost:${ports.edge}`,
    ports,
    stop,
    stopService: async (name) => { if (known(name)) await sup.stop(name, { graceMs: 5000 }); },
    killService: async (name, signal = 'SIGKILL') => { if (known(name) && sup.running(name)) await sup.stop(name, { signal, graceMs: 5000 }); },
    crashService: (name) => sup.crash(name),
    startService: async (name) => {
      if (!known(name)) throw new Error(`unknown service ${name}`);
      await sup.start(name);
    },
    dataDir: stateDir,
    // MailDev's web inbox and REST API (GET /api/email): the mail the BFF and the provider send
    mailInboxUrl: env.MAIL_INBOX_URL,
    searchAdminKey: env.SEARCH_ADMIN_KEY,
    readyMs: Date.now() - t0,
  };
}

/**
 * The environment every platform process gets: the ports' URLs plus this start's secrets (made per start
 * unless the caller's environment names them).
 * @returns {Record<string, string>}
 */
function platformSecretsEnv(ports) {
  // the BFF signs consent-receipt tokens that the vendors' consent tool verifies: one secret per start
  const tokenSecret = process.env.BFF_TOKEN_SECRET || randomBytes(32).toString('hex');
  return {
    ...platformEnv(ports),
    // the search engine has no default admin key: the seed and tests that write get it from the returned platform
    SEARCH_ADMIN_KEY: process.env.SEARCH_ADMIN_KEY || randomBytes(24).toString('hex'),
    // the BFF is the provider's confidential client (the session at the BFF)
    OIDC_CLIENT_SECRET: process.env.OIDC_CLIENT_SECRET || randomBytes(32).toString('base64url'),
    BFF_TOKEN_SECRET: tokenSecret,
    CONSENT_TOKEN_SECRET: tokenSecret,
    // one JSON line per request is for the cluster's log files; the console shows warnings and errors
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // the search engine lets in the edge, each remote's own server (standalone dev), and any extra origins named
    SEARCH_ALLOWED_ORIGINS: [`http://localhost:${ports.edge}`, ...Object.values(ports.remotes).map((p) => `http://localhost:${p}`),
      ...(process.env.SEARCH_ALLOWED_ORIGINS ? process.env.SEARCH_ALLOWED_ORIGINS.split(',') : [])].join(','),
  };
}

/**
 * What runs in the local platform, in start order: name → command, arguments, environment and readiness.
 * @returns {Map<string, import('./supervisor.mjs').ProcessSpec>}
 */
function platformProcesses({ ports, env, stateDir, deployDir, pointer, remotesFile }) {
  const specs = new Map();
  const health = (port, p = '/health') => () => waitFor(`http://127.0.0.1:${port}${p}`).then(() => undefined);
  const service = (name, script, ready, extraEnv = {}) => specs.set(name, { command: tsx, args: [script], cwd: root, env: { ...env, ...extraEnv }, ready });
  // MailDev on loopback, mail in memory (a restart empties the inbox); ready once its REST API answers
  specs.set('mail', { command: path.join(root, 'node_modules', '.bin', 'maildev'), cwd: root, env: {},
    args: ['--smtp', String(ports.smtp), '--web', String(ports.mailWeb), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'],
    ready: health(ports.mailWeb, '/api/email') });
  service('search-engine', 'services/search-engine/src/main.ts', async () => {
    // in memory: every start is seeded again
    await waitFor(`http://127.0.0.1:${ports.search}/1/indexes`, { headers: { 'x-algolia-application-id': 'grocery-local', 'x-algolia-api-key': env.SEARCH_ADMIN_KEY } });
    await runOnce('seed', tsx, ['services/seed/scripts/seed-search.ts'], env);
  });
  // the BFF sits behind the edge on loopback: believe X-Forwarded-For from loopback peers only (its throttles count per visitor)
  service('bff', 'services/bff/src/main.ts', health(ports.bff, '/api/health'), { TRUST_PROXY: process.env.TRUST_PROXY || 'loopback', PGLITE_DATA_DIR: process.env.DATABASE_URL ? '' : path.join(stateDir, 'pglite') });
  const hasIdentity = fs.existsSync(path.join(root, 'services/identity/src/main.ts'));
  if (hasIdentity) service('identity', 'services/identity/src/main.ts', health(ports.identity, '/.well-known/openid-configuration'));
  service('flyer', 'services/flyer-provider/src/main.ts', health(ports.flyer));
  service('vendors', 'services/vendors/src/main.ts', health(ports.vendors));
  service('loyalty-site', 'services/loyalty-site/src/main.ts', health(ports.loyaltySite), { LOYALTY_SITE_DATA_FILE: path.join(stateDir, 'loyalty-site', 'registrations.jsonl') });
  for (const [name, port] of Object.entries(ports.remotes)) {
    specs.set(name, { command: process.execPath, args: [path.join(root, 'tooling/serve/serve-remote.mjs')], cwd: path.join(root, name),
      env: { PORT: String(port), STOREFRONT_ORIGIN: `http://localhost:${ports.edge}` }, ready: health(port, `/${name}/${version(name)}/mf-manifest.json`) });
  }
  specs.set('deploy', { command: process.execPath, args: [path.join(root, 'tooling/deploy/origin.mjs')], cwd: root,
    env: { PORT: String(ports.deploy), DEPLOY_DIR: deployDir, STOREFRONT_ORIGIN: `http://localhost:${ports.edge}` }, ready: health(ports.deploy) });
  // REMOTE_OVERRIDES: the local platform (npm start, e2e, the release's smoke suite) accepts testers'
  // `?remote.<name>=` overrides; a production edge does not unless told (shell/server/edge.mjs)
  specs.set('edge', { command: process.execPath, args: ['shell/server/edge.mjs'], cwd: root,
    env: { ...env, PORT: String(ports.edge), REMOTES_FILE: remotesFile, REMOTES_POINTER: pointer, IDENTITY_ORIGIN: hasIdentity ? env.OIDC_ISSUER : '', REMOTE_OVERRIDES: 'on' },
    ready: health(ports.edge, '/remotes.json') });
  return specs;
}

runLauncher(import.meta.url, 'platform', () => startPlatform(), (p) => `Storefront ready in ${p.readyMs} ms: ${p.url} (mail inbox: http://localhost:${p.ports.mailWeb})`);
