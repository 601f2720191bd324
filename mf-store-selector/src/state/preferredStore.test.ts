import { createTestBus, fixtures } from 'shared-events/testing';
import type { StoreSearchApi } from '../api/storeSearch';
import { initPreferredStore, PREFERRED_STORE_KEY, readStoredStore } from './preferredStore';

const api = (): jest.Mocked<StoreSearchApi> => ({
  searchStores: jest.fn(),
  getStore: jest.fn().mockResolvedValue(fixtures.store()),
});

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
