/**
 * Reads and checks the remote registry (`remotes.json`, ARCHITECTURE §1). CommonJS so the
 * webpack preset, the jest preset, the ESM launcher/edge/bench/e2e and the shell's TypeScript all load
 * the same file. Every reader goes through these functions; nothing else lists remotes.
 */
const fs = require('fs');
const path = require('path');

/**
 * Repository root (the folder holding the remote folders). `STOREFRONT_ROOT` points the registry at
 * another checkout (the scaffold's tests use a temporary copy).
 */
const repoRoot = process.env.STOREFRONT_ROOT ? path.resolve(process.env.STOREFRONT_ROOT) : path.resolve(__dirname, '..', '..');
const registryFile = path.join(repoRoot, 'tooling', 'registry', 'remotes.json');

const KINDS = ['band', 'page'];
const REGIONS = ['header', 'footer', 'overlay'];
/**
 * Conditions a band can be mounted under (default: always): 'signed-in' (a shopper is signed in),
 * 'consent-performance' (consent group C0002 is active: guided tours), 'in-view' (its slot has come
 * into the viewport: the footer below the fold). Until then nothing of the band is downloaded.
 */
const WHEN = ['signed-in', 'consent-performance', 'in-view'];
const EVENT = /^[a-z-]+\/[a-z-]+$/;
const ROUTE = /^\/([A-Za-z0-9._~:*-]+\/?)*(\?[A-Za-z0-9_-]+)?$/;

/**
 * Checks the registry's shape and invariants.
 * @param {unknown} data parsed remotes.json
 * @returns {string[]} problems, each naming the remote and field; empty when valid
 */
function validateRegistry(data) {
  const problems = [];
  const remotes = data && Array.isArray(data.remotes) ? data.remotes : null;
  if (!remotes) return ['remotes.json: "remotes" must be an array'];
  const seen = { package: new Set(), mfName: new Set(), port: new Set(), app: new Set() };
  for (const [i, r] of remotes.entries()) {
    const where = `remotes[${i}]${r && r.package ? ` (${r.package})` : ''}`;
    if (!r || typeof r.package !== 'string' || !/^mf-[a-z0-9-]+$/.test(r.package)) { problems.push(`${where}: "package" must look like mf-<name>`); continue; }
    const expectedMf = r.package.replace(/[^a-zA-Z0-9_]/g, '_');
    if (r.mfName !== expectedMf) problems.push(`${where}: "mfName" must be "${expectedMf}" (package name with non-alphanumerics as '_')`);
    if (!Number.isInteger(r.port) || r.port < 1024 || r.port > 65535) problems.push(`${where}: "port" must be an integer 1024..65535`);
    if (typeof r.optional !== 'boolean') problems.push(`${where}: "optional" must be true or false`);
    for (const key of ['package', 'mfName', 'port']) {
      if (seen[key].has(r[key])) problems.push(`${where}: duplicate ${key} ${r[key]}`);
      seen[key].add(r[key]);
    }
    if (!Array.isArray(r.exposes) || r.exposes.length === 0) problems.push(`${where}: "exposes" must list at least './spa'`);
    else {
      if (!r.exposes.some((e) => e.expose === './spa')) problems.push(`${where}: every remote exposes './spa'`);
      for (const e of r.exposes) {
        const at = `${where} expose ${e && e.expose}`;
        if (!e || typeof e.expose !== 'string' || !e.expose.startsWith('./')) { problems.push(`${where}: an expose needs "expose" starting with './'`); continue; }
        if (typeof e.file !== 'string' || !e.file.startsWith('./src/')) problems.push(`${at}: "file" must be a path under ./src/`);
        if (typeof e.app !== 'string' || !e.app) problems.push(`${at}: "app" (single-spa application name) is required`);
        else if (seen.app.has(e.app)) problems.push(`${at}: duplicate app name ${e.app}`);
        else seen.app.add(e.app);
        if (typeof e.label !== 'string' || !e.label) problems.push(`${at}: "label" (shopper-facing name) is required`);
        if (!KINDS.includes(e.kind)) problems.push(`${at}: "kind" must be one of ${KINDS.join(', ')}`);
        if (e.kind === 'band' && !REGIONS.includes(e.region)) problems.push(`${at}: a band expose needs "region" (${REGIONS.join(', ')})`);
        if (e.when !== undefined && !(e.kind === 'band' && WHEN.includes(e.when))) problems.push(`${at}: "when" is only for band exposes and must be one of ${WHEN.join(', ')}`);
        if (e.kind === 'page') {
          if (!Array.isArray(e.routes) || e.routes.length === 0) problems.push(`${at}: a page expose needs "routes"`);
          else for (const route of e.routes) if (typeof route !== 'string' || !ROUTE.test(route)) problems.push(`${at}: bad route pattern ${JSON.stringify(route)}`);
        }
      }
    }
    for (const key of ['publishes', 'consumes']) {
      if (!Array.isArray(r[key])) problems.push(`${where}: "${key}" must be an array of event types`);
      else for (const t of r[key]) if (typeof t !== 'string' || !EVENT.test(t)) problems.push(`${where}: ${key} has a bad event type ${JSON.stringify(t)}`);
    }
  }
  return problems;
}

let cached;
/**
 * The registry, validated once per process.
 * @returns {{ remotes: RegistryRemote[] }}
 * @throws Error listing every problem when remotes.json is invalid
 */
function loadRegistry() {
  if (cached) return cached;
  const data = JSON.parse(fs.readFileSync(registryFile, 'utf8'));
  const problems = validateRegistry(data);
  if (problems.length) throw new Error(`tooling/registry/remotes.json is invalid:\n- ${problems.join('\n- ')}`);
  cached = data;
  return data;
}

