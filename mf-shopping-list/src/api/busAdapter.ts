/**
 * The list's bus protocol (shared-events 1.2.0): answers `list/add-requested` and
 * `list/remove-requested`, publishes `list/count-changed`, `list/item-added`, `list/add-failed`,
 * `list/item-removed` and the list toasts. An add: `list/count-changed` in the same synchronous tick
 * (optimistic count), then storage, then `list/item-added` (same requestId) and a 3000 ms toast 'Added
 * to your list'; a storage failure rolls the count back, answers `list/add-failed` and shows an error
 * toast. A remove: `list/item-removed` and 'Removed from your list'.
 */
import type { EventBus, PayloadOf } from 'shared-events';
import type { ListSnapshot } from '../state/listState';
import { AT_MOST_999, ListFullError, storageReason, TOASTS } from '../state/messages';
import { itemFromRequest, MAX_QUANTITY, validateAddRequest, type ChangeResult, type ListChange, type ListItem } from '../state/model';
import { writeCountSnapshot } from './countSnapshot';
import type { ListRequest } from './requestBuffer';
import { LIST_TOAST_MS, showListToast } from './toasts';

/** What the bus adapter needs from the list service. */
export interface ListCore {
  readonly bus: EventBus;
  /** False until the list is first read. */
  isReady(): boolean;
  /** Runs `fn` once the list is read (in arrival order). */
  whenReady(fn: () => void): void;
  /** The list with unsaved changes (every item). */
  view(): ListItem[];
  /** False when a new item would pass the browser list's limit. */
  hasRoom(): boolean;
  /** Shows `change` at once and stores it (rolled back on failure). */
  mutate(change: ListChange): { optimistic: ChangeResult; done: Promise<ChangeResult> };
  /** Publishes the count when it changed (always with `force`). */
  publishCount(force?: boolean): void;
  nowIso(): string;
}

/**
 * Publishes `list/count-changed` `{ count, itemIds }` (the shown items' ids, shared-events 1.4.0: the
 * flyer's saved flags) when the count or the ids differ from the last published (or always with
 * `force`), and keeps the count for the badge's first paint (./countSnapshot).
 */
export class CountPublisher {
  private lastCount: number | null = null;
  private lastIdsKey: string | null = null;

  constructor(private readonly bus: EventBus) {}

  publish(snapshot: ListSnapshot, force = false): void {
    const { count } = snapshot;
    const itemIds = snapshot.items.map((i) => i.item_id);
    const idsKey = itemIds.join('|');
    if (!force && count === this.lastCount && idsKey === this.lastIdsKey) return;
    this.lastCount = count;
    this.lastIdsKey = idsKey;
    this.bus.emit('list/count-changed', { count, itemIds });
    writeCountSnapshot(count);
  }
}

/** Answers one `list/add-requested`. */
export function handleAddRequest(core: ListCore, payload: PayloadOf<'list/add-requested'>): void {
  const { bus } = core;
  const { requestId, itemId } = payload;
  const reason = validateAddRequest(payload);
  if (reason) {
    bus.emit('list/add-failed', { requestId, itemId: String(itemId), reason });
    return;
  }
  if (!core.isReady()) {
    core.whenReady(() => handleAddRequest(core, payload));
    return;
  }
  const item = itemFromRequest(payload, core.nowIso());
  const current = core.view().find((i) => i.item_id === itemId);
  if (current && current.quantity >= MAX_QUANTITY) {
    bus.emit('list/add-failed', { requestId, itemId, reason: AT_MOST_999 });
    return;
  }
  if (!current && !core.hasRoom()) {
    bus.emit('list/add-failed', { requestId, itemId, reason: TOASTS.full });
    showListToast(bus, TOASTS.full, 'error');
    return;
  }
  const { done } = core.mutate({ kind: 'add', item, requestId });
  // The badge follows in the same frame (shared-events: listCount written before storage).
  core.publishCount(true);
  done.then(
    (result) => {
      if (result.added === 0) {
        bus.emit('list/add-failed', { requestId, itemId, reason: AT_MOST_999 });
        return;
      }
      bus.emit('list/item-added', {
        itemId, quantity: result.added, requestId,
        ...(payload.queryID !== undefined ? { queryID: payload.queryID } : {}),
        ...(payload.position !== undefined ? { position: payload.position } : {}),
      });
      showListToast(bus, TOASTS.added, 'success', LIST_TOAST_MS);
    },
    (error: unknown) => {
      bus.emit('list/add-failed', { requestId, itemId, reason: storageReason(error) });
      showListToast(bus, error instanceof ListFullError ? TOASTS.full : TOASTS.addFailed, 'error');
    },
  );
}

/** Answers one `list/remove-requested` (an empty item id is ignored). */
export function handleRemoveRequest(core: ListCore, p: PayloadOf<'list/remove-requested'>): void {
  if (typeof p.itemId !== 'string' || p.itemId.trim() === '') return;
  if (!core.isReady()) {
    core.whenReady(() => handleRemoveRequest(core, p));
    return;
  }
  const { optimistic, done } = core.mutate({ kind: 'remove', item_id: p.itemId });
  core.publishCount(true);
  done.then(
    (result) => {
      core.bus.emit('list/item-removed', { itemId: p.itemId, requestId: p.requestId });
      if (result.removed || optimistic.removed) showListToast(core.bus, TOASTS.removed, 'success', LIST_TOAST_MS);
    },
    () => showListToast(core.bus, TOASTS.removeFailed, 'error'),
  );
}

/** Answers one list request. */
export function handleListRequest(core: ListCore, e: ListRequest): void {
  if (e.type === 'list/add-requested') handleAddRequest(core, e.payload);
  else handleRemoveRequest(core, e.payload);
}
