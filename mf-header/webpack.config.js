const { createConfig } = require('@storefront/tooling');

module.exports = createConfig({
  dirname: __dirname,
  exposes: { './spa': './src/spa.tsx', './footer': './src/footer.tsx' },
  port: 3001,
});
