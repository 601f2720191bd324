const config = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);

// focus-trap needs element layout, which jsdom lacks (src/testing/layout.ts); react-query's
// notifications must not wait for jest's fake timers (src/testing/queryScheduler.ts).
module.exports = {
  ...config,
  setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/testing/layout.ts', '<rootDir>/src/testing/queryScheduler.ts'],
};
