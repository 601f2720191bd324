import { createTestBus, type TestBus } from 'shared-events/testing';
import { createListBridge, LIST_ANSWER_TIMEOUT_MS, type ListBridge } from './listBridge';
import { flyerItem } from '../test-utils';

/** What mf-shopping-list does with requests: optimistic ids at once, then an answer (or a rollback). */
function fakeList(kit: TestBus, behaviour: 'store' | 'fail' | 'silent' = 'store') {
  let ids: string[] = [];
  const publish = () => kit.bus.emit('list/count-changed', { count: ids.length, itemIds: ids });
  const subs = [
    kit.bus.on('list/add-requested').subscribe(({ payload: p }) => {
      const had = ids.includes(p.itemId);
      if (!had) { ids = [...ids, p.itemId]; publish(); }
      queueMicrotask(() => {
        if (behaviour === 'store') kit.bus.emit('list/item-added', { itemId: p.itemId, quantity: 1, requestId: p.requestId });
        if (behaviour === 'fail') {
          if (!had) { ids = ids.filter((i) => i !== p.itemId); publish(); }
          kit.bus.emit('list/add-failed', { requestId: p.requestId, itemId: p.itemId, reason: 'quota' });
        }
      });
    }),
    kit.bus.on('list/remove-requested').subscribe(({ payload: p }) => {
      ids = ids.filter((i) => i !== p.itemId);
      publish();
      queueMicrotask(() => kit.bus.emit('list/item-removed', { itemId: p.itemId, requestId: p.requestId }));
    }),
  ];
  return { set(next: string[]) { ids = next; publish(); }, stop: () => subs.forEach((s) => s.unsubscribe()) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('flyer items ⇄ shopping list (bus only; contract §3 saved flags)', () => {
  let kit: TestBus;
  let send: jest.Mock;
  let bridge: ListBridge;
  beforeEach(() => {
    kit = createTestBus();
    send = jest.fn();
    bridge = createListBridge({ bus: kit.bus, storeCode: '3299', send });
  });
  afterEach(() => bridge.dispose());

  it("add asks the list for the flyer item: id articleNumber_uom_store, quantity 1, productType 'flyer', name and sale story", () => {
    bridge.add(flyerItem({ articleNumber: '20010010', uom: 'KG', name: 'Gala apples', saleStory: '2 for $5' }));
    const [req] = kit.published('list/add-requested');
    expect(req.payload).toEqual({
      requestId: expect.stringMatching(/^flyer-/), itemId: '20010010_KG_3299', quantity: 1, productType: 'flyer', name: 'Gala apples', saleStory: '2 for $5',
    });
  });

  it('an item without a sale story is added without one', () => {
    bridge.add(flyerItem({ saleStory: '' }));
    expect(kit.published('list/add-requested')[0].payload).not.toHaveProperty('saleStory');
  });

  it('sends nothing before the flyer is ready, then the saved ids of this store at once and on every change', () => {
    kit.bus.emit('list/count-changed', { count: 3, itemIds: ['20010010_EA_3299', '20010011_EA_0042', 'custom_abcdef12'] });
    expect(send).not.toHaveBeenCalled();
    bridge.markReady();
    expect(send).toHaveBeenLastCalledWith(['20010010_EA_3299']);
    kit.bus.emit('list/count-changed', { count: 4, itemIds: ['20010010_EA_3299', '20010012_G_3299', '20010011_EA_0042', 'custom_abcdef12'] });
    expect(send).toHaveBeenLastCalledWith(['20010010_EA_3299', '20010012_G_3299']);
    // A change elsewhere in the list (another store's item) sends nothing new.
    send.mockClear();
    kit.bus.emit('list/count-changed', { count: 3, itemIds: ['20010010_EA_3299', '20010012_G_3299', 'custom_abcdef12'] });
    expect(send).not.toHaveBeenCalled();
  });

  it('an add the server refuses after it was stored (signed in, a 4xx) takes the saved flag back off', async () => {
    const list = fakeList(kit, 'store');
    bridge.markReady();
    bridge.add(flyerItem({ articleNumber: '20010010', uom: 'EA' }));
    await flush();
    expect(send).toHaveBeenLastCalledWith(['20010010_EA_3299']);
    // The list's outbox send is refused: it rolls its count back and answers the add late.
    const [req] = kit.published('list/add-requested');
    list.set([]);
    kit.bus.emit('list/add-failed', { requestId: req.payload.requestId, itemId: '20010010_EA_3299', reason: 'The server refused the item' });
    await flush();
    expect(send).toHaveBeenLastCalledWith([]);
    expect(bridge.savedIds()).toEqual([]);
    list.stop();
  });

  it('the saved flag turns on once the list stored the item (not on its optimistic count)', async () => {
    const list = fakeList(kit, 'store');
    bridge.markReady();
    send.mockClear();
    bridge.add(flyerItem());
    expect(kit.bus.state.listItemIds.value).toEqual(['20010010_EA_3299']); // the optimistic ids…
    expect(send).not.toHaveBeenCalled(); // …are not a saved flag yet
    await flush();
    expect(send).toHaveBeenLastCalledWith(['20010010_EA_3299']);
    list.stop();
  });

  it('a failed add never shows the flag, and the flyer still gets its next saved-items', async () => {
    const list = fakeList(kit, 'fail');
    bridge.markReady();
    send.mockClear();
    bridge.add(flyerItem());
    await flush();
    expect(kit.published('list/add-failed')).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith([]);
    expect(send.mock.calls.flat(2)).not.toContain('20010010_EA_3299');
    list.stop();
  });

  it('remove asks the list to remove the item and the flag clears', async () => {
    const list = fakeList(kit, 'store');
    list.set(['20010010_EA_3299', '20010099_EA_3299']);
    bridge.markReady();
    expect(send).toHaveBeenLastCalledWith(['20010010_EA_3299', '20010099_EA_3299']);
    bridge.remove(flyerItem());
    expect(kit.published('list/remove-requested')[0].payload).toEqual({ requestId: expect.stringMatching(/^flyer-/), itemId: '20010010_EA_3299' });
    expect(send).toHaveBeenLastCalledWith(['20010099_EA_3299']);
    await flush();
    expect(send).toHaveBeenLastCalledWith(['20010099_EA_3299']);
    list.stop();
  });

  it('adding an item the list already has (no id change) still answers the flyer', async () => {
    const list = fakeList(kit, 'store');
    list.set(['20010010_EA_3299']);
    bridge.markReady();
    send.mockClear();
    bridge.add(flyerItem());
    await flush();
    expect(send).toHaveBeenCalledWith(['20010010_EA_3299']);
    list.stop();
  });

  it('answers of requests of other remotes change nothing', () => {
    bridge.markReady();
    send.mockClear();
    kit.bus.emit('list/item-added', { itemId: '1_EA_3299', quantity: 1, requestId: 'search-1' });
    kit.bus.emit('list/add-failed', { itemId: '1_EA_3299', requestId: 'search-2', reason: 'x' });
    expect(send).not.toHaveBeenCalled();
  });

  it('without an answer (the list is down) the flag stays off and the flyer is answered after 10 s', async () => {
    jest.useFakeTimers();
    try {
      bridge.markReady();
      send.mockClear();
      bridge.add(flyerItem());
      kit.bus.emit('list/count-changed', { count: 1, itemIds: ['20010010_EA_3299'] });
      expect(send).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(LIST_ANSWER_TIMEOUT_MS - 1);
      expect(send).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('dispose stops everything', () => {
    bridge.markReady();
    send.mockClear();
    bridge.dispose();
    kit.bus.emit('list/count-changed', { count: 1, itemIds: ['20010010_EA_3299'] });
    expect(send).not.toHaveBeenCalled();
  });
});
