/**
 * The account list's sync (signed in): sends a pending sign-in merge, then the outbox oldest first,
 * reads the account list again when needed and, after a merge, refreshes the cart (spec §4 "An
 * anonymous shopping list is merged into the account on login, then the cart is refreshed"). A failed
 * send stays and is retried: on the next change, on `online`, on a new `session/changed` and with
 * backoff (base × 2^(failures−1), at most max). One tab at a time sends where the browser has Web Locks.
 */
import type { EventBus, RuntimeConfig } from 'shared-events';
import type { ListAction, ListState } from '../state/listState';
import { TOASTS } from '../state/messages';
import { isCustom, isShown } from '../state/model';
import { applyOp, type OutboxOp } from '../state/outbox';
import { ANON_KEY, accountKey, accountView, readAnon, type AccountRecord } from '../state/records';
import { mergePayload, type PendingMerge } from '../state/signInMerge';
import { signedInAs } from '../state/signedIn';
import type { ChangeChannel } from './channel';
import { ListApiError, type ListApi } from './listApi';
import type { AccountEdit, ListStore } from './listStore';
import { LIST_TOAST_MS, showListToast } from './toasts';

/** What the sync needs from the list service. */
export interface SyncHost {
  readonly bus: EventBus;
  readonly config: Pick<RuntimeConfig, 'defaultStoreNumber'>;
  readonly api: ListApi;
  readonly store: ListStore;
  readonly channel: ChangeChannel;
  state(): ListState;
  dispatch(action: ListAction): void;
  /** Publishes the count (see api/busAdapter). */
  publishCount(force?: boolean): void;
  /** Answers the requests that waited for the list. */
  runWaiting(): void;
  nowIso(): string;
  isDisposed(): boolean;
}

/** One pass of the sync for one shopper. */
interface SyncRun {
  uid: string;
  rec: AccountRecord;
  /** The first transient failure: what can still be done is done, then the sync is retried with backoff. */
  failure: unknown;
  /** False once the scope changed or the service was disposed: late answers are dropped. */
  alive(): boolean;
  /** Still signed in as this shopper (the BFF sends as whoever its session cookie names). */
  still(): boolean;
  save(edit: AccountEdit, extraKeys?: string[]): Promise<AccountRecord>;
}

/** The sync of the current account scope (one per list service). */
export class OutboxSync {
  /** The account list must be read again (first read, after a merge, after a refused op, on retry). */
  private needsReload = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;

  constructor(private readonly host: SyncHost, private readonly retry: { baseMs: number; maxMs: number }) {}

  /** Forgets the failures and the reload of an older scope. */
  reset(): void {
    this.needsReload = false;
    this.failures = 0;
    this.clearRetry();
  }

  /** Sends what is waiting now (and reads the list again with `reload`), forgetting the backoff. */
  retryNow(): void {
    this.failures = 0;
    this.clearRetry();
    this.kick({ reload: true });
  }

  /** Starts a sync, or asks the running one to go again when it ends. */
  kick(options: { reload?: boolean } = {}): void {
    if (options.reload) this.needsReload = true;
    const scope = this.host.state().scope;
    if (this.host.isDisposed() || scope?.kind !== 'account') return;
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.clearRetry();
    this.syncing = withSyncLock(scope.uid, () => this.run(scope.uid)).finally(() => {
      this.syncing = null;
      // A change, an online event or a renewed session arrived meanwhile: go again at once (even after a failure).
      if (this.syncAgain && !this.host.isDisposed()) {
        this.syncAgain = false;
        this.kick();
      }
    });
  }

  /** Resolves when no sync is running. */
  async idle(): Promise<void> {
    while (this.syncing) await this.syncing;
  }

