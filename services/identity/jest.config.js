// oidc-provider and jose are ESM-only: transpile them to CommonJS for jest like the repo's own code.
module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, {
  environment: 'node',
  transformIgnorePatterns: ['/node_modules/(?!(oidc-provider|jose|@storefront)/)'],
});
