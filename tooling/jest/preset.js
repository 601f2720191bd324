/**
 * One jest preset for every package (ARCHITECTURE §6): @swc/jest transform, jsdom, Testing Library.
 * Usage in a package's jest.config.js:
 *   module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);
 * Pass { environment: 'node' } for services.
 */
const path = require('path');
const fs = require('fs');
const registry = require('../registry/index.cjs');

/**
 * @param {string} dirname the package folder
 * @param {{ environment?: 'jsdom'|'node', globals?: object } & object} [o] overrides of the config
 * @returns jest config; `globals` carries the compile-time constants of the webpack preset
 *   (`__REMOTE_NAME__`, `__REMOTE_VERSION__` from the package.json, and for a registered remote
 *   `__REMOTE_MF_NAME__` from tooling/registry/remotes.json), so no package repeats them.
 */
function createJestConfig(dirname, { environment = 'jsdom', globals = {}, ...overrides } = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
  const entry = registry.remoteOf(pkg.name);
  return {
    globals: {
      __REMOTE_NAME__: pkg.name,
      __REMOTE_VERSION__: pkg.version,
      ...(entry ? { __REMOTE_MF_NAME__: entry.mfName } : {}),
      ...globals,
    },
    rootDir: dirname,
    testEnvironment: environment,
    // `npm test` runs every package's tests at once (turbo) on a 2-core machine: a test that takes 1 s
    // alone can take 10 s there. Tests assert behaviour, not speed (speed is in `npm run bench`).
    testTimeout: 20_000,
    transform: {
      '^.+\\.m?(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages that must be transpiled for jest
    // ESM-only packages and the repo's own .mjs (edge, tooling) are transpiled for jest.
    transformIgnorePatterns: ['/node_modules/(?!(minisearch|@algolia|algoliasearch|@storefront)/)'],
    moduleNameMapper: {
      '\\.(css)$': require.resolve('identity-obj-proxy'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    setupFiles: environment === 'jsdom' ? [path.join(__dirname, 'setup-globals.js')] : [],
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.js')] : [],
    testMatch: ['<rootDir>/{src,test,tests,scripts}/**/*.test.{ts,tsx}'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    ...overrides,
  };
}

module.exports = { createJestConfig };
