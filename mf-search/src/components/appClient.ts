import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, type EventBus, type RemoteProps, type RuntimeConfig } from 'shared-events';
import { createSearchClient } from '../api/searchClient';
import type { SearchClient } from '../api/types';

/**
 * Root props of every expose: the shell's custom props (`bus`, `config`; optional so tests can pass
 * only what they need). In-site navigation is not read from here: the components use the kit's
 * `useNavigate()`, i.e. `RemoteProps.navigate` from the kit context that `createRemoteLifecycles` /
 * `mountStandalone` provide.
 */
export type AppProps = Partial<RemoteProps> & {
  /** A ready search client (tests); default: built from `config.search` (algoliasearch loads on its first search). */
  client?: SearchClient;
};

/** What every mf-search component works with: the app's search client, the bus and the runtime config. */
export interface SearchApp {
  client: SearchClient;
  bus: EventBus;
  config: RuntimeConfig;
}

const SearchAppContext = createContext<SearchApp | null>(null);

/** The config, search client and bus of a root (the shared bus and default config when absent). */
export function useAppClient(props: AppProps): SearchApp {
  const config = props.config ?? DEFAULT_RUNTIME_CONFIG;
  const client = useMemo(() => props.client ?? createSearchClient(config.search), [props.client, config.search]);
  const bus = props.bus ?? sharedBus;
  return useMemo(() => ({ config, client, bus }), [config, client, bus]);
}

/**
 * An expose's root: builds the app's client once from the root props ({@link useAppClient}) and gives
 * it, with the bus and config, to every component below ({@link useSearchApp}), so pages and widgets
 * take no props only to pass them on. A config without `search` throws here (the app's fallback shows).
 */
export function SearchAppProvider({ app, children }: { app: AppProps; children?: ReactNode }) {
  return createElement(SearchAppContext.Provider, { value: useAppClient(app) }, children);
}

/**
 * The search client, bus and config of the nearest {@link SearchAppProvider}.
 * @throws Error outside a SearchAppProvider (every expose's root has one)
 */
export function useSearchApp(): SearchApp {
  const app = useContext(SearchAppContext);
  if (!app) throw new Error('[mf-search] useSearchApp() outside <SearchAppProvider>');
  return app;
}