/** Every registered remote, in registry order (the shell mounts their apps in this order). */
function remotes() {
  return loadRegistry().remotes;
}

/**
 * One remote's entry.
 * @param {string} pkg package name, e.g. 'mf-header'
 * @returns the entry, or undefined when the package is not a registered remote
 */
function remoteOf(pkg) {
  return remotes().find((r) => r.package === pkg);
}

/** The version in a remote's package.json (its build lives in `dist/<name>/<version>/`). */
function remoteVersion(pkg) {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, pkg, 'package.json'), 'utf8')).version;
}

/** Registered remotes whose folder is in this checkout. */
function presentRemotes() {
  return remotes().filter((r) => fs.existsSync(path.join(repoRoot, r.package, 'package.json')));
}

/**
 * The environment variable that overrides a remote's port, e.g. 'MF_STORE_SELECTOR_PORT'.
 * @param {string} pkg package name
 */
function portEnvOf(pkg) {
  return `${pkg.replace(/[^a-zA-Z0-9]/g, '_').toUpperCase()}_PORT`;
}

/**
 * Port of each present remote: `<PKG>_PORT` from env, else registry port + offset.
 * @param {number} [offset] added to every registry port (e.g. 10000 for the e2e copy)
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Record<string, number>} package name → port
 */
function remotePorts(offset = 0, env = process.env) {
  return Object.fromEntries(presentRemotes().map((r) => [r.package, Number(env[portEnvOf(r.package)] || r.port + offset)]));
}

/**
 * The runtime remote map (ARCHITECTURE §2): package → URL of its versioned `mf-manifest.json`.
 * @param {Record<string, number>} [ports] package → port (default: registry ports)
 * @param {{ host?: string }} [o] host name of the remote servers (default 'localhost')
 */
function remoteMap(ports = remotePorts(), { host = 'localhost' } = {}) {
  const map = {};
  for (const r of presentRemotes()) {
    if (!ports[r.package]) continue;
    map[r.package] = `http://${host}:${ports[r.package]}/${r.package}/${remoteVersion(r.package)}/mf-manifest.json`;
  }
  return map;
}

/**
 * The Module Federation `exposes` of a remote, for the webpack preset.
 * @param {string} pkg package name
 * @returns {Record<string, string>} e.g. { './spa': './src/spa.tsx' }
 * @throws Error when the package is not registered
 */
function exposesOf(pkg) {
  const r = remoteOf(pkg);
  if (!r) throw new Error(`${pkg} is not in tooling/registry/remotes.json; add an entry (npm run new-remote scaffolds one)`);
  return Object.fromEntries(r.exposes.map((e) => [e.expose, e.file]));
}

/**
 * Band slots by region, in registry order: the shell's served HTML reserves one element per slot.
 * @returns {{ header: Slot[], footer: Slot[], overlay: Slot[] }} Slot = { id, remote, app, label }
 */
function bandSlots() {
  const out = { header: [], footer: [], overlay: [] };
  for (const r of remotes()) {
    for (const e of r.exposes) if (e.kind === 'band') out[e.region].push({ id: slotIdOf(e), remote: r.package, app: e.app, label: e.label });
  }
  return out;
}

/** The slot element id of an expose: `slot-<app>` for a band, `slot-page` for a page. */
function slotIdOf(expose) {
  return expose.kind === 'page' ? 'slot-page' : `slot-${expose.app}`;
}

/**
 * The registry as text, in its committed layout: one remote object per block, one expose per line.
 * @param {{ $comment?: string, remotes: RegistryRemote[] }} data
 */
function formatRegistry(data) {
  const line = (v) => JSON.stringify(v).replace(/":/g, '": ').replace(/,"/g, ', "').replace(/^\{"/, '{ "').replace(/\}$/, ' }');
  const remote = (r) => {
    const { exposes, ...rest } = r;
    const keys = Object.entries(rest).map(([k, v]) => `      ${JSON.stringify(k)}: ${JSON.stringify(v).replace(/","/g, '", "')}`);
    const ex = `      "exposes": [\n${exposes.map((e) => `        ${line(e)}`).join(',\n')}\n      ]`;
    const all = [...keys.slice(0, 4), ex, ...keys.slice(4)];
    return `    {\n${all.join(',\n')}\n    }`;
  };
  const head = data.$comment ? `  "$comment": ${JSON.stringify(data.$comment)},\n` : '';
  return `{\n${head}  "remotes": [\n${data.remotes.map(remote).join(',\n')}\n  ]\n}\n`;
}

/**
 * Adds one remote to remotes.json (atomic replace), after validating the result.
 * @param {RegistryRemote} entry
 * @throws Error when the package is already registered or the result is invalid
 */
function addRemote(entry) {
  const data = JSON.parse(fs.readFileSync(registryFile, 'utf8'));
  if (data.remotes.some((r) => r.package === entry.package)) throw new Error(`${entry.package} is already in the registry`);
  data.remotes.push(entry);
  const problems = validateRegistry(data);
  if (problems.length) throw new Error(`the new entry is invalid:\n- ${problems.join('\n- ')}`);
  const tmp = `${registryFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, formatRegistry(data));
  fs.renameSync(tmp, registryFile);
  cached = undefined;
}

/** Remote folders at the repository root (`mf-*` with a package.json). */
function remoteFolders() {
  return fs.readdirSync(repoRoot).filter((d) => /^mf-/.test(d) && fs.existsSync(path.join(repoRoot, d, 'package.json'))).sort();
}

module.exports = {
  repoRoot, registryFile, validateRegistry, loadRegistry, remotes, remoteOf, remoteVersion, presentRemotes,
  portEnvOf, remotePorts, remoteMap, exposesOf, bandSlots, slotIdOf, remoteFolders, formatRegistry, addRemote,
};
