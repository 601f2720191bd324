/**
 * __PACKAGE__'s root component: reads the preferred store from the bus (shared-events
 * `state.store`, owner mf-store-selector) and the platform status through the kit's query library.
 */
import { useBusState, type RemoteProps } from 'shared-events';
import { useQuery } from '@storefront/remote-kit';
import { fetchPlatformStatus } from '../api/status';
import { storeLabel } from '../state/storeLabel';
import './App.css';

export function App({ bus, config }: RemoteProps) {
  const store = useBusState(bus.state.store);
  const status = useQuery({ queryKey: ['__PACKAGE__', 'status'], queryFn: () => fetchPlatformStatus(config?.apiBase ?? '/api') });
  return (
    <section className="__CSS__" aria-labelledby="__CSS__-title">
      <h1 id="__CSS__-title">__TITLE__</h1>
      <p>Your store: {storeLabel(store)}</p>
      {status.isPending && <p role="status">Checking the platform…</p>}
      {status.isError && <p role="alert">The platform did not answer.</p>}
      {status.isSuccess && <p>Platform: {status.data.ok ? 'ok' : 'not ready'}</p>}
    </section>
  );
}
