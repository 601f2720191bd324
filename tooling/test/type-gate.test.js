/**
 * The type gate of a release: the host type-checks a remote's generated expose types
 * (@module-federation/dts-plugin) against the single-spa lifecycles it mounts; a broken expose fails,
 * naming the expose's check.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { typeGate } = require('../deploy/type-gate.mjs');

const GOOD = [
  "import type { LifeCycleFn } from 'single-spa';",
  "import type { RemoteProps } from 'shared-events';",
  'export declare const bootstrap: LifeCycleFn<RemoteProps>, mount: LifeCycleFn<RemoteProps>, unmount: LifeCycleFn<RemoteProps>;',
].join('\n');

let dir;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'types-'));
  // mf-store-selector exposes './spa' and './pages' (tooling/registry/remotes.json)
  fs.writeFileSync(path.join(dir, 'spa.d.ts'), GOOD);
  fs.writeFileSync(path.join(dir, 'pages.d.ts'), GOOD);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('type gate', () => {
  it('passes exposes that give the host single-spa lifecycles with its RemoteProps', () => {
    expect(typeGate({ remote: 'mf-store-selector', typesDir: dir })).toEqual({ ok: true, errors: [] });
  });

  it('fails an expose whose lifecycles no longer match (unmount missing, mount taking other props)', () => {
    fs.writeFileSync(path.join(dir, 'pages.d.ts'), [
      'export declare const bootstrap: () => Promise<void>;',
      'export declare const mount: (props: { domElement: number }) => Promise<void>;',
    ].join('\n'));
    const result = typeGate({ remote: 'mf-store-selector', typesDir: dir });
    expect(result.ok).toBe(false);
    expect(result.errors.join('\n')).toMatch(/mf-store-selector: check-pages\.ts.*error TS\d+/);
  });

  it('fails when an expose has no generated types, and when the remote built none', () => {
    fs.rmSync(path.join(dir, 'pages.d.ts'));
    expect(typeGate({ remote: 'mf-store-selector', typesDir: dir })).toEqual({ ok: false, errors: ["mf-store-selector expose './pages': no generated types (pages.d.ts missing)"] });
    expect(() => typeGate({ remote: 'mf-store-selector', typesZip: path.join(dir, 'none.zip') })).toThrow(/no generated types.*MF_DTS=1/);
  });
});
