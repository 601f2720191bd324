/**
 * Standalone mode only (a remote's own index.html, `npm run dev` / `npm run serve`): remotes are built
 * with `experiments.externalRuntime` and the MF helper packages as externals (ARCHITECTURE §2: the MF
 * runtime reaches the browser once, from the host), so with no host on the page this entry provides
 * them on the globals the remote's federation runtime reads, before `main.js` runs.
 * Never part of the composed site: the shell loads `remoteEntry.js`, not this file.
 */
import * as runtimeCore from 'storefront-mf-direct/runtime-core';
import * as sdk from 'storefront-mf-direct/sdk';
import * as errorCodes from 'storefront-mf-direct/error-codes';
import { bundlerRuntimeFunctions } from './bundler-runtime-functions.js';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
globalThis._FEDERATION_RUNTIME_CORE_FROM = { name: 'standalone', version: 'local' };
globalThis._FEDERATION_SDK = sdk;
globalThis._FEDERATION_ERROR_CODES = errorCodes;
globalThis._FEDERATION_BUNDLER_RUNTIME = bundlerRuntimeFunctions;
