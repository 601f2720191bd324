// Exposes and port come from the remote registry (tooling/registry/remotes.json).
const { createConfig } = require('@storefront/tooling');

module.exports = createConfig({ dirname: __dirname });
