import { describeRemoteLifecycles } from '@storefront/remote-kit/testing';
import type { EventBus } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import { DEFAULT_ROUTES, mockBff } from './test-utils';

describeRemoteLifecycles("single-spa lifecycles exposed as './spa' (ARCHITECTURE §4, through the remote kit)", () => import('./spa'), {
  remote: 'mf-header',
  label: 'header',
  setup: ({ kit }) => {
    mockBff(DEFAULT_ROUTES, { defer: true });
    kit.bus.emit('store/changed', { store: fixtures.store({ locationName: 'Antigonish Co-op' }), source: 'default' });
  },
  expectMounted: ({ view }) => {
    expect(view.getByRole('link', { name: 'Harbour Co-op home' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  },
  // The header throws with a bus that has no state: a quiet home link instead of a blank slot.
  brokenProps: { bus: { state: {} } as unknown as EventBus },
  expectFallback: ({ view }) => {
    expect(view.getByRole('link', { name: 'Harbour Market' })).toHaveAttribute('href', '/');
  },
});
