#!/usr/bin/env node
/**
 * The contract gate: `npm run contract -w shared-events [-- --publish] [-- --against <file>]`
 * (run through tsx: it imports shared-events' TypeScript catalogue).
 *
 * 1. Builds the candidate contract from the catalogue (shared-events src/schemas.ts `busContract()`).
 * 2. Diffs it against the newest published contract (shared-events/contract/schemas/<version>.json, or
 *    `--against <file>`) and classifies each change (./diff.mjs): a breaking change fails unless the
 *    major version changes; any change needs a new version.
 * 3. Checks who publishes and consumes what (./declarations.mjs): the registry's `publishes`/`consumes`
 *    of every remote and the host's (shell/package.json `busContract`) against the code and each other,
 *    and that each remote's shared-events range (its shared scope `requiredVersion`) asks for at least
 *    the minor that brought the events it uses (from the published contracts' history).
 * 4. `--publish`: writes the candidate as contract/schemas/<version>.json; refuses to overwrite a
 *    published version with a different contract (published versions are immutable).
 * Prints every change and problem; exit code 0 when the gate passes, 1 otherwise (each problem names
 * the event and the field).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { judgeContract, parseVersion } from './diff.mjs';
import { checkDeclarations, checkRequiredVersions, eventSince } from './declarations.mjs';

const require = createRequire(import.meta.url);
const registry = require('../registry/index.cjs');
const root = registry.repoRoot;
export const SCHEMAS_DIR = path.join(root, 'shared-events', 'contract', 'schemas');

/** The published contracts, newest version last. */
export function publishedContracts(dir = SCHEMAS_DIR) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
    .sort((a, b) => {
      const [x, y] = [parseVersion(a.version), parseVersion(b.version)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
}

/** Every remote of the registry and the host, with their declarations and source folders. */
export function parties() {
  const shellPkg = JSON.parse(fs.readFileSync(path.join(root, 'shell', 'package.json'), 'utf8'));
  const host = shellPkg.busContract || { publishes: [], consumes: [] };
  return [
    ...registry.remotes().map((r) => ({
      name: r.package,
      publishes: r.publishes || [],
      consumes: r.consumes || [],
      srcDir: path.join(root, r.package, 'src'),
      range: JSON.parse(fs.readFileSync(path.join(root, r.package, 'package.json'), 'utf8')).dependencies?.['shared-events'],
    })),
    { name: 'shell (host)', publishes: host.publishes, consumes: host.consumes, srcDir: path.join(root, 'shell', 'src'), host: true },
  ];
}

/**
 * Runs the gate.
 * @param {{ candidate: object, published?: object | null, parties?: Array<object> }} o
 * @returns {{ ok: boolean, lines: string[] }}
 */
export function runGate({ candidate, published, parties: who = parties(), history = publishedContracts() }) {
  const lines = [];
  let ok = true;
  if (published) {
    // the classified diff is printed in every case, so a missing bump still shows what changed and how
    const verdict = judgeContract(published, candidate);
    lines.push(`contract ${published.version} → ${candidate.version}: ${verdict.changes.length} change(s)`);
    for (const c of verdict.changes) lines.push(`  ${c.kind.padEnd(8)} ${c.event}${c.path ? ` ${c.path}` : ''}: ${c.message}`);
    if (published.version === candidate.version && JSON.stringify(published.events) !== JSON.stringify(candidate.events)) {
      ok = false;
      const need = verdict.changes.some((c) => c.kind === 'breaking') ? 'a new major (breaking change)' : 'a new minor';
      lines.push(`FAIL shared-events ${candidate.version} is already published with a different contract: bump BUS_VERSION and the package version to ${need}`);
    } else {
      for (const p of verdict.problems) lines.push(`FAIL ${p}`);
      ok = ok && verdict.ok;
    }
  } else {
    lines.push(`contract ${candidate.version}: nothing published yet`);
  }
  const declared = checkDeclarations({ events: Object.keys(candidate.events), parties: who });
  for (const p of declared) lines.push(`FAIL ${p}`);
  if (!declared.length) lines.push(`declarations: ${who.length} parties, every published and consumed event declared`);
  const since = eventSince([...history, candidate]);
  const ranges = checkRequiredVersions({ events: since, parties: who });
  for (const p of ranges) lines.push(`FAIL ${p}`);
  if (!ranges.length) lines.push('shared-events ranges: every remote requires the minor that brought the events it uses');
  return { ok: ok && declared.length === 0 && ranges.length === 0, lines };
}

/** The CLI (see the module doc). */
async function main() {
  const args = process.argv.slice(2);
  const { busContract } = await import('../../shared-events/src/schemas.ts');
  const candidate = busContract();
  const againstAt = args.indexOf('--against');
  const all = publishedContracts();
  const published = againstAt >= 0 ? JSON.parse(fs.readFileSync(path.resolve(args[againstAt + 1]), 'utf8')) : all[all.length - 1] || null;
  const { ok, lines } = runGate({ candidate, published });
  for (const l of lines) console.log(l);
  if (!ok) {
    console.log('contract gate: FAILED');
    process.exit(1);
  }
  if (args.includes('--publish')) {
    const file = path.join(SCHEMAS_DIR, `${candidate.version}.json`);
    if (fs.existsSync(file)) {
      console.log(`contract ${candidate.version} already published (${path.relative(root, file)})`);
    } else {
      fs.mkdirSync(SCHEMAS_DIR, { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(candidate, null, 2)}\n`);
      console.log(`published ${path.relative(root, file)}`);
    }
  }
  console.log('contract gate: passed');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
