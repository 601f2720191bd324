/**
 * Standalone mode (`npm run dev`, or the built index.html): mounts the header into `#root` with the
 * page's real bus, and publishes a demo store so it works with no shell.
 * `?demo=coop` publishes a co-op store instead (co-op logo); `?toast=1` shows a sample toast.
 */
import { createRoot } from 'react-dom/client';
import { bus, DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { App } from './App';

/** Demo store (spec §9 default store 3299). */
const DEMO_STORE = {
  storeNumber: DEFAULT_RUNTIME_CONFIG.defaultStoreNumber,
  locationName: 'Halifax Quinpool Road',
  slug: 'halifax-quinpool-road-3299',
  address: { address1: '6420 Quinpool Rd', city: 'Halifax', province: 'NS', postalCode: 'B3L 1A1' },
  hours: { is24Hours: false, storeHours: [{ day: 'Monday', open: '07:00', close: '22:00' }] },
  region: ['atlantic', 'ns'],
  _geoloc: { lat: 44.6449, lng: -63.5992 },
};

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(<App bus={bus} />);
  const params = new URLSearchParams(window.location.search);
  const store = params.get('demo') === 'coop'
    ? { ...DEMO_STORE, storeNumber: '4101', locationName: 'Antigonish Co-op', slug: 'antigonish-co-op-4101' }
    : DEMO_STORE;
  if (!bus.state.store.value) bus.emit('store/changed', { store, source: 'default' });
  if (params.has('toast')) setTimeout(() => bus.emit('toast/show', { message: 'Welcome to the standalone header.', kind: 'info' }), 300);
  // Standalone only: log what the header publishes, so a developer sees it working.
  bus.events$.subscribe((e) => console.info('[mf-header standalone] bus event', e.type, e.payload));
}
