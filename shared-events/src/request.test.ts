import { createBus, type EventBus } from './bus';
import { BusRequestError, DEFAULT_REQUEST_TIMEOUT_MS } from './request';
import { fixtures } from './testing';

/** Subscriber count of the bus's event stream: what a leaked subscription would raise. */
function listeners(bus: EventBus): number {
  return (bus.events$ as unknown as { source: { observers: unknown[] } }).source.observers.length;
}

/** A fake list owner: answers every add with item-added, or add-failed for item ids in `refuse`. */
function listOwner(bus: EventBus, refuse: string[] = []) {
  return bus.on('list/add-requested').subscribe(({ payload: { requestId, itemId } }) => {
    if (refuse.includes(itemId)) bus.emit('list/add-failed', { requestId, itemId, reason: 'Your list is full' });
    else bus.emit('list/item-added', { requestId, itemId, quantity: 1 });
  });
}

describe('bus.request', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the request with a fresh requestId and resolves with the reply carrying it', async () => {
    const bus = createBus();
    const sent: string[] = [];
    bus.on('list/add-requested').subscribe((e) => sent.push(e.payload.requestId));
    const owner = listOwner(bus);
    // Another asker's answer must not settle ours.
    bus.on('list/add-requested').subscribe(() => bus.emit('list/item-added', { requestId: 'someone-else', itemId: 'x', quantity: 1 }));
    const a = await bus.request('list/add-requested', { itemId: '20010010_G_3299' }, { reply: 'list/item-added', fail: 'list/add-failed' });
    const b = await bus.request('list/add-requested', { itemId: '20010010_G_3299' }, { reply: 'list/item-added' });
    expect(a.type).toBe('list/item-added');
    expect(a.payload.requestId).toBe(sent[0]);
    expect(b.payload.requestId).toBe(sent[1]);
    expect(sent[0]).not.toBe(sent[1]);
    owner.unsubscribe();
  });

  it('rejects with kind "failed" and the owner\'s reason on a matching fail event', async () => {
    const bus = createBus();
    listOwner(bus, ['1_EA_3299']);
    const err = await bus.request('list/add-requested', { itemId: '1_EA_3299' }, { reply: 'list/item-added', fail: 'list/add-failed' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusRequestError);
    expect(err).toMatchObject({ kind: 'failed', reason: 'Your list is full' });
  });

  it('rejects with kind "timeout" when nobody answers within timeoutMs (default 10 000 ms)', async () => {
    jest.useFakeTimers();
    const bus = createBus();
    const before = listeners(bus);
    const short = bus.request('offers/matches-requested', { articleNumbers: ['1'] }, { reply: 'offers/matches', timeoutMs: 500 });
    const long = bus.request('offers/matches-requested', { articleNumbers: ['1'] }, { reply: 'offers/matches' });
    const outcomes: string[] = [];
    short.catch((e: BusRequestError) => outcomes.push(`short:${e.kind}`));
    long.catch((e: BusRequestError) => outcomes.push(`long:${e.kind}`));
    await jest.advanceTimersByTimeAsync(500);
    expect(outcomes).toEqual(['short:timeout']);
    await jest.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS - 500);
    expect(outcomes).toEqual(['short:timeout', 'long:timeout']);
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(listeners(bus)).toBe(before);
  });

  it('matches a reply that carries no requestId with `match` (store/changed for a store number)', async () => {
    const bus = createBus();
    bus.on('store/select-requested').subscribe(({ payload }) => {
      bus.emit('store/changed', { store: fixtures.store({ storeNumber: '0001' }), source: 'user' });
      bus.emit('store/changed', { store: fixtures.store({ storeNumber: payload.storeNumber }), source: 'user' });
    });
    const e = await bus.request('store/select-requested', { storeNumber: '0412' }, {
      reply: 'store/changed', fail: 'store/select-failed', match: (p) => p.store.storeNumber === '0412',
    });
    expect(e.payload.store.storeNumber).toBe('0412');
  });

  it('resolves with whichever reply of a list comes first, and lets the caller choose the requestId', async () => {
    const bus = createBus();
    bus.on('list/remove-requested').subscribe(({ payload }) => bus.emit('list/item-removed', payload));
    const e = await bus.request('list/remove-requested', { itemId: '1_EA_3299' }, { reply: ['list/item-added', 'list/item-removed'], requestId: 'flyer-7' });
    expect(e).toMatchObject({ type: 'list/item-removed', payload: { requestId: 'flyer-7' } });
  });

  it('unsubscribes after a reply, a failure, an abort and an invalid request', async () => {
    const bus = createBus();
    const before = listeners(bus);
    const owner = listOwner(bus, ['bad']);
    const withOwner = listeners(bus);
    await bus.request('list/add-requested', { itemId: 'ok' }, { reply: 'list/item-added', fail: 'list/add-failed' });
    await bus.request('list/add-requested', { itemId: 'bad' }, { reply: 'list/item-added', fail: 'list/add-failed' }).catch(() => null);
    expect(listeners(bus)).toBe(withOwner);
    owner.unsubscribe();

    const ctrl = new AbortController();
    const aborted = bus.request('offers/matches-requested', { articleNumbers: [] }, { reply: 'offers/matches', signal: ctrl.signal });
    ctrl.abort();
    await expect(aborted).rejects.toMatchObject({ kind: 'aborted' });

    // A request the catalogue refuses is not sent, and its error is the publish error.
    const invalid = bus.request('list/add-requested', { itemId: 42 } as never, { reply: 'list/item-added' });
    await expect(invalid).rejects.toMatchObject({ name: 'BusEventError' });
    expect(listeners(bus)).toBe(before);
  });
});
