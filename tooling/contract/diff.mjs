/**
 * Classifies the changes between two bus contracts for the contract gate (shared-events
 * src/schemas.ts writes them: `{ version, events: { <type>: <JSON Schema of the payload> }, state }`).
 *
 * The rule: a change after which some event that was valid before is no longer valid is BREAKING
 * (a remote built against the old contract can publish it, or a consumer built against it can read
 * it, and the other side rejects or misreads it); a change that only admits more events is MINOR.
 *   breaking: an event removed; a field removed or renamed (the payloads are closed objects:
 *             `additionalProperties: false`); a type changed; an enum narrowed (a value removed);
 *             a constant changed; a new required field; an optional field made required; null no
 *             longer allowed; array items narrowed the same ways;
 *   minor:    an event added; an optional field added; an enum widened; a required field made
 *             optional; null allowed.
 * Each change names the event and the field path, e.g. `store/changed payload.store.address.city`.
 */

/** @typedef {{ kind: 'breaking' | 'minor', event: string, path: string, message: string }} ContractChange */

/** `{ anyOf: [X, { type: 'null' }] }` → { schema: X, nullable: true }; anything else unchanged. */
function unwrapNullable(schema) {
  if (schema && Array.isArray(schema.anyOf)) {
    const nonNull = schema.anyOf.filter((s) => !(s && s.type === 'null'));
    if (nonNull.length === 1 && nonNull.length < schema.anyOf.length) return { schema: nonNull[0], nullable: true };
  }
  return { schema: schema || {}, nullable: false };
}

/** A short name of a schema's type for messages: 'string', 'object', 'array', 'enum', 'union', 'any'. */
function typeName(s) {
  if (Array.isArray(s.enum)) return `${s.type || 'enum'} enum`;
  if (s.const !== undefined) return `constant ${JSON.stringify(s.const)}`;
  if (Array.isArray(s.anyOf)) return 'union';
  if (Array.isArray(s.type)) return s.type.join('|');
  return s.type || 'any';
}

const baseType = (s) => (Array.isArray(s.anyOf) ? 'union' : s.const !== undefined ? `const:${typeof s.const}` : Array.isArray(s.type) ? s.type.join('|') : s.type || 'any');

/**
 * Compares one schema position.
 * @param {object} before published schema
 * @param {object} after candidate schema
 * @param {string} event
 * @param {string} path e.g. 'payload.store'
 * @param {ContractChange[]} out
 */
