/**
 * shared-events: the only code every remote imports (ARCHITECTURE §3). Shared as a Module Federation
 * singleton, so `bus` below is one instance per page; `window.__SHARED_EVENTS__` records how many
 * instances were created (the e2e suite asserts exactly one).
 */
import { createBus, type EventBus } from './bus';

export * from './catalogue';
export * from './bus';
export * from './request';
export * from './itemId';
export { useBusState, useBusEvent } from './react';
export * from './remote';
export * from './api';

type Registry = { version: string; instances: number; bus: EventBus };
const g = globalThis as typeof globalThis & { __SHARED_EVENTS__?: Registry };

/** The page's bus. */
export const bus: EventBus = createBus();
g.__SHARED_EVENTS__ = {
  version: bus.version,
  instances: (g.__SHARED_EVENTS__?.instances ?? 0) + 1,
  bus,
};
