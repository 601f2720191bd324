import { act, screen, within } from '@testing-library/react';
import { navigate as kitNavigate } from '@storefront/remote-kit';
import type { TestBus } from 'shared-events/testing';
import { EAGER_CARDS } from '../state/layout';
import { ResultsApp } from './ResultsApp';
import { STORE_WAIT_MS } from '../hooks/useStoreGate';
import { fakeClient, flush as flushRounds, mountApp, product, recipe, type FakeData, type FakeSearchClient } from '../test-utils';

jest.mock('../api/insights');
jest.mock('../api/topSearches');
jest.mock('../api/content');
jest.mock('../api/searchClient');

const thirtyMilks = Array.from({ length: 30 }, (_, i) => product(`m${i + 1}`, `Milk ${i + 1}`, { price: 100 + i, storePrices: {}, ...(i < 8 ? { featuredImage: '/media/glass-of-milk.svg' } : {}) }));
const DATA: FakeData = {
  products: [
    ...thirtyMilks,
    product('c1', 'Coop milk', { storeIds: ['1234'], banners: ['coop'], price: 555, storePrices: { '1234': 525 } }),
  ],
  recipes: [recipe('r1', 'Milk tart'), recipe('r2', 'Milk bread'), recipe('r3', 'Pancakes')],
  products_query_suggestions: [],
};

let kit: TestBus;
let client: FakeSearchClient;

function setup(url: string, { store = true, navigate, failFirst = false }: { store?: boolean; navigate?: jest.Mock; failFirst?: boolean } = {}) {
  client = fakeClient(DATA);
  if (failFirst) client.search.mockRejectedValueOnce(new Error('network down'));
  // No navigate given: the kit's own (pushState + popstate), as in standalone mode.
  const app = mountApp(ResultsApp, { client, url, store: store ? { bannerCode: 'standard' } : false, navigate: navigate ?? 'kit' });
  kit = app.kit;
  return { user: app.user };
}

const flush = () => flushRounds(3);

beforeEach(() => { jest.useFakeTimers(); });
afterEach(() => { jest.useRealTimers(); window.history.replaceState(null, '', '/'); });

