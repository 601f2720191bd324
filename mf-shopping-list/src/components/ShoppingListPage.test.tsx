import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import type { ListService } from '../api/listService';
import type { ListItem } from '../state/model';
import { custom, eventually, fakeServer, manyProducts, memoryService, mockProductFetch, product, record, sessions } from '../test-utils';
import { ShoppingListPage } from './ShoppingListPage';

const realFetch = globalThis.fetch;
const services: ListService[] = [];
afterEach(() => {
  globalThis.fetch = realFetch;
  services.splice(0).forEach((s) => s.dispose());
});

const HALIFAX = fixtures.store({ storeNumber: '3299', locationName: 'Halifax Quinpool Road', region: ['atlantic', 'ns'] });
const TORONTO = fixtures.store({ storeNumber: '2062', locationName: 'Toronto Queen West', slug: 'toronto-queen-west-2062', region: ['ontario', 'on'] });

async function renderPage(items: ListItem[], o: { kit?: TestBus; service?: ListService } = {}) {
  const kit = o.kit ?? createTestBus();
  const service = o.service ?? await memoryService(kit.bus, items);
  services.push(service);
  const view = renderWithKit(<ShoppingListPage service={service} />, { remote: 'mf-shopping-list', kit });
  return { ...view, kit, service };
}

const rows = () => document.querySelectorAll('[data-item-row]');

// Rendering 120 rows in jsdom takes ~1.6 s on an idle machine; CI runs every package's tests at once on
// 2 cores, so allow 20 s per test (these tests assert behaviour, not speed: speed is in bench).
jest.setTimeout(20_000);

