import { act, screen, within } from '@testing-library/react';
import type { TestBus } from 'shared-events/testing';
import { SearchApp } from './SearchApp';
import { deferred, fakeClient, mountApp, product, recipe, settle as settleAfter, suggestion, answer, type FakeData, type FakeSearchClient } from '../test-utils';

jest.mock('../api/insights');
jest.mock('../api/topSearches');
jest.mock('../api/content');
jest.mock('../api/searchClient');

const DATA: FakeData = {
  products: [
    product('p1', 'Milk 2%', { size: '4 L', price: 699, storePrices: { '3299': 649 } }),
    product('p2', 'Chocolate milk', { size: '1 L', price: 399, storePrices: {} }),
    product('p3', 'Oat milk'), product('p4', 'Almond milk'), product('p5', 'Lactose-free milk'), product('p6', 'Goat milk'),
    product('x1', '<img src=x onerror=alert(1)> milk'),
  ],
  recipes: [recipe('r1', 'Milk tart'), recipe('r2', 'Rice pudding with milk'), recipe('r3', 'Pancakes'), recipe('r4', 'Lemon pie')],
  products_query_suggestions: [suggestion('milk'), suggestion('milk 2%'), suggestion('milk chocolate')],
};

let kit: TestBus;
let client: FakeSearchClient;
let navigate: jest.Mock;

function setup(data: FakeData = DATA, width = 1366) {
  client = fakeClient(data);
  navigate = jest.fn();
  const app = mountApp(SearchApp, { client, width, store: { bannerCode: 'standard' }, navigate });
  kit = app.kit;
  return { user: app.user, input: screen.getByRole('combobox', { name: 'Search products and recipes' }) };
}

/** Lets the debounce run out and the fake's promise settle. */
const settle = (ms = 1000) => settleAfter(ms, 3);

beforeEach(() => {
  jest.useFakeTimers();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  jest.useRealTimers();
});

