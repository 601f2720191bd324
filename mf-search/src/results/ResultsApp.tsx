import { useAppClient, type AppProps } from '../components/appClient';
import { ResultsPage } from './ResultsPage';

/** Root of './results': the search results page (`/?query=…&tab=…`). */
export function ResultsApp(props: AppProps) {
  const { config, client, bus } = useAppClient(props);
  return <ResultsPage client={client} bus={bus} config={config} />;
}
