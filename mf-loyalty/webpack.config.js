const { createConfig } = require('@storefront/tooling');

module.exports = createConfig({
  dirname: __dirname,
  // './spa': always-on card popups (#slot-mf-loyalty); './pages': route-owned /verify-card and /scene (#slot-page).
  exposes: { './spa': './src/spa.tsx', './pages': './src/pages.tsx' },
  port: 3004,
});
