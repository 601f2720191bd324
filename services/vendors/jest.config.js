// jose is ESM-only: let @swc/jest transpile it (and the workspace packages) for jest's CommonJS runtime.
module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, {
  environment: 'node',
  transformIgnorePatterns: ['/node_modules/(?!(jose|@storefront)/)'],
});
