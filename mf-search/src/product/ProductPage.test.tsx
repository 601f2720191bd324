/**
 * The product page (spec §2 `/products/{slug}`, §5 availability, §3 list items): lookup by
 * pageSlug through the search client, price for the preferred store, availability, quantity and
 * 'Add to list', Nutrition Facts per 100 g, not found, loading and error states.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createSearchClient } from '../api/searchClient';
import { productRequest } from '../api/product';
import { ProductApp } from './ProductApp';
import * as productSpa from '../product-spa';
import { nutritionValueText, pageSlugFromPath, parseQuantity, searchWordsFromPageSlug } from '../state/product';
import { deferred, fakeClient, flush, fakeClockPerTest, mountOnData, product, type FakeData, type FakeSearchClient } from '../test-utils';

jest.mock('../api/insights');
jest.mock('../api/searchClient');

// USDA SR21 values of NDB 01001 (butter, with salt), as in services/seed/data/nutrition.json.
const BUTTER_FACTS = { energyKcal: 717, protein: 0.85, totalFat: 81.11, saturatedFat: 51.368, carbohydrate: 0.06, fibre: 0, sugars: 0.06, sodium: 576 };

const DATA: FakeData = {
  products: [
    product('20010010', 'Butter, Salted', {
      articleNumber: '20010010', uom: 'G', size: '454 g', brand: 'Harbour Pantry', price: 739,
      storePrices: { '3299': 819, '9772': 789 }, storeIds: ['3299', '9772'], regions: ['atlantic', 'ns'],
      pageSlug: 'products/butter-salted-20010010', usdaNdbNo: '01001', nutrition: BUTTER_FACTS, featuredImage: '/media/butter.svg',
    }),
    product('20999990', 'Ontario Honey <b>raw</b>', {
      articleNumber: '20999990', storeIds: ['7777'], regions: ['on'], storePrices: { '7777': 999 }, price: 899,
      pageSlug: 'products/ontario-honey-20999990', usdaNdbNo: '19296',
      nutrition: { ...BUTTER_FACTS, sugars: null },
    }),
  ],
  recipes: [],
  products_query_suggestions: [],
};

let kit: TestBus;
let client: FakeSearchClient;

function setup(url: string, withStore = true) {
  const app = mountOnData(ProductApp, DATA, { url, store: withStore ? {} : false });
  ({ kit, client } = app);
  return { user: app.user };
}

fakeClockPerTest();

describe('product page state helpers', () => {
  it.each([
    ['/products/butter-salted-20010010', 'products/butter-salted-20010010'],
    ['/products/butter-salted-20010010/', 'products/butter-salted-20010010'],
    ['/products/category/dairy', null],
    ['/products', null],
    ['/products/%E0%A4%A', null],
  ])('maps %s to the record pageSlug %s, and nothing else', (path, pageSlug) => {
    expect(pageSlugFromPath(path)).toBe(pageSlug);
  });

  it('searches the words of a pageSlug', () => {
    expect(searchWordsFromPageSlug('products/butter-salted-20010010')).toBe('butter salted');
  });

  it('shows USDA values as given, with units, and never invents a zero', () => {
    expect(nutritionValueText(51.368, 'g')).toBe('51.368 g');
    expect(nutritionValueText(0, 'g')).toBe('0 g');
    expect(nutritionValueText(null, 'g')).toBe('Not available');
  });

  it('accepts whole quantities from 1 to 99', () => {
    expect(parseQuantity('2')).toBe(2);
    expect(['0', '100', '1.5', '', 'x'].map(parseQuantity)).toEqual([null, null, null, null, null]);
  });

  it('asks the products index for the exact pageSlug, outside the analytics', () => {
    expect(productRequest('products', 'products/a"b-1')).toEqual({
      indexName: 'products', query: '', filters: 'pageSlug:"products/ab-1"', hitsPerPage: 1, analytics: false,
    });
  });
});

describe('product page', () => {
  it('shows the unit price of the store price next to it ($8.19 for 454 g → $1.80 /100 g), in words for screen readers', async () => {
    setup('/products/butter-salted-20010010');
    await screen.findByRole('heading', { level: 1, name: 'Butter, Salted' });
    const unit = screen.getByText('$1.80 /100 g');
    expect(unit).toHaveAttribute('aria-hidden', 'true');
    expect(unit.parentElement).toHaveTextContent('$1.80 /100 g$1.80 per 100 g');
    // right under the price line
    expect(screen.getByText('$8.19').closest('p')!.nextElementSibling).toBe(unit.parentElement);
  });

  it('shows name, size, brand, the preferred store price, availability and the USDA nutrition facts', async () => {
    setup('/products/butter-salted-20010010');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Butter, Salted' });
    expect(heading).toBeInTheDocument();
    expect(client.calls[0]).toEqual([expect.objectContaining({ indexName: 'products', filters: 'pageSlug:"products/butter-salted-20010010"' })]);
    expect(screen.getByText('454 g · Harbour Pantry')).toBeInTheDocument();
    expect(screen.getByText('$8.19')).toBeInTheDocument();
    expect(screen.getByText('$8.19').closest('p')).toHaveTextContent('$8.19 at Halifax Quinpool Road');
    const availability = screen.getByRole('list', { name: 'Availability' });
    expect(within(availability).getByText('Available at Halifax Quinpool Road')).toBeInTheDocument();
    expect(within(availability).getByText('Available in your region')).toBeInTheDocument();

    const table = screen.getByRole('table');
    expect(within(table).getByText(/Per 100 g\. Source: USDA National Nutrient Database for Standard Reference, Release 21 \(SR21\), NDB No\. 01001/)).toBeInTheDocument();
    const value = (label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getByRole('cell').textContent;
    expect(value('Energy')).toBe('717 kcal');
    expect(value('Total fat')).toBe('81.11 g');
    expect(value('Saturated fat')).toBe('51.368 g');
    expect(value('Carbohydrate')).toBe('0.06 g');
    expect(value('Fibre')).toBe('0 g');
    expect(value('Sugars')).toBe('0.06 g');
    expect(value('Protein')).toBe('0.85 g');
    expect(value('Sodium')).toBe('576 mg');
  });

  it("opens with the intro the edge serves for it: the picture beside the name and 'size · brand' (src/first-view.json)", async () => {
    setup('/products/butter-salted-20010010');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Butter, Salted' });
    const intro = heading.closest('header')!;
    expect(intro).toHaveClass('sf-intro', 'sf-intro--picture');
    expect(intro.querySelector('img')).toHaveAttribute('src', DATA.products[0].featuredImage);
    expect(intro.querySelector('img')).toHaveAttribute('alt', ''); // the heading beside it names it
    expect(within(intro).getByText('454 g · Harbour Pantry')).toBeInTheDocument();
    // the price and 'Add to list' under the name (the kit's .sf-intro__more), the nutrition facts in the article
    expect(within(intro).getByText('$8.19')).toBeInTheDocument();
    expect(within(intro).getByRole('button', { name: 'Add to list' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAccessibleName('Butter, Salted');
    expect(within(screen.getByRole('article')).getByRole('table')).toBeInTheDocument();
  });

  it('keeps the intro the edge served on screen while the record loads, not a skeleton', async () => {
    const pending = deferred<{ results: unknown[] }>();
    const real = fakeClient(DATA);
    const slow = fakeClient(DATA);
    let asked: unknown[] = [];
    slow.search.mockImplementationOnce((...args: unknown[]) => { asked = args; return pending.promise; });
    (createSearchClient as jest.Mock).mockReturnValue(slow);
    window.history.replaceState(null, '', '/products/butter-salted-20010010');
    const domElement = document.createElement('div');
    domElement.id = 'slot-page';
    domElement.innerHTML = '<header class="sf-intro sf-intro--picture" data-first-view="mf-search"><img class="sf-intro__picture" src="/media/butter.svg" alt="" width="240" height="240"><h1 class="sf-intro__heading" tabindex="-1">Butter, Salted</h1><p class="sf-intro__lead">454 g · Harbour Pantry</p></header>';
    document.body.appendChild(domElement);
    const served = domElement.querySelector('h1');
    const props = { name: 'mf-search-product', singleSpa: {}, mountParcel: jest.fn(), bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() };
    jest.useRealTimers();
    await productSpa.bootstrap(props as never);
    let mounted: Promise<unknown> = Promise.resolve();
    act(() => { mounted = productSpa.mount(props as never); });
    await act(async () => { await mounted; });
    expect(await screen.findByText('Loading product…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Butter, Salted' })).toBe(served); // the edge's element, still there
    expect(domElement.querySelectorAll('h1')).toHaveLength(1);
    const answer = await (real.search as unknown as (...a: unknown[]) => Promise<{ results: unknown[] }>)(...asked);
    await act(async () => { pending.resolve(answer); });
    expect(await screen.findByText('Nutrition Facts')).toBeInTheDocument();
    expect(domElement.querySelectorAll('h1')).toHaveLength(1);
    expect(domElement.querySelector('[data-first-view]')).toBeNull();
    await act(async () => { await productSpa.unmount(props as never); });
    domElement.remove();
  });

  it('renders record text as text, and says when the store and its region do not sell it', async () => {
    setup('/products/ontario-honey-20999990');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ontario Honey <b>raw</b>' })).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('Not sold at Halifax Quinpool Road')).toBeInTheDocument();
    expect(screen.getByText('Not available in your region')).toBeInTheDocument();
    expect(screen.getByText('$8.99')).toBeInTheDocument();
    const sugars = within(screen.getByRole('rowheader', { name: 'Sugars' }).closest('tr')!).getByRole('cell');
    expect(sugars).toHaveTextContent('Not available');
  });

  it("'Add to list' sends the quantity for the store and says 'Added' only once the list answers", async () => {
    const { user } = setup('/products/butter-salted-20010010');
    await screen.findByRole('heading', { level: 1, name: 'Butter, Salted' });
    const answer = deferred<void>();
    kit.bus.on('list/add-requested').subscribe(({ payload }) => {
      void answer.promise.then(() => kit.bus.emit('list/item-added', { itemId: payload.itemId, quantity: payload.quantity ?? 1, requestId: payload.requestId }));
    });
    const qty = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(qty);
    await user.type(qty, '2');
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    expect(kit.published('list/add-requested').map((e) => e.payload)).toEqual([
      expect.objectContaining({ itemId: '20010010_G_3299', quantity: 2, productType: 'product', name: 'Butter, Salted' }),
    ]);
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Added' })).not.toBeInTheDocument();
    await act(async () => { answer.resolve(); await answer.promise; });
    await flush();
    expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
  });

  it('does not add an invalid quantity', async () => {
    const { user } = setup('/products/butter-salted-20010010');
    await screen.findByRole('heading', { level: 1, name: 'Butter, Salted' });
    const qty = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(qty);
    await user.type(qty, '0');
    expect(screen.getByRole('button', { name: 'Add to list' })).toBeDisabled();
    expect(screen.getByText('Enter a quantity from 1 to 99.')).toBeInTheDocument();
    expect(kit.published('list/add-requested')).toEqual([]);
  });

  it("an unknown slug shows 'Product not found' with a link to search", async () => {
    setup('/products/unicorn-steak-99999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for “unicorn steak”' })).toHaveAttribute('href', '/?query=unicorn%20steak&tab=product');
  });

  it('shows a loading state, then an error with Try again that refetches', async () => {
    const failing = deferred<{ results: unknown[] }>();
    const real = fakeClient(DATA);
    const flaky = fakeClient(DATA);
    flaky.search.mockImplementationOnce(() => failing.promise).mockImplementation(real.search);
    (createSearchClient as jest.Mock).mockReturnValue(flaky);
    window.history.replaceState(null, '', '/products/butter-salted-20010010');
    kit = createTestBus();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithKit(<ProductApp bus={kit.bus} />, { kit });
    expect(screen.getByRole('status')).toHaveTextContent('Loading product…');
    expect(document.querySelector('.mfs-product__skeleton')).not.toBeNull();
    await act(async () => { failing.reject(new Error('engine down')); await failing.promise.catch(() => undefined); });
    await flush();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Butter, Salted' })).toBeInTheDocument();
    // Without a store yet the page shows the base price and no availability lines.
    expect(screen.getByText('$7.39')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Availability' })).not.toBeInTheDocument();
  });
});
