/**
 * Size limits of the code base's rooms: no source file over 400 lines, no React component over 150 lines,
 * no other function over 80 lines (tests, generated data and migrations excepted). Measured with the
 * TypeScript parser, so a function's lines are the lines its node spans, nested functions included.
 */
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

/** Limits in lines. */
const LIMITS = Object.freeze({ file: 400, component: 150, function: 80 });

/** Folders (from the repo root) whose source is measured; every package's production code. */
const SOURCE_ROOTS = [
  'mf-header/src', 'mf-search/src', 'mf-store-selector/src', 'mf-loyalty/src', 'mf-offers/src',
  'mf-shopping-list/src', 'mf-flyer/src', 'mf-tours/src', 'shell/src', 'shell/server', 'shared-events/src',
  'tooling/kit/src', 'tooling/webpack', 'tooling/registry', 'tooling/platform', 'tooling/cluster', 'tooling/contract',
  'tooling/deploy', 'tooling/serve', 'services/bff/src', 'services/search-engine/src', 'services/identity/src',
  'services/flyer-provider/src', 'services/loyalty-site/src', 'services/seed/src', 'bench', 'e2e/fixtures', 'e2e/pages',
];

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
/** Tests, type declarations and generated data are not rooms anyone reads line by line. */
const EXCLUDED = /(\.test\.|\.spec\.|\.d\.ts$|\.d\.mts$|__tests__|\/test-utils\.|\/testing\.|\/generated\/|\/data\/)/;

function listSources(repoRoot) {
  const out = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'coverage', '__tests__', 'test', 'tests', 'migrations'].includes(entry.name)) walk(p);
      } else if (SOURCE.test(entry.name) && !EXCLUDED.test(p)) out.push(p);
    }
  };
  for (const root of SOURCE_ROOTS) walk(path.join(repoRoot, root));
  return out.sort();
}

/** The name a function node is known by: its own, its variable's, its property's or its class member's. */
function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    // memo(function X…), forwardRef((…) => …): named by the variable the call is assigned to.
    const holder = parent.parent;
    if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return holder.name.text;
  }
  return '(anonymous)';
}

/** A component: a PascalCase function in a .tsx file (React's own naming rule for components). */
function isComponent(file, name) {
  return file.endsWith('.tsx') && /^[A-Z]/.test(name);
}

/**
 * Everything over the limits in one file.
 * @param {string} file absolute path
 * @param {string} repoRoot for the relative names in the answer
 * @returns {{ file: string, kind: 'file'|'component'|'function', name: string, line?: number, lines: number, limit: number }[]}
 *   `name` is `<file>` for a file, `<file> <function>` for a function; `line` is where the function starts.
 */
function fileProblems(file, repoRoot) {
  const text = fs.readFileSync(file, 'utf8');
  const rel = path.relative(repoRoot, file);
  const problems = [];
  const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lineCount > LIMITS.file) problems.push({ file: rel, kind: 'file', name: rel, lines: lineCount, limit: LIMITS.file });
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      const name = functionName(node);
      const component = isComponent(file, name);
      const limit = component ? LIMITS.component : LIMITS.function;
      if (lines > limit) problems.push({ file: rel, kind: component ? 'component' : 'function', name: `${rel} ${name}`, line: start + 1, lines, limit });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/**
 * Everything over the limits in the code base.
 * @param {string} repoRoot absolute path of the repository
 */
function sizeProblems(repoRoot) {
  return listSources(repoRoot).flatMap((f) => fileProblems(f, repoRoot));
}

module.exports = { LIMITS, SOURCE_ROOTS, sizeProblems, fileProblems, listSources };

if (require.main === module) {
  const root = path.resolve(__dirname, '..', '..');
  const problems = sizeProblems(root);
  for (const p of problems) console.log(`${String(p.lines).padStart(5)} > ${p.limit}  ${p.kind.padEnd(9)} ${p.name}${p.line ? ` (line ${p.line})` : ''}`);
  console.log(`${problems.length} over the limits (file ${LIMITS.file}, component ${LIMITS.component}, function ${LIMITS.function} lines)`);
}
