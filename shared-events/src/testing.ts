/**
 * shared-events/testing: the test kit a squad uses to unit-test its remote with no shell.
 *
 *   import { createTestBus } from 'shared-events/testing';
 *   const kit = createTestBus();
 *   kit.bus.emit('store/changed', { store: kit.fixtures.store(), source: 'user' });
 *   expect(kit.published('toast/show')).toHaveLength(1);
 *
 * Remotes take the bus as a prop/custom prop (`customProps.bus`) defaulting to the shared singleton,
 * so tests pass `kit.bus` instead.
 */
import { createBus, EMPTY_SESSION, type EventBus } from './bus';
import type { BusEvent, BusEventType, EventOf, Session, Store } from './catalogue';

export interface TestBus {
  bus: EventBus;
  /** Every event published since creation (or the last `reset`), in order. */
  readonly log: BusEvent[];
  /** Events of one type published so far. */
  published<T extends BusEventType>(type: T): EventOf<T>[];
  reset(): void;
  fixtures: typeof fixtures;
}

/** Realistic fixtures matching the catalogue schemas. */
export const fixtures = {
  store(overrides: Partial<Store> = {}): Store {
    return {
      storeNumber: '3299',
      locationName: 'Halifax Quinpool Road',
      slug: 'halifax-quinpool-road-3299',
      address: { address1: '6420 Quinpool Rd', address2: null, intersection: 'Quinpool Rd & Connaught Ave', city: 'Halifax', province: 'NS', postalCode: 'B3L 1A1' },
      hours: { is24Hours: false, storeHours: [{ day: 'Monday', open: '07:00', close: '22:00' }] },
      region: ['atlantic', 'ns'],
      _geoloc: { lat: 44.6449, lng: -63.5992 },
      ...overrides,
    };
  },
  session(overrides: Partial<Session> = {}): Session {
    return {
      ...EMPTY_SESSION,
      uid: 'u-1001',
      loggedIn: true,
      profile: { firstName: 'Alexandra', lastName: 'Doe' },
      id_token: null,
      ...overrides,
    };
  },
};

export function createTestBus(): TestBus {
  const bus = createBus();
  const log: BusEvent[] = [];
  bus.events$.subscribe((e) => log.push(e));
  return {
    bus,
    log,
    published: <T extends BusEventType>(type: T) => log.filter((e): e is EventOf<T> => e.type === type),
    reset: () => { log.length = 0; },
    fixtures,
  };
}
