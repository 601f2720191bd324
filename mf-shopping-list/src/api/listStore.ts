/**
 * The list's persistence: the records of ../state/records in the browser storage (./backend). Every
 * write is one atomic read-modify-write, so two tabs never lose each other's changes.
 */
import { applyChange, countOf, MAX_BROWSER_ITEMS, type ChangeResult, type ListChange, type ListItem } from '../state/model';
import { ListFullError } from '../state/messages';
import { addsAfter, opFor } from '../state/outbox';
import { ANON_KEY, accountKey, accountView, readAccount, readAnon, type AccountRecord, type Scope } from '../state/records';
import { itemsToMerge, type PendingMerge } from '../state/signInMerge';
import type { ListBackend } from './backend';

/** A stored change: the result on the stored list, the new stored view and the outbox size. */
export interface Stored {
  result: ChangeResult;
  view: ListItem[];
  unsynced: number;
}

/** Changes an account record in place; may return more writes (other keys). */
export type AccountEdit = (acc: AccountRecord, values: Record<string, unknown>) => Record<string, unknown> | void;

/** The list records on one storage backend (resolved once). */
export class ListStore {
  constructor(readonly backend: Promise<ListBackend>) {}

  /** The browser list. @throws (rejects) when the storage fails */
  async readBrowser(): Promise<ListItem[]> {
    const backend = await this.backend;
    return readAnon(await backend.read(ANON_KEY)).items;
  }

  /** `uid`'s account record. @throws (rejects) when the storage fails */
  async readAccount(uid: string): Promise<AccountRecord> {
    const backend = await this.backend;
    return readAccount(await backend.read(accountKey(uid)), uid);
  }

  /**
   * Opens `uid`'s record at sign-in: when the browser list has items and no merge is pending, a
   * pending merge of them is stored in the same transaction that finds them (so a retry after a
   * crash or reload reuses its mergeId).
   * @param newMerge the id and time of a new merge
   */
  async openAccount(uid: string, newMerge: () => Pick<PendingMerge, 'mergeId' | 'createdAt'>): Promise<AccountRecord> {
    const backend = await this.backend;
    const key = accountKey(uid);
    return backend.transact([ANON_KEY, key], (values) => {
      const acc = readAccount(values[key], uid);
      const browserItems = itemsToMerge(readAnon(values[ANON_KEY]).items);
      if (acc.merge || browserItems.length === 0) return { writes: {}, result: acc };
      acc.merge = { ...newMerge(), items: browserItems, stage: 'merge' };
      return { writes: { [key]: acc }, result: acc };
    });
  }

  /**
   * Sign-out: the account's cached list must not stay readable for the next (anonymous) shopper.
   * Its outbox and pending merge stay: they are sent when that shopper signs in again.
   */
  async forgetCachedList(uid: string): Promise<void> {
    const key = accountKey(uid);
    try {
      const backend = await this.backend;
      await backend.transact([key], (values) => {
        if (values[key] === undefined) return { writes: {}, result: null };
        const acc = readAccount(values[key], uid);
        const keep = Object.keys(acc.outbox).length > 0 || acc.merge !== null;
        return { writes: { [key]: keep ? { ...acc, server: null, loadedAt: null } : undefined }, result: null };
      });
    } catch {
      // storage unavailable: nothing cached to forget
    }
  }

  /** Edits `uid`'s record (and `extraKeys`) in one transaction. @returns the record written */
  async updateAccount(uid: string, edit: AccountEdit, extraKeys: string[] = []): Promise<AccountRecord> {
    const backend = await this.backend;
    const key = accountKey(uid);
    return backend.transact([key, ...extraKeys], (values) => {
      const acc = readAccount(values[key], uid);
      const more = edit(acc, values) ?? {};
      return { writes: { [key]: acc, ...more }, result: acc };
    });
  }

  /**
   * Stores one change for `scope`: the browser list, or the account list's outbox (one absolute op
   * per item, ../state/outbox).
   * @param opId a new outbox op id
   * @throws (rejects) {@link ListFullError} when a new item would pass {@link MAX_BROWSER_ITEMS}; storage errors
   */
  async persist(scope: Scope, change: ListChange, now: string, opId: () => string): Promise<Stored> {
    const backend = await this.backend;
    if (scope.kind === 'anonymous') {
      return backend.transact([ANON_KEY], (values) => {
        const rec = readAnon(values[ANON_KEY]);
        const result = applyChange(rec.items, change, now);
        if (!result.changed) return { writes: {}, result: { result, view: rec.items, unsynced: 0 } };
        const isNew = change.kind === 'add' && !rec.items.some((i) => i.item_id === change.item.item_id);
        if (isNew && countOf(rec.items) >= MAX_BROWSER_ITEMS) throw new ListFullError();
        return { writes: { [ANON_KEY]: { v: 1, items: result.items } }, result: { result, view: result.items, unsynced: 0 } };
      });
    }
    const key = accountKey(scope.uid);
    return backend.transact([key], (values) => {
      const rec = readAccount(values[key], scope.uid);
      const before = accountView(rec);
      const result = applyChange(before, change, now);
      if (!result.changed) return { writes: {}, result: { result, view: before, unsynced: Object.keys(rec.outbox).length } };
      const itemId = change.kind === 'add' ? change.item.item_id : change.item_id;
      const adds = addsAfter(rec.outbox[itemId], change, result.changed);
      rec.outbox = { ...rec.outbox, [itemId]: opFor(itemId, result.item, opId(), now, adds) };
      return { writes: { [key]: rec }, result: { result, view: accountView(rec), unsynced: Object.keys(rec.outbox).length } };
    });
  }
}
