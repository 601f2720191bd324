/**
 * The list service: the one place the shopping list lives in the browser (spec §3
 * Shopping list, §4 Shopping list and cart, §5, §6, §9). One per page bus ({@link getListService}),
 * shared by the header band and the /shopping-list page; React reads it with useSyncExternalStore
 * (./useList).
 *
 * Where the list is:
 * - anonymous shopper: the browser list, key `anon` of the list storage (./backend: IndexedDB, else
 *   localStorage, else memory);
 * - signed-in shopper (`session.loggedIn` with a `uid`; the BFF knows them by its session cookie):
 *   the account's list from the BFF, cached under `account:<uid>` with a durable OUTBOX of absolute
 *   PUT/DELETE operations (coalesced per item_id). Every change is written to the outbox first, then
 *   sent; a failed send stays and is retried (online event, next change, a timer with exponential
 *   backoff). Nothing in the outbox is dropped on reload or sign-out; only a send the BFF refuses for
 *   good (4xx) is dropped, and the list is then read again.
 *
 * Merge on sign-in (spec §4): when the session becomes signed in and the browser list is not empty, a
 * pending merge `{ mergeId, items, stage }` is stored with the account record in the same transaction
 * that finds it (so a retry after a crash or reload reuses the same mergeId), then `POST
 * /api/shopping-list/merge`; on success the merged items leave the browser list, the account list is
 * read again, the cart of the preferred store is refreshed (`POST /api/cart`, `GET /api/cart`) and a
 * toast says "Added N items from this browser to your list".
 *
 * Bus protocol (shared-events 1.2.0): `list/add-requested` → in the same synchronous tick
 * `list/count-changed` (optimistic count), then storage, then `list/item-added` (same requestId) and a
 * 3000 ms toast 'Added to your list'; a storage failure rolls the count back, answers `list/add-failed`
 * and shows an error toast. `list/remove-requested` → `list/item-removed` and 'Removed from your list'.
 * The count (shown items, spec §5) is published once when the list is first read and whenever it changes.
 */
import type { EventBus, PayloadOf, RuntimeConfig, Session } from 'shared-events';
import { createListApi, ListApiError, type ListApi } from '../api/listApi';
import { openBackend, usableLocalStorage, type BackendKind, type ListBackend } from './backend';
import { openChannel, type ChangeChannel } from './channel';
import {
  applyChange, applyOp, applyOutbox, asListItems, cleanCustomName, countOf, isCustom, isShown, itemFromRequest,
  MAX_BROWSER_ITEMS, mergeItems, mergePayload, newCustomItem, opFor, shownItems, validateAddRequest,
  isStorable, isValidQuantity, type ChangeResult, type CustomMeta, type ListChange, type ListItem, type Outbox, type OutboxOp,
} from './model';
import { writeCountSnapshot } from './countSnapshot';
import { isSignedIn, signedInAs } from './signedIn';
import { takeBufferedRequests, type ListRequest } from './requestBuffer';

/** Storage key of the browser (anonymous) list. */
export const ANON_KEY = 'anon';
/** Storage key of a signed-in shopper's record (cached list, outbox, pending merge). */
export const accountKey = (uid: string): string => `account:${uid}`;

/** Toast id of every list toast (a newer one replaces the older). */
export const LIST_TOAST_ID = 'shopping-list';
/** List toasts close after 3 s (spec §4, §8, §9). */
export const LIST_TOAST_MS = 3000;
/** Toast texts. */
export const TOASTS = {
  added: 'Added to your list',
  removed: 'Removed from your list',
  /** Spec §8 "Adding a flyer item to the list fails" (every add uses it). */
  addFailed: 'An error occurred while adding the product. Please try again.',
  removeFailed: 'The item could not be removed from your list. Please try again.',
  syncRefused: 'A change to your shopping list could not be saved to your account.',
  full: `Your list is full (${MAX_BROWSER_ITEMS} items). Remove some items or sign in.`,
  mergeRefused: 'The items saved in this browser could not be added to your list.',
  merged: (n: number) => `Added ${n} ${n === 1 ? 'item' : 'items'} from this browser to your list`,
} as const;

/** Browser record (`anon`). */
interface AnonRecord {
  v: 1;
  items: ListItem[];
}

