/**
 * One webpack + Module Federation preset for the shell and every remote (ARCHITECTURE §2, §7).
 *
 * A remote's webpack.config.js is two lines; its exposes and port come from the remote registry
 * (tooling/registry/remotes.json):
 *   const { createConfig } = require('@storefront/tooling');
 *   module.exports = createConfig({ dirname: __dirname });
 *
 * - Remotes build into `dist/<name>/<version>/` (immutable, versioned folder) with `remoteEntry.js`
 *   and `mf-manifest.json`; chunks are content-hashed. The same build also holds `index.html`, the
 *   remote's standalone mode (src/index.ts -> src/bootstrap.tsx).
 * - The host (shell) builds into `dist/` and registers remotes at run time from `/remotes.json`.
 * - Shared singletons are declared once, here: SHARED_SINGLETONS.
 */
const path = require('path');
const fs = require('fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const registry = require('../registry/index.cjs');
const { SRI_GLOBAL, SriChunkPlugin, CspNoncePlugin, TrustedTypesInlinePlugin, StandaloneRuntimeTagPlugin, FirstViewPlugin } = require('./build-plugins.js');

const rootDir = path.resolve(__dirname, '..', '..');
/** The installed version of a package (read from node_modules: some packages do not export ./package.json). */
const versionOf = (pkg) => {
  const direct = path.join(rootDir, 'node_modules', pkg, 'package.json');
  const file = fs.existsSync(direct) ? direct : require.resolve(`${pkg}/package.json`, { paths: [rootDir] });
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
};

/**
 * Packages that hold state or are large enough that exactly one copy may reach the browser
 * ([request, package whose version is shared]).
 */
const SHARED_SINGLETONS = [
  ['react', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react/jsx-runtime', 'react'],
  ['react-router', 'react-router'],
  ['react-router-dom', 'react-router-dom'],
  // rxjs is not listed: it reaches the browser once, inside shared-events, the only module that imports
  // it at run time (tooling/test/structure.test.js checks), tree-shaken to what the bus uses.
  ['shared-events', 'shared-events'],
  // Libraries several remotes use: one copy in the browser, not one per remote (first-load JS).
  ['@storefront/remote-kit', '@storefront/remote-kit'],
  // @tanstack/react-query is not listed either: only the kit's root imports it (structure.test.js checks),
  // so it reaches the browser once, inside that shared root, tree-shaken to what the kit re-exports.
  ['algoliasearch/lite', 'algoliasearch'],
  ['focus-trap', 'focus-trap'],
];

/**
 * MF runtime packages a remote entry does not bundle (each remoteEntry.js ≤ 8 KB gzip): the
 * host provides them on these globals (runtime core: MF `provideExternalRuntime`; sdk and error codes:
 * ./provide-runtime-globals.js), a remote's standalone page through ./standalone-runtime.js.
 */
const MF_RUNTIME_GLOBALS = {
  '@module-federation/runtime-core': '_FEDERATION_RUNTIME_CORE',
  '@module-federation/sdk': '_FEDERATION_SDK',
  '@module-federation/error-codes': '_FEDERATION_ERROR_CODES',
};

/**
 * The MF runtime packages, each resolved to its ES module build whether it is imported or required
 * (first-load JS): the MF plugin's injected runtime plugins (inject-external-runtime-core-plugin,
 * runtime-tools) `require()` them, so webpack took their CommonJS builds (`require` condition) beside the
 * ES builds `import` reached — two copies of the runtime core, sdk and error codes in main.js (~80 KB raw).
 * Built from each package's `exports` map: every subpath with an `import` condition, matched exactly.
 * @returns {Record<string, string>} webpack `resolve.alias` entries (`'<pkg>/<subpath>$'` → file)
 */
function mfRuntimeEsmAliases() {
  const packages = [
    '@module-federation/runtime-core', '@module-federation/runtime', '@module-federation/runtime-tools', '@module-federation/sdk',
    '@module-federation/error-codes', '@module-federation/webpack-bundler-runtime', '@module-federation/inject-external-runtime-core-plugin',
  ];
  const aliases = {};
  for (const name of packages) {
    // (their exports maps do not list ./package.json: find it above the main file)
    let dir = path.dirname(require.resolve(name, { paths: [rootDir] }));
    while (!fs.existsSync(path.join(dir, 'package.json')) || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) {
      if (path.dirname(dir) === dir) throw new Error(`preset: no package.json of ${name} above its main file`);
      dir = path.dirname(dir);
    }
    const pkgJson = path.join(dir, 'package.json');
    const { exports: map = {} } = JSON.parse(fs.readFileSync(pkgJson, 'utf8'));
    for (const [sub, target] of Object.entries(map)) {
      const esm = target && typeof target === 'object' && target.import;
      const file = esm && (typeof esm === 'string' ? esm : esm.default);
      if (sub.includes('*') || typeof file !== 'string') continue;
      aliases[`${name}${sub === '.' ? '' : sub.slice(1)}$`] = path.join(path.dirname(pkgJson), file);
    }
  }
  return aliases;
}

const MF_RUNTIME_ESM = mfRuntimeEsmAliases();

/** The preset's other files: a change to one rebuilds every package (webpack's filesystem cache). */
const PRESET_FILES = ['build-plugins.js', 'css-inject-loader.js', 'inject-style.js', 'provide-runtime-globals.js', 'bundler-runtime-from-host.js'].map((f) => path.join(__dirname, f));

/**
 * The module rules of every build (also the bench's monolith): TypeScript/TSX through swc (ES2020,
 * React automatic runtime) and CSS through ./css-inject-loader.js (minified, one `<style>` per file, no
 * source map): style-loader + css-loader put their runtime into every remote's start-up chunks.
 * @param {boolean} prod production mode (no React development transform)
 */
function moduleRules(prod) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !prod } },
            target: 'es2020',
          },
        },
      },
    },
    { test: /\.css$/, use: [require.resolve('./css-inject-loader.js')] },
  ];
}

