// The tooling's own tests (registry, scaffold): node environment.
module.exports = require('./jest/preset').createJestConfig(__dirname, { environment: 'node', testMatch: ['<rootDir>/test/**/*.test.{js,ts,mjs}'] });
