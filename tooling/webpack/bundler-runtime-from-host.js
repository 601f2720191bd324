/**
 * A remote's MF bundler runtime, from the host ("one MF runtime"; first-load JS): the
 * webpack preset replaces `@module-federation/webpack-bundler-runtime/dist/bundler.js`, which MF's
 * generated federation entry imports, with this module in every remote build. It has the shape of that
 * module's default export (`federation`: runtime, bundlerRuntime, attachShareScopeMap, ...) with a fresh
 * `S` and `bundlerRuntimeOptions` for this build, and the functions the host provides on
 * `globalThis._FEDERATION_BUNDLER_RUNTIME` (./bundler-runtime-functions.js). Evaluated when the remote
 * entry runs: the host sets the global in `beforeInit` of its own instance, before it loads any remote.
 * @throws Error when no host provided the functions (an older shell, or a page without the shell or
 *   standalone-runtime.js): the remote entry fails to load, and the shell's fallback for it applies
 */
import * as runtime from '@module-federation/runtime';

const host = globalThis._FEDERATION_BUNDLER_RUNTIME;
if (!host || typeof host.init !== 'function') {
  throw new Error('[module federation] this remote entry needs the host to provide the bundler runtime on globalThis._FEDERATION_BUNDLER_RUNTIME (tooling/webpack/provide-runtime-globals.js)');
}

const bundlerRuntime = {
  remotes: host.remotes,
  consumes: host.consumes,
  I: host.initializeSharing,
  S: {},
  installInitialConsumes: host.installInitialConsumes,
  initContainerEntry: host.initContainerEntry,
  init: host.init,
  getSharedFallbackGetter: host.getSharedFallbackGetter,
};

export default {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime,
  attachShareScopeMap: host.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