/**
 * The shared scope of a build (one copy of each singleton in the browser). The host declares every
 * shared package (it provides them all); a remote declares only those in its package.json
 * dependencies, so its remoteEntry.js carries no sharing code for packages it never imports
 * (each remoteEntry.js ≤ 8 KB gzip).
 * @param {{ dependencies?: Record<string,string> }} [pkg] the remote's package.json (omit for the host)
 */
function sharedScope(pkg) {
  const shared = {};
  for (const [request, name] of SHARED_SINGLETONS) {
    if (pkg && !(pkg.dependencies && name in pkg.dependencies)) continue;
    const version = versionOf(name);
    const major = version.split('.')[0];
    // shared-events: the range the remote declares, which the contract gate keeps at the minor that
    // brought the events it uses; the host provides the newest. Others: the major.
    const declared = pkg && name === 'shared-events' ? pkg.dependencies[name] : null;
    shared[request] = { singleton: true, requiredVersion: declared && /^\^\d+\.\d+\.\d+$/.test(declared) ? declared : `^${major}.0.0`, version };
  }
  return shared;
}

/**
 * @param {object} o
 * @param {string} o.dirname   package folder (its package.json gives name and version)
 * @param {Record<string,string>} [o.exposes]  MF exposes (default: the registry's for this package)
 * @param {boolean} [o.host]   build the host (shell) instead of a remote
 * @param {number} [o.port]    dev-server port for `npm run dev` (default: the registry's)
 * @param {Record<string,unknown>} [o.templateParameters] extra values for the HTML template
 * @param {Array<{ filename: string, templateParameters: Record<string,unknown> }>} [o.htmlPages] HTML files
 *   made from the one template (default: index.html), e.g. the shell's pre-rendered pages
 * @param {string[]} [o.runtimePlugins] MF runtime plugins (host: errorLoadRemote fallback)
 * @param {Record<string,string>} [o.define] compile-time constants (JSON-stringified)
 */
function createConfig({ dirname, exposes, host = false, port, runtimePlugins = [], define = {}, title, templateParameters = {}, htmlPages = [{ filename: 'index.html', templateParameters: {} }] }) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
  if (!host) {
    // A remote's exposes and port come from the registry; a remote missing from it fails the build.
    exposes = exposes || registry.exposesOf(pkg.name);
    port = port || registry.remoteOf(pkg.name).port;
  }
  const build = {
    dirname, pkg, host, runtimePlugins, define, title, templateParameters, htmlPages,
    exposes: exposes || {},
    port: port || 3000,
    name: pkg.name.replace(/[^a-zA-Z0-9_]/g, '_'),
    outDir: host ? path.join(dirname, 'dist') : path.join(dirname, 'dist', pkg.name, pkg.version),
  };
  return (env, argv) => {
    const mode = (argv && argv.mode) || process.env.NODE_ENV || 'production';
    const main = mainBuild(build, mode);
    // A remote's standalone page (index.html) first loads the MF runtime packages its entries do not
    // bundle: a second, federation-free build of standalone-runtime.js.
    return host ? main : [main, standaloneRuntimeBuild(build, mode, main)];
  };
}

