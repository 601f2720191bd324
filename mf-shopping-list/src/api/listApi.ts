/**
 * The BFF's shopping-list and cart calls (BFF contract "Shopping-list and cart API", spec §4
 * Shopping list and cart, §6 "shopping list and flyer items sync to the server with an identity
 * token", §7 "Add or update list to cart; get cart"). Every call goes through shared-events
 * `callBff`: the shopper is the BFF's HttpOnly session cookie (`credentials: 'same-origin'`,
 * `x-storefront-csrf: 1`, `x-nonce`); no token is on the page or sent from it. Answers are parsed with
 * the `shared-events/contracts` schemas; an answer that breaks them is a transient {@link ListApiError}.
 */
import { BffError, callBff, type BffEnvelope } from 'shared-events';
import { cartResultSchema, listItemSchema, mergeResultSchema, type Cart, type CartLine, type MergeResult } from 'shared-events/contracts';
import { isShown, type ListItem } from '../state/model';
import type { PutBody } from '../state/outbox';

/** Items per `GET /api/shopping-list` page (spec §4, §9: 100). */
export const LIST_PAGE_SIZE = 100;
/** Longest wait for one BFF answer (ms). */
export const CALL_TIMEOUT_MS = 20_000;
/** Most pages read in one load (100 000 items): a guard against a server that never ends. */
const MAX_PAGES = 1000;

/**
 * A failed list call. `permanent`: retrying the same request cannot succeed (validation, 4xx, a named
 * refusal). `reason`: the BFF's own words for a named refusal, to show the shopper as they are.
 */
export class ListApiError extends Error {
  constructor(message: string, readonly status: number, readonly permanent: boolean, readonly reason?: string) {
    super(message);
    this.name = 'ListApiError';
  }
}

/** The BFF calls of the list, as the shopper of the session cookie; the service takes one (tests pass a fake). */
export interface ListApi {
  /** Every page of the account's list (`GET /api/shopping-list?page=&hitsPerPage=100`), shown items only (spec §5). */
  fetchAll(): Promise<ListItem[]>;
  /** `PUT /api/shopping-list/items/:itemId` with absolute values (idempotent). */
  put(itemId: string, body: PutBody): Promise<void>;
  /** `DELETE /api/shopping-list/items/:itemId` (an absent item is fine). */
  remove(itemId: string): Promise<void>;
  /** `POST /api/shopping-list/merge` `{ mergeId, items }` (idempotent by mergeId). */
  merge(mergeId: string, items: readonly unknown[]): Promise<MergeResult>;
  /** `POST /api/cart` `{ userToken, storeId, items }`: sets the cart of (uid, store). */
  setCart(userToken: string, storeId: string, items: readonly CartLine[]): Promise<void>;
  /** `GET /api/cart?storeId=`. */
  getCart(storeId: string): Promise<Cart>;
}

/** HTTP-like statuses that a retry can fix: unauthorised (session being renewed), timeout, too early, rate limit. */
const TRANSIENT_CODES = new Set([401, 408, 425, 429]);

/** The BFF's named refusals of a list write that no retry can fix (its per-shopper caps), HTTP 409. */
const REFUSAL_CODES = new Set(['LIST_FULL']);

/**
 * An envelope's error as a {@link ListApiError}: 4xx other than {@link TRANSIENT_CODES} are permanent, and
 * so are the named refusals of {@link REFUSAL_CODES} (carrying the BFF's message as `reason`).
 */
function envelopeError(path: string, env: BffEnvelope): ListApiError {
  const message = `BFF ${path}: ${env.message || `error ${String(env.code)}`}`;
  if (typeof env.code === 'string' && REFUSAL_CODES.has(env.code)) return new ListApiError(message, 409, true, env.message);
  const code = typeof env.code === 'number' ? env.code : Number(env.code);
  const status = Number.isFinite(code) ? code : 0;
  return new ListApiError(message, status, isPermanentStatus(status));
}

/** A 4xx other than {@link TRANSIENT_CODES}: no retry of the same request can succeed. */
function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && !TRANSIENT_CODES.has(status);
}

/** An answer that breaks the contract: transient (a fixed BFF answers the retry). */
function badAnswer(path: string): ListApiError {
  return new ListApiError(`BFF ${path}: the answer does not follow the contract`, 0, false);
}

/** Calls the BFF; network errors and 5xx become transient {@link ListApiError}s, a 4xx without an envelope a permanent one, error envelopes as above. */
async function call<T>(apiBase: string, path: string, options: { method: string; body?: unknown }): Promise<T> {
  let env: BffEnvelope<T>;
  try {
    // A request that hangs must not hold the outbox forever: give up after CALL_TIMEOUT_MS (then retried).
    const signal = typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(CALL_TIMEOUT_MS) : undefined;
    env = await callBff<T>(apiBase, path, { ...options, signal });
  } catch (error) {
    const status = error instanceof BffError ? error.httpStatus : 0;
    // A 4xx without an envelope (a proxy's or gateway's page) refuses the request as surely as the BFF's own.
    throw new ListApiError((error as Error).message, status, isPermanentStatus(status));
  }
  if (env.status !== 'success') throw envelopeError(path, env);
  return env.data as T;
}

/**
 * The real calls against `apiBase` (RuntimeConfig.apiBase, normally '/api').
 * @example const api = createListApi('/api'); const items = await api.fetchAll();
 */
export function createListApi(apiBase: string): ListApi {
  return {
    async fetchAll() {
      const items: ListItem[] = [];
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const path = `/shopping-list?page=${page}&hitsPerPage=${LIST_PAGE_SIZE}`;
        const data = await call<{ items?: unknown; nbPages?: unknown }>(apiBase, path, { method: 'GET' });
        if (!Array.isArray(data?.items) || typeof data.nbPages !== 'number') throw badAnswer(path);
        // Item by item (listItemSchema): one item the list cannot show (quantity 0, spec §5) does not hide the others.
        const got = data.items.map((i) => listItemSchema.safeParse(i)).flatMap((r) => (r.success ? [r.data as ListItem] : []));
        items.push(...got.filter(isShown));
        if (page + 1 >= data.nbPages || data.items.length === 0) break;
      }
      return items;
    },
    async put(itemId, body) {
      await call(apiBase, `/shopping-list/items/${encodeURIComponent(itemId)}`, { method: 'PUT', body });
    },
    async remove(itemId) {
      await call(apiBase, `/shopping-list/items/${encodeURIComponent(itemId)}`, { method: 'DELETE' });
    },
    async merge(mergeId, items) {
      const data = await call<Partial<MergeResult>>(apiBase, '/shopping-list/merge', { method: 'POST', body: { mergeId, items } });
      const parsed = mergeResultSchema.safeParse({ mergeId, ...data });
      if (!parsed.success) throw badAnswer('/shopping-list/merge');
      return parsed.data;
    },
    async setCart(userToken, storeId, items) {
      await call(apiBase, '/cart', { method: 'POST', body: { userToken, storeId, items } });
    },
    async getCart(storeId) {
      const path = `/cart?storeId=${encodeURIComponent(storeId)}`;
      const parsed = cartResultSchema.safeParse(await call<unknown>(apiBase, path, { method: 'GET' }));
      if (!parsed.success) throw badAnswer(path);
      return parsed.data.cart;
    },
  };
}
