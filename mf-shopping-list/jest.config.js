const config = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);

// + structuredClone for fake-indexeddb (jest.setup.js).
module.exports = { ...config, setupFiles: [...config.setupFiles, require.resolve('./jest.setup.js')] };
