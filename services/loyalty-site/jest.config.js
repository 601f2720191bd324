module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, { environment: 'node' });
