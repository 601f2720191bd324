// oidc-provider and jose are ESM-only: transpile them to CommonJS for jest like the repo's own code.
// globalSetup starts a throwaway PostgreSQL and Redis for the replica tests (test/backends.global.ts).
module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, {
  environment: 'node',
  transformIgnorePatterns: ['/node_modules/(?!(oidc-provider|jose|@storefront)/)'],
  globalSetup: '<rootDir>/test/backends.setup.ts',
  globalTeardown: '<rootDir>/test/backends.teardown.ts',
});
