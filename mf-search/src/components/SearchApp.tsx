import { useMemo, useState } from 'react';
import { getLocationSnapshot } from '@storefront/remote-kit';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, type RemoteProps } from 'shared-events';
import { createSearchClient } from '../api/searchClient';
import type { SearchClient } from '../api/types';
import { parseResultsLocation } from '../state/navigation';
import { ResultsPage } from './ResultsPage';
import { SearchBox } from './SearchBox';

/**
 * Root props: the shell's custom props (`bus`, `config`; optional so tests can pass only what they
 * need). In-site navigation is not read from here: the components use the kit's `useNavigate()`,
 * i.e. `RemoteProps.navigate` from the kit context that `createRemoteLifecycles` / `mountStandalone` provide.
 */
export type AppProps = Partial<RemoteProps> & {
  /** A ready search client (tests); default: built from `config.search`. */
  client?: SearchClient;
};

function useClient(props: AppProps) {
  const config = props.config ?? DEFAULT_RUNTIME_CONFIG;
  const client = useMemo(() => props.client ?? createSearchClient(config.search), [props.client, config.search]);
  return { config, client, bus: props.bus ?? sharedBus };
}

/** Root of './spa': the header search box + dropdown, pre-filled with the results page's query at mount. */
export function SearchApp(props: AppProps) {
  const { config, client, bus } = useClient(props);
  const [initialQuery] = useState(() => parseResultsLocation(getLocationSnapshot().search).query);
  return <SearchBox client={client} bus={bus} config={config} initialQuery={initialQuery} />;
}

/** Root of './results': the search results page (`/?query=…&tab=…`). */
export function ResultsApp(props: AppProps) {
  const { config, client, bus } = useClient(props);
  return <ResultsPage client={client} bus={bus} config={config} />;
}
