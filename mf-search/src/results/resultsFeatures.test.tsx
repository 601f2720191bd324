/**
 * The results page's availability, no-results and analytics (spec §2 Routes, §5 availability and profanity, §7 analytics,
 * §9 carousel slides 18 / 12).
 */
import { screen, within } from '@testing-library/react';
import type { TestBus } from 'shared-events/testing';
import { createInsightsSender } from '../api/insights';
import { ResultsApp } from './ResultsApp';
import { clearPopularItemsCache } from '../api/popularItems';
import { fakeClient, flush, mountApp, product, recipe, type FakeData, type FakeSearchClient } from '../test-utils';

jest.mock('../api/insights');
jest.mock('../api/topSearches');
jest.mock('../api/content');
jest.mock('../api/searchClient');

const send = (createInsightsSender as jest.Mock)() as jest.Mock;

const DATA: FakeData = {
  products: [
    product('s1', 'Milk in store', { articleNumber: '111', uom: 'L', regions: ['atlantic'] }),
    product('g1', 'Milk in region', { storeIds: ['9999'], regions: ['ns'], storePrices: {} }),
    product('x1', 'Milk elsewhere', { storeIds: ['9999'], regions: ['on'] }),
    ...Array.from({ length: 25 }, (_, i) => product(`pop${i}`, `Popular ${i}`)),
  ],
  recipes: [recipe('r1', 'Milk tart'), ...Array.from({ length: 15 }, (_, i) => recipe(`rp${i}`, `Recipe ${i}`))],
  products_query_suggestions: [],
};

let kit: TestBus;
let client: FakeSearchClient;

function setup(url: string, width = 1366) {
  client = fakeClient(DATA);
  // The shopper has granted analytics (C0002): Insights events are sent (useSearchTracking.test.tsx covers the gate).
  const app = mountApp(ResultsApp, {
    client, url, width, consent: true, store: { bannerCode: 'standard', locationName: 'Halifax Quinpool Road' },
  });
  kit = app.kit;
  return { user: app.user };
}

beforeEach(() => { jest.useFakeTimers(); clearPopularItemsCache(); send.mockClear(); });
afterEach(() => { jest.useRealTimers(); window.history.replaceState(null, '', '/'); });

describe('spec §5 availability against the preferred store and its region', () => {
  it('lists products of the store and of its region, each saying which; others are not listed', async () => {
    setup('/?query=milk&tab=product');
    await screen.findByRole('tab', { name: 'Products (2)' });
    const grid = screen.getByRole('list', { name: 'Products' });
    expect(within(grid).getByRole('link', { name: /Milk in store .*Available at Halifax Quinpool Road/ })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: /Milk in region .*Not at your store · available in your region/ })).toBeInTheDocument();
    expect(within(grid).queryByRole('link', { name: /Milk elsewhere/ })).not.toBeInTheDocument();
  });
});

describe('spec §7 analytics on the results page', () => {
  it('sends an Insights view of the shown hits and view_item_list 7 "Search - Products"', async () => {
    setup('/?query=milk&tab=product');
    await screen.findByRole('tab', { name: 'Products (2)' });
    await flush();
    expect(send).toHaveBeenCalledWith([{ eventType: 'view', eventName: 'Search Results Viewed', index: 'products', userToken: expect.any(String), objectIDs: ['s1', 'g1'] }]);
    const track = kit.published('analytics/track').map((e) => e.payload);
    expect(track).toEqual([{ event: 'view_item_list', params: expect.objectContaining({ item_list_id: '7', item_list_name: 'Search - Products', search_term: 'milk' }) }]);
  });

  it('a click sends the queryID and 1-based position; Add to list asks the shopping list and, once stored, sends a conversion', async () => {
    const { user } = setup('/?query=milk&tab=product');
    kit.bus.on('list/add-requested').subscribe(({ payload }) => kit.bus.emit('list/item-added', { itemId: payload.itemId, quantity: 1, requestId: payload.requestId }));
    await screen.findByRole('tab', { name: 'Products (2)' });
    const link = screen.getByRole('link', { name: /Milk in region/ });
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    expect(send).toHaveBeenCalledWith([expect.objectContaining({ eventType: 'click', queryID: 'qid-products-milk', objectIDs: ['g1'], positions: [2] })]);
    await user.click(screen.getByRole('button', { name: 'Add to list: Milk in store' }));
    expect(kit.published('list/add-requested').map((e) => e.payload)).toEqual([expect.objectContaining({ itemId: '111_L_3299', quantity: 1, queryID: 'qid-products-milk', position: 1 })]);
    expect(send).toHaveBeenCalledWith([expect.objectContaining({ eventType: 'conversion', eventName: 'Product Added To List', queryID: 'qid-products-milk', objectIDs: ['s1'] })]);
    expect(await screen.findByRole('button', { name: 'Added: Milk in store' })).toBeInTheDocument();
  });
});

describe('spec §2 / §9 no results on the results page', () => {
  it('announces the message and shows carousels of 18 popular products and 12 popular recipes', async () => {
    setup('/?query=zzqx&tab=product', 1100);
    await screen.findByRole('tab', { name: 'Products (0)' });
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Sorry, we couldn’t find any results for “zzqx”. Check the spelling, or try a more general word.');
    const products = screen.getByRole('region', { name: 'Popular products' });
    expect(within(products).getAllByRole('group', { hidden: true })).toHaveLength(18);
    expect(within(products).getAllByRole('group')).toHaveLength(4); // 4 in view at 1024+
    const recipes = screen.getByRole('region', { name: 'Popular recipes' });
    expect(within(recipes).getAllByRole('group', { hidden: true })).toHaveLength(12);
  });

  it('uses the profanity wording', async () => {
    setup('/?query=merde&tab=product');
    await screen.findByRole('tab', { name: 'Products (0)' });
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Sorry, we couldn’t find any results for that search.');
  });
});