/** A merge of the browser list into the account that has not finished yet. */
export interface PendingMerge {
  /** Generated once; every retry sends the same (the BFF merge is idempotent by mergeId). */
  mergeId: string;
  /** The browser items being merged (snapshot taken at sign-in). */
  items: ListItem[];
  /** 'merge': not yet accepted; 'reload': accepted, list not read again yet; 'cart': cart not refreshed yet. */
  stage: 'merge' | 'reload' | 'cart';
  createdAt: string;
}

/** Signed-in record (`account:<uid>`). */
interface AccountRecord {
  v: 1;
  uid: string;
  /** The list as the BFF last answered it (null: never read on this device, or forgotten at sign-out). */
  server: ListItem[] | null;
  loadedAt: string | null;
  outbox: Outbox;
  merge: PendingMerge | null;
}

/** What the UI reads ({@link ListService.getSnapshot}); a new object on every change. */
export interface ListSnapshot {
  /** 'loading' until the list is first read; 'error' when the account list could not be read and nothing is cached. */
  status: 'loading' | 'ready' | 'error';
  scope: 'anonymous' | 'account';
  uid: string | null;
  /** Shown items (quantity > 0, non-empty item_id; spec §5), oldest first, with unsaved changes applied. */
  items: readonly ListItem[];
  /** `items.length`: what `list/count-changed` publishes. */
  count: number;
  /** Why the list could not be read (status 'error'). */
  error: string | null;
  /** Account changes not yet accepted by the BFF (outbox size). */
  unsynced: number;
  /** Why the last send failed (cleared by the next success). */
  syncError: string | null;
  /** True while browser items are being merged into the account. */
  merging: boolean;
  /** Where the list is kept ('memory': lost on reload). null until known. */
  storage: BackendKind | null;
}

/** The list API for the UI. Every change shows at once and resolves when it is stored. */
export interface ListService {
  getSnapshot(): ListSnapshot;
  /** @returns unsubscribe */
  subscribe(onChange: () => void): () => void;
  /**
   * Adds a custom item (spec §3; name cut at 50, spec §5). Publishes `list/item-added` once stored.
   * @throws (rejects) Error with a shopper-facing message: empty name, list full, storage failure
   */
  addCustom(name: string): Promise<ListItem>;
  /** Sets an item's quantity (integer 1..999). @throws (rejects) on an invalid quantity or a storage failure */
  setQuantity(itemId: string, quantity: number): Promise<void>;
  /** Checks an item off (kept, shown as done) or back on. */
  setChecked(itemId: string, checked: boolean): Promise<void>;
  /** Renames a custom item (cut at 50). @throws (rejects) on an empty name */
  renameCustom(itemId: string, name: string): Promise<void>;
  /** Removes an item; publishes `list/item-removed` once stored. */
  remove(itemId: string): Promise<void>;
  /**
   * Adds products the shopper does not have on the list yet, quantity 1 each ("Add this
   * week's ingredients to my list" on /recipes/meal-plan; mf-shopping-list owns the list, so its pages
   * call this directly instead of the bus). Waits until the list is read. A product already shown on the
   * list is left as it is (`alreadyOnList`); an id given twice counts once. Publishes `list/item-added`
   * for each stored item and the count once; no per-item toast (the caller says what happened).
   * @returns the item ids stored, already on the list, and refused (with the reason: bad id, list full,
   *   storage failure)
   */
  addProducts(products: readonly ProductToAdd[]): Promise<AddProductsResult>;
  /** Reads the list again (account: sends the outbox, then reads the BFF). */
  retry(): Promise<void>;
  /** Stops listening to the bus, the other tabs and the network (tests; the page's service lives as long as the page). */
  dispose(): void;
}

/** One product for {@link ListService.addProducts}: `itemId` articleNumber_uom_storeId, the name shown until its record is read. */
export interface ProductToAdd {
  itemId: string;
  name?: string;
}

/** What {@link ListService.addProducts} did. */
export interface AddProductsResult {
  added: string[];
  alreadyOnList: string[];
  failed: Array<{ itemId: string; reason: string }>;
}