/**
 * @typedef {object} Build what createConfig resolved for one package
 * @property {string} dirname @property {{ name: string, version: string, dependencies?: Record<string,string> }} pkg
 * @property {boolean} host @property {string[]} runtimePlugins @property {Record<string,string>} define
 * @property {string} [title] @property {Record<string,unknown>} templateParameters
 * @property {Array<{ filename: string, templateParameters: Record<string,unknown> }>} htmlPages
 * @property {Record<string,string>} exposes @property {number} port @property {string} name MF name
 * @property {string} outDir
 */

/** The Module Federation plugin of a build (host or remote). @param {Build} b */
function federationPlugin(b) {
  const { name, exposes, host, pkg, runtimePlugins } = b;
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    remotes: {},
    shared: sharedScope(host ? undefined : pkg),
    shareStrategy: 'loaded-first',
    runtimePlugins: host ? [...runtimePlugins, require.resolve('./provide-runtime-globals.js')] : runtimePlugins,
    // One MF runtime in the browser (ARCHITECTURE §2): the host bundles and provides
    // the runtime core on a global; every remote entry uses it instead of carrying its own copy.
    // optimization.target 'web': the runtime's Node-only script loading is left out.
    experiments: host ? { provideExternalRuntime: true, optimization: { target: 'web' } } : { externalRuntime: true, optimization: { target: 'web' } },
    manifest: { fileName: 'mf-manifest.json' },
    // The type gate of a release (tooling/deploy/type-gate.mjs): MF_DTS=1 generates the
    // exposes' types (@module-federation/dts-plugin) into dist/@mf-types; off in dev and tests.
    dts: process.env.MF_DTS === '1' && !host
      ? { generateTypes: { compileInChildProcess: false, extractThirdParty: false, abortOnError: true, generateAPITypes: false }, consumeTypes: false, displayErrorInTerminal: true }
      : false,
  });
}

/** The webpack plugins of a build. @param {Build} b @param {string} mode */
function plugins(b, mode) {
  const { dirname, pkg, host, define, title, templateParameters, htmlPages, name } = b;
  const prod = mode === 'production';
  return [
    new webpack.DefinePlugin({
      'process.env.NODE_ENV': JSON.stringify(mode),
      __REMOTE_NAME__: JSON.stringify(pkg.name),
      __REMOTE_VERSION__: JSON.stringify(pkg.version),
      __REMOTE_MF_NAME__: JSON.stringify(name),
      ...Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)])),
    }),
    federationPlugin(b),
    ...htmlPages.map((page) => new HtmlWebpackPlugin({
      template: fs.existsSync(path.join(dirname, 'public', 'index.html'))
        ? path.join(dirname, 'public', 'index.html')
        : path.join(__dirname, 'index.html'),
      filename: page.filename,
      title: title || pkg.name,
      templateParameters: { ...templateParameters, ...page.templateParameters },
      chunks: ['main'],
      hash: prod,
    })),
    new SriChunkPlugin(),
    new CspNoncePlugin(),
    ...(host && fs.existsSync(path.join(dirname, 'src', 'trusted-types.ts')) ? [new TrustedTypesInlinePlugin(path.join(dirname, 'src', 'trusted-types.ts'), prod)] : []),
    ...(host ? [] : [
      new StandaloneRuntimeTagPlugin(),
      new FirstViewPlugin(path.join(dirname, 'src', 'first-view.json'), pkg.name),
      // The bundler runtime's functions come from the host too (./bundler-runtime-from-host.js).
      new webpack.NormalModuleReplacementPlugin(/[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/, require.resolve('./bundler-runtime-from-host.js')),
    ]),
  ];
}

