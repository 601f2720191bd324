/**
 * Every remote has the same inside (ARCHITECTURE §1): a squad moving between remotes is at home at once.
 */
const path = require('path');
const registry = require('../registry/index.cjs');
const { structureProblems, layoutProblems } = require('../registry/structure.cjs');

describe('remote structure', () => {
  it.each(registry.remoteFolders())('%s has the standard inside', (folder) => {
    expect(structureProblems(path.join(registry.repoRoot, folder))).toEqual([]);
  });

  /** Files below the remotes', the shell's and the kit's src/ that import `pkg` at run time (tests and jest setup aside). */
  function runtimeImportersOf(pkg) {
    const fs = require('fs');
    const offenders = [];
    const importsIt = new RegExp(`^import\\s+(?!type\\b)[^;]*from\\s+'${pkg.replace(/[/.]/g, '\\$&')}(\\/[^']*)?'`, 'm');
    const walk = (dir) => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) { if (f.name !== 'node_modules' && f.name !== 'dist') walk(p); continue; }
        if (!/\.(ts|tsx|js|mjs)$/.test(f.name) || /\.test\.|^jest\.setup\./.test(f.name)) continue;
        if (importsIt.test(fs.readFileSync(p, 'utf8'))) offenders.push(path.relative(registry.repoRoot, p));
      }
    };
    for (const folder of [...registry.remoteFolders(), 'shell', 'tooling/kit']) walk(path.join(registry.repoRoot, folder, 'src'));
    return offenders;
  }

  it('only shared-events imports rxjs at run time (it ships inside shared-events, once)', () => {
    expect(runtimeImportersOf('rxjs')).toEqual([]);
  });

  it("only the kit's root imports @tanstack/react-query at run time (it ships inside that shared root, once: one QueryClient context)", () => {
    expect(runtimeImportersOf('@tanstack/react-query')).toEqual(['tooling/kit/src/query.ts']);
  });

  it('names every expose file after its expose: ./spa in src/spa.tsx, ./<name> in src/<name>-spa.tsx', () => {
    const misnamed = registry.remotes().flatMap((r) => r.exposes
      .filter((e) => e.file !== (e.expose === './spa' ? './src/spa.tsx' : `./src/${e.expose.slice(2)}-spa.tsx`))
      .map((e) => `${r.package} ${e.expose}: ${e.file}`));
    expect(misnamed).toEqual([]);
  });

  it('names tests kept in __tests__/ and a state/ file that imports api/, components/ or React', () => {
    const fixture = path.join(__dirname, 'fixtures', 'layout', 'src');
    expect(layoutProblems(fixture)).toEqual([
      'src/__tests__/: tests sit beside their code, not in __tests__/',
      "src/state/model.ts imports '../api/client': state/ is pure and imports neither api/ nor components/ (ARCHITECTURE §1)",
    ]);
  });

  it.each(['shell', 'tooling/kit', 'shared-events'])('%s keeps its tests beside their code too (no __tests__/)', (folder) => {
    expect(layoutProblems(path.join(registry.repoRoot, folder, 'src'))).toEqual([]);
  });

  it('names what is missing', () => {
    const problems = structureProblems(path.join(__dirname, 'fixtures'));
    expect(problems).toContain('src/spa.tsx is missing');
    expect(problems).toContain('src/api/ is missing');
  });
});

describe('the MF helpers the host provides to remote entries (one runtime, less first-load JS)', () => {
  it('provide-runtime-globals.js provides every sdk and error-codes export the bundled remote runtime imports', () => {
    const fs = require('fs');
    const provided = fs.readFileSync(path.join(__dirname, '..', 'webpack', 'provide-runtime-globals.js'), 'utf8');
    const names = (pkg) => new Set([...provided.matchAll(new RegExp(`import \\{([^}]*)\\} from '${pkg}'`, 'g'))].flatMap((m) => m[1].split(',').map((s) => s.trim()).filter(Boolean)));
    // the packages a remote entry bundles (the runtime core is the host's, external): what they import
    const needed = { '@module-federation/sdk': new Set(), '@module-federation/error-codes': new Set() };
    for (const pkg of ['@module-federation/webpack-bundler-runtime', '@module-federation/runtime']) {
      const dist = path.join(path.dirname(require.resolve(`${pkg}/package.json`, { paths: [registry.repoRoot] })), 'dist');
      for (const f of fs.readdirSync(dist).filter((n) => n.endsWith('.js'))) {
        const text = fs.readFileSync(path.join(dist, f), 'utf8');
        for (const target of Object.keys(needed)) {
          for (const m of text.matchAll(new RegExp(`import \\{([^}]*)\\} from "${target}"`, 'g'))) m[1].split(',').map((s) => s.trim().split(' as ')[0]).filter(Boolean).forEach((n) => needed[target].add(n));
        }
      }
    }
    for (const [pkg, set] of Object.entries(needed)) {
      expect(set.size).toBeGreaterThan(0);
      const have = names(pkg);
      expect([...set].filter((n) => !have.has(n))).toEqual([]);
    }
  });

  it('the host provides every function of the bundler runtime, and a remote entry builds the same federation object from them', () => {
    const fs = require('fs');
    const dist = path.join(path.dirname(require.resolve('@module-federation/webpack-bundler-runtime/package.json', { paths: [registry.repoRoot] })), 'dist');
    const index = fs.readFileSync(path.join(dist, 'index.js'), 'utf8');
    // the package's `bundlerRuntime` and `federation` objects: their keys
    const keysOf = (name) => [...new RegExp(`const ${name} = \\{([\\s\\S]*?)\\n\\};`).exec(index)[1].matchAll(/^\s*(\w+)[,:]/gm)].map((m) => m[1]);
    const bundlerKeys = keysOf('bundlerRuntime');
    const federationKeys = keysOf('federation');
    expect(bundlerKeys).toEqual(expect.arrayContaining(['remotes', 'consumes', 'I', 'S', 'init', 'initContainerEntry']));
    const shim = fs.readFileSync(path.join(__dirname, '..', 'webpack', 'bundler-runtime-from-host.js'), 'utf8');
    const shimBundler = /const bundlerRuntime = \{([\s\S]*?)\n\};/.exec(shim)[1];
    const shimFederation = /export default \{([\s\S]*?)\n\};/.exec(shim)[1];
    expect(bundlerKeys.filter((k) => !new RegExp(`^\\s*${k}:`, 'm').test(shimBundler))).toEqual([]);
    expect(federationKeys.filter((k) => !new RegExp(`^\\s*${k}[,:]`, 'm').test(shimFederation))).toEqual([]);
    // every function the shim reads from the host is provided (bundler-runtime-functions.js)
    const provided = fs.readFileSync(path.join(__dirname, '..', 'webpack', 'bundler-runtime-functions.js'), 'utf8');
    const read = [...shim.matchAll(/host\.(\w+)/g)].map((m) => m[1]);
    const frozen = /Object\.freeze\(\{([\s\S]*?)\}\)/.exec(provided)[1].split(',').map((x) => x.trim()).filter(Boolean);
    expect(read.filter((k) => !frozen.includes(k))).toEqual([]);
  });
});
