/**
 * MF runtime plugin ("a stable, fast first paint"; performance at eight remotes): the
 * mf-manifest.json of each remote mounted at start comes from the page, not the network.
 *
 * The edge has already read those manifests (shell/server/startup-hints.mjs) and writes them into the
 * page's `shell-startup` data block, keyed by URL. Without this plugin the runtime fetched each one
 * (one cross-origin round trip per remote) before it could load that remote's entry; with it, the
 * runtime's `fetch` hook answers from the block, once per manifest (a later load, e.g. after a
 * promotion, fetches as before). A manifest not in the block is fetched as before.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { readStartupManifests } from '../startup-data';

/**
 * The plugin over a set of manifests.
 * @param manifests manifest URL → manifest JSON (each answered once)
 */
export function startupManifestsPlugin(manifests: Map<string, unknown>): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-startup-manifests',
    fetch(url: string) {
      const json = manifests.get(url);
      if (json === undefined) return undefined;
      manifests.delete(url);
      return Promise.resolve(new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    },
  };
}

/** The runtime plugin entry (shell/webpack.config.js `runtimePlugins`): the page's data block, read when the runtime starts. */
export default function startupManifestsFromPage(): ModuleFederationRuntimePlugin {
  return startupManifestsPlugin(readStartupManifests());
}
