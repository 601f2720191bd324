import { SearchAppProvider, type AppProps } from '../components/appClient';
import { ResultsPage } from './ResultsPage';

/** Root of './results': the search results page (`/?query=…&tab=…`). */
export function ResultsApp(props: AppProps) {
  return <SearchAppProvider app={props}><ResultsPage /></SearchAppProvider>;
}
