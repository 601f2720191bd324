const config = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);

// focus-trap needs element layout, which jsdom lacks (src/testing/layout.ts).
module.exports = { ...config, setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/testing/layout.ts'] };
