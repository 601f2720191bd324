/**
 * The account list's outbox (pure): one ABSOLUTE pending server write per item (README "Storage and
 * the outbox"). The sync (api/outboxSync) sends what these functions compute.
 */
import type { ListItem } from './model';

/** Body of `PUT /api/shopping-list/items/:itemId` (absolute values). */
export interface PutBody {
  product_type: string;
  quantity: number;
  checked: boolean;
  meta?: ListItem['meta'];
}

/**
 * One pending server write of the account list's outbox: ABSOLUTE (a PUT of the item as it should
 * be, or a DELETE), so replaying it changes nothing, and coalesced per item_id (a newer change of
 * the same item replaces the older op).
 */
export interface OutboxOp {
  /** Unique per op: a send removes its op only if it is still this one (not a newer change). */
  id: string;
  item_id: string;
  kind: 'put' | 'delete';
  /** For 'put'. */
  body?: PutBody;
  /** For 'put': the item's created_at (keeps the order when the op is applied locally). */
  created_at?: string;
  /** ISO time the op was (last) queued. */
  queuedAt: string;
  /** Failed sends so far. */
  attempts: number;
  /**
   * The adds this put carries (their bus requestIds, '' for an add without one): when the BFF refuses
   * it for good, each of these adds failed (spec §8 "Adding a flyer item to the list fails").
   */
  adds?: string[];
}

/** The outbox: at most one op per item_id. */
export type Outbox = Record<string, OutboxOp>;

/**
 * The op that makes the server hold `item` (or, for null, not hold `itemId`).
 * @param adds the adds the put carries (see {@link OutboxOp.adds}); ignored for a delete
 */
export function opFor(itemId: string, item: ListItem | null, id: string, now: string, adds: readonly string[] = []): OutboxOp {
  if (!item) return { id, item_id: itemId, kind: 'delete', queuedAt: now, attempts: 0 };
  return {
    id,
    item_id: itemId,
    kind: 'put',
    body: { product_type: item.product_type, quantity: item.quantity, checked: item.checked, ...(item.meta ? { meta: item.meta } : {}) },
    created_at: item.created_at,
    queuedAt: now,
    attempts: 0,
    ...(adds.length > 0 ? { adds: [...adds] } : {}),
  };
}

/**
 * The adds the op replacing `prev` carries: the still unsent adds of `prev` (a put) and, for an add
 * that changed the item, its requestId ('' when it has none).
 */
export function addsAfter(prev: OutboxOp | undefined, change: { kind: string; requestId?: string }, changed: boolean): string[] {
  const kept = prev?.kind === 'put' && Array.isArray(prev.adds) ? prev.adds.filter((a) => typeof a === 'string') : [];
  return change.kind === 'add' && changed ? [...kept, change.requestId ?? ''] : kept;
}

/** Applies one outbox op to a list (what the server will hold once it is sent). */
export function applyOp(items: readonly ListItem[], op: OutboxOp): ListItem[] {
  const index = items.findIndex((i) => i.item_id === op.item_id);
  if (op.kind === 'delete' || !op.body) return index < 0 ? [...items] : items.filter((_, i) => i !== index);
  const prev = index >= 0 ? items[index] : null;
  const item: ListItem = {
    item_id: op.item_id,
    product_type: op.body.product_type,
    quantity: op.body.quantity,
    checked: op.body.checked,
    meta: op.body.meta ?? null,
    created_at: prev?.created_at ?? op.created_at ?? op.queuedAt,
    updated_at: op.queuedAt,
  };
  const out = [...items];
  if (index >= 0) out[index] = item;
  else out.push(item);
  return out;
}

/** Applies every op of an outbox. */
export function applyOutbox(items: readonly ListItem[], outbox: Outbox): ListItem[] {
  return Object.values(outbox).reduce<ListItem[]>((acc, op) => applyOp(acc, op), [...items]);
}