function compare(before, after, event, path, out) {
  const add = (kind, message) => out.push({ kind, event, path, message });
  const a = unwrapNullable(before);
  const b = unwrapNullable(after);
  if (a.nullable && !b.nullable) add('breaking', 'null is no longer allowed');
  if (!a.nullable && b.nullable) add('minor', 'null is now allowed');
  const x = a.schema;
  const y = b.schema;

  if (baseType(x) !== baseType(y)) {
    add('breaking', `type changed from ${typeName(x)} to ${typeName(y)}`);
    return;
  }
  if (x.const !== undefined || y.const !== undefined) {
    if (JSON.stringify(x.const) !== JSON.stringify(y.const)) add('breaking', `constant changed from ${JSON.stringify(x.const)} to ${JSON.stringify(y.const)}`);
    return;
  }
  if (Array.isArray(x.enum) || Array.isArray(y.enum)) {
    const before = new Set(x.enum || []);
    const after = new Set(y.enum || []);
    if (!Array.isArray(y.enum)) { add('minor', 'enum widened to any value'); return; }
    if (!Array.isArray(x.enum)) { add('breaking', `narrowed to the enum ${[...after].map((v) => JSON.stringify(v)).join(', ')}`); return; }
    const removed = [...before].filter((v) => !after.has(v));
    const added = [...after].filter((v) => !before.has(v));
    if (removed.length) add('breaking', `enum narrowed: ${removed.map((v) => JSON.stringify(v)).join(', ')} removed`);
    if (added.length) add('minor', `enum widened: ${added.map((v) => JSON.stringify(v)).join(', ')} added`);
    return;
  }
  if (Array.isArray(x.anyOf) && Array.isArray(y.anyOf)) {
    if (JSON.stringify(x.anyOf) !== JSON.stringify(y.anyOf)) add('breaking', 'union changed (compare by hand; treated as breaking)');
    return;
  }
  if (x.type === 'array') {
    compare(x.items, y.items, event, `${path}[]`, out);
    return;
  }
  if (x.type === 'object') {
    const px = x.properties || {};
    const py = y.properties || {};
    const rx = new Set(x.required || []);
    const ry = new Set(y.required || []);
    for (const key of Object.keys(px)) {
      const at = `${path}.${key}`;
      if (!(key in py)) {
        out.push({ kind: 'breaking', event, path: at, message: 'field removed (or renamed)' });
        continue;
      }
      if (!rx.has(key) && ry.has(key)) out.push({ kind: 'breaking', event, path: at, message: 'optional field made required' });
      if (rx.has(key) && !ry.has(key)) out.push({ kind: 'minor', event, path: at, message: 'required field made optional' });
      compare(px[key], py[key], event, at, out);
    }
    for (const key of Object.keys(py)) {
      if (key in px) continue;
      const at = `${path}.${key}`;
      if (ry.has(key)) out.push({ kind: 'breaking', event, path: at, message: 'new required field' });
      else out.push({ kind: 'minor', event, path: at, message: 'optional field added' });
    }
    const closedBefore = x.additionalProperties === false;
    const closedAfter = y.additionalProperties === false;
    if (!closedBefore && closedAfter) add('breaking', 'no longer accepts extra fields');
    if (closedBefore && !closedAfter) add('minor', 'now accepts extra fields');
  }
}

/**
 * Every change from `published` to `candidate`, breaking first, then by event and path.
 * @param {{ events: Record<string, object> }} published
 * @param {{ events: Record<string, object> }} candidate
 * @returns {ContractChange[]}
 */
export function diffContracts(published, candidate) {
  const out = [];
  for (const event of Object.keys(published.events)) {
    if (!(event in candidate.events)) out.push({ kind: 'breaking', event, path: '', message: 'event removed' });
    else compare(published.events[event], candidate.events[event], event, 'payload', out);
  }
  for (const event of Object.keys(candidate.events)) {
    if (!(event in published.events)) out.push({ kind: 'minor', event, path: '', message: 'event added' });
  }
  const rank = (c) => (c.kind === 'breaking' ? 0 : 1);
  return out.sort((p, q) => rank(p) - rank(q) || p.event.localeCompare(q.event) || p.path.localeCompare(q.path));
}

/** 'major.minor.patch' → [major, minor, patch]; throws on anything else. */
export function parseVersion(v) {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(v));
  if (!m) throw new Error(`not a version: ${JSON.stringify(v)}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * The gate's verdict on a candidate contract against the newest published one (semver of shared-events):
 * breaking changes need a new major; minor changes need at least a new minor; any change needs a new version.
 * @returns {{ ok: boolean, changes: ContractChange[], problems: string[] }} problems: one line per reason to fail
 */
export function judgeContract(published, candidate) {
  const changes = diffContracts(published, candidate);
  const problems = [];
  const [pM, pm, pp] = parseVersion(published.version);
  const [cM, cm, cp] = parseVersion(candidate.version);
  const breaking = changes.filter((c) => c.kind === 'breaking');
  const describe = (c) => `${c.event}${c.path ? ` ${c.path}` : ''}: ${c.message}`;
  if (breaking.length && cM <= pM) {
    for (const c of breaking) problems.push(`breaking change without a new major version (${published.version} → ${candidate.version}): ${describe(c)}`);
  } else if (changes.length && !breaking.length && cM === pM && cm <= pm) {
    problems.push(`the contract changed (${changes.map(describe).join('; ')}) but shared-events ${candidate.version} is not a new minor of ${published.version}`);
  }
  if (!changes.length && cM === pM && cm === pm && cp < pp) problems.push(`shared-events ${candidate.version} is older than the published ${published.version}`);
  return { ok: problems.length === 0, changes, problems };
}
