/**
 * Standalone mode (`npm run dev`, or `npm run build && npm run serve` → http://localhost:3002/mf-search/1.0.0/)
 * through the remote kit's `mountStandalone`: the search box and, when `query` is in the URL, the
 * results page, on the page's real bus with DEFAULT_RUNTIME_CONFIG (search engine at
 * http://localhost:7700), the kit's navigate (pushState + popstate) and the demo store 3299 (standard
 * banner), so products are filtered as on the composed site. No session: the shopper is signed out.
 */
import { useLocation } from '@storefront/remote-kit';
import { mountStandalone } from '@storefront/remote-kit/standalone';
import type { RemoteProps } from 'shared-events';
import { ResultsApp } from './results/ResultsApp';
import { SearchApp } from './search/SearchApp';

/** The search box in a header band and, on `/?query=…`, the results page below it. */
function Standalone(props: RemoteProps) {
  const { searchParams } = useLocation();
  return (
    <>
      <header style={{ background: '#1b7f3b', padding: '12px 16px' }}><SearchApp {...props} /></header>
      <main style={{ padding: '16px' }}>{searchParams.has('query') ? <ResultsApp {...props} /> : <p>Type in the search box above.</p>}</main>
    </>
  );
}

mountStandalone(Standalone, { remote: 'mf-search', session: false });
