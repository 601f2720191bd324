/**
 * The webpack plugins of the preset (./preset.js): Subresource Integrity of lazy chunks, the CSP nonce,
 * the host's inlined Trusted Types policy, a remote's standalone runtime tag and its page intros.
 */
const path = require('path');
const fs = require('fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const registry = require('../registry/index.cjs');

/**
 * The global the host fills with the hashes of the remote files it may load (absolute URL → `sha384-…`),
 * taken from each verified manifest's `integrity` (shell/src/mf/integrity-plugin.ts; the deploy store
 * writes it at publish, tooling/deploy/store.mjs).
 */
const SRI_GLOBAL = '__STOREFRONT_SRI__';

/**
 * Lazy chunks with Subresource Integrity: webpack's script loader (`__webpack_require__.l`, the
 * LoadScriptRuntimeModule `createScript` hook) sets `script.integrity` from {@link SRI_GLOBAL} when the
 * host knows the chunk's hash, so a chunk changed after publishing is refused by the browser. The hashes
 * come at run time from the published manifest rather than being baked into remoteEntry.js at build
 * time: webpack-subresource-integrity stops a Module Federation build with an error on the remote entry
 * (waysact/webpack-subresource-integrity#176, webpack/webpack#14310). A chunk without a known hash (a
 * working build, a remote's standalone page) loads as before.
 */
class SriChunkPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SriChunkPlugin', (compilation) => {
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap('SriChunkPlugin', (source) => `${source}
const sri = typeof self !== 'undefined' && self.${SRI_GLOBAL} && self.${SRI_GLOBAL}[script.src];
if (sri) script.integrity = sri;`);
    });
  }
}

/**
 * The CSP nonce for the styles and scripts webpack adds (the CSS inject loader's `<style>`, the chunk loader's
 * `<script>`): `__webpack_nonce__` (`__webpack_require__.nc`) of every build, read at start from the
 * page's `<meta name="csp-nonce" nonce="…">`, which the edge writes with the response's nonce
 * (shell/server/edge.mjs; its CSP has `style-src 'self' 'nonce-…'`, no 'unsafe-inline'). Each remote has a
 * webpack runtime of its own, so each reads it. The `nonce` property, not the attribute: browsers hide
 * the attribute's value once the page has a CSP. A page without the meta (a standalone page, a test) keeps none.
 */
class CspNoncePlugin {
  apply(compiler) {
    const { RuntimeGlobals, RuntimeModule } = webpack;
    class CspNonceRuntimeModule extends RuntimeModule {
      constructor() {
        // after webpack's own nonce module (STAGE_ATTACH), which sets it to undefined
        super('csp nonce', RuntimeModule.STAGE_TRIGGER);
      }

      generate() {
        return `if (!${RuntimeGlobals.scriptNonce} && typeof document !== 'undefined') {
  var cspMeta = document.querySelector('meta[name="csp-nonce"]');
  var cspNonce = cspMeta && (cspMeta.nonce || cspMeta.getAttribute('nonce'));
  if (cspNonce) ${RuntimeGlobals.scriptNonce} = cspNonce;
}`;
      }
    }
    compiler.hooks.thisCompilation.tap('CspNoncePlugin', (compilation) => {
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.scriptNonce).tap('CspNoncePlugin', (chunk) => {
        compilation.addRuntimeModule(chunk, new CspNonceRuntimeModule());
      });
    });
  }
}

/** Puts the script tag `makeTag(compilation)` first in the `<head>` of every HTML page of the build. */
function prependHeadScript(compiler, name, makeTag) {
  compiler.hooks.compilation.tap(name, (compilation) => {
    HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(name, (data) => {
      data.headTags.unshift(makeTag(compilation));
      return data;
    });
  });
}

/**
 * The host's Trusted Types policy (src/trusted-types.ts) compiled and inlined as the first script of its
 * HTML, so the policy exists before any script URL is assigned (paint-first.js adds main.js with one).
 * The edge gives the inline script the response's nonce. The file must have no imports.
 */
class TrustedTypesInlinePlugin {
  constructor(file, minify) {
    this.file = file;
    this.minify = minify;
  }

  apply(compiler) {
    prependHeadScript(compiler, 'TrustedTypesInlinePlugin', (compilation) => {
      compilation.fileDependencies.add(this.file);
      const { code } = require('@swc/core').transformSync(fs.readFileSync(this.file, 'utf8'), {
        filename: this.file,
        jsc: { parser: { syntax: 'typescript' }, target: 'es2019', minify: this.minify ? { compress: true, mangle: true } : undefined },
        module: { type: 'commonjs' },
        minify: this.minify,
        sourceMaps: false,
      });
      const body = `(function(exports){${code}})({});`.replace(/<\/script/gi, '<\\/script');
      return HtmlWebpackPlugin.createHtmlTagObject('script', { 'data-trusted-types': '' }, body);
    });
  }
}

/** Puts `<script src="standalone-runtime.js">` (blocking, so it runs first) in a remote's standalone index.html. */
class StandaloneRuntimeTagPlugin {
  apply(compiler) {
    prependHeadScript(compiler, 'StandaloneRuntimeTagPlugin', () => HtmlWebpackPlugin.createHtmlTagObject('script', { src: 'standalone-runtime.js' }));
  }
}

/**
 * Publishes a remote's page intros (`src/first-view.json` → `first-view.json` beside mf-manifest.json)
 * for the edge to write into the HTML it serves (@storefront/remote-kit/page-intro; "a stable,
 * fast first paint"). The build fails when the file names a route that is not one of this remote's
 * page routes in the registry, or an entry is not `{ heading, lead, picture? }` strings of 1–400 characters.
 * A remote without the file publishes nothing (its pages get no first view).
 */
class FirstViewPlugin {
  constructor(file, pkgName) {
    this.file = file;
    this.pkgName = pkgName;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstViewPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FirstViewPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        if (!fs.existsSync(this.file)) return;
        compilation.fileDependencies.add(this.file);
        const views = JSON.parse(fs.readFileSync(this.file, 'utf8'));
        const routes = new Set(registry.remoteOf(this.pkgName).exposes.filter((e) => e.kind === 'page').flatMap((e) => e.routes || []));
        const text = (v) => typeof v === 'string' && v.length > 0 && v.length <= 400;
        for (const [route, view] of Object.entries(views)) {
          if (!routes.has(route)) throw new Error(`${this.file}: '${route}' is not a page route of ${this.pkgName} in the registry (${[...routes].join(', ')})`);
          if (!view || !text(view.heading) || !text(view.lead) || (view.picture !== undefined && !text(view.picture))) {
            throw new Error(`${this.file}: '${route}' needs { heading, lead, picture? }, strings of 1–400 characters`);
          }
        }
        compilation.emitAsset('first-view.json', new webpack.sources.RawSource(JSON.stringify(views)));
      });
    });
  }
}

module.exports = { SRI_GLOBAL, SriChunkPlugin, CspNoncePlugin, TrustedTypesInlinePlugin, StandaloneRuntimeTagPlugin, FirstViewPlugin };
