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
  return problems;
}

module.exports = { structureProblems, REQUIRED, README_SECTIONS };
