#!/usr/bin/env node
/**
 * `npm run new-remote -- mf-<name> [--title "<Title>"] [--route /<path>] [--no-install]`:
 * creates a remote with the standard inside (ARCHITECTURE §1) from tooling/templates/remote, adds its
 * entry to the remote registry (tooling/registry/remotes.json: next free port, './spa' as a route page
 * on `<route>` and its subpaths, optional, consumes store/changed), and links the workspace
 * (`npm install`, unless --no-install). Touches nothing outside the new folder and the registry
 * (npm install also records the workspace in package-lock.json).
 *
 * Then: `npm test -w mf-<name>`, `npm run build -w mf-<name>`, `npm run serve -w mf-<name>` (alone),
 * and `npm start` (composed: the shell mounts it on its route).
 * Exit codes: 0 done; 1 bad arguments or the remote already exists (message on stderr).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const registry = createRequire(import.meta.url)('../registry/index.cjs');
const root = registry.repoRoot;
const templateDir = path.join(root, 'tooling', 'templates', 'remote');

/** Reads `--flag value` pairs and the first positional argument. */
function parseArgs(argv) {
  const out = { name: undefined, title: undefined, route: undefined, install: true };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--title') out.title = argv[++i];
    else if (a === '--route') out.route = argv[++i];
    else if (a === '--no-install') out.install = false;
    else if (!out.name) out.name = a;
    else throw new Error(`unexpected argument '${a}'`);
  }
  return out;
}

function fail(message) {
  console.error(`new-remote: ${message}`);
  process.exit(1);
}

/** Copies the template folder, replacing every __TOKEN__ in file contents. */
function copyTemplate(from, to, tokens) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) copyTemplate(src, dest, tokens);
    else fs.writeFileSync(dest, fs.readFileSync(src, 'utf8').replace(/__([A-Z_]+?)__/g, (m, k) => (k in tokens ? tokens[k] : m)));
  }
}

let args;
try { args = parseArgs(process.argv.slice(2)); } catch (err) { fail(err.message); }
const name = args.name;
if (!name || !/^mf-[a-z][a-z0-9-]*$/.test(name)) fail('give the remote\'s package name: mf-<lowercase name>, e.g. npm run new-remote -- mf-offers');
const dir = path.join(root, name);
if (fs.existsSync(dir)) fail(`${name}/ already exists`);
if (registry.remoteOf(name)) fail(`${name} is already in tooling/registry/remotes.json`);
const short = name.slice(3);
const route = args.route || `/${short}`;
if (!/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(route)) fail(`--route must be a path like /offers (got '${route}')`);
const title = args.title || short.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
if (/[<>&"'{}]/.test(title)) fail('--title may not contain < > & " \' { }');
const port = Math.max(...registry.remotes().map((r) => r.port)) + 1;
const mfName = name.replace(/[^a-zA-Z0-9_]/g, '_');

copyTemplate(templateDir, dir, { PACKAGE: name, MF_NAME: mfName, TITLE: title, ROUTE: route, PORT: String(port), CSS: name });
registry.addRemote({
  package: name,
  mfName,
  port,
  optional: true,
  exposes: [{ expose: './spa', file: './src/spa.tsx', app: name, kind: 'page', routes: [route, `${route}/*`], label: title }],
  publishes: [],
  consumes: ['store/changed'],
});
console.log(`created ${name}/ (MF name ${mfName}, port ${port}, page ${route}) and its registry entry`);

if (args.install) {
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) fail('npm install failed; run it yourself to link the workspace');
}
console.log(`next: npm test -w ${name} && npm run build -w ${name} && npm run serve -w ${name}; npm start mounts it at ${route}`);