/** The main build (the host's main.js, or a remote's remoteEntry.js and standalone page). @param {Build} b @param {string} mode */
function mainBuild(b, mode) {
  const { dirname, host, name, outDir, port } = b;
  const prod = mode === 'production';
  return {
    name: 'main',
    mode,
    context: dirname,
    // ES2020 like the swc output: webpack's own runtime code (chunk loading, sharing) uses arrow
    // functions and const, which keeps each remoteEntry.js smaller.
    target: ['web', 'es2020'],
    entry: { main: './src/index.ts' },
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outDir,
      publicPath: 'auto',
      // Entry chunks (main.js, remoteEntry.js) keep stable names and are served no-cache: webpack
      // 5.111 cannot put [contenthash] in output.filename with MF exposes (module-federation/core#5077).
      filename: '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: name,
      // Subresource Integrity: a cross-origin chunk is fetched with CORS, so the browser can check the
      // `integrity` SriChunkPlugin sets (a no-cors response cannot be checked).
      crossOriginLoading: 'anonymous',
      clean: true,
    },
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(dirname, '.cache', 'webpack'),
      buildDependencies: { config: [__filename, ...PRESET_FILES, path.join(dirname, 'webpack.config.js'), registry.registryFile, path.join(__dirname, '..', 'registry', 'index.cjs')] },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      alias: {
        ...MF_RUNTIME_ESM,
        // rxjs's ES2015 build (its "es2015" export): native classes, no tslib helpers, ~2 KB gzip less
        // on first load than the ES5 build webpack picks by default.
        rxjs$: path.join(path.dirname(require.resolve('rxjs/package.json')), 'dist', 'esm', 'index.js'),
        // The MF runtime packages under names the remote externals do not match (standalone-runtime.js).
        ...Object.fromEntries(Object.keys(MF_RUNTIME_GLOBALS).map((pkg) => [`storefront-mf-direct/${pkg.split('/')[1]}$`, MF_RUNTIME_ESM[`${pkg}$`]])),
      },
    },
    // Remotes: the MF runtime packages come from the host's globals (MF_RUNTIME_GLOBALS).
    ...(host ? {} : { externalsType: 'global', externals: { '@module-federation/sdk': MF_RUNTIME_GLOBALS['@module-federation/sdk'], '@module-federation/error-codes': MF_RUNTIME_GLOBALS['@module-federation/error-codes'] } }),
    module: {
      rules: moduleRules(prod),
    },
    plugins: plugins(b, mode),
    // mangleExports off: a shared singleton provided by one build is consumed by others
    // (shareStrategy 'loaded-first'), so its exports must not be renamed for the provider's own usage.
    // With per-runtime usedExports on, the shell received a `react` built by mf-header without `StrictMode`.
    // concatenateModules off too: scope hoisting of a module that imports a consumed shared module
    // left the shell's page components undefined in production (React error #130), found by e2e.
    // usedExports 'global': private dependencies (zod inside shared-events, the MF sdk,
    // tslib...) are tree-shaken, while usage is tracked for all runtimes together, so a shared module
    // provided by one build keeps every export the other builds' runtimes use (per-runtime tracking
    // is what pruned them before). Shared packages are referenced whole by their provide dependency.
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', usedExports: 'global', mangleExports: false, concatenateModules: false },
    performance: { hints: false },
    stats: prod ? 'errors-warnings' : 'minimal',
    devServer: {
      port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: false,
      client: { overlay: false },
    },
  };
}

/** A remote's standalone runtime build, after the main build (which cleans the folder). @param {Build} b @param {string} mode @param {object} main */
function standaloneRuntimeBuild(b, mode, main) {
  const prod = mode === 'production';
  return {
    name: 'standalone-runtime',
    dependencies: ['main'],
    mode,
    context: b.dirname,
    entry: { 'standalone-runtime': path.join(__dirname, 'standalone-runtime.js') },
    devtool: false,
    output: { path: b.outDir, filename: '[name].js', clean: false },
    resolve: { alias: main.resolve.alias },
    cache: { ...main.cache, name: `standalone-runtime-${mode}` },
    optimization: { minimize: prod },
    performance: { hints: false },
    stats: prod ? 'errors-warnings' : 'minimal',
  };
}

module.exports = { createConfig, sharedScope, moduleRules, SHARED_SINGLETONS, SRI_GLOBAL };
