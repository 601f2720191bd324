import { BffError, callBff } from 'shared-events';
import { createTestBus, fixtures } from 'shared-events/testing';
import type { StoreSearchApi } from '../api/storeSearch';
import { fakeApi } from '../testing/fakes';
import { bffSaveAccountStore, initPreferredStore, PREFERRED_STORE_KEY, readStoredStore } from './preferredStore';

jest.mock('shared-events', () => ({ ...jest.requireActual('shared-events'), callBff: jest.fn() }));
const mockedCallBff = callBff as jest.MockedFunction<typeof callBff>;

const api = (): jest.Mocked<StoreSearchApi> => fakeApi([], fixtures.store());

beforeEach(() => localStorage.clear());

describe('spec §4 Store selection: locally stored store', () => {
  it.each([
    ['not JSON', '{oops'],
    ['JSON of the wrong shape', JSON.stringify({ storeNumber: '1', locationName: 'x' })],
    ['a string', JSON.stringify('3299')],
    ['null', 'null'],
  ])('ignores %s', (_label, raw) => {
    localStorage.setItem(PREFERRED_STORE_KEY, raw);
    expect(readStoredStore()).toBeNull();
  });

  it('reads a valid stored store', () => {
    localStorage.setItem(PREFERRED_STORE_KEY, JSON.stringify(fixtures.store()));
    expect(readStoredStore()).toEqual(fixtures.store());
  });

  it('works without storage', () => {
    expect(readStoredStore(null)).toBeNull();
  });
});

describe('spec §4 Store selection: initPreferredStore', () => {
  it('does not replace a store already on the bus', async () => {
    const kit = createTestBus();
    const a = api();
    kit.bus.emit('store/changed', { store: fixtures.store({ storeNumber: '7777' }), source: 'account' });
    kit.reset();
    await expect(initPreferredStore({ bus: kit.bus, api: a, defaultStoreNumber: '3299' })).resolves.toMatchObject({ storeNumber: '7777' });
    expect(a.getStore).not.toHaveBeenCalled();
    expect(kit.log).toHaveLength(0);
  });

  it('loads the default store only once when called twice at the same time (StrictMode, remounts)', async () => {
    const kit = createTestBus();
    const a = api();
    await Promise.all([
      initPreferredStore({ bus: kit.bus, api: a, defaultStoreNumber: '3299' }),
      initPreferredStore({ bus: kit.bus, api: a, defaultStoreNumber: '3299' }),
    ]);
    expect(a.getStore).toHaveBeenCalledTimes(1);
    expect(kit.published('store/changed')).toHaveLength(1);
  });

  it('shows the default-store toast when the store number is unknown', async () => {
    const kit = createTestBus();
    const a = api();
    a.getStore.mockResolvedValue(null);
    await expect(initPreferredStore({ bus: kit.bus, api: a, defaultStoreNumber: '3299' })).resolves.toBeNull();
    expect(kit.published('toast/show')[0].payload).toEqual({ message: 'Could not load a default store. Please try again.', kind: 'error' });
  });
});

describe('spec §4, §7: saving the preferred store on the account (BFF)', () => {
  const session = fixtures.session();

  it("POSTs { storeId } to '/account/preferred-store' with the session (callBff builds the auth headers)", async () => {
    mockedCallBff.mockResolvedValue({ status: 'success', code: 200, message: 'OK', data: { preferredStoreId: '2062' } });
    await expect(bffSaveAccountStore('/api')('2062', session)).resolves.toBe(true);
    expect(mockedCallBff).toHaveBeenCalledWith('/api', '/account/preferred-store', { body: { storeId: '2062' }, session });
  });

  it('is a failure on an error envelope (e.g. 401) or a BffError (network, 5xx)', async () => {
    mockedCallBff.mockResolvedValueOnce({ status: 'error', code: 401, message: 'Missing id token', data: null });
    await expect(bffSaveAccountStore('/api')('2062', session)).resolves.toBe(false);
    mockedCallBff.mockRejectedValueOnce(new BffError('network', 0));
    await expect(bffSaveAccountStore('/api')('2062', session)).resolves.toBe(false);
  });
});
