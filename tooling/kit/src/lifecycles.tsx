/**
 * `createRemoteLifecycles`: the one way a remote exposes single-spa lifecycles (ARCHITECTURE §1
 * `src/spa.tsx`, §2 error boundary per slot, §4 single-spa-react 6 with `ReactDOMClient`).
 */
import React, { createContext, lazy, startTransition, useContext, useLayoutEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycleFn } from 'single-spa';
import type { RemoteProps } from 'shared-events';
import { KitProviders, PageLoading, handleRemoteError, type RemoteFallback } from './providers';
import type { QueryClient } from './query';
import { getLocationSnapshot, useLocation } from './location';

/**
 * `react-dom/client` whose roots render in a transition (goal: TBT ≤ 300 ms). A transition render
 * yields to the browser about every 5 ms, so mounting the header bands, the page and the footer is many
 * short tasks instead of one long task per remote; the first commit of each remote is unchanged
 * (single-spa-react resolves `mount` from the root's componentDidMount). Updates through `update` too.
 */
const transitionDOMClient = {
  ...ReactDOMClient,
  createRoot(container: Element | DocumentFragment, options?: ReactDOMClient.RootOptions): ReactDOMClient.Root {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      render: (children) => startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

/** The first view the edge served in a slot, and the URL (path and query) it was served for. */
interface ServedView {
  view: Element;
  at: string;
}

/**
 * The first view the edge wrote into the slot (`<header data-first-view>` of
 * @storefront/remote-kit/page-intro, shell/server/startup-hints.mjs), or null. Read before React's first
 * commit clears the slot.
 */
function firstViewOf(domElement: Element | undefined): ServedView | null {
  const view = domElement?.querySelector(':scope > [data-first-view]');
  if (!view) return null;
  const { pathname, search } = getLocationSnapshot();
  return { view, at: `${pathname}${search}` };
}

const ServedViewContext = createContext<ServedView | null>(null);

/**
 * While a lazy page loads, the slot keeps showing the edge's first view instead of 'Loading…', so the
 * page intro does not blink out and back. The edge's own element is put back as it was (no
 * markup is parsed: its texts stay text) in a box React renders no children into; `aria-busy` says the
 * page is still loading.
 */
function FirstViewHold({ view }: { view: Element }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.appendChild(view);
    return () => view.remove();
  }, [view]);
  return <div ref={box} style={{ display: 'contents' }} aria-busy="true" data-first-view-hold="" />;
}

/** Props of {@link ServedFirstView}. */
export interface ServedFirstViewProps {
  /** What to show instead when there is no served first view for the current URL (e.g. a skeleton). */
  fallback?: ReactNode;
}

/**
 * While a page that rendered its own loading state waits for its data, keep showing the first view the
 * edge served for this URL (a product page's picture and title paint with the HTML; the page's
 * query must not replace them with a skeleton and then paint them again). Renders the edge's own
 * element (its texts stay text) when the slot had one and the URL (path and query) is still the one it
 * was served for; otherwise `fallback`. Use it only under {@link createRemoteLifecycles}.
 * @example if (loading) return <ServedFirstView fallback={<Skeleton />} />;
 */
export function ServedFirstView({ fallback = null }: ServedFirstViewProps) {
  const served = useContext(ServedViewContext);
  const { pathname, search } = useLocation();
  return served && served.at === `${pathname}${search}` ? <FirstViewHold view={served.view} /> : <>{fallback}</>;
}

/** The props a remote's root component gets: the shell's `RemoteProps` plus single-spa's `AppProps` (`name`, `singleSpa`, `mountParcel`). */
export type RemoteRootProps<P extends RemoteProps = RemoteProps> = P & AppProps;

/** Options of {@link createRemoteLifecycles}. */
export interface RemoteLifecycleOptions<P extends RemoteProps = RemoteProps> {
  /** MF remote name, e.g. `'mf-search'`: used in the error log, the fallback marker and errors. */
  remote: string;
  /** Which app of the remote this is, e.g. `'search box'`, `'results'`, `'pages'`: `[remote] label failed`. */
  label: string;
  /** The app's root component; it gets {@link RemoteRootProps} (bus, config, navigate, domElement, name…). */
  rootComponent: ComponentType<RemoteRootProps<P>>;
  /**
   * Quiet fallback rendered in the slot when the app throws (a node, or a function of the error).
   * Default: an empty hidden `<div data-remote-error="<remote>">` ({@link DefaultRemoteFallback}).
   */
  fallback?: RemoteFallback;
  /** Shown while a lazy page suspends. Default {@link PageLoading} (`role="status"`, "Loading…"). */
  loading?: ReactNode;
  /** Tests only: a QueryClient to use instead of a new one per mount. */
  queryClient?: QueryClient;
}

