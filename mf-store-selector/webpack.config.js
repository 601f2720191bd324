// Exposes and port come from the remote registry (tooling/registry/remotes.json).
const { createConfig } = require('@storefront/tooling');

const config = createConfig({ dirname: __dirname, title: 'Harbour Market – store selector (standalone)' });

/**
 * Issue 12 (nothing downloaded that the page does not use): css-loader follows `devtool`, so with the
 * preset's production 'source-map' every imported .css module carried its own source map (mappings
 * and the whole CSS source again) inside the JavaScript chunk, about as big as the CSS itself. The
 * .js.map files keep mapping the code; CSS source maps are turned off here until the preset does it
 * for every remote (then this file goes back to two lines), as in mf-header.
 */
module.exports = (env, argv) => {
  const built = config(env, argv);
  for (const c of Array.isArray(built) ? built : [built]) {
    for (const rule of c.module?.rules ?? []) {
      if (!Array.isArray(rule.use)) continue;
      rule.use = rule.use.map((use) => (typeof use === 'string' && /[\\/]css-loader[\\/]/.test(use) ? { loader: use, options: { sourceMap: false } } : use));
    }
  }
  return built;
};
