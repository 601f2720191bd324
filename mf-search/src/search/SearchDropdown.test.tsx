/**
 * The complete dropdown (spec §2 Search dropdown, §5, §6, §7, §9) with fake timers for the
 * 1000 ms debounce: recent and popular searches, inline completion, redirect card, no-results view,
 * insights and dataLayer analytics.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { TestBus } from 'shared-events/testing';
import { fetchPopularContent } from '../api/content';
import { createInsightsSender } from '../api/insights';
import { fetchTopSearches } from '../api/topSearches';
import { SearchApp } from './SearchApp';
import { clearPopularItemsCache } from '../api/popularItems';
import { RECENT_STORAGE_KEY } from '../state/recent';
import { fakeClient, mountApp, product, recipe, settle, suggestion, type FakeData, type FakeSearchClient } from '../test-utils';

jest.mock('../api/insights');
jest.mock('../api/topSearches');
jest.mock('../api/content');
jest.mock('../api/searchClient');

const send = (createInsightsSender as jest.Mock)() as jest.Mock;

const FLYER_CARD = { type: 'redirect', cardTitle: 'This week’s flyer', redirectURL: '/flyer', cardCTAText: 'View the flyer', bannerCode: 'standard', cardImage: 'data:image/svg+xml,%3Csvg%3E' };

const DATA: FakeData = {
  products: [
    product('p1', 'Milk 2%', { articleNumber: '20010010', uom: 'L' }), product('p2', 'Chocolate milk'), product('p3', 'Oat milk'),
    ...Array.from({ length: 20 }, (_, i) => product(`pop${i}`, `Popular item ${i}`)),
  ],
  recipes: [recipe('r1', 'Milk tart'), recipe('r2', 'Rice pudding with milk'), recipe('r3', 'Milk bread'), ...Array.from({ length: 14 }, (_, i) => recipe(`rp${i}`, `Popular recipe ${i}`))],
  products_query_suggestions: [suggestion('milk'), suggestion('milk 2%'), suggestion('oat milk'), suggestion('peanut butter')],
  rules: {
    flyer: [FLYER_CARD],
    evil: [{ cardTitle: 'Free money', redirectURL: 'https://evil.example/steal', cardCTAText: 'Go', bannerCode: 'standard' }],
  },
};

let kit: TestBus;
let client: FakeSearchClient;
let navigate: jest.Mock;

function setup({ data = DATA, width = 1366 }: { data?: FakeData; width?: number } = {}) {
  client = fakeClient(data);
  navigate = jest.fn();
  // The shopper has granted analytics (C0002): Insights events are sent (useSearchTracking.test.tsx covers the gate).
  const app = mountApp(SearchApp, { client, width, consent: true, store: { bannerCode: 'standard' }, navigate });
  kit = app.kit;
  return { user: app.user, input: screen.getByRole('combobox', { name: 'Search products and recipes' }) };
}

beforeEach(() => {
  jest.useFakeTimers();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  clearPopularItemsCache();
  send.mockClear();
  (fetchTopSearches as jest.Mock).mockReset().mockResolvedValue([]);
  (fetchPopularContent as jest.Mock).mockReset().mockResolvedValue(null);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('spec §2 empty box: recent searches and popular searches', () => {
  it('shows recent (browser) and popular (engine analytics) searches as labelled groups of one listbox; arrows move across groups', async () => {
    localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify([{ id: 'a', label: 'organic free range large brown eggs from nova scotia' }, { id: 'b', label: 'bread' }]));
    (fetchTopSearches as jest.Mock).mockResolvedValue([{ search: 'milk', count: 9, nbHits: 3 }, { search: 'eggs', count: 2, nbHits: 1 }]);
    const { user, input } = setup();
    await user.click(input);
    await settle(0);
    expect(fetchTopSearches).toHaveBeenCalledWith(expect.objectContaining({ appId: 'grocery-local' }), 'products', 6);
    const listbox = screen.getByRole('listbox', { name: 'Recent and popular searches' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    const recent = within(listbox).getByRole('group', { name: 'Recent searches' });
    const popular = within(listbox).getByRole('group', { name: 'Popular searches' });
    expect(within(recent).getAllByRole('option').map((o) => o.textContent)).toEqual(['organic free range large brown eggs from nova...', 'bread']);
    expect(within(popular).getAllByRole('option').map((o) => o.textContent)).toEqual(['milk', 'eggs']);
    const all = within(listbox).getAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', all[2].id); // 'milk', first popular
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', all[1].id);
    await user.keyboard('{ArrowDown}{Enter}');
    await settle(0);
    expect(navigate).toHaveBeenCalledWith('/?query=milk&tab=product');
    // the picked search became the newest recent search
    expect(JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY)!)[0].label).toBe('milk');
  });

  // Content 'turkey' for December 2026; the analytics' top search is 'milk'.
  it.each([
    ['replace the analytics inside their dates', '2026-12-10T10:00:00', 'turkey'],
    ['give way to the analytics out of their dates', '2027-01-02T10:00:00', 'milk'],
  ])('content-managed popular searches %s (spec §5)', async (_case, now, shown) => {
    jest.setSystemTime(new Date(now));
    (fetchPopularContent as jest.Mock).mockResolvedValue({ enablePopularSearch: true, startDate: '2026-12-01', endDate: '2026-12-31', items: [{ search: 'turkey' }] });
    (fetchTopSearches as jest.Mock).mockResolvedValue([{ search: 'milk', count: 9, nbHits: 3 }]);
    const { user, input } = setup();
    await user.click(input);
    await settle(0);
    expect(within(await screen.findByRole('group', { name: 'Popular searches' })).getAllByRole('option').map((o) => o.textContent)).toEqual([shown]);
    if (shown === 'turkey') expect(fetchTopSearches).not.toHaveBeenCalled();
  });

  it('stays collapsed when there is nothing to show', async () => {
    const { user, input } = setup();
    await user.click(input);
    await settle(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('removes a recent search with Delete on the active option, or with its × mark', async () => {
    localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify([{ id: 'a', label: 'apples' }, { id: 'b', label: 'bread' }, { id: 'c', label: 'cheese' }]));
    const { user, input } = setup();
    await user.click(input);
    await settle(0);
    await user.keyboard('{ArrowDown}{Delete}');
    await settle(0);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['bread', 'cheese']);
    await user.click(document.querySelector('[data-remove-recent="c"]')!);
    await settle(0);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['bread']);
    expect(JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY)!)).toEqual([{ id: 'b', label: 'bread' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('submitting saves the search in the browser for an anonymous shopper', async () => {
    const { user, input } = setup();
    await user.type(input, 'oat milk{Enter}');
    await settle(0);
    expect(JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY)!)).toEqual([{ id: expect.any(String), label: 'oat milk' }]);
  });
});

describe('spec §6 / §7: signed-in recent searches on the server (callBff with the session cookie)', () => {
  const realFetch = global.fetch;
  afterEach(() => { global.fetch = realFetch; });

  it('a signed-in shopper (no id token on the page) gets, adds and removes through /api/recent-searches; another shopper never sees them', async () => {
    const calls: Array<{ url: string; method: string; auth: string | null; csrf: string | null; credentials?: RequestCredentials; body?: string }> = [];
    const lists: Record<string, Array<{ id: string; label: string }>> = { 'u-1003': [{ id: '7', label: 'salmon' }], 'u-1004': [{ id: '9', label: 'owen secret' }] };
    // The BFF knows the shopper by its HttpOnly session cookie, which the page cannot read: here, `cookie`.
    let cookie = '';
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url: String(url), method: init?.method ?? 'GET', auth: headers.authorization ?? null, csrf: headers['x-storefront-csrf'] ?? null, credentials: init?.credentials, body: init?.body as string | undefined });
      if (init?.method === 'POST') lists[cookie] = [{ id: '8', label: JSON.parse(init.body as string).label }, ...lists[cookie]];
      if (init?.method === 'DELETE') lists[cookie] = lists[cookie].filter((r) => !String(url).endsWith(`/${r.id}`));
      const json = { status: 'success', code: 200, message: 'OK', data: { items: lists[cookie] } };
      return { status: 200, ok: true, json: async () => json } as unknown as Response;
    }) as typeof fetch;
    const { user, input } = setup();
    cookie = 'u-1003';
    act(() => { kit.bus.emit('session/changed', kit.fixtures.session({ uid: 'u-1003', loggedIn: true, id_token: null })); });
    await settle(0);
    await user.click(input);
    await settle(0);
    expect(within(screen.getByRole('group', { name: 'Recent searches' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['salmon']);
    expect(calls[0]).toMatchObject({ url: '/api/recent-searches', method: 'GET', credentials: 'same-origin', auth: null });
    await user.type(input, 'cod{Enter}');
    await settle(0);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/recent-searches', credentials: 'same-origin', csrf: '1', auth: null, body: JSON.stringify({ label: 'cod' }) });
    expect(localStorage.getItem(RECENT_STORAGE_KEY)).toBeNull(); // not in the browser
    await user.clear(input);
    await settle(0);
    await user.keyboard('{ArrowDown}{Delete}');
    await settle(0);
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ url: '/api/recent-searches/8', credentials: 'same-origin', csrf: '1', auth: null });
    cookie = 'u-1004';
    act(() => { kit.bus.emit('session/changed', kit.fixtures.session({ uid: 'u-1004', loggedIn: true, id_token: null })); });
    await settle(0);
    expect(within(screen.getByRole('group', { name: 'Recent searches' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['owen secret']);
    expect(screen.queryByText('salmon')).not.toBeInTheDocument();
  });

  it('an answer that breaks the recent-searches contract is not shown (no "undefined" search to pick)', async () => {
    const json = { status: 'success', code: 200, message: 'OK', data: { items: [{ id: '7', label: 'salmon' }, { id: '8' }] } };
    global.fetch = jest.fn(async () => ({ status: 200, ok: true, json: async () => json }) as unknown as Response) as typeof fetch;
    const { user, input } = setup();
    act(() => { kit.bus.emit('session/changed', kit.fixtures.session({ uid: 'u-1003', loggedIn: true, id_token: null })); });
    await settle(0);
    await user.click(input);
    await settle(0);
    expect(global.fetch).toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(screen.queryByText('undefined')).not.toBeInTheDocument();
  });
});

describe('spec §2 inline completion', () => {
  it('shows from 2 characters after the debounce; Tab accepts the first suggestion that extends the text and searches it', async () => {
    const { user, input } = setup();
    await user.type(input, 'm');
    await settle();
    expect(screen.queryByTestId('inline-completion')).not.toBeInTheDocument();
    await user.type(input, 'i');
    await settle();
    expect(screen.getByTestId('inline-completion')).toHaveTextContent('milk');
    expect(input).toHaveAccessibleDescription('Press Tab to complete: milk');
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('milk');
    expect(input).toHaveFocus();
    await settle();
    expect(client.calls.at(-1)![0].query).toBe('milk');
  });

  it('Tab moves focus normally when there is no completion', async () => {
    const { user, input } = setup();
    await user.type(input, 'zz');
    await settle();
    await user.keyboard('{Tab}');
    expect(input).not.toHaveFocus();
  });
});

describe('spec §2 / §3 promotional redirect card', () => {
  it('shows the card from the rule\'s userData; submitting goes to its address', async () => {
    const { user, input } = setup();
    await user.type(input, 'flyer');
    await settle();
    const card = screen.getByRole('region', { name: 'This week’s flyer' });
    expect(within(card).getByRole('link', { name: 'View the flyer' })).toHaveAttribute('href', '/flyer');
    await user.keyboard('{Enter}');
    await settle(0);
    expect(navigate).toHaveBeenCalledWith('/flyer');
    expect(kit.published('search/submitted')).toHaveLength(0);
  });

  it('follows the redirect when submitted before the debounce ends', async () => {
    const { user, input } = setup();
    await user.type(input, 'flyer{Enter}');
    await settle(0);
    expect(navigate).toHaveBeenCalledWith('/flyer');
  });

  it('never shows nor follows an address of another origin', async () => {
    const { user, input } = setup();
    await user.type(input, 'evil');
    await settle();
    expect(screen.queryByRole('region', { name: 'Free money' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await settle(0);
    expect(navigate).toHaveBeenCalledWith('/?query=evil&tab=product');
  });
});

describe('spec §2 / §5 no-results view', () => {
  it('announces the message in a polite live region and shows popular products (5) and recipes (12) carousels', async () => {
    const { user, input } = setup();
    await user.type(input, 'zzqx');
    await settle();
    const message = screen.getByText('Sorry, we couldn’t find any results for “zzqx”.');
    expect(message.closest('[role="status"]')).not.toBeNull();
    const products = screen.getByRole('region', { name: 'Popular products' });
    expect(products).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(products).getAllByRole('group', { hidden: true })).toHaveLength(5);
    expect(within(products).getAllByRole('group')).toHaveLength(5); // 5 in view over 1365 px
    const recipes = screen.getByRole('region', { name: 'Popular recipes' });
    expect(within(recipes).getAllByRole('group', { hidden: true })).toHaveLength(12);
    expect(within(recipes).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 12', '2 of 12', '3 of 12', '4 of 12']);
    expect(within(recipes).getByRole('button', { name: 'Previous recipes' })).toBeDisabled();
    await user.click(within(recipes).getByRole('button', { name: 'Next recipes' }));
    expect(within(recipes).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['5 of 12', '6 of 12', '7 of 12', '8 of 12']);
    // the popular-items query: empty text, by store and banner, not counted in analytics
    const popularCall = client.calls.find((c) => c[0].query === '')!;
    expect(popularCall[0]).toMatchObject({ filters: 'storeIds:"3299" AND banners:"standard"', hitsPerPage: 18, analytics: false });
    expect(popularCall[1]).toMatchObject({ hitsPerPage: 12, analytics: false });
  });

  it('caches the popular items per store', async () => {
    const { user, input } = setup();
    await user.type(input, 'zzqx');
    await settle();
    await user.clear(input);
    await user.type(input, 'qqqq');
    await settle();
    expect(screen.getByText('Sorry, we couldn’t find any results for “qqqq”.')).toBeInTheDocument();
    expect(client.calls.filter((c) => c[0].query === '')).toHaveLength(1);
    act(() => { kit.bus.emit('store/changed', { store: kit.fixtures.store({ storeNumber: '1234', bannerCode: 'standard' }), source: 'user' }); });
    await settle();
    expect(client.calls.filter((c) => c[0].query === '')).toHaveLength(2);
  });

  it('uses different wording when the query contains profanity, without repeating it', async () => {
    const { user, input } = setup();
    await user.type(input, 'shit');
    await settle();
    expect(screen.getByText('Sorry, we couldn’t find any results for that search.')).toBeInTheDocument();
    expect(screen.queryByText(/shit/)).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'pork butt');
    await settle();
    expect(screen.getByText('Sorry, we couldn’t find any results for “pork butt”.')).toBeInTheDocument();
  });
});

describe('spec §7 analytics: Insights events and view_item_list', () => {
  it('tracks view_item_list (item list 7 "Search - Products") and the recipes fetch with the top 2', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await settle();
    const lists = kit.published('analytics/track').map((e) => e.payload);
    expect(lists[0]).toMatchObject({ event: 'view_item_list', params: { item_list_id: '7', item_list_name: 'Search - Products', search_term: 'milk' } });
    expect((lists[0].params!.items as unknown[]).length).toBe(3);
    expect(lists[0].params!.items).toEqual(expect.arrayContaining([{ item_id: 'p1', item_name: 'Milk 2%', index: 1, price: 4.49 }]));
    expect(lists[1]).toMatchObject({ event: 'view_item_list', params: { item_list_name: 'Search - Recipes' } });
    expect((lists[1].params!.items as Array<{ item_id: string }>).map((i) => i.item_id)).toEqual(['r1', 'r2']);
  });

  it('a click on a card sends an Insights click with the queryID and 1-based position', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await settle();
    const link = within(screen.getByRole('region', { name: 'Products' })).getByRole('link', { name: /Chocolate milk/ });
    fireEvent.click(link);
    expect(send).toHaveBeenCalledWith([{ eventType: 'click', eventName: 'Search Result Clicked', index: 'products', userToken: expect.stringMatching(/^anonymous-/), queryID: 'qid-products-milk', objectIDs: ['p2'], positions: [2] }]);
  });

  /** Stands in for the shopping list (the owner of the list): answers every add request. */
  function answerAdds(answer: 'stored' | 'refused') {
    kit.bus.on('list/add-requested').subscribe(({ payload }) => {
      setTimeout(() => {
        if (answer === 'stored') kit.bus.emit('list/item-added', { itemId: payload.itemId, quantity: payload.quantity ?? 1, requestId: payload.requestId });
        else kit.bus.emit('list/add-failed', { itemId: payload.itemId, requestId: payload.requestId, reason: 'Storage is full' });
      }, 20);
    });
  }

  /** The shopper searches 'milk' and presses 'Add to list' on Milk 2%; the list answers as told, or is not on the page. */
  async function addMilkToList(answer?: 'stored' | 'refused') {
    const { user, input } = setup();
    if (answer) answerAdds(answer);
    await user.type(input, 'milk');
    await settle();
    await user.click(within(screen.getByRole('region', { name: 'Products' })).getByRole('button', { name: 'Add to list: Milk 2%' }));
  }

  it("Add to list asks the shopping list (list/add-requested, articleNumber_uom_storeId) and says 'Added' and sends a conversion only once it is stored", async () => {
    await addMilkToList('stored');
    expect(kit.published('list/add-requested').map((e) => e.payload)).toEqual([
      { requestId: expect.any(String), itemId: '20010010_L_3299', quantity: 1, productType: 'product', name: 'Milk 2%', queryID: 'qid-products-milk', position: 1 },
    ]);
    expect(screen.getByRole('button', { name: 'Adding…: Milk 2%' })).toBeInTheDocument();
    expect(send).not.toHaveBeenCalledWith([expect.objectContaining({ eventType: 'conversion' })]);
    await settle(50);
    expect(send).toHaveBeenCalledWith([{ eventType: 'conversion', eventName: 'Product Added To List', index: 'products', userToken: expect.any(String), queryID: 'qid-products-milk', objectIDs: ['p1'] }]);
    expect(screen.getByRole('button', { name: 'Added: Milk 2%' })).toBeInTheDocument();
    await settle(3000);
    expect(screen.getByRole('button', { name: 'Add to list: Milk 2%' })).toBeInTheDocument();
  });

  it("an add the shopping list refuses says 'Not added' and sends no conversion", async () => {
    await addMilkToList('refused');
    await settle(50);
    expect(screen.getByRole('button', { name: 'Not added: Milk 2%' })).toBeInTheDocument();
    expect(send).not.toHaveBeenCalledWith([expect.objectContaining({ eventType: 'conversion' })]);
  });

  it('with no shopping list on the page (remote down), the add fails after 5 s with an error toast, never "Added"', async () => {
    await addMilkToList();
    await settle(4900);
    expect(screen.getByRole('button', { name: 'Adding…: Milk 2%' })).toBeInTheDocument();
    await settle(200);
    expect(screen.getByRole('button', { name: 'Not added: Milk 2%' })).toBeInTheDocument();
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([expect.objectContaining({ kind: 'error', message: expect.stringContaining('not available') })]);
    expect(send).not.toHaveBeenCalledWith([expect.objectContaining({ eventType: 'conversion' })]);
  });

  it('sends the shopper\'s user token with the queries', async () => {
    const { user, input } = setup();
    act(() => { kit.bus.emit('session/changed', kit.fixtures.session({ uid: 'u-1003', loggedIn: true })); });
    await user.type(input, 'milk');
    await settle();
    expect(client.calls.at(-1)![0]).toMatchObject({ userToken: 'u-1003' });
  });
});
