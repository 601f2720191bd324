/**
 * Host-only MF runtime plugin (ARCHITECTURE §2, issue 12 "one MF runtime"): besides the runtime core
 * (`_FEDERATION_RUNTIME_CORE`, provided by MF's own inject-external-runtime-core-plugin), the host
 * provides the two helper packages every remote entry's bundler runtime imports, so no remote entry
 * carries its own copy: `@module-federation/sdk` on `_FEDERATION_SDK` and
 * `@module-federation/error-codes` on `_FEDERATION_ERROR_CODES` (remotes declare them as externals in
 * preset.js). Runs in `beforeInit` of the host's instance, before any remote entry is loaded.
 */
import * as sdk from '@module-federation/sdk';
import * as errorCodes from '@module-federation/error-codes';

/** @returns {import('@module-federation/runtime').ModuleFederationRuntimePlugin} */
export default function provideRuntimeGlobals() {
  return {
    name: 'storefront-provide-runtime-globals',
    beforeInit(args) {
      if (!globalThis._FEDERATION_SDK) globalThis._FEDERATION_SDK = sdk;
      if (!globalThis._FEDERATION_ERROR_CODES) globalThis._FEDERATION_ERROR_CODES = errorCodes;
      return args;
    },
  };
}