/** single-spa lifecycles of one remote app: `export const { bootstrap, mount, unmount } = createRemoteLifecycles(...)`. */
export interface RemoteLifecycles<P extends RemoteProps = RemoteProps> {
  bootstrap: LifeCycleFn<P>;
  /** Renders into `props.domElement` with `createRoot`. Rejects when `domElement` is missing. */
  mount: LifeCycleFn<P>;
  unmount: LifeCycleFn<P>;
  /** Re-renders with new custom props (single-spa parcels / `updateAppProps`). */
  update?: LifeCycleFn<P>;
}

/**
 * single-spa lifecycles for a remote app, via single-spa-react 6 with `ReactDOMClient` (createRoot):
 * - renders `rootComponent` into `props.domElement` (the slot the shell passes); when it is missing,
 *   `mount` rejects with `Error('[remote] label: no domElement in the single-spa custom props …')`
 *   (no guessing of slot ids, no rendering into `document.body`);
 * - one error policy: an error thrown while rendering is logged as
 *   `console.error('[remote] label failed', error)` and the quiet `fallback` replaces the app;
 * - the tree runs under {@link KitProviders}: one QueryClient per mount (retry 1, no refetch on
 *   window focus), `useRemote()`/`useNavigate()` context, and a Suspense boundary showing
 *   {@link PageLoading} while a {@link lazyPage} loads — or, on the first load of a page the edge served
 *   with a first view (@storefront/remote-kit/page-intro), that first view; a page waiting for its
 *   data keeps it with {@link ServedFirstView}.
 * @example export const { bootstrap, mount, unmount } = createRemoteLifecycles({ remote: 'mf-search', label: 'results', rootComponent: ResultsApp });
 */
export function createRemoteLifecycles<P extends RemoteProps = RemoteProps>(options: RemoteLifecycleOptions<P>): RemoteLifecycles<P> {
  const { remote, label, rootComponent: Root, fallback, loading, queryClient } = options;

  function KitRoot(props: RemoteRootProps<P>) {
    const [served] = useState(() => firstViewOf(props.domElement));
    return (
      <ServedViewContext.Provider value={served}>
        <KitProviders remote={remote} remoteProps={props} queryClient={queryClient} loading={served ? <ServedFirstView fallback={loading ?? <PageLoading />} /> : loading}>
          <Root {...props} />
        </KitProviders>
      </ServedViewContext.Provider>
    );
  }
  KitRoot.displayName = `RemoteKitRoot(${remote} ${label})`;

  const lifecycles = singleSpaReact<P>({
    React,
    ReactDOMClient: transitionDOMClient,
    renderType: 'createRoot',
    rootComponent: KitRoot,
    errorBoundary: (error: Error) => <>{handleRemoteError(remote, label, error, fallback)}</>,
    // single-spa-react uses props.domElement itself when given; this runs only when it is missing.
    domElementGetter: (props: RemoteRootProps<P>) => {
      if (props.domElement) return props.domElement;
      throw new Error(
        `[${remote}] ${label}: no domElement in the single-spa custom props (RemoteProps.domElement); the shell must pass the slot element it mounts '${props.name ?? remote}' into.`,
      );
    },
  });
  return lifecycles;
}

/** A module exporting a component as `default`. */
type DefaultModule<C> = { default: C };

/**
 * A route page loaded on demand (its own chunk), for use under {@link createRemoteLifecycles} or
 * {@link KitProviders}: while it loads, the kit's Suspense boundary shows {@link PageLoading}; if the
 * chunk fails to load, the remote's error policy applies. Call it once at module level, not in render.
 * @param load `() => import('./pages/StoreLocatorPage')`
 * @param exportName the named export to use (default `'default'`)
 * @throws Error (when rendered) if the module has no such component export
 * @example const StoreLocatorPage = lazyPage(() => import('./pages/StoreLocatorPage'), 'StoreLocatorPage');
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- React.lazy's own constraint is ComponentType<any> */
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<DefaultModule<C>>): LazyExoticComponent<C>;
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, exportName: K): LazyExoticComponent<M[K] & ComponentType<any>>;
export function lazyPage(load: () => Promise<Record<string, unknown>>, exportName: string = 'default'): LazyExoticComponent<ComponentType<any>> {
  return lazy(async () => {
    const mod = await load();
    const page = mod[exportName];
    if (typeof page !== 'function' && (typeof page !== 'object' || page === null)) {
      throw new Error(`@storefront/remote-kit lazyPage: the loaded module has no component export '${exportName}'.`);
    }
    return { default: page as ComponentType<any> };
  });
}
/* eslint-enable @typescript-eslint/no-explicit-any */
