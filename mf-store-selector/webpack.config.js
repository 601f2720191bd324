const { createConfig } = require('@storefront/tooling');

module.exports = createConfig({
  dirname: __dirname,
  exposes: { './spa': './src/spa.tsx', './pages': './src/pages-spa.tsx' },
  port: 3003,
  title: 'Harbour Market – store selector (standalone)',
});
