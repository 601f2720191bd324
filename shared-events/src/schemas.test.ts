/**
 * The contract gate: each deliberate break of the bus contract fails before anything is
 * published, with a message that names the event and the field; additive changes pass as minor; the
 * catalogue as committed passes against the published contract of its version.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { busContract } from './schemas';
import { judgeContract } from '../../tooling/contract/diff.mjs';
import { runGate, parties, publishedContracts } from '../../tooling/contract/gate.mjs';
import { checkDeclarations, checkRequiredVersions, eventSince } from '../../tooling/contract/declarations.mjs';

type Contract = ReturnType<typeof busContract>;
type Schema = { properties: Record<string, Schema>; required?: string[]; enum?: string[]; type?: string; anyOf?: Schema[]; items?: Schema };

const published = busContract();
/** The candidate: a copy of the published contract with `change` applied and the given version. */
function candidate(version: string, change: (events: Record<string, Schema>) => void): Contract {
  const copy = JSON.parse(JSON.stringify(published)) as Contract;
  copy.version = version;
  change(copy.events as unknown as Record<string, Schema>);
  return copy;
}
const failures = (c: Contract) => judgeContract(published, c).problems;
const [MAJOR, MINOR, PATCH] = published.version.split('.').map(Number);
/** The next minor, patch and major of the published version. */
const NEXT_MINOR = `${MAJOR}.${MINOR + 1}.0`;
const NEXT_PATCH = `${MAJOR}.${MINOR}.${PATCH + 1}`;
const NEXT_MAJOR = `${MAJOR + 1}.0.0`;

describe('contract gate: deliberate breaks fail without a new major', () => {
  it('a removed nested field: store/changed payload.store.address.city', () => {
    const c = candidate(NEXT_MINOR, (e) => { delete e['store/changed'].properties.store.properties.address.properties.city; });
    expect(failures(c)).toEqual([expect.stringMatching(/store\/changed payload\.store\.address\.city: field removed/)]);
  });

  it('a narrowed enum: session/sign-in-requested payload.mode loses signUp', () => {
    const c = candidate(NEXT_MINOR, (e) => { e['session/sign-in-requested'].properties.mode.enum = ['signIn']; });
    expect(failures(c)).toEqual([expect.stringMatching(/session\/sign-in-requested payload\.mode: enum narrowed: "signUp" removed/)]);
  });

  it('a changed type: list/add-requested payload.quantity from number to string', () => {
    const c = candidate(NEXT_MINOR, (e) => { e['list/add-requested'].properties.quantity = { type: 'string' } as Schema; });
    expect(failures(c)).toEqual([expect.stringMatching(/list\/add-requested payload\.quantity: type changed from number to string/)]);
  });

  it('an optional field made required: session/sign-in-requested payload.returnTo', () => {
    const c = candidate(NEXT_MINOR, (e) => { e['session/sign-in-requested'].required = ['mode', 'returnTo']; });
    expect(failures(c)).toEqual([expect.stringMatching(/session\/sign-in-requested payload\.returnTo: optional field made required/)]);
  });

  it('a removed event and a new required field', () => {
    const c = candidate(NEXT_MINOR, (e) => {
      delete e['search/submitted'];
      e['toast/show'].properties.severity = { type: 'string' } as Schema;
      e['toast/show'].required = [...(e['toast/show'].required ?? []), 'severity'];
    });
    const problems = failures(c);
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/search\/submitted: event removed/),
      expect.stringMatching(/toast\/show payload\.severity: new required field/),
    ]));
  });

  it('passes the same breaks with a new major version', () => {
    const c = candidate(NEXT_MAJOR, (e) => { delete e['store/changed'].properties.store.properties.address.properties.city; });
    expect(judgeContract(published, c)).toMatchObject({ ok: true, changes: [expect.objectContaining({ kind: 'breaking' })] });
  });
});

describe('contract gate: a change without a version bump', () => {
  it('prints the classified diff (event, field, breaking) as well as the missing bump', () => {
    const c = candidate(published.version, (e) => { e['list/add-requested'].properties.quantity.type = 'string'; });
    const { ok, lines } = runGate({ candidate: c, published, parties: [], history: [published] });
    expect(ok).toBe(false);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}breaking list\/add-requested payload\.quantity: type changed/));
    expect(lines).toContainEqual(expect.stringMatching(/already published with a different contract: bump .* a new major \(breaking change\)/));
  });
});

