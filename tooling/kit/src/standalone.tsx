/**
 * `@storefront/remote-kit/standalone` — `mountStandalone`: the one standalone mode (`src/bootstrap.tsx`,
 * ARCHITECTURE §1 and the react-microfrontends "standalone mode per app" pattern): a remote runs with no
 * shell on the page's real bus, with the same providers and error policy as under single-spa, and the
 * storefront's design tokens (./tokens.css, which the shell gives the composed page).
 * A subpath, bundled into each remote's standalone page only: the composed site never loads it. It takes
 * the providers from the kit's root (the shared singleton), so the remote's components and this wrapper
 * share one remote context.
 */
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  bus as pageBus, DEFAULT_RUNTIME_CONFIG, EMPTY_SESSION,
  type EventBus, type RemoteProps, type RuntimeConfig, type Session, type Store,
} from 'shared-events';
import { KitProviders, navigate as kitNavigate, RemoteErrorBoundary, type QueryClient, type RemoteFallback } from '@storefront/remote-kit';
import './tokens.css';

/** Demo store of standalone mode: the default store 3299 (spec §4, §9), standard banner. */
export const DEMO_STORE: Store = Object.freeze({
  storeNumber: DEFAULT_RUNTIME_CONFIG.defaultStoreNumber,
  locationName: 'Halifax Quinpool Road',
  slug: 'halifax-quinpool-road-3299',
  bannerCode: 'standard',
  address: { address1: '6420 Quinpool Rd', address2: null, intersection: null, city: 'Halifax', province: 'NS', postalCode: 'B3L 1A1' },
  hours: { is24Hours: false, storeHours: [{ day: 'Monday', open: '07:00', close: '22:00' }] },
  region: ['atlantic', 'ns'],
  _geoloc: { lat: 44.6449, lng: -63.5992 },
}) as Store;

/**
 * Demo session of standalone mode: signed in as 'Demo Shopper' (`loggedIn` with a `uid`, the remotes'
 * "signed in"), no Scene+ card, store 3299. No id token, as under the shell: the BFF keeps it behind
 * its HttpOnly session cookie. A remote whose signed-in view needs the BFF (absent from the dev
 * server) can pass `session: false` to run signed out.
 */
export const DEMO_SESSION: Session = Object.freeze({
  ...EMPTY_SESSION,
  uid: 'u-demo',
  loggedIn: true,
  isLoading: false,
  profile: { firstName: 'Demo', lastName: 'Shopper' },
  id_token: null,
  scene: null,
  cardStatus: null,
  product: { storeId: DEFAULT_RUNTIME_CONFIG.defaultStoreNumber, bannerCode: 'standard' },
  subscribed: false,
}) as Session;

/** Options of {@link mountStandalone}. */
export interface StandaloneOptions {
  /** MF remote name, e.g. `'mf-loyalty'` (error log, fallback marker, event log prefix). */
  remote: string;
  /** App label for the error log. Default `'standalone'`. */
  label?: string;
  /** Where to render: an element or an element id. Default `'root'` (`#root`). */
  element?: HTMLElement | string;
  /** The bus. Default: the page's real bus, the `bus` singleton of shared-events. */
  bus?: EventBus;
  /** Runtime config. Default `DEFAULT_RUNTIME_CONFIG` (local platform: search engine on :7700, `/api`). */
  config?: RuntimeConfig;
  /**
   * Session published as `session/changed` after mounting: fields over {@link DEMO_SESSION}
   * (default: DEMO_SESSION itself); `false` publishes nothing (the signed-out EMPTY_SESSION stays).
   * `id_token` is always published as null: no token is ever on the page.
   */
  session?: Partial<Omit<Session, 'id_token'>> | false;
  /**
   * Store published as `store/changed` (source `'default'`) when the bus has none yet: fields over
   * {@link DEMO_STORE} (default: store 3299); `false` publishes nothing.
   */
  store?: Partial<Store> | false;
  /** In-site navigation. Default: the kit's `navigate` (pushState + popstate). */
  navigate?: (url: string) => void;
  /** Wrap in React `StrictMode`. Default true. */
  strict?: boolean;
  /** Log every bus event as `[remote standalone] bus event <type> <payload>`. Default true. */
  logEvents?: boolean;
  /** Quiet fallback when the app throws (see createRemoteLifecycles). */
  fallback?: RemoteFallback;
  /** Tests only: a QueryClient to use. */
  queryClient?: QueryClient;
}

/** What {@link mountStandalone} returns. */
export interface StandaloneHandle {
  /** The custom props given to the component (same shape as under the shell). */
  props: RemoteProps;
  bus: EventBus;
  root: Root;
  /** Unmounts the app and stops the event log. */
  unmount(): void;
}

/**
 * Standalone mode for a remote's `src/bootstrap.tsx`: renders `Component` with `RemoteProps`
 * (`bus`, `config`, `navigate`, `domElement`) under the kit's providers and error policy into
 * `#root`, then seeds a demo session ({@link DEMO_SESSION}) and, if the bus has no store, the demo
 * store 3299 ({@link DEMO_STORE}).
 * @throws Error when the target element does not exist
 * @example mountStandalone(StoreSelectorStandalone, { remote: 'mf-store-selector', session: false });
 */
export function mountStandalone(Component: ComponentType<RemoteProps>, options: StandaloneOptions): StandaloneHandle {
  const { remote, label = 'standalone', bus = pageBus, config = DEFAULT_RUNTIME_CONFIG, strict = true, logEvents = true } = options;
  const target = typeof options.element === 'object' ? options.element : document.getElementById(options.element ?? 'root');
  if (!target) throw new Error(`[${remote}] standalone: no element #${String(options.element ?? 'root')} to render into.`);
  const props: RemoteProps = { bus, config, domElement: target, navigate: options.navigate ?? ((url: string) => kitNavigate(url)) };

  const tree: ReactNode = (
    <RemoteErrorBoundary remote={remote} label={label} fallback={options.fallback}>
      <KitProviders remote={remote} remoteProps={props} queryClient={options.queryClient}>
        <Component {...props} />
      </KitProviders>
    </RemoteErrorBoundary>
  );
  const root = createRoot(target);
  root.render(strict ? <StrictMode>{tree}</StrictMode> : tree);

  const log = logEvents ? bus.events$.subscribe((e) => console.info(`[${remote} standalone] bus event`, e.type, e.payload)) : null;
  if (options.session !== false) bus.emit('session/changed', { ...DEMO_SESSION, ...options.session, id_token: null });
  if (options.store !== false && !bus.state.store.value) bus.emit('store/changed', { store: { ...DEMO_STORE, ...options.store }, source: 'default' });

  return {
    props,
    bus,
    root,
    unmount() {
      log?.unsubscribe();
      root.unmount();
    },
  };
}
