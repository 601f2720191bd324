const path = require('path');
const { createConfig } = require('@storefront/tooling');
const { defaultRemotes, defaultRuntimeConfig } = require('./server/defaults.cjs');
const registry = require('@storefront/tooling/registry/index.cjs');

const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The band slots of one region of the page frame, from the remote registry: one element per band
 * expose (`<div id="slot-<app>" class="<base> <base>--<app>">`), in registry order.
 * @param {'header'|'footer'|'overlay'} region
 * @param {string} base BEM block class of the region's slots
 */
function slotsHtml(region, base) {
  return registry.bandSlots()[region]
    .map((s) => `        <div id="${escapeHtml(s.id)}" class="${base} ${base}--${escapeHtml(s.app)}" data-remote="${escapeHtml(s.remote)}"></div>`)
    .join('\n');
}

const base = createConfig({
  dirname: __dirname,
  host: true,
  port: 8080,
  runtimePlugins: [require.resolve('./src/mf/offline-remote-plugin.ts')],
  title: 'Harbour Market',
  templateParameters: { slotsHtml },
});

module.exports = (env, argv) => {
  const config = base(env, argv);
  // The host is always served at the root of its origin: absolute asset URLs keep deep links
  // (e.g. a 404 page at /a/b) loading /main.js rather than /a/main.js.
  config.output.publicPath = '/';
  config.cache.buildDependencies.config.push(path.join(__dirname, 'server', 'defaults.cjs'));
  // `npm run dev`: the same /remotes.json, /config.json and /api proxy as the edge (server/edge.mjs).
  config.devServer = {
    ...config.devServer,
    historyApiFallback: true,
    proxy: [{ context: ['/api'], target: process.env.BFF_URL || 'http://127.0.0.1:4000', changeOrigin: true }],
    setupMiddlewares(middlewares, devServer) {
      devServer.app.get('/remotes.json', (_req, res) => { res.set('Cache-Control', 'no-cache').json(defaultRemotes()); });
      devServer.app.get('/config.json', (_req, res) => { res.set('Cache-Control', 'no-cache').json(defaultRuntimeConfig()); });
      return middlewares;
    },
  };
  return config;
};
