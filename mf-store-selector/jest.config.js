const config = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);

// focus-trap needs element layout, which jsdom lacks; react-query's notifications must not wait for
// jest's fake timers (both in src/jest.setup.ts).
module.exports = {
  ...config,
  setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/jest.setup.ts'],
};
