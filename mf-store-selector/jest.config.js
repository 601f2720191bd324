const config = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);

// react-query's notifications must not wait for jest's fake timers (src/jest.setup.ts).
module.exports = {
  ...config,
  setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/jest.setup.ts'],
};
