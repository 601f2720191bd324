#!/usr/bin/env node
/**
 * A squad's one command: `npm run release -- <remote> [--env <env>]`, and its undo
 * `npm run rollback -- <remote> [--env <env>]`. Environment default 'local' (what `npm start` serves).
 *
 * release:
 *   1. reads the version from `<remote>/package.json`; refuses a version already published
 *      (published versions are immutable: bump it);
 *   2. builds the remote with its exposes' types (`MF_DTS=1 npm run build -w <remote>`) and runs its
 *      tests (`npm test -w <remote>`);
 *   3. the contract gate (`npm run contract -w shared-events`, tooling/contract/gate.mjs) — a breaking
 *      bus change without a new major, or an undeclared event, stops the release here;
 *   4. the type gate (./type-gate.mjs): the host type-checks every expose's generated types
 *      (@module-federation/dts-plugin, `@mf-types.zip`) against the single-spa lifecycles it mounts;
 *   5. publishes `<remote>/dist/<remote>/<version>/` to the deploy store (tooling/deploy/store.mjs) and
 *      the bus contract it was gated against to `contracts/shared-events/<v>.json`; publishing seals the
 *      version: the sha384 of every file goes into its mf-manifest.json (`integrity`) and integrity.json;
 *   6. the shell's e2e smoke suite (e2e/tests/composition.spec.ts) against a candidate map that differs
 *      from the environment's only in this remote (E2E_REMOTES_POINTER; its own platform and ports);
 *   7. promotes: atomic replace of `environments/<env>/remotes.json`, the previous entry recorded and the
 *      manifest's own sha384 pinned (`remotes.integrity.json` beside the pointer), which the edge serves
 *      and the shell checks before it uses the manifest.
 * Each step prints what it did; the first failure stops the release with exit code 1 and nothing
 * promoted (a failed smoke leaves the published version unreferenced; the pointer is untouched).
 *
 * Pointer entries are `deploy:/<remote>/<version>/mf-manifest.json` — resolved by the edge against its
 * deploy origin (DEPLOY_ORIGIN), so one pointer works on any port offset. Remotes absent from the
 * pointer are served from their own servers (the working builds), as before.
 *
 * Env: DEPLOY_DIR (default <repo>/.deploy). Flags for tests and dry runs: --skip-build, --skip-tests,
 * --skip-types, --skip-smoke, --build-dir <dir> (publish that folder instead of the remote's build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isPublished, publishVersion, promote, readPointer, readPins, rollback, pointerFile, writeMapWithPins, pinsFileOf, manifestIntegrity } from './store.mjs';
import { DEFAULT_DEPLOY_DIR } from './origin.mjs';
import { typeGate } from './type-gate.mjs';

const require = createRequire(import.meta.url);
const registry = require('../registry/index.cjs');
const root = registry.repoRoot;

/** The pointer entry of a published version. */
export const deployRef = (remote, version) => `deploy:/${remote}/${version}/mf-manifest.json`;

function run(label, command, args, { env = {}, log }) {
  log(`→ ${label}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status ?? r.signal})`);
}

/**
 * Releases one remote (see the module doc).
 * @param {{ remote: string, env?: string, dir?: string, skipBuild?: boolean, skipTests?: boolean, skipSmoke?: boolean, buildDir?: string, version?: string, log?: (line: string) => void }} o
 * @returns {{ version: string, from: string | null, to: string }}
 * @throws Error naming the step that failed
 */
