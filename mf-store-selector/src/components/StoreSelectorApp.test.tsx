import { act, screen, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import type { Store } from 'shared-events';
import { createStoreSearchApi, type StoreSearchApi } from '../api/storeSearch';
import { StoreSelectorApp } from './StoreSelectorApp';
import { PREFERRED_STORE_KEY } from '../api/preferredStore';
import { startOnMonday, fakeApi } from '../test-utils';

jest.mock('../api/storeSearch', () => ({
  ...jest.requireActual('../api/storeSearch'),
  createStoreSearchApi: jest.fn(),
}));

const createApi = createStoreSearchApi as jest.MockedFunction<typeof createStoreSearchApi>;


const home = fixtures.store();
const stores: Store[] = [
  fixtures.store({ storeNumber: '1001', locationName: 'Dartmouth Crossing', slug: 'dartmouth-crossing-1001', address: { address1: '34 Logiealmond Cl', city: 'Dartmouth', province: 'NS', postalCode: 'B3B 0C8' } }),
  fixtures.store({ storeNumber: '1002', locationName: 'Bedford Co-op', slug: 'bedford-coop-1002', hours: { is24Hours: true, storeHours: [] } }),
  fixtures.store({ storeNumber: '1003', locationName: 'Halifax Spring Garden', slug: 'halifax-spring-garden-1003' }),
  fixtures.store({ storeNumber: '1004', locationName: 'Fourth Store Not Listed', slug: 'fourth-1004' }),
];

let kit: TestBus;
let api: jest.Mocked<StoreSearchApi>;

function setup(options: { withStore?: boolean } = {}) {
  if (options.withStore ?? true) kit.bus.emit('store/changed', { store: home, source: 'default' });
  kit.reset();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const utils = renderWithKit(<StoreSelectorApp bus={kit.bus} />, { kit });
  return { user, ...utils };
}

async function openSelector(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Your store: / }));
  return screen.findByRole('dialog', { name: 'Select a store' });
}

