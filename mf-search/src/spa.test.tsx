/**
 * The five exposes' single-spa lifecycles (ARCHITECTURE §2, §4) through the kit's harness: mount into
 * the slot with the shell's props, unmount cleanly, mount again, reject a mount without a slot, and
 * log `[mf-search] <label> failed` with this remote's quiet fallback when the app throws.
 */
import { describeRemoteLifecycles, type LifecycleContext, type LifecyclesModule } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { createSearchClient } from './api/searchClient';
import { fakeClient, product, recipe, type FakeData } from './test-utils';

jest.mock('./api/insights');
jest.mock('./api/topSearches');
jest.mock('./api/content');
jest.mock('./api/searchClient');

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

/** A page expose: where it mounts, the h1 it shows there, the text of its quiet fallback. */
interface PageExpose {
  name: string;
  load: () => Promise<LifecyclesModule>;
  label: string;
  url: string;
  heading: string;
  fallbackText: string;
  /** More routes of the same app: their URL and h1. */
  more?: Array<{ url: string; heading: string }>;
}

const mountedWith = (heading: string) => async ({ view }: LifecycleContext) => { await view.findByRole('heading', { level: 1, name: heading }); };

const PAGE_EXPOSES: PageExpose[] = [
  { name: "'./results'", load: () => import('./results-spa'), label: 'results', url: '/?query=milk&tab=recipe', heading: 'Results for “milk”', fallbackText: 'Search results are unavailable right now.' },
  { name: "'./product'", load: () => import('./product-spa'), label: 'product', url: '/products/butter-salted-20010010', heading: 'Butter, Salted', fallbackText: 'This product page is unavailable right now.' },
  { name: "'./catalogue'", load: () => import('./catalogue-spa'), label: 'catalogue', url: '/products', heading: 'Products', fallbackText: 'The product catalogue is unavailable right now.' },
  {
    name: "'./recipes'", load: () => import('./recipes-spa'), label: 'recipes', url: '/recipes', heading: 'Recipes', fallbackText: 'The recipes are unavailable right now.',
    more: [{ url: '/recipes/haddock-chowder', heading: 'Haddock Chowder' }],
  },
];

for (const page of PAGE_EXPOSES) {
  describeRemoteLifecycles(page.name, page.load, {
    remote: 'mf-search', label: page.label, slotId: 'slot-page', url: page.url, setup, brokenProps,
    expectMounted: mountedWith(page.heading),
    routes: page.more?.map((r) => ({ url: r.url, expectMounted: mountedWith(r.heading) })),
    expectFallback: ({ view }) => { view.getByText(page.fallbackText); },
  });
}
