/**
 * Where the shopper's recipe lists and meal plan are kept (shopper data is durable):
 * - anonymous: this browser's IndexedDB through idb-keyval (database `storefront-recipe-plans`, object
 *   store `plans`, key `anon` = `{ v: 1, lists: RecipeList[], plan: MealPlanEntry[] }`), every change
 *   one readwrite transaction (two tabs lose nothing);
 * - signed in: the BFF (`/api/recipe-lists`, `/api/meal-plan`, services/bff README "Recipe lists and
 *   meal plan") through shared-events `callBff`, as the shopper of the BFF's HttpOnly session cookie;
 * - on sign-in the browser's lists and plan are merged into the account ({@link mergeBrowserIntoAccount};
 *   union, idempotent), then removed from the browser — like the shopping list's merge (README "Merge rules").
 */
import { BffError, callBff } from 'shared-events';
import { mealPlanSchema, recipeListResultSchema, recipeListsSchema } from 'shared-events/contracts';
import { createStore } from 'idb-keyval';
import { idbBackend, type ListBackend } from './backend';
import { randomUuid } from './uuid';
import {
  asPlanEntry, asRecipeList, cleanListName, MAX_LISTS, MAX_RECIPES_PER_DAY, MAX_RECIPES_PER_LIST,
  type MealPlanEntry, type RecipeList,
} from '../state/recipePlans';

/** IndexedDB database and object store of the recipe plans (idb-keyval `createStore`). */
export const PLANS_IDB_NAME = 'storefront-recipe-plans';
export const PLANS_IDB_STORE = 'plans';
/** Key of the anonymous shopper's record. */
export const ANON_PLANS_KEY = 'anon';

/** The operations both storages offer. Every method resolves once the change is stored. */
export interface RecipePlanStorage {
  readonly kind: 'browser' | 'account';
  /** The lists, oldest first. */
  lists(): Promise<RecipeList[]>;
  /** Creates a list (new UUID). @throws Error with a shopper-facing message (bad name, 50 lists, storage) */
  createList(name: string): Promise<RecipeList>;
  renameList(id: string, name: string): Promise<RecipeList>;
  deleteList(id: string): Promise<void>;
  addRecipe(listId: string, recipeId: string): Promise<RecipeList>;
  removeRecipe(listId: string, recipeId: string): Promise<RecipeList>;
  /** Entries from `from` to `to` (`YYYY-MM-DD`, included). */
  plan(from: string, to: string): Promise<MealPlanEntry[]>;
  /** Plans a recipe on a day (again: no change). @throws Error at 10 recipes that day */
  addToPlan(date: string, recipeId: string): Promise<void>;
  removeFromPlan(date: string, recipeId: string): Promise<void>;
}

/** The browser record. */
export interface BrowserPlans {
  v: 1;
  lists: RecipeList[];
  plan: MealPlanEntry[];
}

/** A stored value as a {@link BrowserPlans} (anything unreadable is dropped). */
export function readBrowserPlans(v: unknown): BrowserPlans {
  const r = (v ?? {}) as Partial<BrowserPlans>;
  return {
    v: 1,
    lists: (Array.isArray(r.lists) ? r.lists : []).map(asRecipeList).filter((l): l is RecipeList => l !== null),
    plan: (Array.isArray(r.plan) ? r.plan : []).map(asPlanEntry).filter((e): e is MealPlanEntry => e !== null),
  };
}

let sharedBackend: ListBackend | null = null;
/** The IndexedDB backend of the recipe plans (one per page). */
export function plansBackend(): ListBackend {
  sharedBackend ??= idbBackend(createStore(PLANS_IDB_NAME, PLANS_IDB_STORE));
  return sharedBackend;
}

/** A shopper-facing message for a failed browser write. */
function storageError(error: unknown): Error {
  if (error instanceof Error && error.name === 'ShopperError') return error;
  return new Error('This browser could not save the change. Please try again.');
}

function shopperError(message: string): Error {
  const e = new Error(message);
  e.name = 'ShopperError';
  return e;
}

/**
 * The anonymous shopper's storage in this browser.
 * @param backend default {@link plansBackend}; tests pass a fresh one
 */
