/** The list service's public shapes (./listService). */
import type { EventBus, RuntimeConfig } from 'shared-events';
import type { ListSnapshot } from '../state/listState';
import type { ListItem } from '../state/model';
import type { ListBackend } from './backend';
import type { ChangeChannel } from './channel';
import type { ListApi } from './listApi';
import type { ListRequest } from './requestBuffer';

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
  /** Storage (default: openBackend, ./backend). */
  backend?: ListBackend | Promise<ListBackend>;
  /** Cross-tab notices (default: openChannel, ./channel). */
  channel?: ChangeChannel;
  /** BFF calls (default: createListApi(config.apiBase), ./listApi). */
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