describe('spec §2 Routes: search results page (/?query=…&tab=…)', () => {
  it('shows the heading, tabs with counts from one multi-index query, and announces the counts', async () => {
    setup('/?query=milk&tab=product');
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “milk”' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading results…');
    await screen.findByRole('tab', { name: 'Products (30)' });
    expect(client.search).toHaveBeenCalledTimes(1);
    expect(client.calls[0]).toEqual([
      // spec §5 availability: sold at the store or in one of its regions (fixture store 3299: atlantic, ns)
      { indexName: 'products', query: 'milk', filters: 'banners:"standard" AND (storeIds:"3299" OR regions:"atlantic" OR regions:"ns")', hitsPerPage: 24, page: 0, clickAnalytics: true, userToken: expect.stringMatching(/^anonymous-/) },
      { indexName: 'recipes', query: 'milk', filters: 'banners:"standard"', hitsPerPage: 24, page: 0, clickAnalytics: true, userToken: expect.stringMatching(/^anonymous-/) },
    ]);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Products (30)', 'Recipes (2)']);
    expect(screen.getByRole('tab', { name: 'Products (30)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Recipes (2)' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('30 products and 2 recipes found');
    const panel = screen.getByRole('tabpanel', { name: 'Products (30)' });
    expect(within(panel).getAllByRole('link')).toHaveLength(24);
    expect(within(panel).getByRole('link', { name: /Milk 1 1 L \$1\.00/ })).toHaveAttribute('href', '/products/m1');
  });

  it('draws an empty ad slot (728×90, size reserved) under the results only once they are in, so nothing is pushed down', async () => {
    setup('/?query=milk&tab=product');
    expect(document.querySelector('[data-ad-slot]')).toBeNull();
    await screen.findByRole('tab', { name: 'Products (30)' });
    const slot = document.querySelector<HTMLElement>('[data-ad-slot="results-leaderboard"]');
    expect(slot).not.toBeNull();
    expect(slot!.dataset.adSize).toBe('728x90');
    expect(slot!.style.aspectRatio).toBe('728 / 90');
    expect(slot!.childNodes).toHaveLength(0);
  });

  it('loads the first row of pictures at once and the rest lazily, so the first view\'s largest picture is not held back', async () => {
    setup('/?query=milk&tab=product');
    await screen.findByRole('tab', { name: 'Products (30)' });
    const loading = Array.from(document.querySelectorAll('.mfs-grid img')).map((img) => img.getAttribute('loading'));
    expect(loading.length).toBeGreaterThan(EAGER_CARDS);
    expect(loading.slice(0, EAGER_CARDS)).toEqual(Array(EAGER_CARDS).fill('eager'));
    expect(new Set(loading.slice(EAGER_CARDS))).toEqual(new Set(['lazy']));
  });

  it('opens the tab named in the URL', async () => {
    setup('/?query=milk&tab=recipe');
    expect(await screen.findByRole('tab', { name: 'Recipes (2)' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Recipes (2)' });
    expect(within(panel).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/recipes/r1', '/recipes/r2']);
  });

  it('switching tab updates tab= in the URL (and calls navigate when the shell gives it)', async () => {
    const { user } = setup('/?query=milk&tab=product');
    await user.click(await screen.findByRole('tab', { name: 'Recipes (2)' }));
    expect(window.location.search).toBe('?query=milk&tab=recipe');
    expect(await screen.findByRole('tabpanel', { name: 'Recipes (2)' })).toHaveTextContent('Milk tart');
    expect(screen.getByRole('tab', { name: 'Recipes (2)' })).toHaveAttribute('aria-selected', 'true');
    // keyboard: ArrowLeft moves back to Products and focuses it
    await user.keyboard('{ArrowLeft}');
    expect(window.location.search).toBe('?query=milk&tab=product');
    expect(await screen.findByRole('tab', { name: 'Products (30)' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Products (30)' })).toHaveAttribute('aria-selected', 'true');

    // The shell's navigate (single-spa navigateToUrl): pushState through single-spa's patched history, which fires popstate.
    const navigate = jest.fn((url: string) => kitNavigate(url));
    document.body.innerHTML = '';
    const second = setup('/?query=milk&tab=product', { navigate });
    await second.user.click(await screen.findByRole('tab', { name: 'Recipes (2)' }));
    expect(navigate).toHaveBeenCalledWith('/?query=milk&tab=recipe');
    expect(screen.getByRole('tab', { name: /Recipes/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('paginates 24 per page with Previous / Next and "Page X of Y"', async () => {
    const { user } = setup('/?query=milk&tab=product');
    const pages = await screen.findByRole('navigation', { name: 'Products pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(client.calls[1][0]).toMatchObject({ indexName: 'products', page: 1, hitsPerPage: 24 });
    expect(within(screen.getByRole('tabpanel')).getAllByRole('link')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getAllByRole('link')).toHaveLength(24);
    expect(screen.getByRole('link', { name: /Milk 1 1 L/ })).toBeInTheDocument();
    // Page 1 was answered moments ago: shown from the kit's query cache (fresh for 30 s), no new request.
    expect(client.search).toHaveBeenCalledTimes(2);
  });

  it('re-queries without a reload when store/changed arrives (products follow the preferred store and banner)', async () => {
    setup('/?query=milk&tab=product');
    await screen.findByRole('tab', { name: 'Products (30)' });
    act(() => {
      kit.bus.emit('store/changed', {
        store: kit.fixtures.store({ storeNumber: '1234', bannerCode: 'coop', locationName: 'Dartmouth Co-op' }), source: 'user',
      });
    });
    expect(await screen.findByRole('tab', { name: 'Products (1)' })).toBeInTheDocument();
    expect(client.search).toHaveBeenCalledTimes(2);
    expect(client.calls[1][0].filters).toBe('banners:"coop" AND (storeIds:"1234" OR regions:"atlantic" OR regions:"ns")');
    expect(screen.getByRole('link', { name: /Coop milk 1 L \$5\.25/ })).toBeInTheDocument();
  });

  it('waits for a store (loading; only a probe of the engine, no results request) and then searches', async () => {
    setup('/?query=milk&tab=product', { store: false });
    await flush();
    expect(client.calls).toEqual([[{ indexName: 'products', query: '', hitsPerPage: 0, analytics: false }]]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading results…');
    act(() => { kit.bus.emit('store/changed', { store: kit.fixtures.store({ bannerCode: 'standard' }), source: 'default' }); });
    expect(await screen.findByText('30 products and 2 recipes found')).toHaveAttribute('role', 'status');
    expect(client.search).toHaveBeenCalledTimes(2);
  });

  it('searches by banner only once no store came within 5 s and the engine answers (the stores live in the search engine too)', async () => {
    setup('/?query=milk&tab=product', { store: false });
    await flush();
    expect(client.search).toHaveBeenCalledTimes(1); // the probe
    await act(async () => { jest.advanceTimersByTime(STORE_WAIT_MS); });
    expect(await screen.findByRole('tab', { name: 'Products (30)' })).toBeInTheDocument();
    expect(client.calls[1][0].filters).toBe('banners:"standard"');
  });

  it('no store and the engine does not answer: search is unavailable at once, not after the 5 s wait; Try again asks again', async () => {
    const { user } = setup('/?query=milk&tab=product', { store: false, failFirst: true });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Search is unavailable right now. Please try again later.');
    expect(screen.getByRole('status')).not.toHaveTextContent('Loading results…');
    await act(async () => { jest.advanceTimersByTime(STORE_WAIT_MS); });
    expect(screen.getByRole('alert')).toBeInTheDocument(); // no results request while the engine is down
    expect(client.search).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Products (30)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says search is unavailable, with a retry, when the engine does not answer', async () => {
    const { user } = setup('/?query=milk&tab=product', { failFirst: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is unavailable right now. Please try again later.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Products (30)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when a tab has no results', async () => {
    setup('/?query=pancakes&tab=product');
    expect(await screen.findByRole('tabpanel', { name: 'Products (0)' })).toHaveTextContent('No products found for “pancakes”.');
    expect(screen.getByRole('status')).toHaveTextContent('0 products and 1 recipe found');
  });

  it('follows the URL on back/forward (popstate)', async () => {
    setup('/?query=milk&tab=product');
    await screen.findByRole('tab', { name: 'Products (30)' });
    act(() => {
      window.history.pushState(null, '', '/?query=pancakes&tab=recipe');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “pancakes”' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Recipes (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('renders a markup-looking query as text (sanitised, never as HTML)', async () => {
    setup(`/?query=${encodeURIComponent('<img src=x onerror=alert(1)>')}&tab=product`);
    await screen.findByRole('tab', { name: 'Products (0)' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “img src=x onerror=alert(1)”');
    expect(screen.getByRole('heading', { level: 1 }).querySelector('img')).toBeNull();
    expect(document.querySelector('img[src="x"], [onerror]')).toBeNull();
    expect(client.calls[0][0].query).toBe('img src=x onerror=alert(1)');
  });
});