/** Options of {@link createListService}. Only `bus` and `config` are needed in production. */
export interface ListServiceOptions {
  bus: EventBus;
  config: Pick<RuntimeConfig, 'apiBase' | 'defaultStoreNumber'>;
  /** Storage (default: {@link openBackend}). */
  backend?: ListBackend | Promise<ListBackend>;
  /** Cross-tab notices (default: {@link openChannel}). */
  channel?: ChangeChannel;
  /** BFF calls (default: {@link createListApi}(config.apiBase)). */
  api?: ListApi;
  /** Random UUIDs (default: crypto.randomUUID). */
  uuid?: () => string;
  /** Clock (default: Date.now). */
  now?: () => number;
  /** Retry backoff of failed sends in ms: base × 2^(failures−1), at most max. Default 2000 / 60000. */
  retry?: { baseMs: number; maxMs: number };
  /** Requests published before the service started (default: the band's buffer for this bus). */
  initialRequests?: ListRequest[];
}

type Scope = { kind: 'anonymous' } | { kind: 'account'; uid: string };

/** A random UUID v4 (crypto.randomUUID, or getRandomValues where randomUUID is missing). */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < 16; i += 1) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function readAnon(v: unknown): AnonRecord {
  return { v: 1, items: asListItems((v as Partial<AnonRecord> | undefined)?.items) };
}

function readAccount(v: unknown, uid: string): AccountRecord {
  const r = (v ?? {}) as Partial<AccountRecord>;
  const outbox: Outbox = {};
  if (r.outbox && typeof r.outbox === 'object') {
    for (const [id, op] of Object.entries(r.outbox)) if (op && typeof op === 'object' && (op.kind === 'put' || op.kind === 'delete')) outbox[id] = op;
  }
  const m = r.merge;
  const merge = m && typeof m.mergeId === 'string' && ['merge', 'reload', 'cart'].includes(m.stage)
    ? { mergeId: m.mergeId, items: asListItems(m.items), stage: m.stage, createdAt: String(m.createdAt ?? '') }
    : null;
  return { v: 1, uid, server: Array.isArray(r.server) ? asListItems(r.server) : null, loadedAt: r.loadedAt ?? null, outbox, merge };
}

/** The account list as it will be once the merge and the outbox are through. */
function accountView(rec: AccountRecord): ListItem[] {
  let items = rec.server ?? [];
  if (rec.merge && rec.merge.stage !== 'cart') items = mergeItems(items, rec.merge.items);
  return applyOutbox(items, rec.outbox);
}

/** A shopper-facing reason for a storage failure (`list/add-failed` reason). */
function storageReason(error: unknown): string {
  if (error instanceof ListFullError) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return 'The browser has no room left to store the list';
  return `The list could not be stored (${(error as Error)?.message ?? String(error)})`;
}

/** The browser list already holds {@link MAX_BROWSER_ITEMS} items. */
export class ListFullError extends Error {
  constructor() {
    super(TOASTS.full);
    this.name = 'ListFullError';
  }
}

/** A stored change: the result on the stored list and the new list view. */
interface Stored {
  result: ChangeResult;
  view: ListItem[];
  unsynced: number;
}

class ListServiceImpl implements ListService {
  private readonly bus: EventBus;
  private readonly config: ListServiceOptions['config'];
  private readonly backendReady: Promise<ListBackend>;
  private backend: ListBackend | null = null;
  private readonly channel: ChangeChannel;
  private readonly api: ListApi;
  private readonly uuid: () => string;
  private readonly clock: () => number;
  private readonly retryBase: number;
  private readonly retryMax: number;

  private scope: Scope | null = null;
  /** Bumped on every scope switch: late answers of an older scope are dropped. */
  private generation = 0;
  /** The stored view of the current scope (null: not read yet). */
  private persisted: ListItem[] | null = null;
  /** Changes shown at once but not stored yet, in order. */
  private optimistic: Array<{ seq: number; change: ListChange; at: string }> = [];
  private seq = 0;
  private status: ListSnapshot['status'] = 'loading';
  private error: string | null = null;
  private unsynced = 0;
  private syncError: string | null = null;
  private merging = false;
  private snapshot: ListSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Requests that arrived before the list was read. */
  private waiting: Array<() => void> = [];
  private writeChain: Promise<unknown> = Promise.resolve();
  private lastCount: number | null = null;
  private lastIdsKey: string | null = null;

  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private needsReload = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly cleanups: Array<() => void> = [];
  private disposed = false;