beforeEach(() => {
  startOnMonday();
  kit = createTestBus();
  api = fakeApi(stores, home);
  createApi.mockReturnValue(api);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('spec §4 Store selection: start-up', () => {
  it('publishes the locally stored store with source "storage" and names it on the store button', async () => {
    const saved = fixtures.store({ storeNumber: '2002', locationName: 'Truro Prince St', slug: 'truro-2002' });
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(saved));
    setup({ withStore: false });
    expect(await screen.findByRole('button', { name: 'Your store: Truro Prince St' })).toBeInTheDocument();
    expect(kit.published('store/changed').map((e) => e.payload)).toEqual([{ store: saved, source: 'storage' }]);
    expect(api.getStore).not.toHaveBeenCalled();
  });

  it('loads default store 3299 from the search engine when nothing is stored', async () => {
    setup({ withStore: false });
    expect(screen.getByRole('button', { name: 'Select a store' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toBeInTheDocument();
    expect(api.getStore).toHaveBeenCalledWith('3299');
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['default']);
  });

  it('ignores garbage in localStorage and loads the default store instead', async () => {
    localStorage.setItem(PREFERRED_STORE_KEY, '{"storeNumber": 42, "oops"');
    setup({ withStore: false });
    expect(await screen.findByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toBeInTheDocument();
    expect(kit.published('store/changed')[0].payload.source).toBe('default');
  });

  it('spec §8: shows the toast "Could not load a default store. Please try again." when the default cannot load', async () => {
    api.getStore.mockRejectedValue(new Error('network'));
    setup({ withStore: false });
    await act(async () => {});
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([
      { message: 'Could not load a default store. Please try again.', kind: 'error' },
    ]);
    expect(kit.published('store/changed')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Select a store' })).toBeInTheDocument();
  });
});

describe('spec §2 Store selector dialog', () => {
  it('is a modal dialog labelled "Select a store" with a labelled search box, opened from the store button', async () => {
    const { user } = setup();
    const button = screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openSelector(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const input = within(dialog).getByRole('searchbox', { name: 'Search by city or postal code' });
    expect(input).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'View Store Locator' })).toHaveAttribute('href', '/store-locator');
  });

  it('opens when another remote publishes store/selector-open-requested (no header needed)', async () => {
    setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => kit.bus.emit('store/selector-open-requested', {}));
    expect(await screen.findByRole('dialog', { name: 'Select a store' })).toBeInTheDocument();
  });

  it('before typing, lists stores around the current store: 3 of the 4 fetched (spec §9 3 / 4)', async () => {
    const { user } = setup();
    const dialog = await openSelector(user);
    const list = await within(dialog).findByRole('list', { name: 'Stores near you' });
    expect(api.searchStores).toHaveBeenCalledWith({ query: '', around: home._geoloc });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(list).queryByText('Fourth Store Not Listed')).not.toBeInTheDocument();
  });

  it('shows name, address, hours, details link and select button of each store; "Open 24 Hours" for 24-hour stores', async () => {
    const { user } = setup();
    const dialog = await openSelector(user);
    const [first, second] = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
    expect(within(first).getByRole('heading', { name: 'Dartmouth Crossing' })).toBeInTheDocument();
    expect(within(first).getByText('34 Logiealmond Cl, Dartmouth, NS B3B 0C8')).toBeInTheDocument();
    expect(within(first).getByText('Today: 7:00 a.m. – 10:00 p.m.')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View store details' })).toHaveAttribute('href', '/stores/dartmouth-crossing-1001');
    expect(within(first).getByRole('button', { name: 'Select this store' })).toHaveAccessibleDescription('Dartmouth Crossing');
    expect(within(second).getByText('Open 24 Hours')).toBeInTheDocument();
    expect(within(first).queryByText('Open 24 Hours')).not.toBeInTheDocument();
  });

  it('spec §5: debounces the store search 700 ms after the last keystroke', async () => {
    const { user } = setup();
    const dialog = await openSelector(user);
    await within(dialog).findByRole('list');
    api.searchStores.mockClear();
    const input = within(dialog).getByRole('searchbox', { name: 'Search by city or postal code' });
    // 600 ms between keys: each keystroke restarts the 700 ms wait.
    await user.type(input, 'H');
    await act(async () => { jest.advanceTimersByTime(600); });
    await user.type(input, 'a');
    await act(async () => { jest.advanceTimersByTime(600); });
    await user.type(input, 'l');
    expect(api.searchStores).not.toHaveBeenCalled();
    await act(async () => { jest.advanceTimersByTime(699); });
    expect(api.searchStores).not.toHaveBeenCalled();
    await act(async () => { jest.advanceTimersByTime(1); });
    expect(api.searchStores).toHaveBeenCalledTimes(1);
    expect(api.searchStores).toHaveBeenCalledWith({ query: 'Hal', around: undefined });
    expect(await within(dialog).findByRole('list', { name: 'Stores matching your search' })).toBeInTheDocument();
  });

  it('shows a loading state while the search runs', async () => {
    const { user } = setup();
    let resolve: (s: Store[]) => void = () => {};
    api.searchStores.mockReturnValue(new Promise((r) => { resolve = r; }));
    const dialog = await openSelector(user);
    expect(within(dialog).getByText('Searching for stores…')).toBeInTheDocument();
    await act(async () => resolve(stores));
    expect(within(dialog).queryByText('Searching for stores…')).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows "No store found" when a typed search finds nothing', async () => {
    const { user } = setup();
    const dialog = await openSelector(user);
    await within(dialog).findByRole('list');
    api.searchStores.mockResolvedValue([]);
    await user.type(within(dialog).getByRole('searchbox'), 'Zzyzx');
    await act(async () => { jest.advanceTimersByTime(700); });
    expect(within(dialog).getByText('No store found')).toBeInTheDocument();
    expect(within(dialog).queryByText('No stores found in your area')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows "No stores found in your area" when the nearby list is empty', async () => {
    api.searchStores.mockResolvedValue([]);
    const { user } = setup();
    const dialog = await openSelector(user);
    expect(await within(dialog).findByText('No stores found in your area')).toBeInTheDocument();
    expect(within(dialog).queryByText('No store found')).not.toBeInTheDocument();
  });

  it('spec §8: shows "Failed to fetch store data" when the search fails', async () => {
    api.searchStores.mockRejectedValue(new Error('503'));
    const { user } = setup();
    const dialog = await openSelector(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to fetch store data');
  });

  it('Escape closes the dialog and focus returns to the store button', async () => {
    const { user } = setup();
    await openSelector(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toHaveFocus();
  });

  it('traps focus: Tab from the last control wraps to the first', async () => {
    const { user } = setup();
    const dialog = await openSelector(user);
    await within(dialog).findByRole('list');
    within(dialog).getByRole('link', { name: 'View Store Locator' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'View Store Locator' })).toHaveFocus();
  });
});

describe('spec §4 Store selection: confirmation sheet "Update Selected Store"', () => {
  async function chooseFirstStore(user: ReturnType<typeof userEvent.setup>) {
    const dialog = await openSelector(user);
    const [first] = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
    await user.click(within(first).getByRole('button', { name: 'Select this store' }));
    return screen.getByRole('alertdialog', { name: 'Update Selected Store' });
  }

  it('Yes saves the store locally, publishes store/changed, a success toast and analytics, and closes', async () => {
    const { user } = setup();
    const sheet = await chooseFirstStore(user);
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveTextContent('Dartmouth Crossing');
    await user.click(within(sheet).getByRole('button', { name: 'Yes' }));

    expect(JSON.parse(localStorage.getItem(PREFERRED_STORE_KEY) ?? 'null')).toEqual(stores[0]);
    expect(kit.published('store/changed').map((e) => e.payload)).toEqual([{ store: stores[0], source: 'user' }]);
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([
      { id: 'store-selection', message: 'Your store is now Dartmouth Crossing.', kind: 'success' },
    ]);
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([
      { event: 'select_store', params: { storeNumber: '1001' } },
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your store: Dartmouth Crossing' })).toHaveFocus();
  });

  it('No clears the pending choice and returns to the list without publishing anything', async () => {
    const { user } = setup();
    const sheet = await chooseFirstStore(user);
    await user.click(within(sheet).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Select a store' });
    expect(within(dialog).getAllByRole('button', { name: 'Select this store' })[0]).toHaveFocus();
    expect(kit.log).toHaveLength(0);
    expect(localStorage.getItem(PREFERRED_STORE_KEY)).toBeNull();
  });

  it('Escape on the sheet answers No and keeps the selector open', async () => {
    const { user } = setup();
    await chooseFirstStore(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Select a store' })).toBeInTheDocument();
    expect(kit.published('store/changed')).toHaveLength(0);
  });
});
