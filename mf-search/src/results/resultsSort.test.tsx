/**
 * The results page's unit prices and its 'Sort by' (relevance or unit price, low to high): every card
 * shows the unit price of the price it shows, and the sorted order is the order of those unit prices.
 */
import { screen, within } from '@testing-library/react';
import { unitPrice } from '@storefront/remote-kit/unit-price';
import { ResultsApp } from './ResultsApp';
import { fakeClient, flush, mountApp, product, type FakeData, type FakeRecord, type FakeSearchClient } from '../test-utils';
import { parseResultsSort, sortedResultsUrl } from '../state/resultsSort';

jest.mock('../api/insights');
jest.mock('../api/topSearches');
jest.mock('../api/content');
jest.mock('../api/searchClient');

/** A product as the seed indexes it: with `unitPrices` per store of the price that store shows. */
function priced(id: string, title: string, size: string, base: number, at3299: number | null, extra: Partial<FakeRecord> = {}): FakeRecord {
  const shown = at3299 ?? base;
  return product(id, title, {
    size, price: base, storePrices: at3299 === null ? {} : { '3299': at3299 },
    unitPrice: unitPrice(base, size)?.cents, unitPrices: { '3299': unitPrice(shown, size)?.cents }, ...extra,
  });
}

const DATA: FakeData = {
  products: [
    priced('m1', 'Milk small', '1 L', 329, 349),        // $0.35 /100 mL
    priced('m2', 'Milk jug', '4 L', 699, 649),          // $0.16 /100 mL
    priced('m3', 'Milk region', '2 L', 459, null, { storeIds: ['7777'], regions: ['ns'] }), // base: $0.23 /100 mL
    priced('m4', 'Milk pack', '6 x 200 mL', 499, 479),  // $0.40 /100 mL
  ],
  recipes: [],
  products_query_suggestions: [],
};

let client: FakeSearchClient;
function setup(url: string) {
  client = fakeClient(DATA);
  return mountApp(ResultsApp, { client, url, store: { bannerCode: 'standard' }, navigate: 'kit' });
}
const shownUnitPrices = () => within(screen.getByRole('tabpanel', { name: /^Products/ })).getAllByRole('listitem')
  .map((li) => li.querySelector('.mfs-card__unit-price [aria-hidden="true"]')?.textContent ?? null);

beforeEach(() => { jest.useFakeTimers(); });
afterEach(() => { jest.useRealTimers(); window.history.replaceState(null, '', '/'); });

describe('results page: unit prices and the unit-price sort', () => {
  it('every card shows the unit price of the price it shows (store price, else base), and says it in words', async () => {
    setup('/?query=milk&tab=product');
    await screen.findByRole('tab', { name: 'Products (4)' });
    expect(shownUnitPrices()).toEqual(['$0.35 /100 mL', '$0.16 /100 mL', '$0.23 /100 mL', '$0.40 /100 mL']);
    expect(screen.getByRole('link', { name: /Milk jug/ })).toHaveAccessibleName(expect.stringContaining('$6.49 $0.16 per 100 mL'));
  });

  it("'Unit price: low to high' puts &sort= in the URL, asks the engine for the store's unit prices and lists them in that order", async () => {
    const { user } = setup('/?query=milk&tab=product');
    await screen.findByRole('tab', { name: 'Products (4)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Unit price: low to high');
    await flush();
    expect(window.location.search).toBe('?query=milk&tab=product&sort=unit-price-asc');
    expect(client.calls.at(-1)![0]).toEqual(expect.objectContaining({ indexName: 'products', sort: 'asc(unitPrices.3299)' }));
    expect(shownUnitPrices()).toEqual(['$0.16 /100 mL', '$0.23 /100 mL', '$0.35 /100 mL', '$0.40 /100 mL']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('unit-price-asc');
    // the recipes tab keeps the products' sort in its address
    await user.click(screen.getByRole('tab', { name: /^Recipes/ }));
    expect(window.location.search).toBe('?query=milk&tab=recipe&sort=unit-price-asc');
  });

  it('the sort in the URL: unit-price-asc or nothing (unknown values are relevance, the default is left out)', () => {
    expect(parseResultsSort('?query=milk&sort=unit-price-asc')).toBe('unit-price-asc');
    expect(parseResultsSort('?query=milk&sort=cheapest')).toBe('relevance');
    expect(sortedResultsUrl('mac & cheese', 'product', 'relevance')).toBe('/?query=mac%20%26%20cheese&tab=product');
    expect(sortedResultsUrl('milk', 'product', 'unit-price-asc')).toBe('/?query=milk&tab=product&sort=unit-price-asc');
  });
});
