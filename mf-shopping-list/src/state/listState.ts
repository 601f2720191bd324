/**
 * The list as the browser shows it, and the reducer that moves it (pure: actions → new state). The
 * list service (api/listService) holds one state, dispatches what its storage and sync report, and
 * hands {@link snapshotOf} to React.
 */
import { applyChange, shownItems, type ListChange, type ListItem } from './model';
import { accountView, type AccountRecord, type Scope } from './records';

/** Where the list is kept ('memory': lost on reload). */
export type StorageKind = 'indexeddb' | 'localstorage' | 'memory';

/** A change shown at once but not stored yet. */
export interface PendingChange {
  seq: number;
  change: ListChange;
  /** ISO time of the change. */
  at: string;
}

/** The list state of one page (one per list service). */
export interface ListState {
  scope: Scope | null;
  /** Bumped on every scope switch: late answers of an older scope are dropped. */
  generation: number;
  /** The stored view of the current scope (null: not read yet). */
  persisted: ListItem[] | null;
  /** Changes shown at once but not stored yet, in order. */
  optimistic: PendingChange[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  unsynced: number;
  syncError: string | null;
  merging: boolean;
  storage: StorageKind | null;
}

/** What the state can be told. */
export type ListAction =
  | { type: 'storage-known'; storage: StorageKind }
  | { type: 'scope-switched'; scope: Scope }
  | { type: 'browser-read'; items: ListItem[] }
  | { type: 'account-read'; record: AccountRecord }
  | { type: 'ready' }
  | { type: 'read-failed'; error: string }
  | { type: 'retrying' }
  | { type: 'change-shown'; pending: PendingChange }
  | { type: 'change-dropped'; seq: number }
  | { type: 'change-stored'; seq: number; view: ListItem[]; unsynced: number | null }
  | { type: 'sync-done' }
  | { type: 'sync-failed'; message: string; record: AccountRecord };

/** The state before anything is known. */
export const initialListState: ListState = {
  scope: null, generation: 0, persisted: null, optimistic: [], status: 'loading', error: null,
  unsynced: 0, syncError: null, merging: false, storage: null,
};

/** Takes an account record as the stored view (its outbox size, whether a merge is on its way). */
function adopt(state: ListState, rec: AccountRecord): ListState {
  return {
    ...state,
    persisted: accountView(rec),
    unsynced: Object.keys(rec.outbox).length,
    merging: rec.merge !== null && rec.merge.stage === 'merge',
  };
}

/** The reducer of the list state. */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'storage-known':
      return { ...state, storage: action.storage };
    case 'scope-switched':
      return { ...initialListState, storage: state.storage, scope: action.scope, generation: state.generation + 1 };
    case 'browser-read':
      return { ...state, persisted: action.items, status: 'ready', error: null };
    case 'account-read':
      return adopt(state, action.record);
    case 'ready':
      return { ...state, status: 'ready', error: null };
    case 'read-failed':
      return { ...state, persisted: state.persisted ?? [], status: 'error', error: action.error };
    case 'retrying':
      return state.status === 'error' ? { ...state, status: 'loading', error: null } : state;
    case 'change-shown':
      return { ...state, optimistic: [...state.optimistic, action.pending] };
    case 'change-dropped':
      return { ...state, optimistic: state.optimistic.filter((o) => o.seq !== action.seq) };
    case 'change-stored':
      return {
        ...state,
        optimistic: state.optimistic.filter((o) => o.seq !== action.seq),
        persisted: action.view,
        unsynced: action.unsynced ?? state.unsynced,
      };
    case 'sync-done':
      return { ...state, syncError: null };
    case 'sync-failed': {
      // Nothing could be read and nothing is cached: the list page says so (with a retry).
      const failedFirstRead = action.record.server === null && state.status === 'loading';
      return {
        ...state,
        syncError: action.message,
        ...(failedFirstRead ? { status: 'error' as const, error: 'Your shopping list could not be loaded.', persisted: state.persisted ?? accountView(action.record) } : {}),
      };
    }
    default:
      return state;
  }
}

/** The list with the unsaved changes applied (every item, shown or not). */
export function viewOf(state: ListState): ListItem[] {
  let items = state.persisted ?? [];
  for (const o of state.optimistic) items = applyChange(items, o.change, o.at).items;
  return items;
}

/** What the UI reads; a new object on every change. */
export interface ListSnapshot {
  /** 'loading' until the list is first read; 'error' when the account list could not be read and nothing is cached. */
  status: ListState['status'];
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
  storage: StorageKind | null;
}

/** The snapshot of a state. */
export function snapshotOf(state: ListState): ListSnapshot {
  const items = shownItems(viewOf(state));
  return {
    status: state.status,
    scope: state.scope?.kind ?? 'anonymous',
    uid: state.scope?.kind === 'account' ? state.scope.uid : null,
    items,
    count: items.length,
    error: state.error,
    unsynced: state.unsynced,
    syncError: state.syncError,
    merging: state.merging,
    storage: state.storage,
  };
}
