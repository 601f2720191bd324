/**
 * Local defaults of the edge (server/edge.mjs) and of `npm run dev` (webpack.config.js):
 * the remote map pointing at each remote's versioned build on its own port, and the runtime config.
 * CommonJS so both the ESM edge and the CommonJS webpack config can load it.
 */
const registry = require('@storefront/tooling/registry/index.cjs');

/** Remote package → port of its static server (`npm run serve` in the remote's folder), from the registry. */
const REMOTE_PORTS = Object.fromEntries(registry.remotes().map((r) => [r.package, r.port]));

/** The version in a remote's package.json (its build lives in `dist/<name>/<version>/`). */
const remoteVersion = registry.remoteVersion;

/**
 * `{ "mf-header": "http://localhost:3001/mf-header/<version>/mf-manifest.json", ... }` for every
 * registered remote present in this checkout (tooling/registry/remotes.json).
 * @param {{ host?: string }} [o] host name of the remote servers (default 'localhost')
 */
function defaultRemotes({ host = 'localhost' } = {}) {
  return registry.remoteMap(REMOTE_PORTS, { host });
}

/** Merchant code of the banner at the flyer provider. */
const FLYER_MERCHANT = 'harbour-market';

/**
 * The RuntimeConfig of shared-events for the local platform (mirrors `DEFAULT_RUNTIME_CONFIG`, a test
 * keeps them equal) plus the shell's `oidc` block: the OpenID Connect provider and the public client.
 * `searchHost` is 'host:port' of the Algolia-compatible engine; `flyerOrigin` the origin of the flyer
 * provider (services/flyer-provider; `flyer.scriptUrl` is its `/storefront.js`).
 * @param {{ searchHost?: string, searchProtocol?: 'http'|'https', oidcIssuer?: string, oidcClientId?: string, flyerOrigin?: string }} [o]
 */
function defaultRuntimeConfig({
  searchHost = process.env.SEARCH_HOST || 'localhost:7700',
  searchProtocol = process.env.SEARCH_PROTOCOL || 'http',
  oidcIssuer = process.env.OIDC_ISSUER || 'http://localhost:4100',
  oidcClientId = process.env.OIDC_CLIENT_ID || 'storefront',
  flyerOrigin = process.env.FLYER_ORIGIN || 'http://localhost:4300',
} = {}) {
  const flyer = String(flyerOrigin).replace(/\/+$/, '');
  return {
    search: {
      appId: 'grocery-local',
      apiKey: 'local-search-key',
      hosts: [{ url: searchHost, protocol: searchProtocol }],
      indices: { products: 'products', recipes: 'recipes', suggestions: 'products_query_suggestions', stores: 'stores' },
    },
    apiBase: '/api',
    defaultStoreNumber: '3299',
    flyer: { origin: flyer, scriptUrl: `${flyer}/storefront.js`, merchant: FLYER_MERCHANT },
    oidc: { issuer: oidcIssuer, clientId: oidcClientId },
  };
}

module.exports = { REMOTE_PORTS, remoteVersion, defaultRemotes, defaultRuntimeConfig };
