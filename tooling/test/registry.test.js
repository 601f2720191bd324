/**
 * The remote registry (tooling/registry/remotes.json, ARCHITECTURE §1) is the one list of
 * remotes: these tests fail when the remote folders and the registry disagree, or when an entry is
 * inconsistent with its remote's code.
 */
const fs = require('fs');
const path = require('path');
const registry = require('../registry/index.cjs');

const root = registry.repoRoot;
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const catalogue = fs.readFileSync(path.join(root, 'shared-events', 'src', 'catalogue.ts'), 'utf8');

describe('remote registry', () => {
  it('is valid', () => {
    expect(registry.validateRegistry(registry.loadRegistry())).toEqual([]);
  });

  it('names exactly the remote folders of the repository (mf-*)', () => {
    expect(registry.remotes().map((r) => r.package).sort()).toEqual(registry.remoteFolders());
  });

  it('every remote folder is an npm workspace', () => {
    expect(rootPkg.workspaces).toContain('mf-*');
  });

  it.each(registry.remotes().map((r) => [r.package, r]))('%s: package.json name and every exposed file exist', (pkg, r) => {
    const dir = path.join(root, pkg);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name).toBe(pkg);
    for (const e of r.exposes) expect(fs.existsSync(path.join(dir, e.file))).toBe(true);
  });

  it.each(registry.remotes().map((r) => [r.package, r]))('%s: publishes and consumes only events of the shared-events catalogue', (_pkg, r) => {
    for (const type of [...r.publishes, ...r.consumes]) expect(catalogue).toContain(`'${type}'`);
  });

  it.each(registry.remotes().map((r) => [r.package, r]))('%s: every event its production code emits is declared in "publishes"', (pkg, r) => {
    const emitted = new Set();
    const walk = (dir) => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) { if (!['__tests__', 'testing'].includes(f.name)) walk(p); continue; }
        if (!/\.(ts|tsx)$/.test(f.name) || /\.test\.|test-utils|bootstrap\.tsx$/.test(f.name)) continue;
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/\.emit\(\s*'([a-z-]+\/[a-z-]+)'/g)) emitted.add(m[1]);
      }
    };
    walk(path.join(root, pkg, 'src'));
    const undeclared = [...emitted].filter((t) => !r.publishes.includes(t));
    expect(undeclared).toEqual([]);
  });

  it('rejects entries that break the rules, naming the remote and field', () => {
    const bad = { remotes: [
      { package: 'mf-x', mfName: 'mf-x', port: 80, optional: 'no', exposes: [{ expose: './pages', file: 'pages.tsx', app: 'x', kind: 'page', label: 'X' }], publishes: ['Bad'], consumes: [] },
    ] };
    const problems = registry.validateRegistry(bad).join('\n');
    expect(problems).toMatch(/mf-x.*"mfName" must be "mf_x"/);
    expect(problems).toMatch(/"port" must be an integer/);
    expect(problems).toMatch(/"optional" must be true or false/);
    expect(problems).toMatch(/every remote exposes '.\/spa'/);
    expect(problems).toMatch(/"file" must be a path under .\/src\//);
    expect(problems).toMatch(/a page expose needs "routes"/);
    expect(problems).toMatch(/bad event type "Bad"/);
  });

  it('gives each present remote its registry port, shifted by an offset or overridden by <REMOTE>_PORT', () => {
    const ports = registry.remotePorts(10000, { MF_SEARCH_PORT: '4321' });
    for (const r of registry.presentRemotes()) expect(ports[r.package]).toBe(r.package === 'mf-search' ? 4321 : r.port + 10000);
    expect(registry.portEnvOf('mf-store-selector')).toBe('MF_STORE_SELECTOR_PORT');
  });

  it('builds the remote map from versioned manifests', () => {
    const map = registry.remoteMap({ 'mf-header': 3001 });
    expect(map).toEqual({ 'mf-header': `http://localhost:3001/mf-header/${registry.remoteVersion('mf-header')}/mf-manifest.json` });
  });
});
