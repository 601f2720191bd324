import { BusRequestError, type EventBus, type PayloadOf } from 'shared-events';
import { ADD_TO_LIST_TIMEOUT_MS, LIST_DOWN_REASON, type AddToListOutcome } from '../state/listAdd';

/** A `list/add-requested` payload without its `requestId` (`bus.request` adds a fresh one). */
export type ListAddRequest = Omit<PayloadOf<'list/add-requested'>, 'requestId'>;

/**
 * Publishes one `list/add-requested` through `bus.request` and resolves with the shopping list's
 * answer: `list/item-added` → `{ ok: true }`; `list/add-failed` → `{ ok: false, reason }`; no answer
 * within `timeoutMs` (ms, default {@link ADD_TO_LIST_TIMEOUT_MS}) → `{ ok: false, reason:
 * LIST_DOWN_REASON, timedOut: true }`; a request the bus refuses → `{ ok: false, reason: LIST_DOWN_REASON }`.
 * Never rejects.
 */
export async function requestListAdd(bus: EventBus, payload: ListAddRequest, timeoutMs = ADD_TO_LIST_TIMEOUT_MS): Promise<AddToListOutcome> {
  try {
    await bus.request('list/add-requested', payload, { reply: 'list/item-added', fail: 'list/add-failed', timeoutMs });
    return { ok: true };
  } catch (error) {
    if (error instanceof BusRequestError && error.kind === 'failed') return { ok: false, reason: error.reason };
    // No answer in time; anything else (a payload the bus refuses) was not added either.
    return { ok: false, reason: LIST_DOWN_REASON, ...(error instanceof BusRequestError && error.kind === 'timeout' ? { timedOut: true } : {}) };
  }
}
