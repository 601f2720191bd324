const config = require('@storefront/tooling/jest/preset').createJestConfig(__dirname);

// + a longer Testing Library wait (jest.setup.js): the pages render 25+ cards, slow on a busy 2-core machine.
module.exports = { ...config, setupFilesAfterEnv: [...config.setupFilesAfterEnv, require.resolve('./jest.setup.js')] };
