/**
 * The standard inside of a remote (ARCHITECTURE §1), checked the same way for every remote and for
 * what `npm run new-remote` makes.
 */
const fs = require('fs');
const path = require('path');

/** Files and folders every remote has. */
const REQUIRED = ['package.json', 'webpack.config.js', 'jest.config.js', 'tsconfig.json', 'README.md', 'src/index.ts', 'src/bootstrap.tsx', 'src/spa.tsx', 'src/components/', 'src/state/', 'src/api/'];
/** Sections every remote README has. */
const README_SECTIONS = ['## What it owns', '## Bus events', '## Run it alone', '## Checks'];

/**
 * Problems with one remote folder's inside; empty when it has the standard inside.
 * @param {string} dir absolute path of the remote folder
 * @returns {string[]} e.g. ['src/api/ is missing', 'src/index.ts must only import(\'./bootstrap\')']
 */
function structureProblems(dir) {
  const problems = [];
  for (const rel of REQUIRED) {
    const p = path.join(dir, rel);
    const ok = rel.endsWith('/') ? fs.existsSync(p) && fs.statSync(p).isDirectory() : fs.existsSync(p);
    if (!ok) problems.push(`${rel} is missing`);
  }
  const index = path.join(dir, 'src/index.ts');
  if (fs.existsSync(index)) {
    const code = fs.readFileSync(index, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '').trim();
    if (code !== "import('./bootstrap');") problems.push("src/index.ts must only import('./bootstrap') (the async boundary of ARCHITECTURE §1)");
  }
  const spa = path.join(dir, 'src/spa.tsx');
  if (fs.existsSync(spa) && !fs.readFileSync(spa, 'utf8').includes('createRemoteLifecycles')) problems.push('src/spa.tsx must make its lifecycles with createRemoteLifecycles (@storefront/remote-kit)');
  const boot = path.join(dir, 'src/bootstrap.tsx');
  if (fs.existsSync(boot) && !fs.readFileSync(boot, 'utf8').includes('mountStandalone')) problems.push('src/bootstrap.tsx must mount the standalone mode with mountStandalone (@storefront/remote-kit)');
  const webpack = path.join(dir, 'webpack.config.js');
  if (fs.existsSync(webpack) && /exposes\s*:/.test(fs.readFileSync(webpack, 'utf8'))) problems.push('webpack.config.js must not list exposes: they come from the registry');
  const readme = path.join(dir, 'README.md');
  if (fs.existsSync(readme)) {
    const text = fs.readFileSync(readme, 'utf8');
    for (const h of README_SECTIONS) if (!text.includes(h)) problems.push(`README.md has no "${h}" section`);
  }
  if (fs.existsSync(path.join(dir, 'src'))) problems.push(...layoutProblems(path.join(dir, 'src')));
  return problems;
}

/** Imports a `state/` file may not make: state/ is pure (ARCHITECTURE §1). */
const STATE_FORBIDDEN = /^\s*import\s[^;]*?from\s+'(\.\.?\/(?:\.\.\/)*(?:api|components|hooks)(?:\/[^']*)?|react|react-dom(?:\/[^']*)?)'/m;

/** Tests beside their code (no `__tests__/`) and the layering rule, for every file below `src`. */
function layoutProblems(src) {
  const problems = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      const rel = path.relative(path.dirname(src), p);
      if (entry.isDirectory()) {
        if (entry.name === '__tests__') problems.push(`${rel}/: tests sit beside their code, not in __tests__/`);
        walk(p);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\./.test(entry.name) && rel.split(path.sep).includes('state')) {
        const m = fs.readFileSync(p, 'utf8').match(STATE_FORBIDDEN);
        if (m) problems.push(`${rel} imports '${m[1]}': state/ is pure and imports neither api/ nor components/ (ARCHITECTURE §1)`);
      }
    }
  };
  walk(src);
  return problems;
}

module.exports = { structureProblems, layoutProblems, REQUIRED, README_SECTIONS };
