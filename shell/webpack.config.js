const path = require('path');
const fs = require('fs');
const CleanCSS = require('clean-css');
const { createConfig } = require('@storefront/tooling');
const { defaultRemotes, defaultRuntimeConfig } = require('./server/defaults.cjs');
const registry = require('@storefront/tooling/registry/index.cjs');
const { PaintFirstPlugin } = require('./webpack.preload.js');

const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The band slots of one region of the page frame, from the remote registry: one element per band
 * expose (`<div id="slot-<app>" class="<base> <base>--<app>">`), in registry order.
 * @param {'header'|'footer'|'overlay'} region
 * @param {string} base BEM block class of the region's slots
 */
function slotsHtml(region, base) {
  return registry.bandSlots()[region]
    .map((s) => `        <div id="${escapeHtml(s.id)}" class="${base} ${base}--${escapeHtml(s.app)}" data-remote="${escapeHtml(s.remote)}">${BAND_FRAMES[s.app] || ''}</div>`)
    .join('\n');
}

/**
 * The header band's frame ("the header band's frame is in the HTML the edge serves"): the
 * banner logo as a plain link home, where mf-header draws its own (same SVG as mf-header's Logo,
 * standard banner), so the first paint has the storefront's mark before any remote arrives. mf-header
 * replaces the slot's content when it mounts (React clears the container); if it never mounts, the
 * logo link stays. Positions per breakpoint: shell/src/styles.css `.shell-header-frame`.
 */
const BAND_FRAMES = {
  'mf-header': '<div class="shell-header-frame"><a class="shell-header-frame__logo" href="/" aria-label="Harbour Market home">'
    + '<svg viewBox="0 0 212 40" aria-hidden="true" focusable="false"><circle cx="20" cy="20" r="18" fill="#1b7f3b"/>'
    + '<path d="M11 29c0-10.5 6.6-17.2 19-18-0.4 11.6-6.9 18.4-19 18Z" fill="#ffffff"/>'
    + '<path d="M11.5 28.5 23 17" stroke="#1b7f3b" stroke-width="1.6" stroke-linecap="round"/>'
    + '<text x="46" y="27" font-family="Georgia, \'Times New Roman\', serif" letter-spacing="0.2" font-size="20" font-weight="700" fill="#1f2a22">Harbour <tspan dx="2" fill="#1b7f3b">Market</tspan></text>'
    + '</svg></a></div>',
};

/**
 * The shell's pages pre-rendered at build time (src/pages/prerender.tsx, loaded through tsx; CSS
 * imports are no-ops in Node): index.html carries the home page, 404.html the not-found page,
 * frame.html only the page frame (remote pages, /?query, the sign-in callback). server/edge.mjs picks one.
 */
function prerenderedPages() {
  const { register } = require('tsx/cjs/api');
  const previousCss = require.extensions['.css'];
  require.extensions['.css'] = () => {};
  const unregister = register();
  try {
    const { prerenderShellPage } = require('./src/pages/prerender.tsx');
    return [
      { filename: 'index.html', templateParameters: { prerendered: 'home', shellContent: prerenderShellPage('home') } },
      { filename: '404.html', templateParameters: { prerendered: 'not-found', shellContent: prerenderShellPage('not-found') } },
      { filename: 'frame.html', templateParameters: { prerendered: '', shellContent: '' } },
    ];
  } finally {
    unregister();
    if (previousCss) require.extensions['.css'] = previousCss;
    else delete require.extensions['.css'];
  }
}

/** The kit's page intro CSS: the first view the edge writes into #slot-page (shell/server/startup-hints.mjs). */
const PAGE_INTRO_CSS = require.resolve('@storefront/remote-kit/page-intro.css');
/** The storefront's design tokens (var(--sf-…)) every remote's CSS reads: first in the page's <head>. */
const TOKENS_CSS = require.resolve('@storefront/remote-kit/tokens.css');

/**
 * The kit's design tokens, the shell's own CSS (page frame, slots, shell pages) and the kit's page intro, inlined in the served
 * HTML's <head> so the first paint is styled with no request and no shift when scripts arrive.
 */
function inlineCss() {
  const css = [TOKENS_CSS, path.join(__dirname, 'src/styles.css'), path.join(__dirname, 'src/pages/pages.css'), PAGE_INTRO_CSS].map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  return new CleanCSS({ level: 1 }).minify(css).styles.replace(/<\/style/gi, '<\\/style');
}

const base = createConfig({
  dirname: __dirname,
  host: true,
  port: 8080,
  runtimePlugins: [require.resolve('./src/mf/offline-remote-plugin.ts'), require.resolve('./src/mf/startup-manifests-plugin.ts')],
  title: 'Harbour Market',
  templateParameters: { slotsHtml, inlineCss: inlineCss() },
  htmlPages: prerenderedPages(),
});

module.exports = (env, argv) => {
  const config = base(env, argv);
  // The host is always served at the root of its origin: absolute asset URLs keep deep links
  // (e.g. a 404 page at /a/b) loading /main.js rather than /a/main.js.
  config.output.publicPath = '/';
  // The first paint comes before any script runs, then the start-up chunks download in
  // parallel with main.js (see webpack.preload.js).
  config.plugins.push(new PaintFirstPlugin());
  config.cache.buildDependencies.config.push(path.join(__dirname, 'webpack.preload.js'));
  config.cache.buildDependencies.config.push(path.join(__dirname, 'server', 'defaults.cjs'));
  // The pre-rendered pages and the inlined CSS change with these files: rebuild the config when they do.
  for (const f of fs.readdirSync(path.join(__dirname, 'src', 'pages'))) config.cache.buildDependencies.config.push(path.join(__dirname, 'src', 'pages', f));
  config.cache.buildDependencies.config.push(path.join(__dirname, 'src', 'styles.css'));
  config.cache.buildDependencies.config.push(PAGE_INTRO_CSS, TOKENS_CSS);
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
