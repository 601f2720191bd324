/**
 * Nothing is downloaded that the page does not use: the selector's dialog, its panel (list,
 * confirmation sheet), the first visit's location offer and the algoliasearch client are chunks of
 * their own. These tests watch when their modules are first required (jest's stand-in for the chunk
 * download) and hold the dialog or the panel back to check what the shopper gets meanwhile.
 */
import type { ComponentType } from 'react';
import { act, screen, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import type { Store } from 'shared-events';
import { StoreSelectorApp } from './StoreSelectorApp';
import { createStoreSearchApi } from '../api/storeSearch';
import { PREFERRED_STORE_KEY } from '../api/preferredStore';
import { startOnMonday, fakeApi } from '../test-utils';

/** Which on-demand modules were required. */
const loaded: string[] = [];
/** A gate holding a part back ("still downloading"); `broken` makes it fail instead. */
interface Gate { open: boolean; broken: boolean; release: () => void; wait: Promise<void> }
const newGate = (): Gate => ({ open: true, broken: false, release: () => {}, wait: Promise.resolve() });
const gates = { dialog: newGate(), panel: newGate() };

/** The module's component, rendered only once its gate is open. */
function gated(gate: Gate, Actual: ComponentType<Record<string, unknown>>) {
  return function Gated(props: Record<string, unknown>) {
    if (gate.broken) throw new Error('chunk failed');
    if (!gate.open) throw gate.wait;
    return <Actual {...props} />;
  };
}

jest.mock('./StoreSelectorDialog', () => {
  loaded.push('dialog');
  const actual = jest.requireActual('./StoreSelectorDialog');
  return { ...actual, StoreSelectorDialog: gated(gates.dialog, actual.StoreSelectorDialog) };
});
jest.mock('./StoreSelectorPanel', () => {
  loaded.push('panel');
  const actual = jest.requireActual('./StoreSelectorPanel');
  return { ...actual, StoreSelectorPanel: gated(gates.panel, actual.StoreSelectorPanel) };
});
jest.mock('../api/nearbyOffer', () => {
  loaded.push('location offer');
  return jest.requireActual('../api/nearbyOffer');
});
jest.mock('../api/algoliaStoreSearch', () => {
  loaded.push('search client');
  return jest.requireActual('../api/algoliaStoreSearch');
});
jest.mock('../api/storeSearch', () => ({
  ...jest.requireActual('../api/storeSearch'),
  createStoreSearchApi: jest.fn(),
}));

const home = fixtures.store();
const stores: Store[] = [
  fixtures.store({ storeNumber: '1001', locationName: 'Dartmouth Crossing', slug: 'dartmouth-crossing-1001' }),
  fixtures.store({ storeNumber: '1002', locationName: 'Bedford Co-op', slug: 'bedford-coop-1002' }),
];

let kit: TestBus;
let api: ReturnType<typeof fakeApi>;

function hold(gate: Gate) {
  gate.open = false;
  gate.wait = new Promise((resolve) => {
    gate.release = () => {
      gate.open = true;
      resolve();
    };
  });
}

/** The app with the home store; the button pressed while `gate` holds its part back. */
async function openWhileHeld(gate: Gate) {
  kit.bus.emit('store/changed', { store: home, source: 'default' });
  hold(gate);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithKit(<StoreSelectorApp bus={kit.bus} />, { kit });
  await user.click(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' }));
  return user;
}

beforeEach(() => {
  startOnMonday();
  kit = createTestBus();
  api = fakeApi(stores, home);
  (createStoreSearchApi as jest.Mock).mockReturnValue(api);
  Object.assign(gates.dialog, newGate());
  Object.assign(gates.panel, newGate());
});

afterEach(() => {
  jest.useRealTimers();
});

// Runs first: the module registry of this file starts with no on-demand module required.
it("a returning shopper's start-up needs no on-demand chunk; pointing at the button starts the dialog, its panel and the search client", async () => {
  localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithKit(<StoreSelectorApp bus={kit.bus} />, { kit });
  const button = await screen.findByRole('button', { name: 'Your store: Halifax Quinpool Road' });
  await act(async () => { jest.advanceTimersByTime(1000); });
  expect(loaded).toEqual([]);
  expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['storage']);

  await user.hover(button);
  await act(async () => {});
  expect(loaded).toEqual(expect.arrayContaining(['dialog', 'panel', 'search client']));
  expect(loaded).not.toContain('location offer');
});

it('the dialog frame is there at once with focus in the search box; typing while the list loads is kept and searched', async () => {
  const user = await openWhileHeld(gates.panel);

  const dialog = screen.getByRole('dialog', { name: 'Select a store' });
  const input = within(dialog).getByRole('searchbox', { name: 'Search by city or postal code' });
  expect(input).toHaveFocus();
  expect(within(dialog).getByRole('status')).toHaveTextContent('Searching for stores…');
  // The nearby list's request does not wait for the panel.
  expect(api.searchStores).toHaveBeenCalledWith({ query: '', around: home._geoloc });

  await user.type(input, 'Bed');
  expect(input).toHaveValue('Bed');
  expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();

  await act(async () => gates.panel.release());
  // The panel's first query is the text as it is now (no 700 ms wait for text typed meanwhile).
  expect(await within(dialog).findByRole('list', { name: 'Stores matching your search' })).toBeInTheDocument();
  expect(api.searchStores).toHaveBeenLastCalledWith({ query: 'Bed', around: undefined });
  expect(input).toHaveFocus();
});

it('Escape closes the dialog also before the panel has arrived, and focus returns to the store button', async () => {
  const user = await openWhileHeld(gates.panel);
  expect(screen.getByRole('dialog', { name: 'Select a store' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toHaveFocus();
  await act(async () => gates.panel.release());
});

it("while the dialog's code downloads a loading panel says so; then the dialog opens with focus in the search box", async () => {
  await openWhileHeld(gates.dialog);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading the store selector…');

  await act(async () => gates.dialog.release());
  const dialog = await screen.findByRole('dialog', { name: 'Select a store' });
  expect(within(dialog).getByRole('searchbox', { name: 'Search by city or postal code' })).toHaveFocus();
  expect(screen.queryByText('Loading the store selector…')).not.toBeInTheDocument();
});

it("the dialog's code failing says 'Failed to fetch store data'; Close, then the button again, opens it", async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  kit.bus.emit('store/changed', { store: home, source: 'default' });
  gates.dialog.broken = true;
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithKit(<StoreSelectorApp bus={kit.bus} />, { kit });
  const button = screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' });
  await user.click(button);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Failed to fetch store data');
  expect(error).toHaveBeenCalledWith(expect.stringMatching(/selector dialog failed$/), expect.any(Error));

  gates.dialog.broken = false;
  await user.click(within(alert).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.click(button);
  expect(await screen.findByRole('dialog', { name: 'Select a store' })).toBeInTheDocument();
  error.mockRestore();
});
