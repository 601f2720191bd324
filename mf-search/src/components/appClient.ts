import { useMemo } from 'react';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, type RemoteProps } from 'shared-events';
import { createSearchClient } from '../api/searchClient';
import type { SearchClient } from '../api/types';

/**
 * Root props of './spa' and './results': the shell's custom props (`bus`, `config`; optional so tests
 * can pass only what they need). In-site navigation is not read from here: the components use the
 * kit's `useNavigate()`, i.e. `RemoteProps.navigate` from the kit context that
 * `createRemoteLifecycles` / `mountStandalone` provide.
 */
export type AppProps = Partial<RemoteProps> & {
  /** A ready search client (tests); default: built from `config.search` (algoliasearch loads on its first search). */
  client?: SearchClient;
};

/** The config, search client and bus of a root. */
export function useAppClient(props: AppProps) {
  const config = props.config ?? DEFAULT_RUNTIME_CONFIG;
  const client = useMemo(() => props.client ?? createSearchClient(config.search), [props.client, config.search]);
  return { config, client, bus: props.bus ?? sharedBus };
}
