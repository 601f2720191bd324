module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, {
  globals: { __REMOTE_NAME__: require('./package.json').name, __REMOTE_VERSION__: require('./package.json').version },
});
