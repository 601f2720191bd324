const { createJestConfig } = require('@storefront/tooling/jest/preset');

const config = createJestConfig(__dirname, {
  globals: { __REMOTE_NAME__: require('./package.json').name, __REMOTE_VERSION__: require('./package.json').version },
});
// The edge (server/*.mjs) and tooling/serve/*.mjs are ESM: transpile .mjs too, so the node-environment
// edge test (test/edge.test.ts) can import them without --experimental-vm-modules.
const swc = config.transform['^.+\\.(t|j)sx?$'];
config.transform = { '^.+\\.m?(t|j)sx?$': swc };
config.transformIgnorePatterns = ['/node_modules/(?!(minisearch|@algolia|algoliasearch|@storefront)/)'];
config.setupFiles = [...(config.setupFiles || []), require.resolve('./test/setup-globals.js')];
module.exports = config;
