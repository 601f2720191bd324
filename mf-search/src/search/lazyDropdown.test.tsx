/**
 * Paint first, nothing downloaded that the page does not use: './spa' renders the combobox and the
 * submit button at once; the dropdown (`SearchEngine`: suggestions, recent and popular searches,
 * cards, redirect card, no-results view, analytics) is its own chunk, loaded on the box's first hover
 * or focus. Nothing typed before it arrives is lost, and Enter before it arrives still searches.
 * Each test starts from a fresh module registry, so the chunk is not loaded yet.
 */
import type * as TestingLibrary from '@testing-library/react';
import type { TestBus } from 'shared-events/testing';
import { fakeClient, product, recipe, suggestion, type FakeData, type FakeSearchClient } from '../test-utils';

jest.mock('../api/insights');
jest.mock('../api/topSearches');
jest.mock('../api/content');
jest.mock('../api/searchClient');

/** How many times the dropdown's module was evaluated (once per registry when its chunk loads). */
const loads = { count: 0, fail: false };
jest.mock('./SearchEngine', () => {
  loads.count += 1;
  if (loads.fail) throw new Error('ChunkLoadError: Loading chunk search-dropdown failed.');
  return jest.requireActual('./SearchEngine');
});

const DATA: FakeData = {
  products: [product('p1', 'Milk 2%'), product('p2', 'Oat milk')],
  recipes: [recipe('r1', 'Milk tart')],
  products_query_suggestions: [suggestion('milk'), suggestion('milk 2%')],
};

let rtl: typeof TestingLibrary;
let client: FakeSearchClient;
let navigate: jest.Mock;
let kit: TestBus;

/** Renders './spa''s root from a fresh registry (the dropdown's chunk not loaded yet). */
async function setup() {
  jest.resetModules();
  loads.count = 0;
  process.env.RTL_SKIP_AUTO_CLEANUP = 'true'; // imported inside a test: cleanup and act environment are set up here
  rtl = await import('@testing-library/react');
  const { renderWithKit } = await import('@storefront/remote-kit/testing');
  const { createTestBus } = await import('shared-events/testing');
  const { SearchApp } = await import('./SearchApp');
  const { createSearchClient } = await import('../api/searchClient');
  const { createElement } = await import('react');
  client = fakeClient(DATA);
  (createSearchClient as jest.Mock).mockReturnValue(client);
  kit = createTestBus();
  kit.bus.emit('store/changed', { store: kit.fixtures.store({ bannerCode: 'standard' }), source: 'default' });
  navigate = jest.fn();
  renderWithKit(createElement(SearchApp, { bus: kit.bus }), { kit, remoteProps: { navigate } });
  const input = rtl.screen.getByRole('combobox', { name: 'Search products and recipes' });
  return { input, form: rtl.screen.getByRole('search') };
}

/** Lets the dropdown's module promise and React's retry run. */
const flush = () => rtl.act(async () => { for (let i = 0; i < 20; i += 1) await Promise.resolve(); });

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => { actEnvironment.IS_REACT_ACT_ENVIRONMENT = true; });
afterAll(() => {
  delete actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  delete process.env.RTL_SKIP_AUTO_CLEANUP;
});
beforeEach(() => {
  loads.fail = false;
  window.localStorage.clear();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1366 });
});
afterEach(() => {
  rtl?.cleanup();
});

describe('the search dropdown loads on demand', () => {
  it('renders the combobox and the submit button at once, without loading the dropdown or searching', async () => {
    const { input } = await setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(rtl.screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    await flush();
    expect(loads.count).toBe(0);
    expect(client.search).not.toHaveBeenCalled();
  });

  it('starts loading it when the pointer enters the box, and mounts it on focus', async () => {
    const { input } = await setup();
    rtl.fireEvent.pointerEnter(input.closest('.mfs-search')!);
    await flush();
    expect(loads.count).toBe(1);
    window.localStorage.setItem('mfs-recent-searches', JSON.stringify([{ id: 'r-1', label: 'bread' }]));
    rtl.fireEvent.focus(input);
    expect(await rtl.screen.findByRole('group', { name: 'Recent searches' })).toHaveTextContent('bread');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(loads.count).toBe(1);
  });

  it('keeps what is typed before it arrives, shows the loading status meanwhile, then the suggestions for that text', async () => {
    const { input } = await setup();
    rtl.fireEvent.focus(input);
    rtl.fireEvent.change(input, { target: { value: 'milk' } });
    expect(loads.count).toBe(0); // still loading
    expect(input).toHaveValue('milk');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(rtl.screen.getByRole('status')).toHaveTextContent('Finding the best matches for you...');
    const listbox = await rtl.screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 3000 });
    expect(rtl.within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['milk', 'milk 2%']);
    expect(client.calls[0][0]).toMatchObject({ indexName: 'products', query: 'milk' });
    expect(input).toHaveValue('milk');
  });

  it('Enter before it arrives still searches: recent search saved, search/submitted, results page', async () => {
    const { input, form } = await setup();
    rtl.fireEvent.focus(input);
    rtl.fireEvent.change(input, { target: { value: 'oat milk' } });
    rtl.fireEvent.submit(form);
    expect(loads.count).toBe(0);
    await rtl.waitFor(() => expect(navigate).toHaveBeenCalledWith('/?query=oat%20milk&tab=product'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(kit.published('search/submitted').map((e) => e.payload)).toEqual([{ query: 'oat milk', tab: 'product' }]);
    const { RECENT_STORAGE_KEY } = await import('../state/recent');
    await rtl.waitFor(() => expect(window.localStorage.getItem(RECENT_STORAGE_KEY)).toContain('oat milk'));
    expect(input).toHaveValue('oat milk');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('if its chunk cannot be loaded, the box keeps working and Enter goes to the product tab', async () => {
    loads.fail = true;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { input, form } = await setup();
      rtl.fireEvent.focus(input);
      rtl.fireEvent.change(input, { target: { value: 'milk' } });
      rtl.fireEvent.submit(form);
      await rtl.waitFor(() => expect(navigate).toHaveBeenCalledWith('/?query=milk&tab=product'));
      expect(kit.published('search/submitted').map((e) => e.payload)).toEqual([{ query: 'milk', tab: 'product' }]);
      expect(error).toHaveBeenCalledWith('[mf-search] search dropdown failed', expect.anything());
      expect(rtl.screen.getByRole('combobox', { name: 'Search products and recipes' })).toHaveValue('milk');
    } finally {
      error.mockRestore();
    }
  });
});
