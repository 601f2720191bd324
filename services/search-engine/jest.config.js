// Service tests start real servers and seed indices in beforeAll hooks; the preset's 20 s allows for
// CI's parallel run on 2 cores (speed is measured in bench, not here). The PostgreSQL storage tests get
// a throwaway cluster from globalSetup (test/postgres.setup.ts).
module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, {
  environment: 'node',
  globalSetup: '<rootDir>/test/postgres.setup.ts',
  globalTeardown: '<rootDir>/test/postgres.teardown.ts',
});
