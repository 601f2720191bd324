/**
 * Flyer items ⇄ shopping list, through the bus only (spec §4 Shopping list and cart; contract §3).
 *
 * - add: `list/add-requested { requestId, itemId: articleNumber_uom_storeCode, quantity: 1,
 *   productType: 'flyer', name, saleStory }`; mf-shopping-list stores it and answers `list/item-added`
 *   or `list/add-failed` (and shows the toasts: the addList toast, or spec §8's failure text).
 * - remove: `list/remove-requested { requestId, itemId }` → `list/item-removed`.
 * - saved flags: the flyer shows an item as saved when its id is among the ids sent with
 *   `setSavedItems` — `bus.state.listItemIds` (the list's shown items) of this store only, sent once
 *   the flyer is ready, whenever they change, and after every answer to one of our requests (the
 *   flyer waits for the next saved-items after a click, contract §3). An item whose add is not
 *   answered yet is left out (the list counts it at once, optimistically), so a failed add never
 *   shows the flag, even for a moment.
 */
import type { FlyerItem } from 'shared-events/contracts';
import { listItemIdOf, savedIdsForStore } from '../state/bridge';
import { newRequestId, type EventBus } from 'shared-events';

/** Tracks one `bus.request` (given the dispose signal) until it is answered, fails or times out. */
type Ask = (requestId: string, send: (signal: AbortSignal) => Promise<unknown>) => void;

/** How long a request may stay unanswered before the saved flags are sent anyway (ms). */
export const LIST_ANSWER_TIMEOUT_MS = 10_000;

export interface ListBridge {
  /** Asks the list to add a flyer item (quantity 1). */
  add(item: FlyerItem): void;
  /** Asks the list to remove a flyer item. */
  remove(item: FlyerItem): void;
  /** The flyer said 'flyer:ready': send the saved flags now and on every change from now on. */
  markReady(): void;
  /** The ids the flyer should show as saved now. */
  savedIds(): string[];
  /** Stops listening (the storefront is destroyed). */
  dispose(): void;
}

export interface ListBridgeOptions {
  bus: EventBus;
  /** The store of the flyer shown (4 digits). */
  storeCode: string;
  /** Sends the saved ids to the flyer (the storefront's `setSavedItems`). */
  send: (listItemIds: string[]) => void;
  /** Default {@link LIST_ANSWER_TIMEOUT_MS}. */
  answerTimeoutMs?: number;
}

export function createListBridge({ bus, storeCode, send, answerTimeoutMs = LIST_ANSWER_TIMEOUT_MS }: ListBridgeOptions): ListBridge {
  /** Our unanswered requests: requestId → the item id of an add that is not in the list yet (or null). */
  const pending = new Map<string, string | null>();
  /** Aborted on dispose: the outstanding `bus.request`s stop listening. */
  let stop = new AbortController();
  let ready = false;
  let lastSent: string | null = null;

  const savedIds = () => {
    const hidden = new Set([...pending.values()].filter((id): id is string => id !== null));
    return savedIdsForStore(bus.state.listItemIds.value, storeCode).filter((id) => !hidden.has(id));
  };
  const sendNow = (force: boolean) => {
    if (!ready) return;
    const ids = savedIds();
    const key = ids.join('|');
    if (!force && key === lastSent) return;
    lastSent = key;
    send(ids);
  };
  // Answered, failed or timed out alike: the flyer gets its next saved-items (contract §3).
  const ask: Ask = (requestId, request) => {
    const { signal } = stop;
    request(signal).catch(() => undefined).then(() => {
      if (signal.aborted || !pending.delete(requestId)) return;
      sendNow(true);
    });
  };

  const sub = bus.state.listItemIds.subscribe(() => sendNow(false));

  return {
    add(item) {
      const itemId = listItemIdOf(item, storeCode);
      const requestId = newRequestId('flyer');
      // Before the request: the list publishes its optimistic count (and ids) synchronously.
      pending.set(requestId, bus.state.listItemIds.value.includes(itemId) ? null : itemId);
      const payload = {
        itemId, quantity: 1, productType: 'flyer' as const, name: item.name,
        ...(item.saleStory.trim() ? { saleStory: item.saleStory } : {}),
      };
      ask(requestId, (signal) => bus.request('list/add-requested', payload, {
        reply: 'list/item-added', fail: 'list/add-failed', timeoutMs: answerTimeoutMs, requestId, signal,
      }));
    },
    remove(item) {
      const requestId = newRequestId('flyer');
      pending.set(requestId, null);
      ask(requestId, (signal) => bus.request('list/remove-requested', { itemId: listItemIdOf(item, storeCode) }, {
        reply: 'list/item-removed', timeoutMs: answerTimeoutMs, requestId, signal,
      }));
    },
    markReady() {
      ready = true;
      sendNow(true);
    },
    savedIds,
    dispose() {
      sub.unsubscribe();
      stop.abort();
      stop = new AbortController();
      pending.clear();
      ready = false;
    },
  };
}
