/**
 * Who publishes and consumes which bus event (for the contract gate): each remote's registry entry
 * declares `publishes` and `consumes` (tooling/registry/remotes.json), the host declares its own in
 * shell/package.json `busContract`. This module reads what the code actually does and checks the
 * declarations against it and against each other:
 *   - a declared event must exist in the catalogue;
 *   - an event the code publishes (`bus.emit('<type>', …)`, `bus.publish({ type: '<type>', … })`) must be
 *     declared in `publishes`;
 *   - an event the code subscribes to (`bus.on('<type>')`, `useBusEvent('<type>', …)`) must be declared
 *     in `consumes`;
 *   - an event a remote consumes must be published by some remote or the host.
 * Scanned: `<package>/src/**\/*.{ts,tsx}` without tests (`__tests__/`, `*.test.*`, helpers `test-utils.*`, `testing.*`) and without
 * `src/bootstrap.tsx` (a remote's standalone mode publishes stand-ins for the host, e.g. a demo store).
 */
import fs from 'node:fs';
import path from 'node:path';

const PUBLISH = [/\bemit\(\s*['"]([a-z][a-z-]*\/[a-z][a-z-]*)['"]/g, /\bpublish\(\s*\{\s*type:\s*['"]([a-z][a-z-]*\/[a-z][a-z-]*)['"]/g];
const CONSUME = [/\.on\(\s*['"]([a-z][a-z-]*\/[a-z][a-z-]*)['"]/g, /\buseBusEvent\(\s*['"]([a-z][a-z-]*\/[a-z][a-z-]*)['"]/g];

function sourceFiles(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__' && entry.name !== 'node_modules') out.push(...sourceFiles(p));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.|\.d\.ts$|^test-utils\.|^testing\./.test(entry.name)) out.push(p);
  }
  return out;
}

/**
 * The events a package's code publishes and consumes, with the first file of each.
 * @param {string} srcDir e.g. '<repo>/mf-search/src'
 * @returns {{ publishes: Map<string, string>, consumes: Map<string, string> }} event → relative file
 */
export function scanBusUse(srcDir) {
  const publishes = new Map();
  const consumes = new Map();
  for (const file of sourceFiles(srcDir)) {
    if (path.relative(srcDir, file) === 'bootstrap.tsx') continue;
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(path.dirname(srcDir), file);
    for (const re of PUBLISH) for (const m of text.matchAll(re)) if (!publishes.has(m[1])) publishes.set(m[1], rel);
    for (const re of CONSUME) for (const m of text.matchAll(re)) if (!consumes.has(m[1])) consumes.set(m[1], rel);
  }
  return { publishes, consumes };
}

/**
 * Checks the declarations (see the module doc).
 * @param {{ events: Iterable<string>, parties: Array<{ name: string, publishes: string[], consumes: string[], srcDir?: string, host?: boolean }> }} o
 *   `events` the catalogue's event types; `parties` every remote plus the host
 * @returns {string[]} one problem per line, each naming the party and the event (empty: all declared)
 */
export function checkDeclarations({ events, parties }) {
  const known = new Set(events);
  const problems = [];
  const published = new Set(parties.flatMap((p) => p.publishes));
  for (const p of parties) {
    for (const e of [...p.publishes, ...p.consumes]) if (!known.has(e)) problems.push(`${p.name} declares '${e}', which is not an event of the catalogue`);
    if (p.srcDir) {
      const used = scanBusUse(p.srcDir);
      for (const [e, file] of used.publishes) if (!p.publishes.includes(e)) problems.push(`${p.name} publishes '${e}' (${file}) but does not declare it in "publishes"`);
      for (const [e, file] of used.consumes) if (!p.consumes.includes(e)) problems.push(`${p.name} subscribes to '${e}' (${file}) but does not declare it in "consumes"`);
    }
    if (!p.host) for (const e of p.consumes) if (!published.has(e)) problems.push(`${p.name} consumes '${e}', which no remote and not the host publishes`);
  }
  return problems;
}

/**
 * The version of shared-events each event first appeared in, from the published contracts (oldest first).
 * @param {Array<{ version: string, events: Record<string, unknown> }>} contracts
 * @returns {Map<string, string>} event → version
 */
export function eventSince(contracts) {
  const since = new Map();
  for (const c of contracts) for (const e of Object.keys(c.events)) if (!since.has(e)) since.set(e, c.version);
  return since;
}

const minor = (v) => v.split('.').slice(0, 2).map(Number);
const atLeast = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

/**
 * A remote's shared-events range (its package.json, which the webpack preset makes the shared
 * scope's `requiredVersion`) must ask for at least the minor that brought every event it publishes or
 * consumes — a remote publishing 'list/add-requested' (1.2.0) cannot run on a host providing 1.0.
 * @param {{ events: Map<string, string>, parties: Array<{ name: string, publishes: string[], consumes: string[], range?: string }> }} o
 * @returns {string[]} one problem per party whose range is too low, naming the event that needs more
 */
export function checkRequiredVersions({ events: since, parties }) {
  const problems = [];
  for (const p of parties) {
    if (!p.range) continue;
    const m = /^\^?(\d+\.\d+\.\d+)$/.exec(p.range.trim());
    if (!m) { problems.push(`${p.name} declares shared-events '${p.range}': use a caret range such as ^1.2.0`); continue; }
    let need = null;
    for (const e of new Set([...p.publishes, ...p.consumes])) {
      const v = since.get(e);
      if (v && (!need || !atLeast(minor(need.version), minor(v)))) need = { version: v, event: e };
    }
    if (need && !atLeast(minor(m[1]), minor(need.version))) {
      problems.push(`${p.name} uses '${need.event}' (shared-events ${need.version}) but requires shared-events ${p.range}: require ^${minor(need.version).join('.')}.0`);
    }
  }
  return problems;
}
