import { createTestBus, type TestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import {
  channelHub, custom, eventually, fakeServer, freshIndexedDB, product, removeIndexedDB, sequentialUuids, sessions, type FakeServer,
} from '../test-utils';
import { idbBackend, localStorageBackend, LOCAL_PREFIX, memoryBackend, MEMORY_WARNING, openBackend, type ListBackend } from './backend';
import type { ChangeChannel } from './channel';
import { createListService, type ListServiceOptions } from './listService';
import { ListApiError } from './listApi';
import { TOASTS } from '../state/messages';
import { accountKey, ANON_KEY } from '../state/records';

type Service = ReturnType<typeof createListService>;

const services: Service[] = [];
afterEach(() => {
  services.splice(0).forEach((s) => s.dispose());
  localStorage.clear();
});
beforeEach(() => { freshIndexedDB(); });

/** Backoff so long (60 s) that within a test only a change, `online` or a new session sends an operation again. */
const NO_TIMED_RETRY = { baseMs: 60000, maxMs: 60000 };

/** A tab: its own bus, one service on the given storage. */
function tab(o: Partial<ListServiceOptions> & { kit?: TestBus } = {}) {
  const kit = o.kit ?? createTestBus();
  const service = createListService({
    bus: kit.bus, config: DEFAULT_RUNTIME_CONFIG, backend: o.backend ?? idbBackend(), channel: o.channel,
    api: o.api ?? fakeServer().api, uuid: o.uuid ?? sequentialUuids(), retry: o.retry ?? { baseMs: 20, maxMs: 80 }, ...o,
  });
  services.push(service);
  return { kit, service, bus: kit.bus, snap: () => service.getSnapshot() };
}

const ready = async (t: ReturnType<typeof tab>) => eventually(() => expect(t.snap().status).toBe('ready'));
const add = (t: ReturnType<typeof tab>, itemId: string, extra: Record<string, unknown> = {}) =>
  t.bus.emit('list/add-requested', { requestId: `r-${itemId}-${Math.random()}`, itemId, ...extra });
const quantities = (t: ReturnType<typeof tab>) => Object.fromEntries(t.snap().items.map((i) => [i.item_id, i.quantity]));

describe('list store, anonymous (browser list in IndexedDB)', () => {
  it('publishes the count once when the list is first read, then adds, increases, checks and removes', async () => {
    const t = tab();
    await ready(t);
    expect(t.kit.published('list/count-changed').map((e) => e.payload.count)).toEqual([0]);
    expect(t.snap().storage).toBe('indexeddb');

    add(t, '20010010_G_3299');
    add(t, '20010010_G_3299', { quantity: 2 });
    add(t, '20010065_G_3299');
    await eventually(() => expect(t.kit.published('list/item-added')).toHaveLength(3));
    expect(quantities(t)).toEqual({ '20010010_G_3299': 3, '20010065_G_3299': 1 });
    expect(t.bus.state.listCount.value).toBe(2);

    await t.service.setChecked('20010010_G_3299', true);
    expect(t.snap().items.find((i) => i.item_id === '20010010_G_3299')?.checked).toBe(true);
    await t.service.setQuantity('20010065_G_3299', 7);
    await t.service.remove('20010010_G_3299');
    expect(quantities(t)).toEqual({ '20010065_G_3299': 7 });
    expect(t.bus.state.listCount.value).toBe(1);
    expect(t.kit.published('list/item-removed').map((e) => e.payload.itemId)).toEqual(['20010010_G_3299']);
  });

  it('keeps the list across a reload (a new service on the same IndexedDB)', async () => {
    const first = tab();
    await ready(first);
    add(first, '20010010_G_3299', { quantity: 4 });
    await first.service.addCustom('Birthday candles');
    await eventually(() => expect(first.kit.published('list/item-added')).toHaveLength(2));
    first.service.dispose();

    const reloaded = tab();
    await ready(reloaded);
    expect(reloaded.snap().items.map((i) => [i.item_id.startsWith('custom_') ? 'custom' : i.item_id, i.quantity])).toEqual([
      ['20010010_G_3299', 4], ['custom', 1],
    ]);
    // bus.state.listCount is right after a reload.
    expect(reloaded.bus.state.listCount.value).toBe(2);
  });

  it('caps a quantity at 999 and refuses an add when the item already holds 999', async () => {
    const t = tab();
    await ready(t);
    add(t, '20010010_G_3299', { quantity: 998 });
    add(t, '20010010_G_3299', { quantity: 5 });
    await eventually(() => expect(t.kit.published('list/item-added')).toHaveLength(2));
    expect(t.kit.published('list/item-added').map((e) => e.payload.quantity)).toEqual([998, 1]);
    expect(quantities(t)).toEqual({ '20010010_G_3299': 999 });
    add(t, '20010010_G_3299');
    await eventually(() => expect(t.kit.published('list/add-failed')).toHaveLength(1));
    expect(t.kit.published('list/add-failed')[0].payload.reason).toMatch(/999/);
    expect(quantities(t)).toEqual({ '20010010_G_3299': 999 });
  });

  it.each([
    [{ itemId: 'milk' }, /itemId/],
    [{ itemId: '20010010_XX_3299' }, /itemId/],
    [{ itemId: '20010010_G_329' }, /itemId/],
    [{ itemId: '20010010_G_3299', quantity: 0 }, /quantity: must be an integer from 1 to 999/],
    [{ itemId: '20010010_G_3299', quantity: 1000 }, /quantity/],
    [{ itemId: '20010010_G_3299', quantity: 1.5 }, /quantity/],
    [{ itemId: '20010010_G_3299', productType: 'Custom' }, /productType/],
    [{ itemId: 'custom_0123456789' }, /name/],
  ])('answers list/add-failed with a reason for a bad request %j, storing nothing', async (payload, reason) => {
    const t = tab();
    await ready(t);
    t.bus.emit('list/add-requested', { requestId: 'bad-1', ...payload } as never);
    expect(t.kit.published('list/add-failed')).toEqual([
      expect.objectContaining({ payload: { requestId: 'bad-1', itemId: payload.itemId, reason: expect.stringMatching(reason) } }),
    ]);
    expect(t.kit.published('list/item-added')).toHaveLength(0);
    expect(t.snap().items).toHaveLength(0);
  });

  it('stores a custom item named by another remote and cuts its name at 50 characters', async () => {
    const t = tab();
    await ready(t);
    t.bus.emit('list/add-requested', { requestId: 'c1', itemId: 'custom_1234abcd-0000', name: `  ${'x'.repeat(60)} ` });
    await eventually(() => expect(t.kit.published('list/item-added')).toHaveLength(1));
    expect(t.snap().items[0]).toMatchObject({ item_id: 'custom_1234abcd-0000', product_type: 'Custom', meta: { name: 'x'.repeat(50), itemType: 'custom', item_Id: 'custom_1234abcd-0000' } });
  });

  it('refuses an empty custom name and cuts a long one at 50', async () => {
    const t = tab();
    await ready(t);
    await expect(t.service.addCustom('   ')).rejects.toThrow('Enter a name for the item.');
    const item = await t.service.addCustom('y'.repeat(60));
    expect(item.meta).toMatchObject({ name: 'y'.repeat(50), product_type: 'Custom', itemType: 'custom', id: item.item_id.slice(7), item_Id: item.item_id });
    expect(item.item_id).toMatch(/^custom_[A-Za-z0-9-]{8,64}$/);
  });

  it('refreshes another tab when this one changes the list (cross-instance)', async () => {
    const hub = channelHub();
    const a = tab({ channel: hub.channel() });
    const b = tab({ channel: hub.channel() });
    await ready(a);
    await ready(b);
    add(a, '20010010_G_3299', { quantity: 2 });
    await eventually(() => expect(quantities(b)).toEqual({ '20010010_G_3299': 2 }));
    expect(b.bus.state.listCount.value).toBe(1);
    await b.service.remove('20010010_G_3299');
    await eventually(() => expect(a.snap().items).toHaveLength(0));
    expect(a.bus.state.listCount.value).toBe(0);
  });

  it('two tabs adding at once lose nothing (atomic read-modify-write)', async () => {
    const a = tab();
    const b = tab();
    await ready(a);
    await ready(b);
    for (let i = 0; i < 5; i += 1) { add(a, '20010010_G_3299'); add(b, '20010010_G_3299'); }
    await eventually(() => expect(a.kit.published('list/item-added').length + b.kit.published('list/item-added').length).toBe(10));
    const reloaded = tab();
    await ready(reloaded);
    expect(quantities(reloaded)).toEqual({ '20010010_G_3299': 10 });
  });
});

describe('storage fallbacks', () => {
  it('uses localStorage when IndexedDB is missing, and the list survives a reload there', async () => {
    removeIndexedDB();
    const backend = await openBackend();
    expect(backend.kind).toBe('localstorage');
    const t = tab({ backend });
    await ready(t);
    add(t, '20010010_G_3299', { quantity: 3 });
    await eventually(() => expect(t.kit.published('list/item-added')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem(`${LOCAL_PREFIX}${ANON_KEY}`)!).items[0]).toMatchObject({ item_id: '20010010_G_3299', quantity: 3 });
    const reloaded = tab({ backend: await openBackend() });
    await ready(reloaded);
    expect(quantities(reloaded)).toEqual({ '20010010_G_3299': 3 });
  });

  it('keeps the list in memory with a warning when neither IndexedDB nor localStorage can be used', async () => {
    removeIndexedDB();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new DOMException('blocked', 'SecurityError'); });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const backend = await openBackend();
      expect(backend.kind).toBe('memory');
      expect(warn).toHaveBeenCalledWith(MEMORY_WARNING);
      const t = tab({ backend });
      await ready(t);
      expect(t.snap().storage).toBe('memory');
      await t.service.addCustom('Bread');
      expect(t.snap().count).toBe(1);
    } finally {
      setItem.mockRestore();
      warn.mockRestore();
    }
  });

  it('localStorage writes are all-or-nothing when the quota runs out', async () => {
    const backend = localStorageBackend(localStorage);
    await backend.transact(['a'], () => ({ writes: { a: 1 }, result: null }));
    const real = Storage.prototype.setItem;
    let calls = 0;
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, k: string, v: string) {
      calls += 1;
      if (calls === 2) throw new DOMException('full', 'QuotaExceededError');
      return real.call(this, k, v);
    });
    await expect(backend.transact(['a', 'b'], () => ({ writes: { a: 2, b: 2 }, result: null }))).rejects.toThrow('full');
    spy.mockRestore();
    expect(await backend.read('a')).toBe(1);
    expect(await backend.read('b')).toBeUndefined();
  });
});