  dispose(): void {
    this.clearRetry();
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async run(uid: string): Promise<void> {
    const run = await this.startRun(uid);
    if (!run) return;
    try {
      if (run.rec.merge?.stage === 'merge') await this.sendMerge(run, run.rec.merge);
      if (!run.failure) await this.sendOutbox(run);
      if ((this.needsReload && !run.failure) || run.rec.server === null) await this.readList(run);
      if (!run.failure && run.rec.merge?.stage === 'cart') await this.refreshCart(run, run.rec.merge.mergeId);
      this.finish(run);
    } catch (error) {
      if (error !== STOPPED) this.fail(run, error);
    }
  }

  private async startRun(uid: string): Promise<SyncRun | null> {
    const { host } = this;
    const gen = host.state().generation;
    let rec: AccountRecord;
    try {
      rec = await host.store.readAccount(uid);
    } catch {
      return null;
    }
    const alive = () => gen === host.state().generation && !host.isDisposed();
    const run: SyncRun = {
      uid, rec, failure: null, alive,
      still: () => signedInAs(host.bus.state.session.value, uid),
      save: async (edit, extraKeys) => {
        const next = await host.store.updateAccount(uid, edit, extraKeys);
        run.rec = next;
        if (alive()) {
          host.dispatch({ type: 'account-read', record: next });
          host.publishCount();
        }
        return next;
      },
    };
    return run;
  }

  /** Stops the run (without a failure) when the scope changed or the shopper signed out. */
  private check(run: SyncRun): void {
    if (!run.alive() || !run.still()) throw STOPPED;
  }

  private toast(run: SyncRun, message: string, kind: 'success' | 'error', ms?: number): void {
    if (run.alive()) showListToast(this.host.bus, message, kind, ms);
  }

  /** 1. A pending merge of the browser list (the same mergeId on every retry). */
  private async sendMerge(run: SyncRun, merge: PendingMerge): Promise<void> {
    this.check(run);
    try {
      await this.host.api.merge(merge.mergeId, merge.items.map(mergePayload));
    } catch (error) {
      if (!(error instanceof ListApiError && error.permanent)) {
        run.failure = error;
        return;
      }
      // Refused for good: the items stay in the browser list (nothing is lost); a later sign-in tries again.
      await run.save((acc) => { if (acc.merge?.mergeId === merge.mergeId) acc.merge = null; });
      this.toast(run, error.reason ?? TOASTS.mergeRefused, 'error');
      return;
    }
    const ids = new Set(merge.items.map((i) => i.item_id));
    await run.save((acc, values) => {
      if (acc.merge?.mergeId === merge.mergeId) acc.merge = { ...acc.merge, stage: 'reload' };
      const anon = readAnon(values[ANON_KEY]);
      return { [ANON_KEY]: { v: 1, items: anon.items.filter((i) => !ids.has(i.item_id)) } };
    }, [ANON_KEY]);
    this.host.channel.post(ANON_KEY);
    this.host.channel.post(accountKey(run.uid));
    this.needsReload = true;
    this.toast(run, TOASTS.merged(merge.items.length), 'success', LIST_TOAST_MS);
  }

  /** 2. The outbox, one absolute op per item (after the merge: its absolute quantities include the merged ones). */
  private async sendOutbox(run: SyncRun): Promise<void> {
    for (const op of Object.values(run.rec.outbox) as OutboxOp[]) {
      this.check(run);
      try {
        if (op.kind === 'put' && op.body) await this.host.api.put(op.item_id, op.body);
        else await this.host.api.remove(op.item_id);
      } catch (error) {
        if (error instanceof ListApiError && error.permanent) {
          await this.refused(run, op, error);
          continue;
        }
        await run.save((acc) => {
          const cur = acc.outbox[op.item_id];
          if (cur?.id === op.id) acc.outbox[op.item_id] = { ...cur, attempts: cur.attempts + 1 };
        });
        run.failure = error;
        return;
      }
      await run.save((acc) => {
        if (acc.outbox[op.item_id]?.id === op.id) delete acc.outbox[op.item_id];
        if (acc.server) acc.server = applyOp(acc.server, op);
      });
      this.host.channel.post(accountKey(run.uid));
    }
  }

  /**
   * An op the BFF refused for good (a 4xx, a named refusal): it is dropped, so the item shows (and is
   * counted) as the server holds it at once, and the list is read again. An op that carried adds says
   * spec §8's adding error and answers each add's request with `list/add-failed` (late: the flyer's
   * saved flag follows the count's item ids); any other op says the BFF's reason or a general one.
   */
  private async refused(run: SyncRun, op: OutboxOp, error: ListApiError): Promise<void> {
    await run.save((acc) => { if (acc.outbox[op.item_id]?.id === op.id) delete acc.outbox[op.item_id]; });
    this.host.channel.post(accountKey(run.uid));
    this.needsReload = true;
    const adds = op.kind === 'put' && Array.isArray(op.adds) ? op.adds : [];
    if (adds.length === 0) {
      this.toast(run, error.reason ?? TOASTS.syncRefused, 'error');
      return;
    }
    this.toast(run, TOASTS.addFailed, 'error');
    if (!run.alive()) return;
    const reason = error.reason ?? `The server refused the item (${error.message})`;
    for (const requestId of adds) {
      if (typeof requestId === 'string' && requestId !== '') this.host.bus.emit('list/add-failed', { requestId, itemId: op.item_id, reason });
    }
  }

  /**
   * 3. Reads the account list. Also after a failure when nothing is cached, so the shopper sees the
   * account list meanwhile.
   */
  private async readList(run: SyncRun): Promise<void> {
    this.check(run);
    try {
      const items = await this.host.api.fetchAll();
      const now = this.host.nowIso();
      await run.save((acc) => {
        acc.server = items;
        acc.loadedAt = now;
        if (acc.merge?.stage === 'reload') acc.merge = { ...acc.merge, stage: 'cart' };
      });
      if (!run.failure) this.needsReload = false;
      this.host.channel.post(accountKey(run.uid));
    } catch (error) {
      run.failure = run.failure ?? error;
    }
  }

  /** 4. After a merge: the cart of the preferred store follows the list. */
  private async refreshCart(run: SyncRun, mergeId: string): Promise<void> {
    this.check(run);
    const { api, bus, config } = this.host;
    const storeId = bus.state.store.value?.storeNumber ?? config.defaultStoreNumber;
    const lines = accountView(run.rec).filter((i) => isShown(i) && !isCustom(i)).map((i) => ({ item_id: i.item_id, quantity: i.quantity }));
    await api.setCart(run.uid, storeId, lines);
    await api.getCart(storeId);
    await run.save((acc) => { if (acc.merge?.mergeId === mergeId) acc.merge = null; });
  }

  private finish(run: SyncRun): void {
    const { host } = this;
    if (!run.alive()) return;
    if (run.rec.server !== null && host.state().status !== 'ready') {
      host.dispatch({ type: 'ready' });
      host.publishCount(true);
      host.runWaiting();
    }
    if (run.failure) throw run.failure;
    this.failures = 0;
    host.dispatch({ type: 'sync-done' });
  }

  private fail(run: SyncRun, error: unknown): void {
    if (!run.alive()) return;
    this.failures += 1;
    this.host.dispatch({ type: 'sync-failed', message: (error as Error)?.message ?? String(error), record: run.rec });
    this.host.runWaiting();
    const delay = Math.min(this.retry.maxMs, this.retry.baseMs * 2 ** (this.failures - 1));
    this.clearRetry();
    this.retryTimer = setTimeout(() => { this.retryTimer = null; this.kick(); }, delay);
  }
}

/** Thrown inside a run to stop it quietly (scope changed, signed out). */
const STOPPED = Symbol('stopped');

/** One tab at a time sends an account's outbox where the browser has Web Locks (sends are idempotent anyway). */
function withSyncLock(uid: string, fn: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks || typeof locks.request !== 'function') return fn();
  return locks.request(`storefront-shopping-list-sync:${uid}`, fn).then(() => undefined);
}