describe('spec §2 Search dropdown: WAI-ARIA combobox', () => {
  it('is a collapsed combobox named "Search products and recipes" with max length 100 in a search landmark', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('maxLength', '100');
    expect(input).toHaveAttribute('aria-autocomplete', 'both'); // list + inline completion
    expect(screen.getByRole('search')).toContainElement(input);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows the loading text, then suggestions as a labelled listbox and product and recipe cards', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Finding the best matches for you...')).toBeInTheDocument();
    await settle();
    expect(screen.queryByText('Finding the best matches for you...')).not.toBeInTheDocument();
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['milk', 'milk 2%', 'milk chocolate']);
    const products = screen.getByRole('region', { name: 'Products' });
    // over 1365px: 5 product cards; 1024+: 4 recipe cards (only 2 recipes match)
    expect(within(products).getAllByRole('link', { name: /milk/i })).toHaveLength(5);
    expect(within(products).getByRole('link', { name: /Milk 2% 4 L \$6\.49/ })).toHaveAttribute('href', '/products/p1');
    expect(within(products).getByRole('link', { name: /Chocolate milk 1 L \$3\.99/ })).toBeInTheDocument();
    expect(within(products).getByRole('link', { name: 'View all products' })).toHaveAttribute('href', '/?query=milk&tab=product');
    const recipes = screen.getByRole('region', { name: 'Recipes' });
    expect(within(recipes).getByRole('link', { name: 'View all recipes' })).toHaveAttribute('href', '/?query=milk&tab=recipe');
    expect(within(recipes).getByRole('link', { name: /Milk tart/ })).toHaveAttribute('href', '/recipes/r1');
  });

  it('moves aria-activedescendant with ArrowDown/ArrowUp and Enter accepts the active option', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await settle();
    const options = screen.getAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id); // wraps
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2].id);
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{Enter}');
    await settle(0);
    expect(input).toHaveValue('milk 2%');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(navigate).toHaveBeenCalledWith('/?query=milk%202%25&tab=product');
    expect(kit.published('search/submitted').map((e) => e.payload)).toEqual([{ query: 'milk 2%', tab: 'product' }]);
  });

  it('Escape closes the dropdown, a second Escape clears the input', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await settle();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('milk');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('shows "No suggestions!" when the engine has none', async () => {
    const { user, input } = setup();
    await user.type(input, 'zzzz');
    await settle();
    expect(screen.getByText('No suggestions!')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Products' })).not.toBeInTheDocument();
  });

  it('says search is unavailable, not "No suggestions!", when the engine does not answer', async () => {
    const { user, input } = setup();
    client.search.mockRejectedValue(new Error('connection refused'));
    await user.type(input, 'milk');
    await settle(10_000); // the debounce, then the kit's retries
    expect(screen.getByText('Search is unavailable right now. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('No suggestions!')).not.toBeInTheDocument();
    expect(screen.queryByText('Finding the best matches for you...')).not.toBeInTheDocument();
  });
});

describe('spec §5 / §9: 1000 ms suggestion debounce', () => {
  it('sends no request before 1000 ms after the last keystroke, then exactly one combined request', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await settle(999);
    expect(client.search).not.toHaveBeenCalled();
    await settle(1);
    expect(client.search).toHaveBeenCalledTimes(1);
    const [requests] = client.calls;
    expect(requests.map((r) => r.indexName)).toEqual(['products', 'recipes', 'products_query_suggestions']);
    expect(requests[0]).toMatchObject({ query: 'milk', filters: 'storeIds:"3299" AND banners:"standard"', hitsPerPage: 5, clickAnalytics: true });
    expect(requests[1]).toMatchObject({ filters: 'banners:"standard"', hitsPerPage: 4, clickAnalytics: true });
    await settle(5000);
    expect(client.search).toHaveBeenCalledTimes(1);
  });

  it('restarts the debounce on every keystroke', async () => {
    const { user, input } = setup();
    await user.type(input, 'mi');
    await settle(800);
    await user.type(input, 'lk');
    await settle(800);
    expect(client.search).not.toHaveBeenCalled();
    await settle(200);
    expect(client.search).toHaveBeenCalledTimes(1);
    expect(client.calls[0][0].query).toBe('milk');
  });

  it('asks for as many cards as the viewport width allows (spec §9)', async () => {
    const { user, input } = setup(DATA, 500);
    await user.type(input, 'milk');
    await settle();
    expect(client.calls[0][0].hitsPerPage).toBe(2);
    expect(client.calls[0][1].hitsPerPage).toBe(2);
    expect(within(screen.getByRole('region', { name: 'Products' })).getAllByRole('link', { name: /milk/i })).toHaveLength(2);
  });

  it('never shows an answer that arrives after a newer query was typed', async () => {
    const { user, input } = setup();
    const slow = deferred<{ results: unknown[] }>();
    client.search.mockImplementationOnce(() => slow.promise);
    await user.type(input, 'choc');
    await settle(); // request 1 ('choc') is in flight
    await user.clear(input);
    await user.type(input, 'oat');
    await settle(); // request 2 ('oat') answered
    expect(screen.getByRole('link', { name: /Oat milk/ })).toBeInTheDocument();
    await act(async () => {
      slow.resolve({ results: [answer(DATA, { indexName: 'products', query: 'chocolate' }), answer(DATA, { indexName: 'recipes', query: 'x' }), answer(DATA, { indexName: 'products_query_suggestions', query: 'milk chocolate' })] });
    });
    expect(screen.queryByRole('link', { name: /Chocolate milk/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Oat milk/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'milk chocolate' })).not.toBeInTheDocument();
  });
});

describe('spec §5 Validation rules', () => {
  it('keeps at most 100 characters in the input', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('a'.repeat(120));
    expect((input as HTMLInputElement).value).toHaveLength(100);
  });

  it('sanitises the typed text before searching (trim, collapse whitespace, strip < >)', async () => {
    const { user, input } = setup();
    await user.type(input, '  <b>choc</b>   milk  ');
    await settle();
    expect(client.calls[0][0].query).toBe('bchoc/b milk');
  });

  it('searches an article number without its hyphens and spaces', async () => {
    const { user, input } = setup();
    await user.type(input, '060-383 00');
    await settle();
    expect(client.calls[0].map((r) => r.query)).toEqual(['06038300', '06038300', '06038300']);
  });

  it('renders markup-looking text from the engine and from the shopper as text', async () => {
    const { user, input } = setup();
    await user.type(input, '<img src=x onerror=alert(1)> milk');
    expect(input).toHaveValue('<img src=x onerror=alert(1)> milk');
    await settle();
    expect(screen.getByText('<img src=x onerror=alert(1)> milk')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('spec §2 Search dropdown: submitting', () => {
  it('goes to the product tab when products have results, and publishes search/submitted', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await settle();
    await user.keyboard('{Enter}');
    await settle(0);
    expect(navigate).toHaveBeenCalledWith('/?query=milk&tab=product');
    expect(kit.published('search/submitted').map((e) => e.payload)).toEqual([{ query: 'milk', tab: 'product' }]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  type User = ReturnType<typeof setup>['user'];
  // [case, typed, answer shown before submitting, how it is submitted, where it goes]
  it.each<[string, string, boolean, (user: User) => Promise<void>, string]>([
    ['clicking a suggestion searches for it', 'milk', true, (user) => user.click(screen.getByRole('option', { name: 'milk chocolate' })), '/?query=milk%20chocolate&tab=product'],
    ['goes to the recipe tab when only recipes have results', 'pancakes', true, (user) => user.click(screen.getByRole('button', { name: 'Search' })), '/?query=pancakes&tab=recipe'],
    ['goes to the product tab when nothing has results', 'zzzz', false, (user) => user.keyboard('{Enter}'), '/?query=zzzz&tab=product'],
  ])('%s', async (_case, typed, answered, submit, url) => {
    const { user, input } = setup();
    await user.type(input, typed);
    if (answered) await settle();
    await submit(user);
    await settle(0);
    expect(navigate).toHaveBeenCalledWith(url);
  });

  it('submitted before the debounce ends, it asks the engine which tab to open', async () => {
    const { user, input } = setup();
    await user.type(input, 'lemon{Enter}');
    await settle(0);
    expect(client.search).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/?query=lemon&tab=recipe');
    await settle(2000);
    expect(client.search).toHaveBeenCalledTimes(1); // the pending suggestion fetch was cancelled
  });

  it('when two submits wait for the engine, only the latest one navigates', async () => {
    const { user, input } = setup();
    const slow = deferred<{ results: unknown[] }>();
    client.search.mockImplementationOnce(() => slow.promise);
    await user.type(input, 'lemon{Enter}'); // its lookup stays in flight
    await user.clear(input);
    await user.type(input, 'pancakes{Enter}'); // answered at once
    await settle(0);
    expect(navigate.mock.calls).toEqual([['/?query=pancakes&tab=recipe']]);
    await act(async () => {
      slow.resolve({ results: [answer(DATA, { indexName: 'products', query: 'lemon' }), answer(DATA, { indexName: 'recipes', query: 'lemon' })] });
    });
    await settle(0);
    expect(navigate.mock.calls).toEqual([['/?query=pancakes&tab=recipe']]);
    expect(kit.published('search/submitted').map((e) => e.payload)).toEqual([{ query: 'pancakes', tab: 'recipe' }]);
  });

  it('the "View all" links navigate in-site and close the dropdown', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await settle();
    await user.click(screen.getByRole('link', { name: 'View all recipes' }));
    expect(navigate).toHaveBeenCalledWith('/?query=milk&tab=recipe');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('does nothing for an empty or blank query', async () => {
    const { user, input } = setup();
    await user.type(input, '   {Enter}');
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    expect(client.search).not.toHaveBeenCalled();
  });
});

describe('the preferred store comes from bus.state.store only (shared-events README "State ownership")', () => {
  it('filters by bus.state.store, never by the session account store (session.product.storeId)', async () => {
    const realFetch = global.fetch;
    global.fetch = jest.fn(async () => ({ status: 200, ok: true, json: async () => ({ status: 'success', code: 200, message: 'OK', data: { items: [] } }) }) as unknown as Response) as typeof fetch;
    try {
      const { user, input } = setup();
      // Signed in; the account's stored store (4886, co-op) differs from the page's store (3299).
      act(() => { kit.bus.emit('session/changed', kit.fixtures.session({ product: { storeId: '4886', bannerCode: 'coop' } })); });
      await user.type(input, 'milk');
      await settle();
      const milk = client.calls.find((c) => c[0].query === 'milk')!;
      expect(milk[0]).toMatchObject({ filters: 'storeIds:"3299" AND banners:"standard"' });
      expect(milk[1]).toMatchObject({ filters: 'banners:"standard"' });

      // mf-store-selector reconciles and publishes the account's store: now search follows it.
      act(() => { kit.bus.emit('store/changed', { store: kit.fixtures.store({ storeNumber: '4886', locationName: 'Dartmouth Co-op', bannerCode: 'coop' }), source: 'account' }); });
      await user.type(input, ' 2%');
      await settle();
      expect(client.calls.find((c) => c[0].query === 'milk 2%')?.[0]).toMatchObject({ filters: 'storeIds:"4886" AND banners:"coop"' });
    } finally {
      global.fetch = realFetch;
    }
  });
});
