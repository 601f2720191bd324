/**
 * The providers every remote app runs under (ARCHITECTURE §2, §4): one QueryClient per mounted app,
 * the single-spa custom props (`RemoteProps`) in context, one error-boundary policy and one loading
 * state for lazy route pages.
 */
import { Component, Suspense, createContext, useContext, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteProps } from 'shared-events';
import { navigate as kitNavigate, type NavigateOptions } from './location';
import { QueryClientProvider, createKitQueryClient, type QueryClient } from './query';

/** What a remote's components can read from {@link useRemote}. */
export interface RemoteContextValue extends Partial<RemoteProps> {
  /** MF remote name, e.g. `'mf-search'`. */
  remote: string;
}

/** The nearest remote's context (null outside KitProviders). Prefer {@link useRemote}. */
export const RemoteContext = createContext<RemoteContextValue | null>(null);

/**
 * The remote's name and single-spa custom props (`bus`, `config`, `navigate`, `domElement`) from the
 * nearest {@link KitProviders} (every app mounted by {@link createRemoteLifecycles} or
 * {@link mountStandalone} has one), so deep components need not thread props.
 * @throws Error when used outside {@link KitProviders}
 */
export function useRemote(): RemoteContextValue {
  const value = useContext(RemoteContext);
  if (!value) throw new Error('@storefront/remote-kit: useRemote() must be used inside <KitProviders> (createRemoteLifecycles, mountStandalone or renderWithKit provide it).');
  return value;
}

/**
 * Like {@link useRemote}, but null outside {@link KitProviders} (e.g. a component rendered alone in a
 * unit test) instead of throwing. Since kit 1.2.0.
 */
export function useOptionalRemote(): RemoteContextValue | null {
  return useContext(RemoteContext);
}

/**
 * The custom props a mounted app always has — the page's event `bus` and the runtime `config`
 * (`apiBase`, `search`, …) — from the nearest {@link KitProviders}, so components need not thread them.
 * @throws Error when used outside KitProviders, or when the app was mounted without `bus` or `config`
 *   (the kit's error policy then shows the app's fallback)
 */
export function useRemoteRuntime(): Required<Pick<RemoteProps, 'bus' | 'config'>> {
  const { remote, bus, config } = useRemote();
  if (!bus || !config) throw new Error(`[${remote}] no ${bus ? 'config' : 'bus'} in the single-spa custom props`);
  return { bus, config };
}

/**
 * In-site navigation for components: `RemoteProps.navigate` from context (the shell's single-spa
 * `navigateToUrl`) when there is one, else the kit's {@link navigate} (pushState + popstate).
 * `{ replace: true }` always uses the kit's `replaceState` path (the shell's navigate only pushes).
 * @returns `(to, options?) => void`
 */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const remoteNavigate = useContext(RemoteContext)?.navigate;
  return (to, options) => {
    if (remoteNavigate && !options?.replace && options?.state === undefined) remoteNavigate(to);
    else kitNavigate(to, options);
  };
}

/** The message logged when a remote's app throws: `[remote] label failed`. */
export function remoteErrorMessage(remote: string, label: string): string {
  return `[${remote}] ${label} failed`;
}

/** A quiet fallback: a node, or a function of the caught error. */
export type RemoteFallback = ReactNode | ((error: Error) => ReactNode);

/**
 * The default quiet fallback: an empty, hidden `<div data-remote-error="<remote>" data-remote-app="<label>">`
 * that keeps the slot's reserved space and lets e2e tests and monitoring find the failure
 * (ARCHITECTURE §2: a failing remote never blanks the page).
 */
export function DefaultRemoteFallback({ remote, label }: { remote: string; label: string }) {
  return <div data-remote-error={remote} data-remote-app={label} hidden />;
}

/**
 * The kit's one error policy: logs `console.error('[remote] label failed', error)` and returns the
 * quiet fallback (default {@link DefaultRemoteFallback}). Used by {@link createRemoteLifecycles}'s
 * single-spa-react `errorBoundary` and by {@link RemoteErrorBoundary}.
 */
export function handleRemoteError(remote: string, label: string, error: Error, fallback?: RemoteFallback): ReactNode {
  console.error(remoteErrorMessage(remote, label), error);
  if (typeof fallback === 'function') return fallback(error);
  return fallback === undefined ? <DefaultRemoteFallback remote={remote} label={label} /> : fallback;
}

/** Props of {@link RemoteErrorBoundary}. */
export interface RemoteErrorBoundaryProps {
  remote: string;
  label: string;
  fallback?: RemoteFallback;
  children?: ReactNode;
}

/**
 * React error boundary with the kit's policy ({@link handleRemoteError}), for standalone mode, tests
 * and sub-trees (a widget inside a page) that must fail quietly on their own.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  componentDidCatch(_error: Error, _info: ErrorInfo): void {
    // Logged once in render() through handleRemoteError; nothing else to do here.
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return handleRemoteError(this.props.remote, this.props.label, error, this.props.fallback);
  }
}

/**
 * Accessible loading state shown while a lazy route page ({@link lazyPage}) loads: a `role="status"`
 * polite live region, `aria-busy`, text "Loading…" (or `label`).
 */
export function PageLoading({ label = 'Loading…' }: { label?: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-remote-loading="">
      {label}
    </div>
  );
}

/** Props of {@link KitProviders}. */
export interface KitProvidersProps {
  /** MF remote name, e.g. `'mf-search'`. Default `'remote'`. */
  remote?: string;
  /** single-spa custom props (or the standalone equivalents) to expose through {@link useRemote}. */
  remoteProps?: Partial<RemoteProps>;
  /** A QueryClient to use; default: one made with {@link createKitQueryClient} for this mount. */
  queryClient?: QueryClient;
  /** Shown while a lazy child suspends. Default {@link PageLoading}. */
  loading?: ReactNode;
  children?: ReactNode;
}

/**
 * Everything a remote's tree needs: QueryClientProvider (one client per mount unless given), the
 * remote context ({@link useRemote}, {@link useNavigate}) and a Suspense boundary with an accessible
 * loading state. No error boundary here (the lifecycles and {@link mountStandalone} add it outside).
 */
export function KitProviders({ remote = 'remote', remoteProps, queryClient, loading, children }: KitProvidersProps) {
  const [ownClient] = useState(() => queryClient ?? createKitQueryClient());
  const client = queryClient ?? ownClient;
  const { bus, config, domElement, navigate } = remoteProps ?? {};
  const value = useMemo<RemoteContextValue>(() => ({ remote, bus, config, domElement, navigate }), [remote, bus, config, domElement, navigate]);
  return (
    <QueryClientProvider client={client}>
      <RemoteContext.Provider value={value}>
        <Suspense fallback={loading ?? <PageLoading />}>{children}</Suspense>
      </RemoteContext.Provider>
    </QueryClientProvider>
  );
}
