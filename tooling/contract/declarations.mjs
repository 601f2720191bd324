/**
 * Who publishes and consumes which bus event (issue 18 "Contract gate"): each remote's registry entry
 * declares `publishes` and `consumes` (tooling/registry/remotes.json), the host declares its own in
 * shell/package.json `busContract`. This module reads what the code actually does and checks the
 * declarations against it and against each other:
 *   - a declared event must exist in the catalogue;
 *   - an event the code publishes (`bus.emit('<type>', …)`, `bus.publish({ type: '<type>', … })`) must be
 *     declared in `publishes`;
 *   - an event the code subscribes to (`bus.on('<type>')`, `useBusEvent('<type>', …)`) must be declared
 *     in `consumes`;
 *   - an event a remote consumes must be published by some remote or the host.
 * Scanned: `<package>/src/**\/*.{ts,tsx}` without tests (`__tests__/`, `*.test.*`) and without
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
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name)) out.push(p);
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