describe('add-request protocol (shared-events 1.2.0)', () => {
  /** A backend whose writes wait for `release()` (or fail with `fail()`). */
  function gatedBackend(inner: ListBackend = memoryBackend(new Map())) {
    const gates: Array<{ go: () => void; no: (e: Error) => void }> = [];
    const backend: ListBackend = {
      kind: inner.kind,
      read: (k) => inner.read(k),
      transact: (keys, fn) => new Promise<void>((go, no) => { gates.push({ go, no }); }).then(() => inner.transact(keys, fn)),
    };
    return {
      backend,
      pending: () => gates.length,
      release: () => gates.splice(0).forEach((g) => g.go()),
      fail: (e = new DOMException('The quota has been exceeded.', 'QuotaExceededError')) => gates.splice(0).forEach((g) => g.no(e)),
    };
  }

  it('publishes the optimistic count in the same synchronous tick, and list/item-added only after storage', async () => {
    const gate = gatedBackend();
    const t = tab({ backend: gate.backend });
    await ready(t);
    t.kit.reset();
    t.bus.emit('list/add-requested', { requestId: 'req-1', itemId: '20010010_G_3299', quantity: 2, queryID: 'q1', position: 3 });
    // Same tick: the count is on the bus, nothing is stored or answered yet.
    expect(t.kit.log.map((e) => e.type)).toEqual(['list/add-requested', 'list/count-changed']);
    expect(t.bus.state.listCount.value).toBe(1);
    await eventually(() => expect(gate.pending()).toBe(1));
    expect(t.kit.published('list/item-added')).toHaveLength(0);

    gate.release();
    await eventually(() => expect(t.kit.published('list/item-added')).toHaveLength(1));
    expect(t.kit.published('list/item-added')[0].payload).toEqual({ itemId: '20010010_G_3299', quantity: 2, requestId: 'req-1', queryID: 'q1', position: 3 });
    expect(t.kit.published('toast/show').map((e) => e.payload)).toEqual([{ id: 'shopping-list', message: 'Added to your list', kind: 'success', autoCloseMs: 3000 }]);
    expect(await gate.backend.read(ANON_KEY)).toMatchObject({ items: [expect.objectContaining({ item_id: '20010010_G_3299', quantity: 2 })] });
  });

  it("keeps a flyer item's sale story and publishes the shown items' ids with the count (1.4.0: the flyer's saved flags)", async () => {
    const t = tab();
    await ready(t);
    t.bus.emit('list/add-requested', { requestId: 'f-1', itemId: '20010010_G_3299', productType: 'flyer', name: 'Butter, Salted', saleStory: '2 for $5' });
    await eventually(() => expect(t.kit.published('list/item-added')).toHaveLength(1));
    expect(t.bus.state.listItemIds.value).toEqual(['20010010_G_3299']);
    expect(t.service.getSnapshot().items[0]).toMatchObject({ product_type: 'flyer', meta: { name: 'Butter, Salted', saleStory: '2 for $5' } });
    t.bus.emit('list/remove-requested', { requestId: 'f-2', itemId: '20010010_G_3299' });
    await eventually(() => expect(t.kit.published('list/item-removed')).toHaveLength(1));
    expect(t.bus.state.listItemIds.value).toEqual([]);
  });

  it('rolls the count back, answers list/add-failed and shows an error toast when storing fails', async () => {
    const gate = gatedBackend();
    const t = tab({ backend: gate.backend });
    await ready(t);
    t.kit.reset();
    t.bus.emit('list/add-requested', { requestId: 'req-2', itemId: '20010010_G_3299' });
    expect(t.bus.state.listCount.value).toBe(1);
    await eventually(() => expect(gate.pending()).toBe(1));
    gate.fail();
    await eventually(() => expect(t.kit.published('list/add-failed')).toHaveLength(1));
    expect(t.kit.published('list/count-changed').map((e) => e.payload.count)).toEqual([1, 0]);
    expect(t.bus.state.listCount.value).toBe(0);
    expect(t.kit.published('list/add-failed')[0].payload).toEqual({ requestId: 'req-2', itemId: '20010010_G_3299', reason: 'The browser has no room left to store the list' });
    expect(t.kit.published('list/item-added')).toHaveLength(0);
    expect(t.kit.published('toast/show').at(-1)?.payload).toMatchObject({ kind: 'error', message: TOASTS.addFailed });
    expect(t.snap().items).toHaveLength(0);
  });

  it('answers requests that arrive before the list is read, once it is read', async () => {
    const gate = gatedBackend();
    const slowRead: ListBackend = { ...gate.backend, read: (k) => new Promise((r) => setTimeout(r, 30)).then(() => gate.backend.read(k)) };
    const kit = createTestBus();
    kit.bus.emit('list/add-requested', { requestId: 'early', itemId: '20010010_G_3299' });
    const t = tab({ kit, backend: slowRead, initialRequests: kit.published('list/add-requested') });
    t.bus.emit('list/add-requested', { requestId: 'while-loading', itemId: '20010065_G_3299' });
    expect(kit.published('list/count-changed')).toHaveLength(0);
    await eventually(() => expect(gate.pending()).toBe(1));
    gate.release();
    await eventually(() => expect(gate.pending()).toBe(1));
    gate.release();
    await eventually(() => expect(kit.published('list/item-added').map((e) => e.payload.requestId)).toEqual(['early', 'while-loading']));
    expect(t.bus.state.listCount.value).toBe(2);
  });

  it('remove requests answer list/item-removed with the requestId and a 3 s toast', async () => {
    const t = tab();
    await ready(t);
    add(t, '20010010_G_3299');
    await eventually(() => expect(t.snap().count).toBe(1));
    t.kit.reset();
    t.bus.emit('list/remove-requested', { requestId: 'rm-1', itemId: '20010010_G_3299' });
    expect(t.bus.state.listCount.value).toBe(0);
    await eventually(() => expect(t.kit.published('list/item-removed')).toHaveLength(1));
    expect(t.kit.published('list/item-removed')[0].payload).toEqual({ itemId: '20010010_G_3299', requestId: 'rm-1' });
    expect(t.kit.published('toast/show').at(-1)?.payload).toEqual({ id: 'shopping-list', message: 'Removed from your list', kind: 'success', autoCloseMs: 3000 });
  });
});

