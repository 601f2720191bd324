/**
 * The stored records of the list (pure): what is kept under each storage key and how a value read
 * from storage is taken back (README "Storage and the outbox"). api/listStore reads and writes them.
 */
import { asListItems, type ListItem } from './model';
import { applyOutbox, type Outbox } from './outbox';
import { mergeItems, type PendingMerge } from './signInMerge';

/** Storage key of the browser (anonymous) list. */
export const ANON_KEY = 'anon';
/** Storage key of a signed-in shopper's record (cached list, outbox, pending merge). */
export const accountKey = (uid: string): string => `account:${uid}`;

/** Browser record (`anon`). */
export interface AnonRecord {
  v: 1;
  items: ListItem[];
}

/** Signed-in record (`account:<uid>`). */
export interface AccountRecord {
  v: 1;
  uid: string;
  /** The list as the BFF last answered it (null: never read on this device, or forgotten at sign-out). */
  server: ListItem[] | null;
  loadedAt: string | null;
  outbox: Outbox;
  merge: PendingMerge | null;
}

/** Where the list of the current shopper is. */
export type Scope = { kind: 'anonymous' } | { kind: 'account'; uid: string };

/** The storage key of a scope's record. */
export function keyOf(scope: Scope): string {
  return scope.kind === 'account' ? accountKey(scope.uid) : ANON_KEY;
}

/** True when both scopes name the same list. */
export function sameScope(a: Scope | null, b: Scope): boolean {
  if (!a || a.kind !== b.kind) return false;
  return a.kind === 'anonymous' || a.uid === (b as { uid: string }).uid;
}

/** A stored value as the browser record (anything unreadable → an empty list). */
export function readAnon(v: unknown): AnonRecord {
  return { v: 1, items: asListItems((v as Partial<AnonRecord> | undefined)?.items) };
}

function readOutbox(v: unknown): Outbox {
  const outbox: Outbox = {};
  if (!v || typeof v !== 'object') return outbox;
  for (const [id, op] of Object.entries(v as Outbox)) {
    if (op && typeof op === 'object' && (op.kind === 'put' || op.kind === 'delete')) outbox[id] = op;
  }
  return outbox;
}

function readMerge(m: Partial<PendingMerge> | null | undefined): PendingMerge | null {
  if (!m || typeof m.mergeId !== 'string' || !m.stage || !['merge', 'reload', 'cart'].includes(m.stage)) return null;
  return { mergeId: m.mergeId, items: asListItems(m.items), stage: m.stage, createdAt: String(m.createdAt ?? '') };
}

/** A stored value as `uid`'s account record (unreadable parts dropped). */
export function readAccount(v: unknown, uid: string): AccountRecord {
  const r = (v ?? {}) as Partial<AccountRecord>;
  return {
    v: 1, uid, server: Array.isArray(r.server) ? asListItems(r.server) : null, loadedAt: r.loadedAt ?? null,
    outbox: readOutbox(r.outbox), merge: readMerge(r.merge),
  };
}

/** The account list as it will be once the merge and the outbox are through. */
export function accountView(rec: AccountRecord): ListItem[] {
  let items = rec.server ?? [];
  if (rec.merge && rec.merge.stage !== 'cart') items = mergeItems(items, rec.merge.items);
  return applyOutbox(items, rec.outbox);
}
