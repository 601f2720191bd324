/**
 * Every remote has the same inside (ARCHITECTURE §1; issue 11 "a structure test proves every remote
 * has that inside"): a squad moving between remotes is at home at once.
 */
const path = require('path');
const registry = require('../registry/index.cjs');
const { structureProblems } = require('../registry/structure.cjs');

describe('remote structure', () => {
  it.each(registry.remoteFolders())('%s has the standard inside', (folder) => {
    expect(structureProblems(path.join(registry.repoRoot, folder))).toEqual([]);
  });

  it('only shared-events imports rxjs at run time (it ships inside shared-events, once: issue 12)', () => {
    const fs = require('fs');
    const offenders = [];
    const walk = (dir) => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) { if (f.name !== 'node_modules' && f.name !== 'dist') walk(p); continue; }
        if (!/\.(ts|tsx|js|mjs)$/.test(f.name) || /\.test\./.test(f.name)) continue;
        const text = fs.readFileSync(p, 'utf8');
        if (/^import\s+(?!type\b)[^;]*from\s+'rxjs(\/[^']*)?'/m.test(text)) offenders.push(path.relative(registry.repoRoot, p));
      }
    };
    for (const folder of [...registry.remoteFolders(), 'shell', 'tooling/kit']) walk(path.join(registry.repoRoot, folder, 'src'));
    expect(offenders).toEqual([]);
  });

  it('names what is missing', () => {
    const problems = structureProblems(path.join(__dirname, 'fixtures'));
    expect(problems).toContain('src/spa.tsx is missing');
    expect(problems).toContain('src/api/ is missing');
  });
});