describe('contract gate: additive changes are minor', () => {
  it('an optional field and a new event pass with a new minor, and fail without one', () => {
    const change = (e: Record<string, Schema>) => {
      e['toast/show'].properties.icon = { type: 'string' } as Schema;
      (e as Record<string, unknown>)['tours/completed'] = { type: 'object', properties: { tour: { type: 'string' } }, required: ['tour'], additionalProperties: false };
    };
    const minor = judgeContract(published, candidate(NEXT_MINOR, change));
    expect(minor.ok).toBe(true);
    expect(minor.changes.map((c) => `${c.kind} ${c.event} ${c.message}`)).toEqual(['minor toast/show optional field added', 'minor tours/completed event added']);
    expect(judgeContract(published, candidate(NEXT_PATCH, change)).problems).toEqual([expect.stringContaining(`not a new minor of ${published.version}`)]);
  });
});

describe('contract gate: declarations', () => {
  const events = Object.keys(published.events);

  it('fails a remote that publishes an event it does not declare, naming the event and the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-'));
    fs.mkdirSync(path.join(dir, 'src', 'components'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', 'components', 'Box.tsx'), "export const go = (bus) => bus.emit('search/submitted', { query: 'x' });\n");
    const problems = checkDeclarations({ events, parties: [
      { name: 'mf-x', publishes: [], consumes: [], srcDir: path.join(dir, 'src') },
    ] });
    expect(problems).toEqual([expect.stringMatching(/mf-x publishes 'search\/submitted' \(src\/components\/Box\.tsx\) but does not declare it/)]);
  });

  it('ignores test helpers beside the code (test-utils.*, testing.*), whose fakes stand in for other parties', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-'));
    fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', 'test-utils.tsx'), "export const fake = (bus) => bus.emit('store/changed', {});\n");
    fs.writeFileSync(path.join(dir, 'src', 'testing.ts'), "export const fake = (bus) => bus.emit('session/changed', {});\n");
    const problems = checkDeclarations({ events, parties: [
      { name: 'mf-x', publishes: [], consumes: [], srcDir: path.join(dir, 'src') },
    ] });
    expect(problems).toEqual([]);
  });

  it('fails a remote that consumes an event no one publishes', () => {
    const problems = checkDeclarations({ events, parties: [
      { name: 'mf-a', publishes: ['toast/show'], consumes: [] },
      { name: 'mf-b', publishes: [], consumes: ['offers/matches'] },
    ] });
    expect(problems).toEqual(["mf-b consumes 'offers/matches', which no remote and not the host publishes"]);
  });

  it('passes for the repository as committed: every remote and the host declare what their code does', () => {
    expect(checkDeclarations({ events, parties: parties() })).toEqual([]);
  });
});

describe('contract gate on the repository', () => {
  it('the catalogue passes the gate against the newest published contract (a change needs a version bump)', () => {
    const all = publishedContracts();
    expect(all.length).toBeGreaterThan(0);
    const { ok, lines } = runGate({ candidate: busContract(), published: all[all.length - 1] });
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(ok).toBe(true);
  });
});

describe('contract gate: each remote requires the shared-events minor it needs', () => {
  const history = publishedContracts();
  const since = eventSince(history);

  it('knows when each event arrived from the published contracts', () => {
    expect(history.map((c) => c.version)).toEqual(expect.arrayContaining(['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0']));
    expect(since.get('session/changed')).toBe('1.0.0');
    expect(since.get('session/refresh-requested')).toBe('1.1.0');
    expect(since.get('list/add-requested')).toBe('1.2.0');
    expect(since.get('offers/matches')).toBe('1.3.0');
    expect(since.get('store/select-requested')).toBe('1.4.0');
  });

  it('fails a remote that publishes a 1.2 event but requires ^1.0.0, and passes it at ^1.2.0', () => {
    const party = { name: 'mf-x', publishes: ['list/add-requested'], consumes: ['session/changed'] };
    expect(checkRequiredVersions({ events: since, parties: [{ ...party, range: '^1.0.0' }] }))
      .toEqual(["mf-x uses 'list/add-requested' (shared-events 1.2.0) but requires shared-events ^1.0.0: require ^1.2.0"]);
    expect(checkRequiredVersions({ events: since, parties: [{ ...party, range: '^1.2.0' }] })).toEqual([]);
  });

  it('holds for every remote of the repository', () => {
    expect(checkRequiredVersions({ events: since, parties: parties() })).toEqual([]);
  });
});