  constructor(o: ListServiceOptions) {
    this.bus = o.bus;
    this.config = o.config;
    this.backendReady = Promise.resolve(o.backend ?? openBackend()).then((b) => { this.backend = b; return b; });
    this.channel = o.channel ?? openChannel(usableLocalStorage());
    this.api = o.api ?? createListApi(o.config.apiBase);
    this.uuid = o.uuid ?? randomUuid;
    this.clock = o.now ?? Date.now;
    this.retryBase = o.retry?.baseMs ?? 2000;
    this.retryMax = o.retry?.maxMs ?? 60000;
    this.snapshot = this.makeSnapshot();

    // Requests kept by the band before this service existed, then the live ones (same tick: no gap).
    const early = o.initialRequests ?? takeBufferedRequests(this.bus);
    const onRequest = (e: ListRequest) => this.handleRequest(e);
    const subs = [
      this.bus.on('list/add-requested').subscribe(onRequest),
      this.bus.on('list/remove-requested').subscribe(onRequest),
      this.bus.state.session.subscribe((s) => this.onSession(s)),
    ];
    this.cleanups.push(() => subs.forEach((s) => s.unsubscribe()));
    this.cleanups.push(this.channel.listen((key) => this.onExternalChange(key)));
    if (typeof window !== 'undefined') {
      const online = () => this.kickSync();
      window.addEventListener('online', online);
      this.cleanups.push(() => window.removeEventListener('online', online));
    }
    this.backendReady.then(() => this.notify(), () => undefined);
    for (const e of early) this.handleRequest(e);
  }

  // ----- reading -----------------------------------------------------------------------------

  getSnapshot = (): ListSnapshot => this.snapshot;

  subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => { this.listeners.delete(onChange); };
  };

  private nowIso(): string {
    return new Date(this.clock()).toISOString();
  }

  private view(): ListItem[] {
    let items = this.persisted ?? [];
    for (const o of this.optimistic) items = applyChange(items, o.change, o.at).items;
    return items;
  }

  private makeSnapshot(): ListSnapshot {
    const items = shownItems(this.view());
    return {
      status: this.status,
      scope: this.scope?.kind ?? 'anonymous',
      uid: this.scope?.kind === 'account' ? this.scope.uid : null,
      items,
      count: items.length,
      error: this.error,
      unsynced: this.unsynced,
      syncError: this.syncError,
      merging: this.merging,
      storage: this.backend?.kind ?? null,
    };
  }

  private notify(): void {
    this.snapshot = this.makeSnapshot();
    for (const l of [...this.listeners]) l();
  }

  /**
   * Publishes `list/count-changed` `{ count, itemIds }` (the shown items' ids, shared-events 1.4.0: the
   * flyer's saved flags) when the count or the ids differ from the last published (or always with `force`).
   */
  private publishCount(force = false): void {
    if (this.status === 'loading' && this.persisted === null) return;
    const count = this.snapshot.count;
    const itemIds = this.snapshot.items.map((i) => i.item_id);
    const idsKey = itemIds.join('|');
    if (!force && count === this.lastCount && idsKey === this.lastIdsKey) return;
    this.lastCount = count;
    this.lastIdsKey = idsKey;
    this.bus.emit('list/count-changed', { count, itemIds });
    writeCountSnapshot(count);
  }

  private toast(message: string, kind: 'success' | 'error', autoCloseMs?: number): void {
    this.bus.emit('toast/show', { id: LIST_TOAST_ID, message, kind, ...(autoCloseMs ? { autoCloseMs } : {}) });
  }

  private isReady(): boolean {
    return this.status !== 'loading';
  }

  private runWaiting(): void {
    for (const fn of this.waiting.splice(0)) fn();
  }

  private keyOf(scope: Scope): string {
    return scope.kind === 'account' ? accountKey(scope.uid) : ANON_KEY;
  }

  // ----- session and scope -------------------------------------------------------------------

  private onSession(s: Session): void {
    if (this.disposed) return;
    const target: Scope = isSignedIn(s) ? { kind: 'account', uid: s.uid } : { kind: 'anonymous' };
    const same = this.scope !== null && this.scope.kind === target.kind && (target.kind === 'anonymous' || (this.scope as { uid: string }).uid === target.uid);
    if (same) {
      // The same shopper's session was published again (renewed, profile): send what is waiting.
      if (target.kind === 'account') this.kickSync();
      return;
    }
    void this.switchTo(target);
  }

  private async switchTo(target: Scope): Promise<void> {
    const previous = this.scope;
    this.scope = target;
    const gen = ++this.generation;
    this.persisted = null;
    this.optimistic = [];
    this.status = 'loading';
    this.error = null;
    this.unsynced = 0;
    this.syncError = null;
    this.merging = false;
    this.needsReload = false;
    this.failures = 0;
    this.clearRetry();
    this.notify();

    let backend: ListBackend;
    try {
      backend = await this.backendReady;
      // Sign-out: the account's cached list must not stay readable for the next (anonymous) shopper.
      // Its outbox and pending merge stay: they are sent when that shopper signs in again.
      if (previous?.kind === 'account' && target.kind === 'anonymous') await this.forgetCachedList(backend, previous.uid);
      if (gen !== this.generation) return;
      if (target.kind === 'anonymous') {
        const rec = readAnon(await backend.read(ANON_KEY));
        if (gen !== this.generation) return;
        this.persisted = rec.items;
        this.status = 'ready';
        this.notify();
        this.publishCount(true);
        this.runWaiting();
        return;
      }
      const key = accountKey(target.uid);
      // In the write queue: a browser-list write still on its way lands before the merge snapshot is taken.
      const rec = await this.enqueueWrite(() => backend.transact([ANON_KEY, key], (values) => {
        const anon = readAnon(values[ANON_KEY]);
        const acc = readAccount(values[key], target.uid);
        const browserItems = shownItems(anon.items).filter(isStorable);
        if (acc.merge || browserItems.length === 0) return { writes: {}, result: acc };
        acc.merge = { mergeId: this.uuid(), items: browserItems, stage: 'merge', createdAt: this.nowIso() };
        return { writes: { [key]: acc }, result: acc };
      }));
      if (gen !== this.generation) return;
      this.adopt(rec);
      if (rec.server !== null) {
        this.status = 'ready';
        this.notify();
        this.publishCount(true);
        this.runWaiting();
      }
      this.kickSync({ reload: true });
    } catch (error) {
      if (gen !== this.generation) return;
      this.persisted = this.persisted ?? [];
      this.status = 'error';
      this.error = `Your list could not be read from this browser (${(error as Error)?.message ?? String(error)}).`;
      this.notify();
      this.runWaiting();
    }
  }

  private async forgetCachedList(backend: ListBackend, uid: string): Promise<void> {
    const key = accountKey(uid);
    try {
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

  /** Takes an account record read or written by this tab (or another) as the stored view. */
  private adopt(rec: AccountRecord): void {
    this.persisted = accountView(rec);
    this.unsynced = Object.keys(rec.outbox).length;
    this.merging = rec.merge !== null && rec.merge.stage === 'merge';
  }

  private onExternalChange(key: string): void {
    const scope = this.scope;
    if (!scope || this.disposed || key !== this.keyOf(scope) || this.persisted === null) return;
    const gen = this.generation;
    void this.backendReady.then(async (backend) => {
      const value = await backend.read(key);
      if (gen !== this.generation) return;
      if (scope.kind === 'anonymous') this.persisted = readAnon(value).items;
      else this.adopt(readAccount(value, scope.uid));
      this.notify();
      this.publishCount();
    }).catch(() => undefined);
  }

  // ----- changes -----------------------------------------------------------------------------

  private enqueueWrite<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.writeChain.then(fn);
    this.writeChain = run.catch(() => undefined);
    return run;
  }

  /** Stores one change for `scope` (browser list, or account list + outbox) and returns the result. */
  private async persist(scope: Scope, change: ListChange, now: string): Promise<Stored> {
    const backend = await this.backendReady;
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
      rec.outbox = { ...rec.outbox, [itemId]: opFor(itemId, result.item, this.uuid(), now) };
      return { writes: { [key]: rec }, result: { result, view: accountView(rec), unsynced: Object.keys(rec.outbox).length } };
    });
  }

  /**
   * Shows `change` at once (optimistic), then stores it. On success the stored view replaces the
   * optimistic one; on failure the change is rolled back (and the count re-published).
   */
  private mutate(change: ListChange): { optimistic: ChangeResult; done: Promise<ChangeResult> } {
    const at = this.nowIso();
    const optimistic = applyChange(this.view(), change, at);
    const entry = { seq: ++this.seq, change, at };
    this.optimistic.push(entry);
    this.notify();
    const gen = this.generation;
    const scope = this.scope ?? { kind: 'anonymous' as const };
    const drop = () => { this.optimistic = this.optimistic.filter((o) => o.seq !== entry.seq); };
    const done = this.enqueueWrite(() => this.persist(scope, change, at)).then(
      (stored) => {
        if (gen === this.generation) {
          drop();
          this.persisted = stored.view;
          if (scope.kind === 'account') this.unsynced = stored.unsynced;
          this.notify();
          this.publishCount();
          if (stored.result.changed) {
            this.channel.post(this.keyOf(scope));
            this.kickSync();
          }
        }
        return stored.result;
      },
      (error: unknown) => {
        if (gen === this.generation) {
          drop();
          this.notify();
          this.publishCount();
        }
        throw error;
      },
    );
    return { optimistic, done };
  }

  private handleRequest(e: ListRequest): void {
    if (this.disposed) return;
    if (e.type === 'list/add-requested') this.handleAdd(e.payload);
    else this.handleRemove(e.payload);
  }

  private handleAdd(payload: PayloadOf<'list/add-requested'>): void {
    const { requestId, itemId } = payload;
    const reason = validateAddRequest(payload);
    if (reason) {
      this.bus.emit('list/add-failed', { requestId, itemId: String(itemId), reason });
      return;
    }
    if (!this.isReady()) {
      this.waiting.push(() => this.handleAdd(payload));
      return;
    }
    const item = itemFromRequest(payload, this.nowIso());
    const current = this.view().find((i) => i.item_id === itemId);
    if (current && current.quantity >= 999) {
      this.bus.emit('list/add-failed', { requestId, itemId, reason: 'Invalid quantity: the list already holds 999 of this item' });
      return;
    }
    if (!current && this.scope?.kind !== 'account' && this.snapshot.count >= MAX_BROWSER_ITEMS) {
      this.bus.emit('list/add-failed', { requestId, itemId, reason: TOASTS.full });
      this.toast(TOASTS.full, 'error');
      return;
    }
    const { done } = this.mutate({ kind: 'add', item });
    // The badge follows in the same frame (shared-events: listCount written before storage).
    this.publishCount(true);
    done.then(
      (result) => {
        if (result.added === 0) {
          this.bus.emit('list/add-failed', { requestId, itemId, reason: 'Invalid quantity: the list already holds 999 of this item' });
          return;
        }
        this.bus.emit('list/item-added', {
          itemId, quantity: result.added, requestId,
          ...(payload.queryID !== undefined ? { queryID: payload.queryID } : {}),
          ...(payload.position !== undefined ? { position: payload.position } : {}),
        });
        this.toast(TOASTS.added, 'success', LIST_TOAST_MS);
      },
      (error: unknown) => {
        this.bus.emit('list/add-failed', { requestId, itemId, reason: storageReason(error) });
        this.toast(error instanceof ListFullError ? TOASTS.full : TOASTS.addFailed, 'error');
      },
    );
  }

  private handleRemove(p: PayloadOf<'list/remove-requested'>): void {
    if (typeof p.itemId !== 'string' || p.itemId.trim() === '') return;
    if (!this.isReady()) {
      this.waiting.push(() => this.handleRemove(p));
      return;
    }
    const { optimistic, done } = this.mutate({ kind: 'remove', item_id: p.itemId });
    this.publishCount(true);
    done.then(
      (result) => {
        this.bus.emit('list/item-removed', { itemId: p.itemId, requestId: p.requestId });
        if (result.removed || optimistic.removed) this.toast(TOASTS.removed, 'success', LIST_TOAST_MS);
      },
      () => this.toast(TOASTS.removeFailed, 'error'),
    );
  }

  async addCustom(name: string): Promise<ListItem> {
    const clean = cleanCustomName(name);
    if (!clean) throw new Error('Enter a name for the item.');
    if (this.scope?.kind !== 'account' && this.snapshot.count >= MAX_BROWSER_ITEMS) throw new ListFullError();
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
    if (!this.isReady()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const out: AddProductsResult = { added: [], alreadyOnList: [], failed: [] };
    const seen = new Set<string>();
    const pending: Array<Promise<void>> = [];
    for (const p of products) {
      if (seen.has(p.itemId)) continue;
      seen.add(p.itemId);
      const reason = validateAddRequest({ itemId: p.itemId, quantity: 1, productType: 'product', name: p.name });
      if (reason) {
        out.failed.push({ itemId: p.itemId, reason });
        continue;
      }
      if (this.snapshot.items.some((i) => i.item_id === p.itemId)) {
        out.alreadyOnList.push(p.itemId);
        continue;
      }
      if (this.scope?.kind !== 'account' && this.snapshot.count >= MAX_BROWSER_ITEMS) {
        out.failed.push({ itemId: p.itemId, reason: TOASTS.full });
        continue;
      }
      const item = itemFromRequest({ itemId: p.itemId, quantity: 1, productType: 'product', name: p.name }, this.nowIso());
      const { done } = this.mutate({ kind: 'add', item });
      pending.push(done.then(
        (result) => {
          if (result.added > 0) {
            out.added.push(p.itemId);
            this.bus.emit('list/item-added', { itemId: p.itemId, quantity: result.added });
          } else out.alreadyOnList.push(p.itemId);
        },
        (error: unknown) => { out.failed.push({ itemId: p.itemId, reason: storageReason(error) }); },
      ));
    }
    // The badge follows at once (optimistic), like a bus add.
    this.publishCount(true);
    await Promise.all(pending);
    return out;
  }

  async retry(): Promise<void> {
    const scope = this.scope;
    if (!scope) return;
    if (scope.kind === 'anonymous') {
      await this.switchTo(scope);
      return;
    }
    if (this.status === 'error') {
      this.status = 'loading';
      this.error = null;
      this.notify();
    }
    this.failures = 0;
    this.clearRetry();
    this.kickSync({ reload: true });
    await this.idle();
  }

  /** Resolves when no sync is running (tests, retry). */
  async idle(): Promise<void> {
    while (this.syncing) await this.syncing;
    await this.writeChain;
  }

  // ----- sync (signed in) ----------------------------------------------------------------------

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private kickSync(options: { reload?: boolean } = {}): void {
    if (options.reload) this.needsReload = true;
    if (this.disposed || this.scope?.kind !== 'account') return;
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.clearRetry();
    this.syncing = this.withSyncLock(this.scope.uid, () => this.runSync()).finally(() => {
      this.syncing = null;
      // A change, an online event or a renewed session arrived meanwhile: go again at once (even after a failure).
      if (this.syncAgain && !this.disposed) {
        this.syncAgain = false;
        this.kickSync();
      }
    });
  }

  /** One tab at a time sends an account's outbox where the browser has Web Locks (sends are idempotent anyway). */
  private withSyncLock(uid: string, fn: () => Promise<void>): Promise<void> {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (!locks || typeof locks.request !== 'function') return fn();
    return locks.request(`storefront-shopping-list-sync:${uid}`, fn).then(() => undefined);
  }

  private async runSync(): Promise<void> {
    const scope = this.scope;
    if (!scope || scope.kind !== 'account') return;
    const gen = this.generation;
    const alive = () => gen === this.generation && !this.disposed;
    // Still signed in as this scope's shopper (the BFF sends as whoever its session cookie names).
    const still = () => signedInAs(this.bus.state.session.value, scope.uid);
    const key = accountKey(scope.uid);
    let backend: ListBackend;
    let rec: AccountRecord;
    try {
      backend = await this.backendReady;
      rec = readAccount(await backend.read(key), scope.uid);
    } catch {
      return;
    }
    const save = async (fn: (acc: AccountRecord, values: Record<string, unknown>) => Record<string, unknown> | void, extraKeys: string[] = []): Promise<AccountRecord> => {
      const next = await backend.transact([key, ...extraKeys], (values) => {
        const acc = readAccount(values[key], scope.uid);
        const more = fn(acc, values) ?? {};
        return { writes: { [key]: acc, ...more }, result: acc };
      });
      if (alive()) {
        this.adopt(next);
        this.notify();
        this.publishCount();
      }
      return next;
    };

    try {
      /** The first transient failure: what can still be done is done, then the sync is retried with backoff. */
      let failure: unknown = null;
      // 1. A pending merge of the browser list (the same mergeId on every retry).
      const merge = rec.merge;
      if (merge && merge.stage === 'merge') {
        if (!alive() || !still()) return;
        let accepted = true;
        try {
          await this.api.merge(merge.mergeId, merge.items.map(mergePayload));
        } catch (error) {
          accepted = false;
          if (error instanceof ListApiError && error.permanent) {
            // Refused for good: the items stay in the browser list (nothing is lost); a later sign-in tries again.
            rec = await save((acc) => { if (acc.merge?.mergeId === merge.mergeId) acc.merge = null; });
            if (alive()) this.toast(error.reason ?? TOASTS.mergeRefused, 'error');
          } else {
            failure = error;
          }
        }
        if (accepted) {
          const ids = new Set(merge.items.map((i) => i.item_id));
          rec = await save((acc, values) => {
            if (acc.merge?.mergeId === merge.mergeId) acc.merge = { ...acc.merge, stage: 'reload' };
            const anon = readAnon(values[ANON_KEY]);
            return { [ANON_KEY]: { v: 1, items: anon.items.filter((i) => !ids.has(i.item_id)) } };
          }, [ANON_KEY]);
          this.channel.post(ANON_KEY);
          this.channel.post(key);
          this.needsReload = true;
          if (alive()) this.toast(TOASTS.merged(merge.items.length), 'success', LIST_TOAST_MS);
        }
      }

      // 2. The outbox, one absolute op per item (after the merge: its absolute quantities include the merged ones).
      for (const op of (failure ? [] : Object.values(rec.outbox)) as OutboxOp[]) {
        if (!alive() || !still()) return;
        try {
          if (op.kind === 'put' && op.body) await this.api.put(op.item_id, op.body);
          else await this.api.remove(op.item_id);
        } catch (error) {
          if (error instanceof ListApiError && error.permanent) {
            // Refused for good (e.g. 400): drop it and read the list again so the view matches the server.
            rec = await save((acc) => { if (acc.outbox[op.item_id]?.id === op.id) delete acc.outbox[op.item_id]; });
            this.needsReload = true;
            if (alive()) this.toast(error.reason ?? TOASTS.syncRefused, 'error');
            continue;
          }
          rec = await save((acc) => {
            const cur = acc.outbox[op.item_id];
            if (cur?.id === op.id) acc.outbox[op.item_id] = { ...cur, attempts: cur.attempts + 1 };
          });
          failure = error;
          break;
        }
        rec = await save((acc) => {
          if (acc.outbox[op.item_id]?.id === op.id) delete acc.outbox[op.item_id];
          if (acc.server) acc.server = applyOp(acc.server, op);
        });
        this.channel.post(key);
      }

      // 3. Read the account list (first time on this device, after a merge, after a refused op, on retry).
      //    Also after a failure when nothing is cached, so the shopper sees the account list meanwhile.
      if ((this.needsReload && !failure) || rec.server === null) {
        if (!alive() || !still()) return;
        try {
          const items = await this.api.fetchAll();
          const now = this.nowIso();
          rec = await save((acc) => {
            acc.server = items;
            acc.loadedAt = now;
            if (acc.merge?.stage === 'reload') acc.merge = { ...acc.merge, stage: 'cart' };
          });
          if (!failure) this.needsReload = false;
          this.channel.post(key);
        } catch (error) {
          failure = failure ?? error;
        }
      }

      // 4. After a merge: the cart of the preferred store follows the list (spec §4 "then the cart is refreshed").
      if (!failure && rec.merge?.stage === 'cart') {
        if (!alive() || !still()) return;
        const mergeId = rec.merge.mergeId;
        const storeId = this.bus.state.store.value?.storeNumber ?? this.config.defaultStoreNumber;
        const lines = accountView(rec).filter((i) => isShown(i) && !isCustom(i)).map((i) => ({ item_id: i.item_id, quantity: i.quantity }));
        await this.api.setCart(scope.uid, storeId, lines);
        await this.api.getCart(storeId);
        rec = await save((acc) => { if (acc.merge?.mergeId === mergeId) acc.merge = null; });
      }

      if (!alive()) return;
      if (rec.server !== null && this.status !== 'ready') {
        this.status = 'ready';
        this.error = null;
        this.notify();
        this.publishCount(true);
        this.runWaiting();
      }
      if (failure) throw failure;
      this.failures = 0;
      this.syncError = null;
      this.notify();
    } catch (error) {
      if (!alive()) return;
      this.failures += 1;
      this.syncError = (error as Error)?.message ?? String(error);
      if (rec.server === null && this.status === 'loading') {
        this.status = 'error';
        this.error = 'Your shopping list could not be loaded.';
        this.persisted = this.persisted ?? accountView(rec);
      }
      this.notify();
      this.runWaiting();
      const delay = Math.min(this.retryMax, this.retryBase * 2 ** (this.failures - 1));
      this.clearRetry();
      this.retryTimer = setTimeout(() => { this.retryTimer = null; this.kickSync(); }, delay);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.clearRetry();
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
