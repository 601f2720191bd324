// Service tests start real servers and seed indices in beforeAll hooks; the preset's 20 s allows for
// CI's parallel run on 2 cores (speed is measured in bench, not here).
module.exports = require('@storefront/tooling/jest/preset').createJestConfig(__dirname, { environment: 'node' });
