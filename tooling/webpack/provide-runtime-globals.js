/**
 * Host-only MF runtime plugin (ARCHITECTURE §2, "one MF runtime"): besides the runtime core
 * (`_FEDERATION_RUNTIME_CORE`, provided by MF's own inject-external-runtime-core-plugin), the host
 * provides the two helper packages every remote entry's bundler runtime imports, so no remote entry
 * carries its own copy: `@module-federation/sdk` on `_FEDERATION_SDK` and
 * `@module-federation/error-codes` on `_FEDERATION_ERROR_CODES` (remotes declare them as externals in
 * preset.js), and the webpack bundler runtime's functions on `_FEDERATION_BUNDLER_RUNTIME`
 * (./bundler-runtime-functions.js; a remote entry's ./bundler-runtime-from-host.js reads them).
 * Runs in `beforeInit` of the host's instance, before any remote entry is loaded.
 */
// Only what a remote entry's bundler runtime imports from them (@module-federation/webpack-bundler-runtime
// `remotes`: ENCODE_NAME_PREFIX, decodeName; RUNTIME_009, runtimeDescMap): the whole namespaces were
// ~10 KB gzip of first-load JS the host's own runtime does not use. tooling/test checks the
// list against the bundler runtime's imports, so an MF upgrade that needs more fails there, not in a browser.
import { ENCODE_NAME_PREFIX, decodeName } from '@module-federation/sdk';
import { RUNTIME_009, runtimeDescMap } from '@module-federation/error-codes';
import { bundlerRuntimeFunctions } from './bundler-runtime-functions.js';

/** What remote entries read from `_FEDERATION_SDK` and `_FEDERATION_ERROR_CODES`. */
const sdk = Object.freeze({ ENCODE_NAME_PREFIX, decodeName });
const errorCodes = Object.freeze({ RUNTIME_009, runtimeDescMap });

/** @returns {import('@module-federation/runtime').ModuleFederationRuntimePlugin} */
export default function provideRuntimeGlobals() {
  return {
    name: 'storefront-provide-runtime-globals',
    beforeInit(args) {
      if (!globalThis._FEDERATION_SDK) globalThis._FEDERATION_SDK = sdk;
      if (!globalThis._FEDERATION_ERROR_CODES) globalThis._FEDERATION_ERROR_CODES = errorCodes;
      if (!globalThis._FEDERATION_BUNDLER_RUNTIME) globalThis._FEDERATION_BUNDLER_RUNTIME = bundlerRuntimeFunctions;
      return args;
    },
  };
}
