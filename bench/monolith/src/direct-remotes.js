/**
 * Stands in for `@module-federation/enhanced/runtime` in the monolith build (../webpack.config.cjs):
 * no federation. `loadRemote('<mfName>/<expose>')` imports the exposed file directly (the generated map
 * of ../build.mjs); registering remotes does nothing. Only what the shell calls is real; the rest keeps
 * the module's shape so the shell's code compiles unchanged.
 */
import { remoteModules } from 'storefront-monolith-remote-modules';

/** @param {string} id e.g. 'mf_search/spa' */
export function loadRemote(id) {
  const load = remoteModules[id];
  return load ? load() : Promise.reject(new Error(`monolith: no module for '${id}' (not exposed in tooling/registry/remotes.json)`));
}

const instance = {
  registerRemotes() {},
  registerPlugins() {},
  registerShared() {},
  loadRemote,
  preloadRemote: () => Promise.resolve(),
  loadShare: () => Promise.resolve(false),
};

export const getInstance = () => instance;
export const init = () => instance;
export const createInstance = () => instance;
export const registerRemotes = () => {};
export const registerPlugins = () => {};
export const registerShared = () => {};
export const preloadRemote = () => Promise.resolve();
export const loadShare = () => Promise.resolve(false);
export const loadShareSync = () => () => undefined;