describe('list store, signed in (BFF + outbox)', () => {
  const record = async (backend: ListBackend, uid = 'u-1001') => backend.read<{ outbox: Record<string, { kind: string; body?: { quantity: number } }>; server: unknown; merge: { mergeId: string } | null }>(accountKey(uid));

  function signedIn(server: FakeServer, o: Partial<ListServiceOptions> & { kit?: TestBus } = {}) {
    const kit = o.kit ?? createTestBus();
    kit.bus.emit('session/changed', sessions.nora());
    return tab({ ...o, kit, api: server.api });
  }

  /** A signed-in tab whose first add (20010010_EA_3299) failed to send once (network), with timed retries off: it waits in the outbox. */
  async function addThatFailedToSend() {
    const server = fakeServer();
    server.failNext('put', 1);
    const t = signedIn(server, { retry: NO_TIMED_RETRY });
    await ready(t);
    add(t, '20010010_EA_3299');
    await eventually(() => expect(server.api.put).toHaveBeenCalledTimes(1));
    await eventually(() => expect(t.snap().syncError).toMatch(/network error/));
    expect(t.snap().unsynced).toBe(1);
    return { server, t };
  }

  it('a signed-in shopper (loggedIn + uid, no id token on the page) gets the account list from the BFF and every change is sent (absolute PUT / DELETE)', async () => {
    const server = fakeServer([product(20010010, { quantity: 2 })]);
    const t = signedIn(server);
    await ready(t);
    expect(t.snap()).toMatchObject({ scope: 'account', uid: 'u-1001', count: 1 });
    expect(t.bus.state.listCount.value).toBe(1);
    add(t, '20010010_EA_3299', { quantity: 3 });
    await eventually(() => expect(server.items.get('20010010_EA_3299')?.quantity).toBe(5));
    expect(server.api.put).toHaveBeenLastCalledWith('20010010_EA_3299', expect.objectContaining({ quantity: 5, product_type: 'product' }));
    await t.service.remove('20010010_EA_3299');
    await eventually(() => expect(server.items.size).toBe(0));
    await eventually(() => expect(t.snap().unsynced).toBe(0));
  });

  it('sends a waiting operation again with the next change', async () => {
    const { server, t } = await addThatFailedToSend();
    add(t, '20010065_EA_3299');
    await eventually(() => expect(server.items.size).toBe(2));
    await eventually(() => expect(t.snap()).toMatchObject({ unsynced: 0, syncError: null }));
  });

  it('keeps a failed send in the outbox and retries it with backoff', async () => {
    const server = fakeServer();
    server.failAlways('put');
    const backend = idbBackend();
    const t = signedIn(server, { backend, retry: { baseMs: 30, maxMs: 30 } });
    await ready(t);
    add(t, '20010010_EA_3299');
    await eventually(() => expect(server.api.put.mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(t.snap()).toMatchObject({ unsynced: 1, count: 1 });
    expect(t.snap().syncError).toMatch(/network error/);
    expect((await record(backend))?.outbox['20010010_EA_3299']).toMatchObject({ kind: 'put', body: { quantity: 1 } });
    server.heal();
    await eventually(() => expect(server.items.get('20010010_EA_3299')?.quantity).toBe(1));
    await eventually(() => expect(t.snap().unsynced).toBe(0));
    expect((await record(backend))?.outbox).toEqual({});
  });

  it('retries on the online event', async () => {
    const { server } = await addThatFailedToSend();
    window.dispatchEvent(new Event('online'));
    await eventually(() => expect(server.items.get('20010010_EA_3299')?.quantity).toBe(1));
  });

  it('keeps the outbox across a reload and sends it then', async () => {
    const server = fakeServer();
    server.failAlways('put');
    const backend = idbBackend();
    const first = signedIn(server, { backend, retry: NO_TIMED_RETRY });
    await ready(first);
    add(first, '20010010_EA_3299', { quantity: 2 });
    await first.service.addCustom('Napkins');
    await eventually(() => expect(first.snap().unsynced).toBe(2));
    first.service.dispose();
    server.heal();

    const reloaded = signedIn(server, { backend: idbBackend() });
    await ready(reloaded);
    expect(reloaded.snap().count).toBe(2);
    await eventually(() => expect(server.items.size).toBe(2));
    expect(server.items.get('20010010_EA_3299')?.quantity).toBe(2);
    await eventually(() => expect(reloaded.snap().unsynced).toBe(0));
  });

  it('coalesces changes of one item into one absolute operation', async () => {
    const server = fakeServer();
    server.failAlways('put');
    server.failAlways('remove');
    const backend = idbBackend();
    const t = signedIn(server, { backend, retry: NO_TIMED_RETRY });
    await ready(t);
    add(t, '20010010_EA_3299');
    add(t, '20010010_EA_3299');
    add(t, '20010010_EA_3299', { quantity: 3 });
    add(t, '20010065_EA_3299');
    await eventually(() => expect(t.kit.published('list/item-added')).toHaveLength(4));
    await t.service.remove('20010065_EA_3299');
    const outbox = (await record(backend))!.outbox;
    expect(Object.keys(outbox).sort()).toEqual(['20010010_EA_3299', '20010065_EA_3299']);
    expect(outbox['20010010_EA_3299']).toMatchObject({ kind: 'put', body: { quantity: 5 } });
    expect(outbox['20010065_EA_3299']).toMatchObject({ kind: 'delete' });

    server.heal();
    server.api.put.mockClear();
    server.api.remove.mockClear();
    window.dispatchEvent(new Event('online'));
    await eventually(() => expect(t.snap().unsynced).toBe(0));
    expect(server.api.put).toHaveBeenCalledTimes(1);
    expect(server.api.remove).toHaveBeenCalledTimes(1);
    expect(server.items.get('20010010_EA_3299')?.quantity).toBe(5);
  });

  it('drops an operation the BFF refuses for good and reads the list again', async () => {
    const server = fakeServer([product(1, { quantity: 4 })]);
    const t = signedIn(server);
    await ready(t);
    server.failNext('put', 1, true);
    await t.service.setQuantity('1_EA_3299', 9);
    await eventually(() => expect(t.snap().unsynced).toBe(0));
    await eventually(() => expect(quantities(t)).toEqual({ '1_EA_3299': 4 }));
    expect(t.kit.published('toast/show').at(-1)?.payload).toMatchObject({ kind: 'error', message: TOASTS.syncRefused });
  });

  it('a write refused because the account list is full shows the BFF\'s reason and is not retried', async () => {
    const server = fakeServer([product(1, { quantity: 4 })]);
    const t = signedIn(server);
    await ready(t);
    const full = 'Your list is full: 1,000 items at most. Remove some items to add more.';
    server.api.put.mockRejectedValueOnce(new ListApiError('BFF put: full', 409, true, full));
    await t.service.setQuantity('1_EA_3299', 9);
    await eventually(() => expect(t.snap().unsynced).toBe(0));
    await eventually(() => expect(quantities(t)).toEqual({ '1_EA_3299': 4 }));
    expect(t.kit.published('toast/show').at(-1)?.payload).toMatchObject({ kind: 'error', message: full });
    expect(server.api.put).toHaveBeenCalledTimes(1);
  });

  it('an add the BFF refuses (4xx) is answered list/add-failed, shows spec §8\'s error and leaves the count and ids', async () => {
    const server = fakeServer([product(1)]);
    const t = signedIn(server, { retry: NO_TIMED_RETRY });
    await ready(t);
    server.failNext('put', 1, true);
    t.bus.emit('list/add-requested', { requestId: 'flyer-refused', itemId: '20010010_EA_3299', quantity: 1, productType: 'flyer', name: 'Salted Butter' });
    // Counted at once (optimistic), stored in the outbox, then refused by the server.
    expect(t.bus.state.listCount.value).toBe(2);
    await eventually(() => expect(t.kit.published('list/add-failed').map((e) => e.payload)).toEqual([
      { requestId: 'flyer-refused', itemId: '20010010_EA_3299', reason: expect.stringMatching(/refused/) },
    ]));
    expect(t.kit.published('toast/show').at(-1)?.payload).toMatchObject({ kind: 'error', message: 'An error occurred while adding the product. Please try again.' });
    await eventually(() => expect(t.snap().unsynced).toBe(0));
    expect(t.bus.state.listCount.value).toBe(1);
    expect(t.bus.state.listItemIds.value).toEqual(['1_EA_3299']);
    expect(server.api.put).toHaveBeenCalledTimes(1);
  });

  it('an add that fails to send (5xx, network) stays counted and waits in the outbox', async () => {
    const server = fakeServer();
    const t = signedIn(server, { retry: NO_TIMED_RETRY });
    await ready(t);
    server.failNext('put', 1);
    t.bus.emit('list/add-requested', { requestId: 'flyer-later', itemId: '20010010_EA_3299', quantity: 1, productType: 'flyer', name: 'Salted Butter' });
    await eventually(() => expect(t.snap().syncError).not.toBeNull());
    expect(t.kit.published('list/add-failed')).toEqual([]);
    expect(t.snap().unsynced).toBe(1);
    expect(t.bus.state.listItemIds.value).toEqual(['20010010_EA_3299']);
    window.dispatchEvent(new Event('online'));
    await eventually(() => expect(t.snap().unsynced).toBe(0));
    expect(server.items.get('20010010_EA_3299')?.quantity).toBe(1);
    expect(t.kit.published('list/add-failed')).toEqual([]);
  });

  it('shows an error with the cached list unknown, and a retry reads it', async () => {
    const server = fakeServer([product(1)]);
    server.failAlways('fetchAll');
    const t = signedIn(server, { retry: NO_TIMED_RETRY });
    await eventually(() => expect(t.snap().status).toBe('error'));
    expect(t.snap().error).toBe('Your shopping list could not be loaded.');
    server.heal();
    await t.service.retry();
    expect(t.snap()).toMatchObject({ status: 'ready', count: 1 });
  });
});

describe('merge on sign-in (spec §4)', () => {
  async function anonymousList(backend: ListBackend, kit: TestBus, api = fakeServer().api) {
    const t = tab({ backend, kit, api });
    await ready(t);
    add(t, '1_EA_3299', { quantity: 2 });
    add(t, '2_EA_3299');
    add(t, '3_EA_3299');
    await t.service.addCustom('Milk  bag');
    await eventually(() => expect(kit.published('list/item-added')).toHaveLength(4));
    return t;
  }

  it('merges the browser list into the account, clears it, reloads, refreshes the cart and says so', async () => {
    const server = fakeServer([product(1, { quantity: 5 }), custom('milk bag', '11111111-0000-4000-8000-000000000001')]);
    const kit = createTestBus();
    kit.bus.emit('store/changed', { store: kit.fixtures.store({ storeNumber: '1131' }), source: 'user' });
    const backend = idbBackend();
    const t = await anonymousList(backend, kit, server.api);
    kit.bus.emit('session/changed', sessions.nora());
    // The account service of this tab is the same service: it follows the session.
    await eventually(() => expect(server.api.getCart).toHaveBeenCalled());
    expect(server.api.merge).toHaveBeenCalledTimes(1);
    const [mergeId, items] = server.api.merge.mock.calls[0];
    expect(mergeId).toMatch(/^[0-9a-f-]{36}$|^aaaaaaaa-/);
    expect(items).toHaveLength(4);
    await eventually(() => expect(quantities(t)).toEqual({ '1_EA_3299': 7, '2_EA_3299': 1, '3_EA_3299': 1, 'custom_11111111-0000-4000-8000-000000000001': 2 }));
    expect(kit.published('toast/show').at(-1)?.payload).toEqual({ id: 'shopping-list', message: 'Added 4 items from this browser to your list', kind: 'success', autoCloseMs: 3000 });
    expect(server.api.setCart).toHaveBeenCalledWith('u-1001', '1131', [
      { item_id: '1_EA_3299', quantity: 7 }, { item_id: '2_EA_3299', quantity: 1 }, { item_id: '3_EA_3299', quantity: 1 },
    ]);
    expect(server.api.getCart).toHaveBeenCalledWith('1131');
    expect(await backend.read(ANON_KEY)).toEqual({ v: 1, items: [] });
    expect((await backend.read<{ merge: unknown }>(accountKey('u-1001')))?.merge).toBeNull();
    expect(kit.bus.state.listCount.value).toBe(4);
  });

  it('reuses the same mergeId after a failed merge and a reload, and adds nothing twice', async () => {
    const server = fakeServer([product(1, { quantity: 5 })]);
    const backend = idbBackend();
    await anonymousList(backend, createTestBus());
    // Sign-in in a tab whose merge answer is lost (the BFF applied it, the network failed after).
    const lost = fakeServer();
    lost.api.merge.mockImplementation(async (id, items) => { await server.api.merge(id, items); throw new (await import('./listApi')).ListApiError('network error', 0, false); });
    const k1 = createTestBus();
    k1.bus.emit('session/changed', sessions.nora());
    const crashed = tab({ kit: k1, backend: idbBackend(), api: { ...server.api, merge: lost.api.merge }, retry: NO_TIMED_RETRY });
    await eventually(() => expect(lost.api.merge).toHaveBeenCalledTimes(1));
    await eventually(() => expect(crashed.snap().syncError).toMatch(/network error/));
    const firstId = lost.api.merge.mock.calls[0][0];
    // While the merge is pending, the account list is read and shows the browser items merged in.
    expect(crashed.snap()).toMatchObject({ status: 'ready', merging: true, count: 4 });
    crashed.service.dispose();

    const k2 = createTestBus();
    k2.bus.emit('session/changed', sessions.nora());
    const reloaded = tab({ kit: k2, backend: idbBackend(), api: server.api });
    await eventually(() => expect(server.api.getCart).toHaveBeenCalled());
    expect(server.api.merge.mock.calls.map((c) => c[0])).toEqual([firstId, firstId]);
    expect(server.items.get('1_EA_3299')?.quantity).toBe(7);
    await eventually(() => expect(reloaded.snap().count).toBe(4));
    expect(quantities(reloaded)['1_EA_3299']).toBe(7);
  });

  it('shows the browser list again after sign-out, never the account list', async () => {
    const server = fakeServer([product(9, { quantity: 3 }), product(8)]);
    const kit = createTestBus();
    const backend = idbBackend();
    const t = tab({ kit, backend, api: server.api });
    await ready(t);
    kit.bus.emit('session/changed', sessions.nora());
    await eventually(() => expect(t.snap()).toMatchObject({ scope: 'account', status: 'ready', count: 2 }));
    kit.bus.emit('session/changed', sessions.anonymous());
    await eventually(() => expect(t.snap()).toMatchObject({ scope: 'anonymous', status: 'ready' }));
    expect(t.snap().items).toEqual([]);
    expect(kit.bus.state.listCount.value).toBe(0);
    // The account's cached list is gone from this browser.
    expect(await backend.read(accountKey('u-1001'))).toBeUndefined();
    // A new anonymous add goes to the browser list only.
    add(t, '5_EA_3299');
    await eventually(() => expect(quantities(t)).toEqual({ '5_EA_3299': 1 }));
    expect(server.items.has('5_EA_3299')).toBe(false);
  });

  it('keeps unsent account changes through a sign-out and sends them at the next sign-in', async () => {
    const server = fakeServer();
    server.failAlways('put');
    const kit = createTestBus();
    const backend = idbBackend();
    kit.bus.emit('session/changed', sessions.nora());
    const t = tab({ kit, backend, api: server.api, retry: NO_TIMED_RETRY });
    await ready(t);
    add(t, '7_EA_3299');
    await eventually(() => expect(t.snap().unsynced).toBe(1));
    kit.bus.emit('session/changed', sessions.anonymous());
    await eventually(() => expect(t.snap().scope).toBe('anonymous'));
    expect(t.snap().items).toEqual([]);
    server.heal();
    kit.bus.emit('session/changed', sessions.nora());
    await eventually(() => expect(server.items.get('7_EA_3299')?.quantity).toBe(1));
  });
});

describe('cross-tab channel over storage events', () => {
  it('turns storage events of other tabs into change notices', async () => {
    const { storageEventChannel, PING_KEY } = await import('./channel');
    const ch: ChangeChannel = storageEventChannel(localStorage);
    const heard: string[] = [];
    ch.listen((k) => heard.push(k));
    window.dispatchEvent(new StorageEvent('storage', { key: PING_KEY, newValue: JSON.stringify({ key: 'anon' }) }));
    window.dispatchEvent(new StorageEvent('storage', { key: `${LOCAL_PREFIX}account:u-1`, newValue: '{}' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{}' }));
    expect(heard).toEqual(['anon', 'account:u-1']);
    ch.close();
  });
});
