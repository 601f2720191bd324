/**
 * The five exposes' single-spa lifecycles (ARCHITECTURE §2, §4) through the kit's harness: mount into
 * the slot with the shell's props, unmount cleanly, mount again, reject a mount without a slot, and
 * log `[mf-search] <label> failed` with this remote's quiet fallback when the app throws.
 */
import { describeRemoteLifecycles, type LifecycleContext } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { createSearchClient } from './api/searchClient';
import { fakeClient, product, recipe, type FakeData } from './test-utils';

jest.mock('./api/insights', () => ({ createInsightsSender: jest.fn(() => jest.fn(async () => undefined)) }));
jest.mock('./api/topSearches', () => ({ fetchTopSearches: jest.fn(async () => []) }));
jest.mock('./api/content', () => ({ fetchPopularContent: jest.fn(async () => null) }));
jest.mock('./api/searchClient', () => ({ createSearchClient: jest.fn() }));

const DATA: FakeData = {
  products: [product('20010010', 'Butter, Salted', { articleNumber: '20010010', pageSlug: 'products/butter-salted-20010010' })],
  recipes: [recipe('recipe-001', 'Haddock Chowder', { pageSlug: 'recipes/haddock-chowder', ingredients: [], steps: ['Cook.'] })],
  products_query_suggestions: [],
};

/** Before each mount: the engine fake (a config without `search` breaks it) and the preferred store. */
const setup = ({ kit }: LifecycleContext) => {
  (createSearchClient as jest.Mock).mockImplementation((search: unknown) => {
    if (!search) throw new Error('engine config broken');
    return fakeClient(DATA);
  });
  kit.bus.emit('store/changed', { store: kit.fixtures.store(), source: 'default' });
  return () => window.history.replaceState(null, '', '/');
};

/** Shell props that break every app: a runtime config without the search engine. */
const brokenProps = { config: { ...DEFAULT_RUNTIME_CONFIG, search: null } as unknown as RuntimeConfig };

describeRemoteLifecycles("'./spa'", () => import('./spa'), {
  remote: 'mf-search', label: 'search box', setup, brokenProps,
  expectMounted: async ({ view }) => {
    await view.findByRole('combobox', { name: 'Search products and recipes' });
    expect(createSearchClient).toHaveBeenCalledWith(DEFAULT_RUNTIME_CONFIG.search);
  },
  // A failing search box never blanks the header: a quiet, empty box keeps the band's place.
  expectFallback: ({ slot }) => { expect(slot.querySelector('.mfs-search--failed[data-remote-error="mf-search"]')).not.toBeNull(); },
});

describeRemoteLifecycles("'./results'", () => import('./results-spa'), {
  remote: 'mf-search', label: 'results', slotId: 'slot-page', url: '/?query=milk&tab=recipe', setup, brokenProps,
  expectMounted: async ({ view }) => { await view.findByRole('heading', { level: 1, name: 'Results for “milk”' }); },
  expectFallback: ({ view }) => { view.getByText('Search results are unavailable right now.'); },
});

describeRemoteLifecycles("'./product'", () => import('./product-spa'), {
  remote: 'mf-search', label: 'product', slotId: 'slot-page', url: '/products/butter-salted-20010010', setup, brokenProps,
  expectMounted: async ({ view }) => { await view.findByRole('heading', { level: 1, name: 'Butter, Salted' }); },
  expectFallback: ({ view }) => { view.getByText('This product page is unavailable right now.'); },
});

describeRemoteLifecycles("'./catalogue'", () => import('./catalogue-spa'), {
  remote: 'mf-search', label: 'catalogue', slotId: 'slot-page', url: '/products', setup, brokenProps,
  expectMounted: async ({ view }) => { await view.findByRole('heading', { level: 1, name: 'Products' }); },
  expectFallback: ({ view }) => { view.getByText('The product catalogue is unavailable right now.'); },
});

describeRemoteLifecycles("'./recipes'", () => import('./recipes-spa'), {
  remote: 'mf-search', label: 'recipes', slotId: 'slot-page', url: '/recipes', setup, brokenProps,
  expectMounted: async ({ view }) => { await view.findByRole('heading', { level: 1, name: 'Recipes' }); },
  routes: [{ url: '/recipes/haddock-chowder', expectMounted: async ({ view }) => { await view.findByRole('heading', { level: 1, name: 'Haddock Chowder' }); } }],
  expectFallback: ({ view }) => { view.getByText('The recipes are unavailable right now.'); },
});