export function browserStorage(backend: ListBackend = plansBackend(), now: () => Date = () => new Date()): RecipePlanStorage {
  const read = async () => readBrowserPlans(await backend.read(ANON_PLANS_KEY));
  async function change<R>(fn: (rec: BrowserPlans) => R): Promise<R> {
    try {
      return await backend.transact([ANON_PLANS_KEY], (values) => {
        const rec = readBrowserPlans(values[ANON_PLANS_KEY]);
        const result = fn(rec);
        return { writes: { [ANON_PLANS_KEY]: rec }, result };
      });
    } catch (error) {
      throw storageError(error);
    }
  }
  const findList = (rec: BrowserPlans, id: string): RecipeList => {
    const list = rec.lists.find((l) => l.id === id);
    if (!list) throw shopperError('This recipe list no longer exists.');
    return list;
  };
  return {
    kind: 'browser',
    lists: async () => (await read()).lists,
    async createList(raw) {
      const name = cleanListName(raw);
      return change((rec) => {
        if (rec.lists.length >= MAX_LISTS) throw shopperError(`You can have at most ${MAX_LISTS} recipe lists.`);
        const at = now().toISOString();
        const list: RecipeList = { id: randomUuid(), name, recipeIds: [], createdAt: at, updatedAt: at };
        rec.lists.push(list);
        return list;
      });
    },
    async renameList(id, raw) {
      const name = cleanListName(raw);
      return change((rec) => {
        const list = findList(rec, id);
        list.name = name;
        list.updatedAt = now().toISOString();
        return { ...list };
      });
    },
    async deleteList(id) {
      await change((rec) => { rec.lists = rec.lists.filter((l) => l.id !== id); });
    },
    async addRecipe(listId, recipeId) {
      return change((rec) => {
        const list = findList(rec, listId);
        if (!list.recipeIds.includes(recipeId)) {
          if (list.recipeIds.length >= MAX_RECIPES_PER_LIST) throw shopperError(`A recipe list holds at most ${MAX_RECIPES_PER_LIST} recipes.`);
          list.recipeIds.push(recipeId);
          list.updatedAt = now().toISOString();
        }
        return { ...list, recipeIds: [...list.recipeIds] };
      });
    },
    async removeRecipe(listId, recipeId) {
      return change((rec) => {
        const list = findList(rec, listId);
        list.recipeIds = list.recipeIds.filter((r) => r !== recipeId);
        list.updatedAt = now().toISOString();
        return { ...list, recipeIds: [...list.recipeIds] };
      });
    },
    plan: async (from, to) => (await read()).plan.filter((e) => e.date >= from && e.date <= to).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    async addToPlan(date, recipeId) {
      await change((rec) => {
        const day = rec.plan.filter((e) => e.date === date);
        if (day.some((e) => e.recipeId === recipeId)) return;
        if (day.length >= MAX_RECIPES_PER_DAY) throw shopperError(`A day holds at most ${MAX_RECIPES_PER_DAY} recipes.`);
        rec.plan.push({ date, recipeId, addedAt: now().toISOString() });
      });
    },
    async removeFromPlan(date, recipeId) {
      await change((rec) => { rec.plan = rec.plan.filter((e) => !(e.date === date && e.recipeId === recipeId)); });
    },
  };
}

/** A failed BFF call; `message` is shopper-facing. */
export class PlanApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'PlanApiError';
  }
}

/** One BFF call as the shopper of the session cookie; a failure becomes a {@link PlanApiError}. */
async function bff<T>(apiBase: string, method: string, path: string, body?: unknown): Promise<T> {
  let env;
  try {
    env = await callBff<T>(apiBase, path, { method, body });
  } catch (error) {
    const status = error instanceof BffError ? error.httpStatus : 0;
    throw new PlanApiError('Your recipes could not be reached. Check your connection and try again.', status);
  }
  if (env.status !== 'success') {
    const code = Number(env.code);
    // 409 (limits) and 404 carry a shopper-readable message; others get a general one.
    const message = code === 409 || code === 404 ? `${env.message}.` : code === 401 ? 'Please sign in again.' : 'The change could not be saved. Please try again.';
    throw new PlanApiError(message, Number.isFinite(code) ? code : 0);
  }
  return env.data as T;
}

const enc = encodeURIComponent;

/** Shown when an answer breaks the contract. */
const LOAD_FAILED = 'Your recipes could not be loaded. Please try again.';

/**
 * A BFF answer parsed with its `shared-events/contracts` schema.
 * @throws PlanApiError(`message`) when it does not follow the contract
 */
function parsed<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, data: unknown, message: string): T {
  const r = schema.safeParse(data);
  if (!r.success) throw new PlanApiError(message, 0);
  return r.data;
}