describe('/shopping-list page (spec §2, §4, §5, §9)', () => {
  it("shows 100 items, then 'Load More' shows the rest (120), announced politely, with focus on the first new item", async () => {
    globalThis.fetch = mockProductFetch([]);
    const items = manyProducts(120);
    await renderPage(items);
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping list' })).toBeInTheDocument();
    expect(screen.getByText('120 items')).toBeInTheDocument();
    await eventually(() => expect(rows()).toHaveLength(100));
    expect(screen.getByText('Showing 100 of 120 items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await eventually(() => expect(rows()).toHaveLength(120));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByTestId('list-announcer')).toHaveTextContent('Showing 120 of 120 items.');
    expect(document.activeElement?.closest('[data-item-row]')).toHaveAttribute('data-item-row', items[100].item_id);
  });

  it("keeps focus on 'Load More' while more remain, and fetches product details per 100", async () => {
    const fetchMock = mockProductFetch([]);
    globalThis.fetch = fetchMock;
    await renderPage(manyProducts(250));
    await eventually(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const more = screen.getByRole('button', { name: 'Load More' });
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'Load More' })).toHaveFocus();
    await eventually(() => expect(rows()).toHaveLength(200));
    await eventually(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const second = JSON.parse(String(fetchMock.mock.calls[1][1].body)).requests;
    expect(second).toHaveLength(100);
    expect(second[0].objectID).toBe('10000101');
  });

  it("groups products by the category of their record ('Other' when unknown) after the custom items", async () => {
    globalThis.fetch = mockProductFetch([
      record(1, { title: 'Butter, Salted', category: 'Dairy & Eggs' }),
      record(2, { title: 'Basmati Rice', category: 'Pantry' }),
      record(3, { title: 'Mystery Jar', category: '' }),
      record(4, { title: 'Brie Cheese', category: 'Dairy & Eggs' }),
    ]);
    await renderPage([product(1), product(2), product(3), product(4), product(5, { meta: { name: 'Old soup' } }), custom('Napkins')]);
    await screen.findByText('Butter, Salted');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Custom List Items', 'Dairy & Eggs', 'Pantry', 'Other']);
    const dairy = screen.getByRole('region', { name: 'Dairy & Eggs' });
    expect(within(dairy).getAllByRole('listitem').map((li) => li.querySelector('.mfsl-item__name')?.textContent)).toEqual(['Butter, Salted', 'Brie Cheese']);
    const other = screen.getByRole('region', { name: 'Other' });
    expect(within(other).getByText('Mystery Jar')).toBeInTheDocument();
    // A product the index no longer has: its stored name, 'No longer available'.
    expect(within(other).getByText('Old soup')).toBeInTheDocument();
    expect(within(other).getByText('No longer available')).toBeInTheDocument();
  });

  it('shows only items with a quantity above 0 and an item_id (spec §5)', async () => {
    globalThis.fetch = mockProductFetch([record(1, { title: 'Kept' }), record(2, { title: 'Zero' })]);
    const kit = createTestBus();
    await renderPage([product(1), product(2, { quantity: 0 }), { ...product(3), item_id: '' }, custom('Napkins', undefined, { quantity: -1 })], { kit });
    await screen.findByText('Kept');
    expect(rows()).toHaveLength(1);
    expect(screen.queryByText('Zero')).not.toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(kit.bus.state.listCount.value).toBe(1);
  });

  it('checks availability against the store and its region, and again when the store changes', async () => {
    globalThis.fetch = mockProductFetch([
      record(1, { title: 'Store item', storeIds: ['3299'], storePrices: { '3299': 819 }, price: 739, regions: ['atlantic'] }),
      record(2, { title: 'Regional item', storeIds: ['9772'], storePrices: { '9772': 500 }, price: 649, regions: ['ns'] }),
      record(3, { title: 'Ontario item', storeIds: ['2062'], storePrices: { '2062': 1099 }, price: 999, regions: ['on'] }),
    ]);
    const kit = createTestBus();
    kit.bus.emit('store/changed', { store: HALIFAX, source: 'user' });
    await renderPage([product(1), product(2), product(3)], { kit });
    const line = async (name: string) => (await screen.findByText(name)).closest('li')!;
    expect(await line('Store item')).toHaveTextContent('$8.19');
    expect(await line('Regional item')).toHaveTextContent('$6.49');
    expect(await line('Ontario item')).toHaveTextContent('Not available at Halifax Quinpool Road');
    // The unit price of the price shown (454 g packages), read 'per 100 g'; none where it is not sold.
    expect(await line('Store item')).toHaveTextContent('$1.80 /100 g');
    expect(within(await line('Regional item')).getByText('$1.43 per 100 g')).toBeInTheDocument();
    expect((await line('Ontario item')).querySelector('[data-unit-price]')).toBeNull();
    expect(screen.getByText(/Prices and availability for Halifax Quinpool Road/)).toBeInTheDocument();

    act(() => kit.bus.emit('store/changed', { store: TORONTO, source: 'user' }));
    expect(await line('Ontario item')).toHaveTextContent('$10.99');
    expect(await line('Ontario item')).toHaveTextContent('$2.42 /100 g');
    expect(await line('Store item')).toHaveTextContent('Not available at Toronto Queen West');
    expect(await line('Regional item')).toHaveTextContent('Not available at Toronto Queen West');
  });

  it('checks an item off (kept, shown as done) and validates a typed quantity', async () => {
    globalThis.fetch = mockProductFetch([record(1, { title: 'Butter' })]);
    const { service } = await renderPage([product(1, { quantity: 2 })]);
    const box = await screen.findByRole('checkbox', { name: 'Check off Butter' });
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(box.closest('li')).toHaveClass('mfsl-item--done');
    expect(rows()).toHaveLength(1);

    const qty = screen.getByRole('textbox', { name: 'Quantity of Butter' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '0{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 999.');
    expect(qty).toHaveValue('2');
    await userEvent.clear(qty);
    await userEvent.type(qty, '12{Enter}');
    await eventually(() => expect(service.getSnapshot().items[0].quantity).toBe(12));
    expect(qty).toHaveValue('12');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Butter' })).toBeEnabled();
  });

  it('renames a custom item inline (cut at 50, rendered as text)', async () => {
    globalThis.fetch = mockProductFetch([]);
    const { service } = await renderPage([custom('Napkins')]);
    await userEvent.click(screen.getByRole('button', { name: 'Rename Napkins' }));
    const field = screen.getByRole('textbox', { name: 'New name for Napkins' });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name for the item.');
    await userEvent.type(field, '<b>Paper</b> napkins{Enter}');
    expect(await screen.findByText('<b>Paper</b> napkins')).toBeInTheDocument();
    expect((service.getSnapshot().items[0].meta as { name: string }).name).toBe('<b>Paper</b> napkins');
    expect(document.querySelector('.mfsl-page b')).toBeNull();
  });

  it('moves focus to the next row when an item is removed', async () => {
    globalThis.fetch = mockProductFetch([]);
    await renderPage(['Apples', 'Bread', 'Cheese'].map((n, i) => custom(n, undefined, { created_at: `2025-01-0${i + 1}T00:00:00.000Z` })));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bread' }));
    expect(screen.queryByText('Bread')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Cheese' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cheese' }));
    expect(screen.getByRole('button', { name: 'Remove Apples' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Apples' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('shows the empty state with a link to /products', async () => {
    const { remoteProps } = await renderPage([]);
    expect(screen.getByText('Your list is empty')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Browse products' });
    expect(link).toHaveAttribute('href', '/products');
    await userEvent.click(link);
    expect(remoteProps.navigate).toHaveBeenCalledWith('/products');
  });

  it('shows a loading skeleton, then an error with a retry when the account list cannot be read', async () => {
    const server = fakeServer([product(1)]);
    server.failAlways('fetchAll');
    const kit = createTestBus();
    kit.bus.emit('session/changed', sessions.nora());
    const { memoryBackend } = await import('../api/backend');
    const { silentChannel } = await import('../api/channel');
    const { createListService } = await import('../api/listService');
    const service = createListService({ bus: kit.bus, config: DEFAULT_RUNTIME_CONFIG, backend: memoryBackend(new Map()), channel: silentChannel, api: server.api, retry: { baseMs: 60000, maxMs: 60000 } });
    globalThis.fetch = mockProductFetch([record(1, { title: 'Butter' })]);
    await renderPage([], { kit, service });
    expect(screen.getAllByText('Loading your list…').length).toBeGreaterThan(0);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your shopping list could not be loaded.');
    server.heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Butter')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
