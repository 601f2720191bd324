import { act, screen, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import type { Store } from 'shared-events';
import { StoreSelectorApp } from './StoreSelectorApp';
import { LOCATION_ASKED_KEY, SHOPPER_LOCATION_KEY } from '../api/location';
import { PREFERRED_STORE_KEY } from '../api/preferredStore';
import { startOnMonday, settle, fakeApi, fakeGeolocation, type FakeGeolocation } from '../test-utils';

const ANTIGONISH = { lat: 45.62, lng: -61.99 };

const home = fixtures.store();
const antigonish = fixtures.store({ storeNumber: '2062', locationName: 'Antigonish Co-op', slug: 'antigonish-co-op-2062', _geoloc: { lat: 45.61685, lng: -61.99858 } });
const nearby: Store[] = [
  antigonish,
  fixtures.store({ storeNumber: '7144', locationName: 'New Glasgow Westville Road', slug: 'new-glasgow-7144' }),
  fixtures.store({ storeNumber: '8905', locationName: 'Truro Robie Street', slug: 'truro-8905' }),
  fixtures.store({ storeNumber: '7448', locationName: 'Sydney Prince Street', slug: 'sydney-7448' }),
];

let kit: TestBus;
let api: ReturnType<typeof fakeApi>;
let geo: FakeGeolocation;

function renderApp(extra: Partial<Parameters<typeof StoreSelectorApp>[0]> = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const utils = renderWithKit(<StoreSelectorApp bus={kit.bus} api={api} geolocation={geo.geolocation} {...extra} />, { kit });
  return { user, ...utils };
}

beforeEach(() => {
  startOnMonday();
  kit = createTestBus();
  api = fakeApi(nearby, home);
  geo = fakeGeolocation();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('spec §4 Store selection: first visit (no store stored)', () => {
  it('loads default store 3299 and requests the location once, with a 10 000 ms timeout', async () => {
    renderApp();
    await settle();
    expect(api.getStore).toHaveBeenCalledWith('3299');
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['default']);
    expect(geo.geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geo.geolocation.getCurrentPosition.mock.calls[0][2]).toMatchObject({ timeout: 10_000 });
    expect(localStorage.getItem(LOCATION_ASKED_KEY)).toBe('1');
  });

  it('granted: offers the nearest stores from the position (aroundLatLng, 4 fetched, 3 listed) in the selector', async () => {
    renderApp();
    await settle();
    await act(async () => geo.grant(ANTIGONISH.lat, ANTIGONISH.lng));
    await settle();
    expect(api.searchStores).toHaveBeenCalledWith({ query: '', around: ANTIGONISH });
    const dialog = await screen.findByRole('dialog', { name: 'Select a store' });
    const list = within(dialog).getByRole('list', { name: 'Stores near you' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Antigonish Co-op', 'New Glasgow Westville Road', 'Truro Robie Street',
    ]);
    expect(within(dialog).getByText('Closest to your location')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(SHOPPER_LOCATION_KEY) ?? 'null')).toEqual(ANTIGONISH);
    expect(kit.published('toast/show')).toHaveLength(0);
    // The list came with the offer: the dialog did not search a second time.
    expect(api.searchStores).toHaveBeenCalledTimes(1);
  });

  it('granted: picking an offered store goes through "Update Selected Store" and publishes it', async () => {
    const { user } = renderApp();
    await settle();
    await act(async () => geo.grant(ANTIGONISH.lat, ANTIGONISH.lng));
    const dialog = await screen.findByRole('dialog', { name: 'Select a store' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Select this store' })[0]);
    await user.click(within(screen.getByRole('alertdialog', { name: 'Update Selected Store' })).getByRole('button', { name: 'Yes' }));
    expect(kit.published('store/changed').at(-1)?.payload).toEqual({ store: antigonish, source: 'user' });
    expect(screen.getByRole('button', { name: 'Your store: Antigonish Co-op' })).toHaveFocus();
  });

  it('denied (code 1): silent fallback — no toast, no dialog, the default store stays', async () => {
    renderApp();
    await settle();
    await act(async () => geo.fail(1));
    await settle();
    expect(kit.published('toast/show')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.searchStores).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toBeInTheDocument();
  });

  it.each([
    [2, 'POSITION_UNAVAILABLE'],
    [3, 'TIMEOUT'],
  ] as const)('failure code %i (%s): toast "Failed to get your location. Please try searching for a store."', async (code, _name) => {
    renderApp();
    await settle();
    await act(async () => geo.fail(code));
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([
      { id: 'store-location', message: 'Failed to get your location. Please try searching for a store.', kind: 'error' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('default store failure: toast "Could not load a default store. Please try again." (the location is still asked)', async () => {
    api.getStore.mockRejectedValue(new Error('503'));
    renderApp();
    await settle();
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual(['Could not load a default store. Please try again.']);
    expect(geo.geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('store-data fetch failure of the nearest stores: toast "Failed to fetch store data"', async () => {
    api.searchStores.mockRejectedValue(new Error('Unreachable hosts'));
    renderApp();
    await settle();
    await act(async () => geo.grant(ANTIGONISH.lat, ANTIGONISH.lng));
    await settle();
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([
      { id: 'store-fetch', message: 'Failed to fetch store data', kind: 'error' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks only once: a later visit with nothing stored does not ask again', async () => {
    const first = renderApp();
    await settle();
    await act(async () => geo.fail(1));
    first.unmount();
    kit = createTestBus();
    geo = fakeGeolocation();
    renderApp();
    await settle();
    expect(geo.geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('does not ask when a store is stored (not a first visit)', async () => {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(antigonish));
    renderApp();
    await settle();
    expect(geo.geolocation.getCurrentPosition).not.toHaveBeenCalled();
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['storage']);
  });

  it('with a position known this session, the selector lists stores around the shopper, not the store', async () => {
    sessionStorage.setItem(SHOPPER_LOCATION_KEY, JSON.stringify(ANTIGONISH));
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
    const { user } = renderApp();
    await settle();
    await user.click(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' }));
    await settle();
    expect(api.searchStores).toHaveBeenCalledWith({ query: '', around: ANTIGONISH });
  });
});

describe('spec §4 Store selection: account store and account save', () => {
  const signedIn = (storeId: string | null) =>
    fixtures.session({ uid: 'u-1001', product: { storeId, bannerCode: null } });

  it('on sign-in the account store wins over the local one: published with source "account" and stored locally', async () => {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
    api.getStore.mockImplementation(async (n) => (n === '2062' ? antigonish : home));
    renderApp();
    await settle();
    expect(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toBeInTheDocument();
    await act(async () => kit.bus.emit('session/changed', signedIn('2062')));
    await settle();
    expect(api.getStore).toHaveBeenCalledWith('2062');
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['storage', 'account']);
    expect(JSON.parse(localStorage.getItem(PREFERRED_STORE_KEY) ?? 'null')).toEqual(antigonish);
    expect(screen.getByRole('button', { name: 'Your store: Antigonish Co-op' })).toBeInTheDocument();
  });

  it('waits for the account: the loading session (no store yet) does not use up the sign-in', async () => {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
    api.getStore.mockImplementation(async (n) => (n === '2062' ? antigonish : home));
    renderApp();
    await settle();
    // The shell publishes { isLoading: true } from the id token first, then the account's values.
    await act(async () => kit.bus.emit('session/changed', { ...signedIn(null), isLoading: true }));
    await act(async () => kit.bus.emit('session/changed', signedIn('2062')));
    await settle();
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['storage', 'account']);
    expect(screen.getByRole('button', { name: 'Your store: Antigonish Co-op' })).toBeInTheDocument();
  });

  it('does nothing when the account store is already the current store, or the account has none', async () => {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
    renderApp();
    await settle();
    await act(async () => kit.bus.emit('session/changed', signedIn('3299')));
    await act(async () => kit.bus.emit('session/changed', { ...signedIn(null), uid: 'u-1002' }));
    await settle();
    expect(api.getStore).not.toHaveBeenCalled();
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['storage']);
  });

  it('account store lookup failure: toast "Failed to fetch store data", the local store stays', async () => {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
    api.getStore.mockRejectedValue(new Error('503'));
    renderApp();
    await settle();
    await act(async () => kit.bus.emit('session/changed', signedIn('2062')));
    await settle();
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual(['Failed to fetch store data']);
    expect(screen.getByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toBeInTheDocument();
  });

  async function chooseAntigonish(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: /^Your store: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a store' });
    await user.click((await within(dialog).findAllByRole('button', { name: 'Select this store' }))[0]);
    await user.click(within(screen.getByRole('alertdialog', { name: 'Update Selected Store' })).getByRole('button', { name: 'Yes' }));
    await settle();
  }

  /** A signed-in shopper (account store 3299, also stored locally) picks Antigonish; the account save answers `saved`. */
  async function chooseAntigonishSignedIn(saved: boolean) {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
    kit.bus.emit('session/changed', signedIn('3299'));
    const saveAccountStore = jest.fn().mockResolvedValue(saved);
    const { user } = renderApp({ saveAccountStore });
    await settle();
    await chooseAntigonish(user);
    return saveAccountStore;
  }

  it('signed in: Yes saves the store on the account, then the success toast and a session refresh', async () => {
    const saveAccountStore = await chooseAntigonishSignedIn(true);
    expect(saveAccountStore).toHaveBeenCalledWith('2062', expect.objectContaining({ uid: 'u-1001', loggedIn: true }));
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([
      { id: 'store-selection', message: 'Your store is now Antigonish Co-op.', kind: 'success' },
    ]);
    expect(kit.published('session/refresh-requested')).toHaveLength(1);
  });

  it('signed in, account save fails: toast "Something Went Wrong while updating preferred store." and the local choice still applies', async () => {
    await chooseAntigonishSignedIn(false);
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([
      { id: 'store-selection', message: 'Something Went Wrong while updating preferred store.', kind: 'error' },
    ]);
    expect(kit.published('store/changed').at(-1)?.payload).toEqual({ store: antigonish, source: 'user' });
    expect(JSON.parse(localStorage.getItem(PREFERRED_STORE_KEY) ?? 'null')).toEqual(antigonish);
    expect(screen.getByRole('button', { name: 'Your store: Antigonish Co-op' })).toBeInTheDocument();
  });

  it('the session is the account record: its refresh (old, then saved store) never re-publishes or reverts the chosen store', async () => {
    await chooseAntigonishSignedIn(true);
    // The shell does not follow store/changed: the session keeps the account's old store until the
    // refresh the selector asked for re-reads the account (loading, then the saved store).
    await act(async () => kit.bus.emit('session/changed', { ...signedIn('3299'), isLoading: true }));
    await act(async () => kit.bus.emit('session/changed', signedIn('3299')));
    await act(async () => kit.bus.emit('session/changed', signedIn('2062')));
    await settle();
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['storage', 'user']);
    expect(kit.bus.state.store.value).toEqual(antigonish);
    expect(api.getStore).not.toHaveBeenCalledWith('3299');
  });

  it('signed out: no account save', async () => {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(home));
    const saveAccountStore = jest.fn();
    const { user } = renderApp({ saveAccountStore });
    await settle();
    await chooseAntigonish(user);
    expect(saveAccountStore).not.toHaveBeenCalled();
    expect(kit.published('toast/show')[0].payload.kind).toBe('success');
  });
});
