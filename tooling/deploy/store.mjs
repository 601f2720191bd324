/**
 * The deploy store (ARCHITECTURE §2 "Releases"): one folder served as one static origin,
 * holding immutable versions of every remote and one small mutable pointer per environment — the
 * import-map-deployer pattern of single-spa (one mutable map over immutable files).
 *
 *   <dir>/<remote>/<version>/…                 a published build (mf-manifest.json, remoteEntry.js, chunks); never overwritten
 *   <dir>/<remote>/<version>/integrity.json    SRI hash (`sha384-…`) of every file of that version, the manifest's included
 *   <dir>/contracts/shared-events/<v>.json     the bus contract each release was gated against
 *   <dir>/environments/<env>/remotes.json      the pointer: remote → mf-manifest.json URL (what /remotes.json serves)
 *   <dir>/environments/<env>/remotes.integrity.json  the pins: pointer value → the manifest's SRI hash (`sha384-…`)
 *   <dir>/environments/<env>/history.json      every promotion and rollback: [{ at, action, remote, from, to }]
 *
 * The pointer is replaced atomically (write a temporary file, then rename over it), so a reader sees
 * the old map or the new one, never half of one; its pins are written first, so the new map's pins are
 * there when a reader sees it (the edge serves them as `$integrity`, shell/server/edge.mjs).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const VERSION = /^\d+\.\d+\.\d+(-[0-9a-z.-]+)?$/i;

/** @param {string} remote @param {string} version @throws Error on names that are not a package name / semver */
function check(remote, version) {
  if (!NAME.test(remote)) throw new Error(`not a remote name: ${JSON.stringify(remote)}`);
  if (version !== undefined && !VERSION.test(version)) throw new Error(`not a version: ${JSON.stringify(version)}`);
}

/** Is `<remote>@<version>` published in `dir`? */
export function isPublished(dir, remote, version) {
  check(remote, version);
  return fs.existsSync(path.join(dir, remote, version, 'mf-manifest.json'));
}

/** The published versions of a remote, oldest first (folder names). */
export function publishedVersions(dir, remote) {
  check(remote);
  const at = path.join(dir, remote);
  return fs.existsSync(at) ? fs.readdirSync(at).filter((v) => VERSION.test(v) && fs.existsSync(path.join(at, v, 'mf-manifest.json'))).sort() : [];
}

/**
 * Publishes a build: copies `buildDir` (a remote's `dist/<remote>/<version>/`, holding mf-manifest.json)
 * to `<dir>/<remote>/<version>/`, through a temporary folder renamed into place.
 * @throws Error when that version is already published (versions are immutable: bump package.json) or the build has no manifest
 */
export function publishVersion(dir, remote, version, buildDir) {
  check(remote, version);
  if (isPublished(dir, remote, version)) throw new Error(`${remote}@${version} is already published: published versions are immutable, bump the version in ${remote}/package.json`);
  if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) throw new Error(`${buildDir} holds no mf-manifest.json: build ${remote} first`);
  const target = path.join(dir, remote, version);
  const tmp = `${target}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.cpSync(buildDir, tmp, { recursive: true });
  sealIntegrity(tmp);
  fs.renameSync(tmp, target);
  return target;
}

/** The Subresource Integrity string of some bytes: `sha384-<base64>`. */
export function sriOf(bytes) {
  return `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
}

/** Every file under `root`, as '/'-separated paths relative to it, sorted. */
function filesUnder(root, rel = '') {
  return fs.readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(root, r) : [r];
  }).sort();
}

/**
 * Seals a build folder for publishing: writes `integrity` (file → `sha384-…` of every other file:
 * remoteEntry.js, chunks, first-view.json…) into its mf-manifest.json, then `integrity.json` beside it
 * with every file's hash, the manifest's included. The manifest's own hash is what a pointer pins.
 * @returns {string} the SRI hash of the sealed mf-manifest.json
 */
export function sealIntegrity(folder) {
  const manifestFile = path.join(folder, 'mf-manifest.json');
  const files = filesUnder(folder).filter((f) => f !== 'mf-manifest.json' && f !== 'integrity.json');
  const integrity = Object.fromEntries(files.map((f) => [f, sriOf(fs.readFileSync(path.join(folder, f)))]));
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, integrity }));
  const manifestSri = sriOf(fs.readFileSync(manifestFile));
  fs.writeFileSync(path.join(folder, 'integrity.json'), `${JSON.stringify({ 'mf-manifest.json': manifestSri, ...integrity }, null, 2)}\n`);
  return manifestSri;
}

/**
 * The pinned hash of a published version's mf-manifest.json (from its integrity.json).
 * @throws Error when that version is not published or was published without integrity.json
 */
export function manifestIntegrity(dir, remote, version) {
  check(remote, version);
  const file = path.join(dir, remote, version, 'integrity.json');
  if (!fs.existsSync(file)) throw new Error(`${remote}@${version} has no integrity.json: publish it again under a new version`);
  return JSON.parse(fs.readFileSync(file, 'utf8'))['mf-manifest.json'];
}

const envDir = (dir, env) => {
  if (!NAME.test(env)) throw new Error(`not an environment name: ${JSON.stringify(env)}`);
  return path.join(dir, 'environments', env);
};