/** The signed-in shopper's storage: the BFF (the shopper is its session cookie). */
export function accountStorage(apiBase: string): RecipePlanStorage {
  const list = (d: unknown) => parsed(recipeListResultSchema, d, 'The change could not be saved. Please try again.').list;
  return {
    kind: 'account',
    async lists() {
      return parsed(recipeListsSchema, await bff(apiBase, 'GET', '/recipe-lists'), LOAD_FAILED).lists;
    },
    createList: async (name) => list(await bff(apiBase, 'PUT', `/recipe-lists/${randomUuid()}`, { name: cleanListName(name) })),
    renameList: async (id, name) => list(await bff(apiBase, 'PUT', `/recipe-lists/${enc(id)}`, { name: cleanListName(name) })),
    async deleteList(id) {
      await bff(apiBase, 'DELETE', `/recipe-lists/${enc(id)}`);
    },
    addRecipe: async (listId, recipeId) => list(await bff(apiBase, 'PUT', `/recipe-lists/${enc(listId)}/recipes/${enc(recipeId)}`)),
    removeRecipe: async (listId, recipeId) => list(await bff(apiBase, 'DELETE', `/recipe-lists/${enc(listId)}/recipes/${enc(recipeId)}`)),
    async plan(from, to) {
      return parsed(mealPlanSchema, await bff(apiBase, 'GET', `/meal-plan?from=${enc(from)}&to=${enc(to)}`), LOAD_FAILED).entries;
    },
    async addToPlan(date, recipeId) {
      await bff(apiBase, 'PUT', `/meal-plan/${enc(date)}/recipes/${enc(recipeId)}`);
    },
    async removeFromPlan(date, recipeId) {
      await bff(apiBase, 'DELETE', `/meal-plan/${enc(date)}/recipes/${enc(recipeId)}`);
    },
  };
}

/** What a sign-in merge moved. */
export interface MergeOutcome {
  lists: number;
  entries: number;
}

/**
 * Moves this browser's lists and meal plan into the signed-in shopper's account (spec §4's list merge
 * rule applied to recipes: union; a list with the same name joins the account's). Both BFF merges are
 * idempotent, so a crash or a reload between the calls and the clean-up merges nothing twice. After
 * both are accepted the merged lists and entries leave the browser (in one transaction; anything added
 * meanwhile stays for the next sign-in).
 * @returns how many lists and entries were merged (0/0: nothing in the browser)
 * @throws PlanApiError when the BFF refuses or cannot be reached (the browser data stays)
 */
export async function mergeBrowserIntoAccount(apiBase: string, backend: ListBackend = plansBackend()): Promise<MergeOutcome> {
  const rec = readBrowserPlans(await backend.read(ANON_PLANS_KEY));
  if (rec.lists.length === 0 && rec.plan.length === 0) return { lists: 0, entries: 0 };
  if (rec.lists.length > 0) {
    await bff(apiBase, 'POST', '/recipe-lists/merge', {
      lists: rec.lists.slice(0, MAX_LISTS).map((l) => ({ id: l.id, name: l.name, recipeIds: l.recipeIds.slice(0, MAX_RECIPES_PER_LIST) })),
    });
  }
  if (rec.plan.length > 0) {
    await bff(apiBase, 'POST', '/meal-plan/merge', { entries: rec.plan.slice(0, 500).map((e) => ({ date: e.date, recipeId: e.recipeId })) });
  }
  const mergedLists = new Map(rec.lists.map((l) => [l.id, new Set(l.recipeIds)]));
  const mergedEntries = new Set(rec.plan.map((e) => `${e.date}|${e.recipeId}`));
  await backend.transact([ANON_PLANS_KEY], (values) => {
    const now = readBrowserPlans(values[ANON_PLANS_KEY]);
    // Keep what was added after the snapshot (a recipe put in a merged list, a new list or entry).
    now.lists = now.lists
      .map((l) => ({ ...l, recipeIds: l.recipeIds.filter((r) => !mergedLists.get(l.id)?.has(r)) }))
      .filter((l) => !mergedLists.has(l.id) || l.recipeIds.length > 0);
    now.plan = now.plan.filter((e) => !mergedEntries.has(`${e.date}|${e.recipeId}`));
    const empty = now.lists.length === 0 && now.plan.length === 0;
    return { writes: { [ANON_PLANS_KEY]: empty ? undefined : now }, result: null };
  });
  return { lists: rec.lists.length, entries: rec.plan.length };
}
