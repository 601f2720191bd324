/**
 * The shell's start-up chunks as `<link rel="preload" as="script">` in the served HTML (issue 12).
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

class StartupPreloadPlugin {
  /** @param {{ request?: string }} [o] the entry's async import of the app (default './bootstrap') */
  constructor({ request = './bootstrap' } = {}) {
    this.request = request;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('StartupPreloadPlugin', (data) => {
        const files = this.startupFiles(compilation);
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath || '');
        const links = files.map((file) => ({
          tagName: 'link', voidTag: true, meta: { plugin: 'StartupPreloadPlugin' },
          attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
        }));
        // the entry (main.js, the MF runtime) first: it is needed first, and a `defer` script alone
        // would be fetched at low priority behind the preloads
        const entries = data.assetTags.scripts.filter((t) => t.tagName === 'script' && t.attributes.src).map((t) => ({
          tagName: 'link', voidTag: true, meta: { plugin: 'StartupPreloadPlugin' },
          attributes: { rel: 'preload', as: 'script', href: t.attributes['data-main'] || t.attributes.src },
        }));
        data.assetTags.scripts.unshift(...entries, ...links);
        return data;
      });
    });
  }

  /** The JS files of the start-up chunks, in a stable order. */
  startupFiles(compilation) {
    const { chunkGraph } = compilation;
    const boot = compilation.chunkGroups.find((g) => g.origins.some((o) => o.request === this.request));
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
}

/**
 * The page paints before any script runs (issue 12 "a stable, fast first paint"; issue 19 Lighthouse
 * ≥ 95). The served HTML already carries the page (the home page, the not-found page, a remote page's
 * first view), but a `defer` script that has already downloaded (it is preloaded) runs before the
 * browser's first frame, so the first paint waited for main.js and the chunks it starts, and a phone
 * saw nothing for seconds. The entry's `<script defer src="main.js">` becomes
 * `<script defer src="/paint-first.js" data-main="main.js?…">`: that 0.3 KB loader adds main.js only
 * once a frame has been painted (requestAnimationFrame, then a task), or at once in a hidden tab (no
 * frames there). main.js still downloads at the start (its preload link).
 */
const PAINT_FIRST_JS = `(function () {
  var me = document.currentScript;
  var main = me && me.getAttribute('data-main');
  if (!main) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var s = document.createElement('script');
    s.src = main;
    document.head.appendChild(s);
  }
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') start(); });
})();
`;

class PaintFirstPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PaintFirstPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PaintFirstPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('paint-first.js', new compiler.webpack.sources.RawSource(PAINT_FIRST_JS));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('PaintFirstPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath || '');
        for (const tag of data.assetTags.scripts) {
          if (tag.tagName !== 'script' || !tag.attributes.src || tag.meta?.plugin === 'PaintFirstPlugin') continue;
          tag.attributes['data-main'] = tag.attributes.src;
          tag.attributes.src = `${publicPath}paint-first.js`;
          tag.meta = { ...tag.meta, plugin: 'PaintFirstPlugin' };
        }
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin, PaintFirstPlugin, PAINT_FIRST_JS };
