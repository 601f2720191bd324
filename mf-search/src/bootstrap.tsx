/**
 * Standalone mode (`npm run dev`, or `npm run build && npm run serve` → http://localhost:3002/mf-search/1.0.0/):
 * the search box and, when `query` is in the URL, the results page, on the real bus with
 * DEFAULT_RUNTIME_CONFIG (search engine at http://localhost:7700). A demo store (3299, standard
 * banner) is published so products can be filtered as on the composed site.
 */
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { bus, DEFAULT_RUNTIME_CONFIG, type Store } from 'shared-events';
import { ResultsApp, SearchApp } from './components/SearchApp';

const DEMO_STORE: Store = {
  storeNumber: DEFAULT_RUNTIME_CONFIG.defaultStoreNumber,
  locationName: 'Halifax Quinpool Road',
  slug: 'halifax-quinpool-road-3299',
  bannerCode: 'standard',
  address: { address1: '6420 Quinpool Rd', address2: null, intersection: null, city: 'Halifax', province: 'NS', postalCode: 'B3L 1A1' },
  hours: { is24Hours: false, storeHours: [{ day: 'Monday', open: '07:00', close: '22:00' }] },
  region: ['atlantic', 'ns'],
  _geoloc: { lat: 44.6449, lng: -63.5992 },
};

/** Standalone navigation: pushState + popstate, as the shell's navigate does with single-spa. */
function navigate(url: string) {
  window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

const subscribe = (cb: () => void) => { window.addEventListener('popstate', cb); return () => window.removeEventListener('popstate', cb); };

function Standalone() {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  const hasQuery = new URLSearchParams(search).has('query');
  const props = { bus, config: DEFAULT_RUNTIME_CONFIG, navigate };
  return (
    <>
      <header style={{ background: '#1b7f3b', padding: '12px 16px' }}><SearchApp {...props} /></header>
      <main style={{ padding: '16px' }}>{hasQuery ? <ResultsApp {...props} /> : <p>Type in the search box above.</p>}</main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Standalone /></StrictMode>);
if (!bus.state.store.value) bus.emit('store/changed', { store: DEMO_STORE, source: 'default' });
