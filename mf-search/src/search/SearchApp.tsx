import { useState } from 'react';
import { getLocationSnapshot } from '@storefront/remote-kit';
import { parseResultsLocation } from '../state/navigation';
import { SearchAppProvider, type AppProps } from '../components/appClient';
import { SearchBox } from './SearchBox';

export type { AppProps } from '../components/appClient';

/**
 * Root of './spa': the header search box, pre-filled with the results page's query at mount. Only the
 * box itself is in './spa''s chunks; its dropdown loads on first focus or hover (`SearchBox`), and
 * the results page is './results' (`ResultsApp`).
 */
export function SearchApp(props: AppProps) {
  const [initialQuery] = useState(() => parseResultsLocation(getLocationSnapshot().search).query);
  return <SearchAppProvider app={props}><SearchBox initialQuery={initialQuery} /></SearchAppProvider>;
}
