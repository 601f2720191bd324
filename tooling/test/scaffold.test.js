/**
 * `npm run new-remote -- mf-<name>`: a remote with the standard inside and its registry
 * entry, nothing else touched. Runs against a temporary copy of the registry and template
 * (STOREFRONT_ROOT), never the real checkout.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { structureProblems } = require('../registry/structure.cjs');
const { validateRegistry } = require('../registry/index.cjs');

const real = path.resolve(__dirname, '..', '..');
const script = path.join(real, 'tooling', 'scripts', 'new-remote.mjs');

function tempCheckout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'new-remote-'));
  fs.mkdirSync(path.join(root, 'tooling', 'registry'), { recursive: true });
  fs.copyFileSync(path.join(real, 'tooling', 'registry', 'remotes.json'), path.join(root, 'tooling', 'registry', 'remotes.json'));
  fs.cpSync(path.join(real, 'tooling', 'templates'), path.join(root, 'tooling', 'templates'), { recursive: true });
  return root;
}
const run = (root, ...args) => spawnSync(process.execPath, [script, ...args, '--no-install'], { env: { ...process.env, STOREFRONT_ROOT: root }, encoding: 'utf8' });
const listFiles = (dir) => fs.readdirSync(dir, { recursive: true }).map(String).sort();

describe('new-remote', () => {
  let root;
  beforeEach(() => { root = tempCheckout(); });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('creates the remote with the standard inside and one valid registry entry', () => {
    const before = JSON.parse(fs.readFileSync(path.join(root, 'tooling/registry/remotes.json'), 'utf8'));
    const res = run(root, 'mf-sample', '--title', 'Sample page');
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(structureProblems(path.join(root, 'mf-sample'))).toEqual([]);
    const after = JSON.parse(fs.readFileSync(path.join(root, 'tooling/registry/remotes.json'), 'utf8'));
    expect(validateRegistry(after)).toEqual([]);
    expect(after.remotes.slice(0, -1)).toEqual(before.remotes);
    expect(after.remotes.at(-1)).toEqual({
      package: 'mf-sample', mfName: 'mf_sample', port: Math.max(...before.remotes.map((r) => r.port)) + 1, optional: true,
      exposes: [{ expose: './spa', file: './src/spa.tsx', app: 'mf-sample', kind: 'page', routes: ['/sample', '/sample/*'], label: 'Sample page' }],
      publishes: [], consumes: ['store/changed'],
    });
    // only the new folder and the registry: no other file appears in the checkout
    expect(fs.readdirSync(root).sort()).toEqual(['mf-sample', 'tooling']);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'mf-sample/package.json'), 'utf8'));
    expect(pkg.name).toBe('mf-sample');
    expect(fs.readFileSync(path.join(root, 'mf-sample/src/components/App.tsx'), 'utf8')).toContain('<h1 id="mf-sample-title">Sample page</h1>');
    expect(listFiles(path.join(root, 'mf-sample')).join('\n')).not.toMatch(/__[A-Z_]+__/);
    for (const f of listFiles(path.join(root, 'mf-sample'))) {
      const p = path.join(root, 'mf-sample', f);
      if (fs.statSync(p).isFile()) expect(fs.readFileSync(p, 'utf8')).not.toMatch(/__(PACKAGE|MF_NAME|TITLE|ROUTE|PORT|CSS)__/);
    }
  });

  it('refuses a bad name, an existing remote and an unsafe title, changing nothing', () => {
    expect(run(root, 'offers').stderr).toMatch(/mf-<lowercase name>/);
    expect(run(root, 'mf-header').stderr).toMatch(/mf-header is already in tooling\/registry\/remotes.json/);
    expect(run(root, 'mf-x', '--title', '<b>x</b>').stderr).toMatch(/--title may not contain/);
    expect(fs.readdirSync(root)).toEqual(['tooling']);
  });
});
