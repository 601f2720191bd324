/**
 * `PaintFirstPlugin`: the entry script tag of the shell's HTML, and the loader it points at.
 *
 * 1. The page paints before any script runs ("a stable, fast first paint"; Lighthouse
 *    ≥ 95): see {@link PAINT_FIRST_JS}.
 * 2. The shell's start-up chunks are preloaded as soon as the page has painted: listed on the
 *    entry script tag (`data-preload="/1.js /238.js …"`), which paint-first.js turns into
 *    `<link rel="preload" as="script">` together with the remotes' chunks the edge lists in the page's
 *    data block (server/startup-hints.mjs), then adds main.js.
 *
 * Without it the browser learns of them only after main.js (the MF runtime) has downloaded and run:
 * main.js → import('./bootstrap') → the bootstrap chunk and the shared singletons it consumes
 * (react, react-dom, shared-events, rxjs, the remote kit, react-query) — one round trip and one
 * download after another. With it they download in parallel with main.js.
 *
 * Which chunks: those of the `./bootstrap` chunk group, plus, for every shared module that group
 * consumes (ConsumeSharedModule), the chunks of the host's own provided copy (ProvideSharedModule,
 * the copy the host's share scope serves). Chunks that are not needed at start are not preloaded
 * (a preload that is not used is wasted bytes on a phone).
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The JS files of the start-up chunks, in a stable order.
 * @param {import('webpack').Compilation} compilation
 * @param {string} request the entry's async import of the app, e.g. './bootstrap'
 * @returns {string[]} file names (no public path)
 */
function startupFiles(compilation, request) {
  const { chunkGraph } = compilation;
  const boot = compilation.chunkGroups.find((g) => g.origins.some((o) => o.request === request));
  if (!boot) return [];
  // share key → the chunk groups of the host's own provided copy (the copy its share scope serves)
  const provided = new Map();
  for (const m of compilation.modules) {
    if (m.type !== 'provide-module') continue;
    const groups = m.blocks.map((b) => chunkGraph.getBlockChunkGroup(b)).filter(Boolean);
    provided.set(m._name, [...(provided.get(m._name) || []), ...groups]);
  }
  // the bootstrap group, then (transitively) what its modules consume from the share scope
  const chunks = new Set();
  const seenKeys = new Set();
  const visit = (group) => {
    for (const c of group.chunks) {
      if (chunks.has(c)) continue;
      chunks.add(c);
      for (const m of chunkGraph.getChunkModulesIterable(c)) {
        const key = m.type === 'consume-shared-module' && m.options ? m.options.shareKey : null;
        if (key && !seenKeys.has(key)) {
          seenKeys.add(key);
          for (const g of provided.get(key) || []) visit(g);
        }
      }
    }
  };
  visit(boot);
  const out = [];
  for (const c of chunks) for (const f of c.files) if (f.endsWith('.js') && !c.hasRuntime()) out.push(f);
  return out.sort();
}

/**
 * The page paints before any script runs ("a stable, fast first paint"; Lighthouse
 * ≥ 95). The served HTML already carries the page (the home page, the not-found page, a remote page's
 * first view), but a `defer` script that has already downloaded (it is preloaded) runs before the
 * browser's first frame, so the first paint waited for main.js and the chunks it starts, and a phone
 * saw nothing for seconds. The entry's `<script defer src="main.js">` becomes
 * `<script defer src="/paint-first.js" data-main="main.js?…" data-preload="…">`: that 0.6 KB loader
 * starts the scripts once the first contentful paint is on screen (its Paint Timing entry: a frame's own
 * callbacks run before the frame is shown), at most PAINT_WAIT_MAX_MS after the first frame, and at once
 * in a hidden tab (no frames there): it preloads the start-up chunks (the shell's `data-preload` and the
 * remotes' `preload` of the data block) in parallel, then adds main.js. Before the paint nothing but the
 * HTML is downloaded, so the first paint shares the network with nothing.
 */
/** Longest wait for the first contentful paint after the first frame, ms (a page with nothing contentful, or no paint timing). */
const PAINT_WAIT_MAX_MS = 500;
const PAINT_FIRST_JS = `(function () {
  var me = document.currentScript;
  var main = me && me.getAttribute('data-main');
  if (!main) return;
  var started = false;
  var sri = {};
  function preloadList() {
    var list = (me.getAttribute('data-preload') || '').split(' ');
    try {
      var block = document.getElementById('shell-startup');
      var data = block ? JSON.parse(block.textContent || '{}') : {};
      if (Array.isArray(data.preload)) list = list.concat(data.preload);
      if (data.integrity && typeof data.integrity === 'object') sri = data.integrity;
    } catch (e) { /* no list: main.js loads what it needs */ }
    return list.filter(function (u) { return typeof u === 'string' && u; });
  }
  function start() {
    if (started) return;
    started = true;
    preloadList().forEach(function (href) {
      var l = document.createElement('link');
      l.rel = 'preload';
      l.as = 'script';
      // the remotes' scripts load with CORS and integrity (src/mf/integrity-plugin.ts): a preload in
      // another mode would not be reused
      if (/^https?:/.test(href) && href.indexOf(location.origin + '/') !== 0) l.crossOrigin = 'anonymous';
      if (typeof sri[href] === 'string') l.integrity = sri[href];
      l.href = href;
      document.head.appendChild(l);
    });
    var s = document.createElement('script');
    s.src = main;
    document.head.appendChild(s);
  }
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') start(); });
  // the first contentful paint's entry arrives once the frame is on screen; a frame's callbacks run before that
  try {
    var seen = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) { seen.disconnect(); setTimeout(start, 0); }
    });
    seen.observe({ type: 'paint', buffered: true });
  } catch (e) { /* no paint timing: the fallback below */ }
  requestAnimationFrame(function () { setTimeout(start, MAX_WAIT_MS); });
})();
`.replace('MAX_WAIT_MS', String(PAINT_WAIT_MAX_MS));

/**
 * Emits paint-first.js and rewrites the entry's `<script defer src="main.js?…">` into
 * `<script defer src="/paint-first.js" data-main="main.js?…" data-preload="<start-up chunks>">`.
 */
class PaintFirstPlugin {
  /** @param {{ request?: string }} [o] the entry's async import of the app (default './bootstrap') */
  constructor({ request = './bootstrap' } = {}) {
    this.request = request;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PaintFirstPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PaintFirstPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('paint-first.js', new compiler.webpack.sources.RawSource(PAINT_FIRST_JS));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('PaintFirstPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath || '');
        const preload = startupFiles(compilation, this.request).map((file) => `${publicPath}${file}`).join(' ');
        for (const tag of data.assetTags.scripts) {
          if (tag.tagName !== 'script' || !tag.attributes.src || tag.meta?.plugin === 'PaintFirstPlugin') continue;
          tag.attributes['data-main'] = tag.attributes.src;
          tag.attributes['data-preload'] = preload;
          tag.attributes.src = `${publicPath}paint-first.js`;
          tag.meta = { ...tag.meta, plugin: 'PaintFirstPlugin' };
        }
        return data;
      });
    });
  }
}

module.exports = { PaintFirstPlugin, PAINT_FIRST_JS };
