/**
 * One jest preset for every package (ARCHITECTURE §6): @swc/jest transform, jsdom, Testing Library.
 * Usage in a package's jest.config.js:
 *   module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);
 * Pass { environment: 'node' } for services.
 */
const path = require('path');

function createJestConfig(dirname, { environment = 'jsdom', ...overrides } = {}) {
  return {
    rootDir: dirname,
    testEnvironment: environment,
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
