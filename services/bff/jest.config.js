// jest is run twice by `npm test` (package.json): on in-memory PGlite, then with BFF_TEST_DB=pg on a
// throwaway PostgreSQL cluster started by globalSetup and removed by globalTeardown (test/postgres.global.ts).
// jose, openid-client and oauth4webapi are ESM-only: let @swc/jest transpile them (and the workspace packages) for jest's CommonJS runtime.
const pg = process.env.BFF_TEST_DB === 'pg';
module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, {
  environment: 'node',
  transformIgnorePatterns: ['/node_modules/(?!(jose|openid-client|oauth4webapi|@storefront)/)'],
  ...(pg ? { globalSetup: '<rootDir>/test/postgres.setup.ts', globalTeardown: '<rootDir>/test/postgres.teardown.ts' } : {}),
});
