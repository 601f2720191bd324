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

  it('names what is missing', () => {
    const problems = structureProblems(path.join(__dirname, 'fixtures'));
    expect(problems).toContain('src/spa.tsx is missing');
    expect(problems).toContain('src/api/ is missing');
  });
});
