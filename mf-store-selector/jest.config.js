const config = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, {
  globals: { __REMOTE_NAME__: require('./package.json').name, __REMOTE_VERSION__: require('./package.json').version },
});

// focus-trap needs element layout, which jsdom lacks (src/testing/layout.ts).
module.exports = { ...config, setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/testing/layout.ts'] };