/** The path of an environment's pointer file (`remotes.json`). */
export function pointerFile(dir, env) {
  return path.join(envDir(dir, env), 'remotes.json');
}

/** An environment's remote map, or null when the environment has no pointer yet. */
export function readPointer(dir, env) {
  const file = pointerFile(dir, env);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/** An environment's history, oldest first. */
export function readHistory(dir, env) {
  const file = path.join(envDir(dir, env), 'history.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
}

/** The pins file beside a pointer or map file: `remotes.json` → `remotes.integrity.json`. */
export function pinsFileOf(pointer) {
  return pointer.replace(/(\.json)?$/, '.integrity.json');
}

/** An environment's pinned manifest hashes: pointer value (e.g. `deploy:/mf-search/1.0.0/mf-manifest.json`) → `sha384-…`. */
export function readPins(dir, env) {
  const file = pinsFileOf(pointerFile(dir, env));
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** The pins worth keeping: those of the values `map` names or `history` may return to. */
function keptPins(map, pins, history = []) {
  const reachable = new Set([...Object.values(map), ...history.flatMap((h) => [h.from, h.to])]);
  return Object.fromEntries(Object.entries(pins).filter(([url]) => reachable.has(url)));
}

/**
 * Writes a map file (e.g. a release's candidate map) and its pins file beside it ({@link pinsFileOf}),
 * the pins first.
 */
export function writeMapWithPins(file, map, pins = {}) {
  writeAtomic(pinsFileOf(file), `${JSON.stringify(keptPins(map, pins), null, 2)}\n`);
  writeAtomic(file, `${JSON.stringify(map, null, 2)}\n`);
}

function writeAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/** Replaces the whole pointer (e.g. the first map of an environment; `pins`: value → manifest hash) and records it. */
export function writePointer(dir, env, map, { action = 'set', pins = {}, now = () => new Date().toISOString() } = {}) {
  writeMapWithPins(pointerFile(dir, env), map, pins);
  writeAtomic(path.join(envDir(dir, env), 'history.json'), `${JSON.stringify([...readHistory(dir, env), { at: now(), action, remote: '*', from: null, to: null }], null, 2)}\n`);
}

/**
 * Points one remote of an environment at `manifestUrl` (atomic replace of the pointer), recording the
 * previous URL in the history so {@link rollback} can restore it.
 * `integrity` (the manifest's `sha384-…`, see {@link manifestIntegrity}) is pinned beside it; the pins of
 * earlier promotions stay while the history can return to them.
 * @param {string} base the map to start from when the environment has no pointer yet
 * @returns {{ from: string | null, to: string }}
 */
export function promote(dir, env, remote, manifestUrl, { base = {}, integrity, now = () => new Date().toISOString() } = {}) {
  check(remote);
  const current = readPointer(dir, env) || { ...base };
  const from = current[remote] ?? null;
  const pins = { ...readPins(dir, env), ...(integrity ? { [manifestUrl]: integrity } : {}) };
  const next = { ...current, [remote]: manifestUrl };
  writeAtomic(pinsFileOf(pointerFile(dir, env)), `${JSON.stringify(keptPins(next, pins, readHistory(dir, env)), null, 2)}\n`);
  writeAtomic(pointerFile(dir, env), `${JSON.stringify(next, null, 2)}\n`);
  writeAtomic(path.join(envDir(dir, env), 'history.json'), `${JSON.stringify([...readHistory(dir, env), { at: now(), action: 'promote', remote, from, to: manifestUrl }], null, 2)}\n`);
  return { from, to: manifestUrl };
}

/**
 * Restores the remote's URL from before its latest promotion that is still in effect (a rollback of a
 * rollback goes one promotion further back).
 * @returns {{ from: string, to: string | null }} `to: null`: the remote left the pointer (back to its own server, the working build)
 * @throws Error when the environment has no pointer or no earlier version of that remote to return to
 */
export function rollback(dir, env, remote, { now = () => new Date().toISOString() } = {}) {
  check(remote);
  const current = readPointer(dir, env);
  if (!current || !current[remote]) throw new Error(`environment '${env}' does not point at ${remote}`);
  const history = readHistory(dir, env);
  // replay the remote's promotions; each rollback undoes the latest one not yet undone
  const stack = [];
  for (const h of history.filter((x) => x.remote === remote)) {
    if (h.action === 'promote') stack.push(h);
    else if (h.action === 'rollback') stack.pop();
  }
  const last = stack[stack.length - 1];
  if (!last) throw new Error(`${remote} has no earlier version in '${env}' to roll back to`);
  // `from: null`: before its first promotion the remote was not in the pointer (served by its own server)
  const next = { ...current, [remote]: last.from };
  if (last.from === null) delete next[remote];
  writeAtomic(pinsFileOf(pointerFile(dir, env)), `${JSON.stringify(keptPins(next, readPins(dir, env), history), null, 2)}\n`);
  writeAtomic(pointerFile(dir, env), `${JSON.stringify(next, null, 2)}\n`);
  writeAtomic(path.join(envDir(dir, env), 'history.json'), `${JSON.stringify([...history, { at: now(), action: 'rollback', remote, from: current[remote], to: last.from }], null, 2)}\n`);
  return { from: current[remote], to: last.from };
}
