const { createConfig } = require('@storefront/tooling');

module.exports = createConfig({
  dirname: __dirname,
  exposes: { './spa': './src/spa.tsx', './results': './src/results-spa.tsx' },
  port: 3002,
});
