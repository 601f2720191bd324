/**
 * Rooms a newcomer can read: no source file over 400 lines, no React component over 150, no other function
 * over 80 (tests, generated data and migrations excepted).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const registry = require('../registry/index.cjs');
const { sizeProblems, fileProblems, LIMITS } = require('../registry/size-limits.cjs');

/**
 * Rooms still over the limits, with the size they had when they were listed. The list only shrinks: a listed
 * room that grows fails the test as a new one would, and a room that is split must leave the list.
 */
const KNOWN_OVER = {};

/** An exported function `signature` of `statements + 4` lines: `let total`, `statements` additions, `last`. */
function longFunction(signature, statements, last) {
  const body = Array.from({ length: statements }, (_, i) => `  total += ${i};`);
  return [`export ${signature} {`, '  let total = 0;', ...body, `  ${last}`, '}', ''].join('\n');
}

describe('size limits', () => {
  const problems = sizeProblems(registry.repoRoot);

  it(`no source file over ${LIMITS.file} lines, no component over ${LIMITS.component}, no function over ${LIMITS.function}`, () => {
    const report = problems
      .filter((p) => !(p.name in KNOWN_OVER && p.lines <= KNOWN_OVER[p.name]))
      .map((p) => `${p.kind} ${p.name}${p.line ? ` (line ${p.line})` : ''}: ${p.lines} lines > ${p.limit}`);
    expect(report).toEqual([]);
  });

  it('the list of rooms still over the limits holds only rooms that are still over them', () => {
    const over = new Set(problems.map((p) => p.name));
    expect(Object.keys(KNOWN_OVER).filter((name) => !over.has(name))).toEqual([]);
  });

  it('names a function over 80 lines and lets a 104-line component be', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sizes-'));
    try {
      const file = path.join(dir, 'fixtures', 'sizes', 'long.tsx');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${longFunction('function sum(): number', 80, 'return total;')}\n${longFunction('function Panel()', 100, 'return <p>{total}</p>;')}`);
      const found = fileProblems(file, dir);
      expect(found).toEqual([{ file: 'fixtures/sizes/long.tsx', kind: 'function', name: 'fixtures/sizes/long.tsx sum', line: 1, lines: 84, limit: 80 }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
