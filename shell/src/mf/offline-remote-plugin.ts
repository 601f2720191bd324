/**
 * MF runtime plugin: a fallback module when a remote is down (ARCHITECTURE §2; the `errorLoadRemote`
 * layer of the Module Federation "error-load-remote" guide, after module-federation-examples
 * `runtime-plugins/offline-remote`).
 *
 * When `loadRemote('<remote>/<expose>')` fails (manifest unreachable, remote entry 404, chunk error,
 * remote not registered), the runtime calls `errorLoadRemote` with `lifecycle: 'onLoad'`; this plugin
 * reports SHELL-002 and returns single-spa lifecycles that render a quiet fallback into the slot, so
 * single-spa mounts *something* and the rest of the page keeps working.
 *
 * Other lifecycles ('afterResolve' = the manifest fetch, 'beforeLoadShare', 'beforeRequest') are left
 * alone: the error then reaches `loadRemote`, which calls this hook again with 'onLoad'.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportShellError, SHELL_ERRORS } from '../errors';
import { createFallbackLifecycles } from './fallback';

/** Arguments of the `errorLoadRemote` hook that this plugin reads. */
export interface ErrorLoadRemoteArgs {
  id: string;
  error: unknown;
  from?: 'build' | 'runtime';
  lifecycle: 'beforeRequest' | 'beforeLoadShare' | 'afterResolve' | 'onLoad';
}

/**
 * The `errorLoadRemote` handler, exported for tests.
 * @returns for 'onLoad': the fallback module (for `from: 'build'` a factory returning it, as static
 *   remote imports expect); otherwise undefined (no recovery at that stage).
 */
export function handleErrorLoadRemote(args: ErrorLoadRemoteArgs): unknown {
  if (args.lifecycle !== 'onLoad') return undefined;
  reportShellError(SHELL_ERRORS.REMOTE_LOAD_FAILED, `Remote module '${args.id}' failed to load; showing its fallback.`, {
    remote: args.id,
    error: args.error,
  });
  const fallback = createFallbackLifecycles(args.id);
  const module = { __esModule: true, default: fallback, ...fallback };
  return args.from === 'build' ? () => module : module;
}

/** Plugin factory, called by the MF runtime with no params (webpack `runtimePlugins`). */
export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-offline-remote-plugin',
    errorLoadRemote: (args) => handleErrorLoadRemote(args as ErrorLoadRemoteArgs),
  };
}
