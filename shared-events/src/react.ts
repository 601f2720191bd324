import { useEffect, useSyncExternalStore } from 'react';
import type { BusEventType, EventOf } from './catalogue';
import type { EventBus, StateStream } from './bus';

/**
 * Reads a bus state stream in a React component and re-renders on change.
 * @example const session = useBusState(bus.state.session);
 */
export function useBusState<T>(stream: StateStream<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const sub = stream.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    () => stream.value,
    () => stream.value,
  );
}

/** Calls `handler` for every event of `type` while the component is mounted. */
export function useBusEvent<T extends BusEventType>(bus: EventBus, type: T, handler: (e: EventOf<T>) => void): void {
  useEffect(() => {
    const sub = bus.on(type).subscribe(handler);
    return () => sub.unsubscribe();
  }, [bus, type, handler]);
}
