import { BffError, callBff } from 'shared-events';
import { createTestBus, fixtures } from 'shared-events/testing';
import type { StoreSearchApi } from './storeSearch';
import { fakeApi } from '../test-utils';
import {
  answerStoreSelectRequests, bffSaveAccountStore, DEFAULT_STORE_RETRY_MS, initPreferredStore, keepPreferredStore, PREFERRED_STORE_KEY, readStoredStore,
} from './preferredStore';

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

describe('keepPreferredStore: the default store asked again after a failure (search engine down)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const tick = (ms: number) => act(ms);
  async function act(ms: number) {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  }

  /** Starts keepPreferredStore against an engine that is down, up to its first failure. */
  async function keepWithEngineDown() {
    const kit = createTestBus();
    const a = api();
    a.getStore.mockRejectedValue(new Error('engine down'));
    const stop = keepPreferredStore({ bus: kit.bus, api: a, defaultStoreNumber: '3299' });
    await tick(0);
    return { kit, a, stop };
  }

  it('toasts once, retries quietly after 5, 10, 20, 30, 30… s and publishes the store once it loads', async () => {
    const { kit, a, stop } = await keepWithEngineDown();
    expect(a.getStore).toHaveBeenCalledTimes(1);
    expect(DEFAULT_STORE_RETRY_MS).toEqual([5_000, 10_000, 20_000, 30_000]);
    await tick(4_999);
    expect(a.getStore).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(a.getStore).toHaveBeenCalledTimes(2);
    await tick(10_000);
    await tick(20_000);
    await tick(30_000);
    await tick(30_000);
    expect(a.getStore).toHaveBeenCalledTimes(6);
    expect(kit.published('toast/show')).toHaveLength(1);
    a.getStore.mockResolvedValue(fixtures.store());
    await tick(30_000);
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['default']);
    await tick(60_000);
    expect(a.getStore).toHaveBeenCalledTimes(7);
    stop();
  });

  it('stops when another store comes (a choice, the account) or when stopped', async () => {
    const { kit, a, stop } = await keepWithEngineDown();
    kit.bus.emit('store/changed', { store: fixtures.store({ storeNumber: '7777' }), source: 'user' });
    await tick(60_000);
    expect(a.getStore).toHaveBeenCalledTimes(1);
    stop();

    const other = createTestBus();
    const b = api();
    b.getStore.mockRejectedValue(new Error('engine down'));
    keepPreferredStore({ bus: other.bus, api: b, defaultStoreNumber: '3299' })();
    await tick(60_000);
    expect(b.getStore).toHaveBeenCalledTimes(1);
  });
});

describe('spec §4, §7: saving the preferred store on the account (BFF)', () => {
  const session = fixtures.session();

  it("POSTs { storeId } to '/account/preferred-store' as the session cookie's shopper (no token passed)", async () => {
    mockedCallBff.mockResolvedValue({ status: 'success', code: 200, message: 'OK', data: { preferredStoreId: '2062' } });
    await expect(bffSaveAccountStore('/api')('2062', session)).resolves.toBe(true);
    expect(mockedCallBff).toHaveBeenCalledWith('/api', '/account/preferred-store', { body: { storeId: '2062' } });
  });

  it('is a failure on an error envelope (e.g. 401) or a BffError (network, 5xx)', async () => {
    mockedCallBff.mockResolvedValueOnce({ status: 'error', code: 401, message: 'Missing id token', data: null });
    await expect(bffSaveAccountStore('/api')('2062', session)).resolves.toBe(false);
    mockedCallBff.mockRejectedValueOnce(new BffError('network', 0));
    await expect(bffSaveAccountStore('/api')('2062', session)).resolves.toBe(false);
  });
});

describe("store/select-requested (shared-events 1.4.0; the flyer's set_preferred_store_number, spec §2, §5)", () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('makes a known store the preferred store: saved locally, store/changed (source user), success toast', async () => {
    const kit = createTestBus();
    const store42 = fixtures.store({ storeNumber: '0042', locationName: 'Moncton Main Street' });
    const a = fakeApi([], store42);
    const stop = answerStoreSelectRequests({ bus: kit.bus, api: a, apiBase: '/api' });
    kit.bus.emit('store/select-requested', { requestId: 'r1', storeNumber: '0042' });
    await flush();
    expect(a.getStore).toHaveBeenCalledWith('0042');
    expect(kit.bus.state.store.value?.storeNumber).toBe('0042');
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['user']);
    expect(readStoredStore()?.storeNumber).toBe('0042');
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual(['Your store is now Moncton Main Street.']);
    expect(kit.published('store/select-failed')).toHaveLength(0);
    stop();
  });

  it.each([
    ['an unknown store', '0043', 'none', 'No store numbered 0043'],
    ['a number that is not 4 digits', '42', 'none', "Invalid store number '42': must be 4 digits"],
    ['a failed lookup', '0044', 'throws', 'Failed to fetch store data'],
  ] as const)('answers store/select-failed for %s and keeps the store', async (_label, storeNumber, lookup, reason) => {
    const kit = createTestBus();
    kit.bus.emit('store/changed', { store: fixtures.store(), source: 'default' });
    const a = fakeApi([], null);
    if (lookup === 'throws') a.getStore.mockRejectedValueOnce(new Error('network'));
    const stop = answerStoreSelectRequests({ bus: kit.bus, api: a, apiBase: '/api' });
    kit.bus.emit('store/select-requested', { requestId: 'r2', storeNumber });
    await flush();
    expect(kit.published('store/select-failed').map((e) => e.payload)).toEqual([{ requestId: 'r2', storeNumber, reason }]);
    expect(kit.bus.state.store.value?.storeNumber).toBe(fixtures.store().storeNumber);
    expect(kit.published('store/changed')).toHaveLength(1);
    stop();
  });

  it('answers a request published shortly before it started (the flyer may ask before the selector mounts)', async () => {
    const kit = createTestBus();
    const a = fakeApi([], fixtures.store({ storeNumber: '0042', locationName: 'Wolfville Main Street' }));
    kit.bus.emit('store/select-requested', { requestId: 'early', storeNumber: '0042' });
    const stop = answerStoreSelectRequests({ bus: kit.bus, api: a, apiBase: '/api' });
    await flush();
    expect(kit.bus.state.store.value?.storeNumber).toBe('0042');
    stop();
  });
});
