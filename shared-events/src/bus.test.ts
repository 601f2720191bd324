import { createBus, BusEventError, EMPTY_SESSION, EVENT_TYPES, bus as singleton, BUS_VERSION, type BusEvent } from './index';
import { createTestBus, fixtures } from './testing';
import pkg from '../package.json';

describe('event bus (ARCHITECTURE §3)', () => {
  it('delivers a published event to subscribers of its type only', () => {
    const b = createBus();
    const toasts: string[] = [];
    const stores: string[] = [];
    b.on('toast/show').subscribe((e) => toasts.push(e.payload.message));
    b.on('store/changed').subscribe((e) => stores.push(e.payload.store.storeNumber));
    b.emit('toast/show', { message: 'Saved', kind: 'success' });
    expect(toasts).toEqual(['Saved']);
    expect(stores).toEqual([]);
  });

  it('stops delivering after unsubscribe', () => {
    const b = createBus();
    const seen: string[] = [];
    const sub = b.on('toast/show').subscribe((e) => seen.push(e.payload.message));
    b.emit('toast/show', { message: 'one', kind: 'info' });
    sub.unsubscribe();
    b.emit('toast/show', { message: 'two', kind: 'info' });
    expect(seen).toEqual(['one']);
  });

  it('replays recent events of a type to a late subscriber that asks for it', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const b = createBus();
      b.emit('toast/show', { message: 'old', kind: 'info' });
      jest.setSystemTime(1_000_000 + 8000);
      b.emit('toast/show', { message: 'recent', kind: 'error' });
      b.emit('list/count-changed', { count: 2 });
      const seen: string[] = [];
      b.on('toast/show', { replayMs: 7000 }).subscribe((e) => seen.push(e.payload.message));
      b.emit('toast/show', { message: 'live', kind: 'success' });
      expect(seen).toEqual(['recent', 'live']);
      const plain: string[] = [];
      b.on('toast/show').subscribe((e) => plain.push(e.payload.message));
      expect(plain).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives a late subscriber the current session and store at once', () => {
    const b = createBus();
    const store = fixtures.store({ storeNumber: '1234' });
    b.emit('store/changed', { store, source: 'user' });
    b.emit('session/changed', fixtures.session());
    const late: Array<string | null> = [];
    b.state.store.subscribe((s) => late.push(s?.storeNumber ?? null));
    expect(late).toEqual(['1234']);
    expect(b.state.session.value.loggedIn).toBe(true);
  });

  it('starts signed out with no store, empty list and no popup', () => {
    const b = createBus();
    expect(b.state.session.value).toEqual(EMPTY_SESSION);
    expect(b.state.store.value).toBeNull();
    expect(b.state.listCount.value).toBe(0);
    expect(b.state.popup.value).toBe('none');
  });

  it("tracks the list's item ids when list/count-changed carries them (1.4.0), and keeps them when it does not", () => {
    const b = createBus();
    expect(b.state.listItemIds.value).toEqual([]);
    b.emit('list/count-changed', { count: 2, itemIds: ['20010010_G_3299', 'custom_abcdefgh'] });
    expect(b.state.listItemIds.value).toEqual(['20010010_G_3299', 'custom_abcdefgh']);
    b.emit('list/count-changed', { count: 2 });
    expect(b.state.listItemIds.value).toEqual(['20010010_G_3299', 'custom_abcdefgh']);
    expect(b.state.listCount.value).toBe(2);
  });

  it('tracks list count, consent and popup state from their events', () => {
    const b = createBus();
    b.emit('list/count-changed', { count: 120 });
    b.emit('consent/changed', { groups: ['C0001', 'C0002'] });
    b.emit('popup/open', { popupType: 'addCard' });
    expect(b.state.listCount.value).toBe(120);
    expect(b.state.consent.value).toEqual(['C0001', 'C0002']);
    expect(b.state.popup.value).toBe('addCard');
    b.emit('popup/closed', { popupType: 'addCard', closeType: 'soft' });
    expect(b.state.popup.value).toBe('none');
  });

  it('rejects an unknown event type with a clear error and delivers nothing', () => {
    const b = createBus();
    const seen: BusEvent[] = [];
    b.events$.subscribe((e) => seen.push(e));
    expect(() => b.publish({ type: 'cart/exploded', payload: {} } as unknown as BusEvent)).toThrow(
      new BusEventError("shared-events: unknown event type 'cart/exploded'", null),
    );
    expect(seen).toHaveLength(0);
  });

  it('rejects a malformed payload naming the bad field, and keeps state unchanged', () => {
    const b = createBus();
    expect(() => b.publish({ type: 'store/changed', payload: { store: { storeNumber: 3299 }, source: 'user' } } as unknown as BusEvent))
      .toThrow("shared-events: malformed 'store/changed' event: store.storeNumber: expected string, got number");
    expect(() => b.publish(null as unknown as BusEvent)).toThrow(/event must be an object, got null/);
    expect(() => b.publish({ payload: {} } as unknown as BusEvent)).toThrow(/event.type must be a string/);
    expect(b.state.store.value).toBeNull();
  });

  it('lists every event type of the contract', () => {
    expect(EVENT_TYPES).toEqual(expect.arrayContaining([
      'session/changed', 'store/changed', 'list/item-added', 'list/count-changed', 'toast/show',
      'popup/open', 'popup/closed', 'analytics/track', 'consent/changed',
    ]));
  });

  it('exposes its version and registers the page singleton', () => {
    expect(singleton.version).toBe(BUS_VERSION);
    expect(BUS_VERSION).toBe(pkg.version);
    const reg = (globalThis as unknown as { __SHARED_EVENTS__: { instances: number; bus: unknown } }).__SHARED_EVENTS__;
    expect(reg.instances).toBe(1);
    expect(reg.bus).toBe(singleton);
  });
});

describe('shared-events/testing', () => {
  it('records what a remote published', () => {
    const kit = createTestBus();
    kit.bus.emit('analytics/track', { event: 'nav_header', params: { label: 'Flyer', link: '/flyer' } });
    kit.bus.emit('toast/show', { message: 'Hi', kind: 'info' });
    expect(kit.published('analytics/track')).toHaveLength(1);
    expect(kit.log.map((e) => e.type)).toEqual(['analytics/track', 'toast/show']);
    kit.reset();
    expect(kit.log).toHaveLength(0);
  });
});
