/**
 * The functions of MF's webpack bundler runtime (@module-federation/webpack-bundler-runtime), which every
 * remote entry used to carry (~11 KB raw each, "one MF runtime"; first-load JS). The
 * host provides them once on `globalThis._FEDERATION_BUNDLER_RUNTIME` (./provide-runtime-globals.js; a
 * remote's standalone page: ./standalone-runtime.js); a remote entry builds its `__webpack_require__.federation`
 * from them (./bundler-runtime-from-host.js). They keep no state of their own: each takes the calling
 * build's `webpackRequire` (or `webpackRequire.federation`), so one copy serves every build.
 * Imported from the package's own files, not its index, so the host's build flags (the host exposes
 * nothing: FEDERATION_HAS_EXPOSES is false there) cannot leave `initContainerEntry` out.
 */
import { remotes } from '@module-federation/webpack-bundler-runtime/dist/remotes.js';
import { consumes } from '@module-federation/webpack-bundler-runtime/dist/consumes.js';
import { initializeSharing } from '@module-federation/webpack-bundler-runtime/dist/initializeSharing.js';
import { installInitialConsumes } from '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { init } from '@module-federation/webpack-bundler-runtime/dist/init.js';
import { getSharedFallbackGetter } from '@module-federation/webpack-bundler-runtime/dist/getSharedFallbackGetter.js';
import { attachShareScopeMap } from '@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js';

/** What `_FEDERATION_BUNDLER_RUNTIME` holds (the names of the package's `bundlerRuntime`, `I` spelled out). */
export const bundlerRuntimeFunctions = Object.freeze({
  remotes, consumes, initializeSharing, installInitialConsumes, initContainerEntry, init, getSharedFallbackGetter, attachShareScopeMap,
});
