/**
 * The list service: the one place the shopping list lives in the browser (spec §3 Shopping list, §4
 * Shopping list and cart, §5, §6, §9). One per page bus ({@link getListService}), shared by the header
 * band, the /shopping-list page and the meal plan; React reads it with useSyncExternalStore
 * (../hooks/useList). A thin shell around the pure list state (../state/listState): it follows the
 * session (anonymous: the browser list; signed in: the account list and its outbox, ./outboxSync),
 * stores every change (./listStore), hears other tabs (./channel) and speaks the bus (./busAdapter).
 */
import type { EventBus, Session } from 'shared-events';
import { initialListState, listReducer, snapshotOf, viewOf, type ListAction, type ListSnapshot, type ListState } from '../state/listState';
import { ListFullError, storageReason, TOASTS } from '../state/messages';
import {
  applyChange, cleanCustomName, isCustom, isValidQuantity, itemFromRequest, MAX_BROWSER_ITEMS, newCustomItem,
  validateAddRequest, type ChangeResult, type CustomMeta, type ListChange, type ListItem,
} from '../state/model';
import { keyOf, readAccount, readAnon, sameScope, type Scope } from '../state/records';
import { isSignedIn } from '../state/signedIn';
import { openBackend, usableLocalStorage } from './backend';
import { CountPublisher, handleListRequest, type ListCore } from './busAdapter';
import { openChannel, type ChangeChannel } from './channel';
import { createListApi, type ListApi } from './listApi';
import { ListStore } from './listStore';
import { OutboxSync } from './outboxSync';
import { takeBufferedRequests, type ListRequest } from './requestBuffer';
import { randomUuid } from './uuid';
import type { AddProductsResult, ListService, ListServiceOptions, ProductToAdd } from './listServiceTypes';

export type { AddProductsResult, ListService, ListServiceOptions, ProductToAdd } from './listServiceTypes';

class ListServiceImpl implements ListService, ListCore {
  readonly bus: EventBus;
  readonly config: ListServiceOptions['config'];
  readonly store: ListStore;
  readonly channel: ChangeChannel;
  readonly api: ListApi;
  private readonly uuid: () => string;
  private readonly clock: () => number;
  private readonly sync: OutboxSync;
  private readonly counts: CountPublisher;

  private current: ListState = initialListState;
  private snapshot: ListSnapshot = snapshotOf(initialListState);
  private seq = 0;
  private readonly listeners = new Set<() => void>();
  /** Requests that arrived before the list was read. */
  private waiting: Array<() => void> = [];
  private writeChain: Promise<unknown> = Promise.resolve();
  private readonly cleanups: Array<() => void> = [];
  private disposed = false;

  constructor(o: ListServiceOptions) {
    this.bus = o.bus;
    this.config = o.config;
    this.store = new ListStore(Promise.resolve(o.backend ?? openBackend()));
    this.channel = o.channel ?? openChannel(usableLocalStorage());
    this.api = o.api ?? createListApi(o.config.apiBase);
    this.uuid = o.uuid ?? randomUuid;
    this.clock = o.now ?? Date.now;
    this.sync = new OutboxSync(this, o.retry ?? { baseMs: 2000, maxMs: 60000 });
    this.counts = new CountPublisher(this.bus);
    this.listen(o.initialRequests ?? takeBufferedRequests(this.bus));
  }

  /** Requests kept by the band before this service existed, then the live ones (same tick: no gap). */
  private listen(early: ListRequest[]): void {
    this.store.backend.then((b) => this.dispatch({ type: 'storage-known', storage: b.kind }), () => undefined);
    const onRequest = (e: ListRequest) => { if (!this.disposed) handleListRequest(this, e); };
    const subs = [
      this.bus.on('list/add-requested').subscribe(onRequest),
      this.bus.on('list/remove-requested').subscribe(onRequest),
      this.bus.state.session.subscribe((s) => this.onSession(s)),
    ];
    this.cleanups.push(() => subs.forEach((s) => s.unsubscribe()));
    this.cleanups.push(this.channel.listen((key) => this.onExternalChange(key)));
    if (typeof window !== 'undefined') {
      const online = () => this.sync.kick();
      window.addEventListener('online', online);
      this.cleanups.push(() => window.removeEventListener('online', online));
    }
    for (const e of early) onRequest(e);
  }

  // ----- state -------------------------------------------------------------------------------

  getSnapshot = (): ListSnapshot => this.snapshot;

  subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => { this.listeners.delete(onChange); };
  };

  state(): ListState {
    return this.current;
  }

  dispatch(action: ListAction): void {
    this.current = listReducer(this.current, action);
    this.snapshot = snapshotOf(this.current);
    for (const l of [...this.listeners]) l();
  }

  nowIso(): string {
    return new Date(this.clock()).toISOString();
  }

  view(): ListItem[] {
    return viewOf(this.current);
  }

  isDisposed(): boolean {
    return this.disposed;
  }

  isReady(): boolean {
    return this.current.status !== 'loading';
  }

  whenReady(fn: () => void): void {
    this.waiting.push(fn);
  }

  runWaiting(): void {
    for (const fn of this.waiting.splice(0)) fn();
  }

  hasRoom(): boolean {
    return this.current.scope?.kind === 'account' || this.snapshot.count < MAX_BROWSER_ITEMS;
  }

  publishCount(force = false): void {
    if (this.current.status === 'loading' && this.current.persisted === null) return;
    this.counts.publish(this.snapshot, force);
  }

  /** The list is read: answer what waited and publish the count. */
  private becameReady(action: ListAction): void {
    this.dispatch(action);
    this.publishCount(true);
    this.runWaiting();
  }

  // ----- session and scope -------------------------------------------------------------------

  private onSession(s: Session): void {
    if (this.disposed) return;
    const target: Scope = isSignedIn(s) ? { kind: 'account', uid: s.uid } : { kind: 'anonymous' };
    if (sameScope(this.current.scope, target)) {
      // The same shopper's session was published again (renewed, profile): send what is waiting.
      if (target.kind === 'account') this.sync.kick();
      return;
    }
    void this.switchTo(target);
  }

  private async switchTo(target: Scope): Promise<void> {
    const previous = this.current.scope;
    this.sync.reset();
    this.dispatch({ type: 'scope-switched', scope: target });
    const gen = this.current.generation;
    const stale = () => gen !== this.current.generation;
    try {
      if (previous?.kind === 'account' && target.kind === 'anonymous') await this.store.forgetCachedList(previous.uid);
      if (stale()) return;
      if (target.kind === 'anonymous') {
        const items = await this.store.readBrowser();
        if (!stale()) this.becameReady({ type: 'browser-read', items });
        return;
      }
      // In the write queue: a browser-list write still on its way lands before the merge snapshot is taken.
      const rec = await this.enqueueWrite(() => this.store.openAccount(target.uid, () => ({ mergeId: this.uuid(), createdAt: this.nowIso() })));
      if (stale()) return;
      this.dispatch({ type: 'account-read', record: rec });
      if (rec.server !== null) this.becameReady({ type: 'ready' });
      this.sync.kick({ reload: true });
    } catch (error) {
      if (stale()) return;
      this.dispatch({ type: 'read-failed', error: `Your list could not be read from this browser (${(error as Error)?.message ?? String(error)}).` });
      this.runWaiting();
    }
  }

  private onExternalChange(key: string): void {
    const scope = this.current.scope;
    if (!scope || this.disposed || key !== keyOf(scope) || this.current.persisted === null) return;
    const gen = this.current.generation;
    void this.store.backend.then(async (backend) => {
      const value = await backend.read(key);
      if (gen !== this.current.generation) return;
      if (scope.kind === 'anonymous') this.dispatch({ type: 'browser-read', items: readAnon(value).items });
      else this.dispatch({ type: 'account-read', record: readAccount(value, scope.uid) });
      this.publishCount();
    }).catch(() => undefined);
  }

  // ----- changes -----------------------------------------------------------------------------

  private enqueueWrite<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.writeChain.then(fn);
    this.writeChain = run.catch(() => undefined);
    return run;
  }

  /**
   * Shows `change` at once (optimistic), then stores it. On success the stored view replaces the
   * optimistic one; on failure the change is rolled back (and the count re-published).
   */
  mutate(change: ListChange): { optimistic: ChangeResult; done: Promise<ChangeResult> } {
    const at = this.nowIso();
    const optimistic = applyChange(this.view(), change, at);
    const seq = ++this.seq;
    this.dispatch({ type: 'change-shown', pending: { seq, change, at } });
    const gen = this.current.generation;
    const scope = this.current.scope ?? { kind: 'anonymous' as const };
    const done = this.enqueueWrite(() => this.store.persist(scope, change, at, this.uuid)).then(
      (stored) => {
        if (gen === this.current.generation) {
          this.dispatch({ type: 'change-stored', seq, view: stored.view, unsynced: scope.kind === 'account' ? stored.unsynced : null });
          this.publishCount();
          if (stored.result.changed) {
            this.channel.post(keyOf(scope));
            this.sync.kick();
          }
        }
        return stored.result;
      },
      (error: unknown) => {
        if (gen === this.current.generation) {
          this.dispatch({ type: 'change-dropped', seq });
          this.publishCount();
        }
        throw error;
      },
    );
    return { optimistic, done };
  }

  async addCustom(name: string): Promise<ListItem> {
    const clean = cleanCustomName(name);
    if (!clean) throw new Error('Enter a name for the item.');
    if (!this.hasRoom()) throw new ListFullError();
    const item = newCustomItem(clean, this.uuid(), this.nowIso());
    const { done } = this.mutate({ kind: 'add', item });
    this.publishCount();
    try {
      await done;
    } catch (error) {
      throw error instanceof ListFullError ? error : new Error('The item could not be saved. Please try again.');
    }
    this.bus.emit('list/item-added', { itemId: item.item_id, quantity: 1 });
    return item;
  }

  async setQuantity(itemId: string, quantity: number): Promise<void> {
    if (!isValidQuantity(quantity)) throw new Error('Enter a whole number from 1 to 999.');
    const { done } = this.mutate({ kind: 'update', item_id: itemId, quantity });
    this.publishCount();
    await done;
  }

  async setChecked(itemId: string, checked: boolean): Promise<void> {
    await this.mutate({ kind: 'update', item_id: itemId, checked }).done;
  }

  async renameCustom(itemId: string, name: string): Promise<void> {
    const clean = cleanCustomName(name);
    if (!clean) throw new Error('Enter a name for the item.');
    const item = this.view().find((i) => i.item_id === itemId);
    if (!item || !isCustom(item)) return;
    const meta = { ...(item.meta as CustomMeta), name: clean };
    await this.mutate({ kind: 'update', item_id: itemId, meta }).done;
  }

  async remove(itemId: string): Promise<void> {
    const { done } = this.mutate({ kind: 'remove', item_id: itemId });
    this.publishCount();
    await done;
    this.bus.emit('list/item-removed', { itemId });
  }

  async addProducts(products: readonly ProductToAdd[]): Promise<AddProductsResult> {
    if (!this.isReady()) await new Promise<void>((resolve) => this.whenReady(resolve));
    const out: AddProductsResult = { added: [], alreadyOnList: [], failed: [] };
    const seen = new Set<string>();
    const pending: Array<Promise<void>> = [];
    for (const p of products) {
      if (seen.has(p.itemId)) continue;
      seen.add(p.itemId);
      const request = { itemId: p.itemId, quantity: 1, productType: 'product', name: p.name };
      const reason = validateAddRequest(request);
      if (reason) out.failed.push({ itemId: p.itemId, reason });
      else if (this.snapshot.items.some((i) => i.item_id === p.itemId)) out.alreadyOnList.push(p.itemId);
      else if (!this.hasRoom()) out.failed.push({ itemId: p.itemId, reason: TOASTS.full });
      else pending.push(this.addOneProduct(itemFromRequest(request, this.nowIso()), out));
    }
    // The badge follows at once (optimistic), like a bus add.
    this.publishCount(true);
    await Promise.all(pending);
    return out;
  }

  private addOneProduct(item: ListItem, out: AddProductsResult): Promise<void> {
    return this.mutate({ kind: 'add', item }).done.then(
      (result) => {
        if (result.added === 0) {
          out.alreadyOnList.push(item.item_id);
          return;
        }
        out.added.push(item.item_id);
        this.bus.emit('list/item-added', { itemId: item.item_id, quantity: result.added });
      },
      (error: unknown) => { out.failed.push({ itemId: item.item_id, reason: storageReason(error) }); },
    );
  }

  async retry(): Promise<void> {
    const scope = this.current.scope;
    if (!scope) return;
    if (scope.kind === 'anonymous') {
      await this.switchTo(scope);
      return;
    }
    this.dispatch({ type: 'retrying' });
    this.sync.retryNow();
    await this.idle();
  }

  /** Resolves when no sync and no write is running (tests, retry). */
  async idle(): Promise<void> {
    await this.sync.idle();
    await this.writeChain;
  }

  dispose(): void {
    this.disposed = true;
    this.sync.dispose();
    for (const c of this.cleanups.splice(0)) c();
    this.listeners.clear();
  }
}

/**
 * A list service on `bus` (see the module comment). Starts at once: follows the session, answers
 * list requests, reads the list and publishes its count.
 */
export function createListService(options: ListServiceOptions): ListService & { idle(): Promise<void> } {
  return new ListServiceImpl(options);
}

const services = new WeakMap<EventBus, ListService>();

/**
 * The page's list service for `bus` (one per bus, shared by the band and the page; created on first use).
 * @example const service = getListService(bus, config);
 */
export function getListService(bus: EventBus, config: ListServiceOptions['config']): ListService {
  let service = services.get(bus);
  if (!service) {
    service = createListService({ bus, config });
    services.set(bus, service);
  }
  return service;
}
