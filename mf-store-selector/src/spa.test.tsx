import { describeRemoteLifecycles } from '@storefront/remote-kit/testing';
import { fixtures } from 'shared-events/testing';
import { createStoreSearchApi } from './api/storeSearch';
import { fakeApi } from './test-utils';

jest.mock('./api/storeSearch', () => ({
  ...jest.requireActual('./api/storeSearch'),
  createStoreSearchApi: jest.fn(),
}));

describeRemoteLifecycles("single-spa lifecycles exposed as './spa'", () => import('./spa'), {
  remote: 'mf-store-selector',
  label: 'selector',
  setup: () => {
    localStorage.clear();
    (createStoreSearchApi as jest.Mock).mockReturnValue(fakeApi([], fixtures.store()));
  },
  // The store button in the header slot, with the default store (mocked engine) published.
  expectMounted: async ({ view, kit }) => {
    expect(await view.findByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toBeInTheDocument();
    expect(kit.published('store/changed')[0].payload.source).toBe('default');
  },
  // Broken props (a bus with no state): the kit's hidden marker stays in the header slot, the error is logged.
});
