/**
 * One webpack + Module Federation preset for the shell and every remote (ARCHITECTURE §2, §7).
 *
 * A remote's webpack.config.js is two lines; its exposes and port come from the remote registry
 * (tooling/registry/remotes.json, issue 11):
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

const rootDir = path.resolve(__dirname, '..', '..');
const versionOf = (pkg) => {
  const file = require.resolve(`${pkg}/package.json`, { paths: [rootDir] });
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
};

/** Packages that hold state or are large enough that exactly one copy may reach the browser. */
const SHARED_SINGLETONS = [
  ['react', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react/jsx-runtime', 'react'],
  ['react-router', 'react-router'],
  ['react-router-dom', 'react-router-dom'],
  ['rxjs', 'rxjs'],
  ['shared-events', 'shared-events'],
];

/** The shared scope every remote and the host declare (one copy of each singleton). */
function sharedScope() {
  const shared = {};
  for (const [request, pkg] of SHARED_SINGLETONS) {
    const version = versionOf(pkg);
    const major = version.split('.')[0];
    shared[request] = { singleton: true, requiredVersion: `^${major}.0.0`, version };
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
 * @param {string[]} [o.runtimePlugins] MF runtime plugins (host: errorLoadRemote fallback)
 * @param {Record<string,string>} [o.define] compile-time constants (JSON-stringified)
 */
function createConfig({ dirname, exposes, host = false, port, runtimePlugins = [], define = {}, title, templateParameters = {} }) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
  if (!host) {
    // A remote's exposes and port come from the registry; a remote missing from it fails the build.
    exposes = exposes || registry.exposesOf(pkg.name);
    port = port || registry.remoteOf(pkg.name).port;
  }
  exposes = exposes || {};
  port = port || 3000;
  const name = pkg.name.replace(/[^a-zA-Z0-9_]/g, '_');
  const outDir = host ? path.join(dirname, 'dist') : path.join(dirname, 'dist', pkg.name, pkg.version);

  return (env, argv) => {
    const mode = (argv && argv.mode) || process.env.NODE_ENV || 'production';
    const prod = mode === 'production';
    return {
      mode,
      context: dirname,
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        publicPath: 'auto',
        // Entry chunks (main.js, remoteEntry.js) keep stable names and are served no-cache: webpack
        // 5.111 cannot put [contenthash] in output.filename with MF exposes (module-federation/core#5077).
        filename: '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(dirname, '.cache', 'webpack'),
        buildDependencies: { config: [__filename, path.join(dirname, 'webpack.config.js'), registry.registryFile, path.join(__dirname, '..', 'registry', 'index.cjs')] },
      },
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
      module: {
        rules: [
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
          { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
          __REMOTE_NAME__: JSON.stringify(pkg.name),
          __REMOTE_VERSION__: JSON.stringify(pkg.version),
          __REMOTE_MF_NAME__: JSON.stringify(name),
          ...Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)])),
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedScope(),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: fs.existsSync(path.join(dirname, 'public', 'index.html'))
            ? path.join(dirname, 'public', 'index.html')
            : path.join(__dirname, 'index.html'),
          title: title || pkg.name,
          templateParameters,
          chunks: ['main'],
          hash: prod,
        }),
      ],
      // usedExports/mangleExports off: a shared singleton provided by one build is consumed by others
      // (shareStrategy 'loaded-first'), so its exports must not be pruned or renamed for the provider's
      // own usage. With them on, the shell received a `react` built by mf-header without `StrictMode`.
      // concatenateModules off too: scope hoisting of a module that imports a consumed shared module
      // left the shell's page components undefined in production (React error #130), found by e2e.
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', usedExports: false, mangleExports: false, concatenateModules: false },
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
  };
}

module.exports = { createConfig, sharedScope, SHARED_SINGLETONS };
