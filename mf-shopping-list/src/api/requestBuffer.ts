/**
 * The band's first chunk stays tiny (paint first): the list service (storage, sync) is its own chunk,
 * loaded right after the band mounts. Add/remove requests published meanwhile are kept here, in
 * order, and handed to the service when it starts ({@link takeBufferedRequests}); from then on the
 * service subscribes to the bus itself. Nothing is lost and nothing is handled twice.
 */
import type { EventBus, EventOf } from 'shared-events';

/** A request the list answers. */
export type ListRequest = EventOf<'list/add-requested'> | EventOf<'list/remove-requested'>;

interface Buffer {
  queue: ListRequest[];
  stop(): void;
}

const buffers = new WeakMap<EventBus, Buffer>();
const served = new WeakSet<EventBus>();

/**
 * Starts keeping the bus's list requests until a service takes them (no-op when a service already
 * serves this bus or a buffer exists). `onRequest` is called for each request kept (the band starts
 * the service then).
 */
export function bufferListRequests(bus: EventBus, onRequest?: () => void): void {
  if (served.has(bus) || buffers.has(bus)) return;
  const queue: ListRequest[] = [];
  const keep = (e: ListRequest) => {
    if (served.has(bus)) return;
    queue.push(e);
    onRequest?.();
  };
  const subs = [bus.on('list/add-requested').subscribe(keep), bus.on('list/remove-requested').subscribe(keep)];
  buffers.set(bus, { queue, stop: () => subs.forEach((s) => s.unsubscribe()) });
}

/**
 * Marks the bus as served by a list service and returns (and forgets) the requests kept so far.
 * Call it in the same synchronous tick as the service's own bus subscription.
 */
export function takeBufferedRequests(bus: EventBus): ListRequest[] {
  served.add(bus);
  const buffer = buffers.get(bus);
  if (!buffer) return [];
  buffer.stop();
  buffers.delete(bus);
  return buffer.queue.splice(0);
}
