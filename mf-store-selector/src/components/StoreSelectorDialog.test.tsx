/**
 * Nothing is downloaded that the page does not use: the selector's panel (list, focus-trap,
 * confirmation sheet) and the algoliasearch client are chunks of their own. These tests watch when
 * their modules are first required (jest's stand-in for the chunk download) and hold the panel back
 * to check what the shopper gets meanwhile.
 */
import { act, screen, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import type { Store } from 'shared-events';
import { StoreSelectorApp } from './StoreSelectorApp';
import { createStoreSearchApi } from '../api/storeSearch';
import { PREFERRED_STORE_KEY } from '../api/preferredStore';
import { fakeApi } from '../test-utils';

/** Which on-demand modules were required, and the gate holding the panel back. */
const loaded: string[] = [];
const gate: { open: boolean; release: () => void; wait: Promise<void> } = { open: true, release: () => {}, wait: Promise.resolve() };

jest.mock('./StoreSelectorPanel', () => {
  loaded.push('panel');
  const actual = jest.requireActual('./StoreSelectorPanel');
  function GatedPanel(props: Record<string, unknown>) {
    if (!gate.open) throw gate.wait; // still "downloading"
    return <actual.StoreSelectorPanel {...props} />;
  }
  return { ...actual, StoreSelectorPanel: GatedPanel };
});
jest.mock('../api/algoliaStoreSearch', () => {
  loaded.push('search client');
  return jest.requireActual('../api/algoliaStoreSearch');
});
jest.mock('../api/storeSearch', () => ({
  ...jest.requireActual('../api/storeSearch'),
  createStoreSearchApi: jest.fn(),
}));

const MONDAY = new Date(2025, 5, 2, 10, 0, 0);
const home = fixtures.store();
const stores: Store[] = [
  fixtures.store({ storeNumber: '1001', locationName: 'Dartmouth Crossing', slug: 'dartmouth-crossing-1001' }),
  fixtures.store({ storeNumber: '1002', locationName: 'Bedford Co-op', slug: 'bedford-coop-1002' }),
];

let kit: TestBus;
let api: ReturnType<typeof fakeApi>;

function holdPanel() {
  gate.open = false;
  gate.wait = new Promise((resolve) => {
    gate.release = () => {
      gate.open = true;
      resolve();
    };
  });
}

beforeEach(() => {
  jest.useFakeTimers({ now: MONDAY });
  localStorage.clear();
  kit = createTestBus();
  api = fakeApi(stores, home);
  (createStoreSearchApi as jest.Mock).mockReturnValue(api);
  gate.open = true;
});

afterEach(() => {
  jest.useRealTimers();
});

// Runs first: the module registry of this file starts with neither module required.
it("a returning shopper's start-up needs neither the panel nor the search client; pointing at the button starts both", async () => {
  localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithKit(<StoreSelectorApp bus={kit.bus} />, { kit });
  const button = await screen.findByRole('button', { name: 'Your store: Halifax Quinpool Road' });
  await act(async () => { jest.advanceTimersByTime(1000); });
  expect(loaded).toEqual([]);
  expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['storage']);

  await user.hover(button);
  await act(async () => {});
  expect(loaded).toEqual(expect.arrayContaining(['panel', 'search client']));
});

it('the dialog frame is there at once with focus in the search box; typing while the list loads is kept and searched', async () => {
  kit.bus.emit('store/changed', { store: home, source: 'default' });
  holdPanel();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithKit(<StoreSelectorApp bus={kit.bus} />, { kit });
  await user.click(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' }));

  const dialog = screen.getByRole('dialog', { name: 'Select a store' });
  const input = within(dialog).getByRole('searchbox', { name: 'Search by city or postal code' });
  expect(input).toHaveFocus();
  expect(within(dialog).getByRole('status')).toHaveTextContent('Searching for stores…');
  // The nearby list's request does not wait for the panel.
  expect(api.searchStores).toHaveBeenCalledWith({ query: '', around: home._geoloc });

  await user.type(input, 'Bed');
  expect(input).toHaveValue('Bed');
  expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();

  await act(async () => gate.release());
  // The panel's first query is the text as it is now (no 700 ms wait for text typed meanwhile).
  expect(await within(dialog).findByRole('list', { name: 'Stores matching your search' })).toBeInTheDocument();
  expect(api.searchStores).toHaveBeenLastCalledWith({ query: 'Bed', around: undefined });
  expect(input).toHaveFocus();
});

it('Escape closes the dialog also before the panel has arrived, and focus returns to the store button', async () => {
  kit.bus.emit('store/changed', { store: home, source: 'default' });
  holdPanel();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithKit(<StoreSelectorApp bus={kit.bus} />, { kit });
  await user.click(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' }));
  expect(screen.getByRole('dialog', { name: 'Select a store' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toHaveFocus();
  await act(async () => gate.release());
});