export function release({ remote, env = 'local', dir = process.env.DEPLOY_DIR || DEFAULT_DEPLOY_DIR, skipBuild = false, skipTests = false, skipTypes = false, skipSmoke = false, buildDir, version, log = console.log }) {
  if (!registry.remotes().some((r) => r.package === remote)) throw new Error(`${remote} is not in the remote registry (tooling/registry/remotes.json)`);
  const v = version || JSON.parse(fs.readFileSync(path.join(root, remote, 'package.json'), 'utf8')).version;
  log(`release ${remote}@${v} to '${env}' (deploy store ${dir})`);
  if (isPublished(dir, remote, v)) throw new Error(`${remote}@${v} is already published: published versions are immutable, bump the version in ${remote}/package.json`);

  if (!skipBuild) run('build (with the exposes\' types)', 'npm', ['run', 'build', '-w', remote], { log, env: { MF_DTS: '1' } });
  if (!skipTests) run('tests', 'npm', ['test', '-w', remote], { log });
  run('contract gate', 'npm', ['run', '--silent', 'contract', '-w', 'shared-events'], { log });
  const from = buildDir || path.join(root, remote, 'dist', remote, v);
  if (!skipTypes) {
    log('→ type gate: the host type-checks the exposes\' generated types');
    const types = typeGate({ remote, typesZip: path.join(from, '@mf-types.zip') });
    for (const e of types.errors) log(`  ${e}`);
    if (!types.ok) throw new Error('type gate failed: an expose does not give the host the lifecycles it mounts');
    log('✓ type gate passed');
  }

  publishVersion(dir, remote, v, from);
  const integrity = manifestIntegrity(dir, remote, v);
  log(`✓ published ${remote}@${v} (${path.relative(root, path.join(dir, remote, v)) || path.join(dir, remote, v)}; manifest ${integrity})`);
  const contractVersion = JSON.parse(fs.readFileSync(path.join(root, 'shared-events', 'package.json'), 'utf8')).version;
  const contractSrc = path.join(root, 'shared-events', 'contract', 'schemas', `${contractVersion}.json`);
  if (fs.existsSync(contractSrc)) {
    fs.mkdirSync(path.join(dir, 'contracts', 'shared-events'), { recursive: true });
    fs.copyFileSync(contractSrc, path.join(dir, 'contracts', 'shared-events', `${contractVersion}.json`));
  }

  const ref = deployRef(remote, v);
  if (!skipSmoke) {
    const candidate = path.join(path.dirname(pointerFile(dir, env)), `candidate-${remote}.json`);
    fs.mkdirSync(path.dirname(candidate), { recursive: true });
    writeMapWithPins(candidate, { ...(readPointer(dir, env) || {}), [remote]: ref }, { ...readPins(dir, env), [ref]: integrity });
    try {
      run('smoke e2e against the candidate map', 'npm', ['run', 'e2e', '-w', 'e2e', '--', 'tests/composition.spec.ts'], {
        log, env: { E2E_REMOTES_POINTER: candidate, E2E_DEPLOY_DIR: dir, E2E_OFFSET: process.env.E2E_OFFSET || '15000' },
      });
    } finally {
      fs.rmSync(candidate, { force: true });
      fs.rmSync(pinsFileOf(candidate), { force: true });
    }
  }
  const moved = promote(dir, env, remote, ref, { integrity });
  log(`✓ promoted ${remote} in '${env}': ${moved.from ?? '(its own server: the working build)'} → ${moved.to}`);
  return { version: v, ...moved };
}

/**
 * Rolls one remote of an environment back to what it pointed at before its latest promotion.
 * @returns {{ from: string, to: string }}
 */
export function rollbackRemote({ remote, env = 'local', dir = process.env.DEPLOY_DIR || DEFAULT_DEPLOY_DIR, log = console.log }) {
  const moved = rollback(dir, env, remote);
  log(`✓ rolled back ${remote} in '${env}': ${moved.from} → ${moved.to ?? '(its own server: the working build)'}`);
  return moved;
}

function parse(argv) {
  const o = {};
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--env') o.env = argv[++i];
    else if (a === '--build-dir') o.buildDir = path.resolve(argv[++i]);
    else if (a === '--skip-build') o.skipBuild = true;
    else if (a === '--skip-tests') o.skipTests = true;
    else if (a === '--skip-types') o.skipTypes = true;
    else if (a === '--skip-smoke') o.skipSmoke = true;
    else if (!o.remote) o.remote = a;
    else throw new Error(`unexpected argument '${a}'`);
  }
  if (!o.remote) throw new Error('name the remote, e.g. npm run release -- mf-search');
  return o;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [mode, ...rest] = process.argv.slice(2);
  try {
    const o = parse(rest);
    if (mode === 'release') release(o);
    else if (mode === 'rollback') rollbackRemote(o);
    else throw new Error(`unknown mode '${mode}' (release | rollback)`);
  } catch (err) {
    console.error(`✗ ${mode}: ${err.message}`);
    process.exit(1);
  }
}
