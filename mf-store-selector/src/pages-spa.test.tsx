import { act } from '@testing-library/react';
import { createLifecycleContext, describeRemoteLifecycles, runLifecycle } from '@storefront/remote-kit/testing';
import { fixtures } from 'shared-events/testing';
import { createStoreSearchApi } from './api/storeSearch';
import { fakeApi } from './test-utils';

jest.mock('./api/storeSearch', () => ({
  ...jest.requireActual('./api/storeSearch'),
  createStoreSearchApi: jest.fn(),
}));

afterAll(() => window.history.pushState(null, '', '/'));

describeRemoteLifecycles("single-spa lifecycles exposed as './pages' (mounted by the shell into #slot-page)", () => import('./pages-spa'), {
  remote: 'mf-store-selector',
  label: 'pages',
  slotId: 'slot-page',
  url: '/stores/halifax-quinpool-road-3299',
  setup: () => {
    (createStoreSearchApi as jest.Mock).mockReturnValue(fakeApi([], fixtures.store()));
  },
  expectMounted: async ({ view }) => {
    expect(await view.findByRole('heading', { level: 1, name: 'Halifax Quinpool Road' })).toBeInTheDocument();
  },
  routes: [{
    url: '/store-locator',
    expectMounted: async ({ view }) => {
      expect(await view.findByRole('heading', { level: 1, name: 'Find a store' })).toBeInTheDocument();
    },
  }],
  // A failing pages app says so in the page slot.
  expectFallback: ({ slot }) => {
    expect(slot).toHaveTextContent('Store pages are unavailable right now.');
    expect(slot.querySelector('[data-remote-error="mf-store-selector/pages"]')).toBeInTheDocument();
  },
});

it('a mounted pages app follows the URL (single-spa routing event) from a store to the locator', async () => {
  (createStoreSearchApi as jest.Mock).mockReturnValue(fakeApi([], fixtures.store()));
  window.history.pushState(null, '', '/stores/halifax-quinpool-road-3299');
  const ctx = createLifecycleContext({ remote: 'mf-store-selector', slotId: 'slot-page' });
  const pages = await import('./pages-spa');
  await runLifecycle(pages.bootstrap, ctx.props);
  await runLifecycle(pages.mount, ctx.props);
  expect(await ctx.view.findByRole('heading', { level: 1, name: 'Halifax Quinpool Road' })).toBeInTheDocument();
  act(() => {
    window.history.pushState(null, '', '/store-locator');
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  });
  expect(await ctx.view.findByRole('heading', { level: 1, name: 'Find a store' })).toBeInTheDocument();
  await runLifecycle(pages.unmount, ctx.props);
  ctx.slot.remove();
});
