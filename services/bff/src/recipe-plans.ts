/**
 * Recipe lists and the meal plan of a signed-in shopper (spec §2 Routes
 * `/recipes/my-recipe-lists`, `/recipes/meal-plan`). Storage rules behind src/routes/recipe-plans.ts;
 * every function takes the caller's uid and every statement is scoped by it, so a shopper reads and
 * writes only their own rows (migration 006_recipe_plans keys every row by uid).
 */
import { HttpError } from './http';
import { MAX_PLANNED_RECIPES } from './caps';
import { normaliseText, textKey } from './text';
import type { Db, Queryable } from './db';

/** Most recipe lists per shopper. */
export const MAX_LISTS = 50;
/** Most recipes in one list. */
export const MAX_RECIPES_PER_LIST = 200;
/** Most recipes planned on one day. */
export const MAX_RECIPES_PER_DAY = 10;
/** Longest list name, in characters after trimming. */
export const MAX_LIST_NAME = 60;
/** Longest meal-plan window one GET may ask for, in days (from and to included). */
export const MAX_PLAN_DAYS = 62;

/** A recipe list as the API answers it. Times are ISO 8601 UTC. */
export interface RecipeList {
  /** UUID chosen by the browser that created it. */
  id: string;
  name: string;
  /** Recipe objectIDs of the recipes index, oldest added first. */
  recipeIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** One planned recipe. */
export interface MealPlanEntry {
  /** Calendar day `YYYY-MM-DD` (the shopper's local day). */
  date: string;
  /** Recipe objectID. */
  recipeId: string;
  addedAt: string;
}

/**
 * A list name as stored: the shopper-text rules of src/text.ts (NFC, invisible and control characters
 * removed, combining-mark runs cut, whitespace collapsed, trimmed).
 * @throws HttpError 400 `Invalid <field>: must be 1 to 60 characters after trimming`, or an unpaired surrogate
 */
export function cleanListName(raw: string, field = 'body.name'): string {
  const rule = `must be 1 to ${MAX_LIST_NAME} characters after trimming`;
  return normaliseText(raw, { field, maxLength: MAX_LIST_NAME, tooLong: rule, blank: rule });
}

/** The text key of src/text.ts (stored text, lower case): two lists with the same key are "the same list" in a merge. */
export function listNameKey(name: string): string {
  return textKey(name);
}

/**
 * A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not).
 * @throws HttpError 400 `Invalid <field>: must be a date YYYY-MM-DD`
 */
export function checkDate(value: string, field: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== value) throw new HttpError(400, `Invalid ${field}: must be a date YYYY-MM-DD`);
  return value;
}

/** Days from `from` to `to` (dates YYYY-MM-DD), `to` included: 2026-11-23..2026-11-29 → 7. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * A recipe objectID the recipes index knows.
 * @throws HttpError 400 `Invalid <field>: no recipe '<id>'`
 */
export function checkRecipe(known: ReadonlySet<string>, id: string, field: string): string {
  if (!known.has(id)) throw new HttpError(400, `Invalid ${field}: no recipe '${id.slice(0, 64)}'`);
  return id;
}

interface ListRow {
  id: string;
  name: string;
  created_at: Date | string;
  updated_at: Date | string;
  recipe_ids: string[] | null;
}

const iso = (v: Date | string): string => new Date(v).toISOString();

function toList(r: ListRow): RecipeList {
  return { id: r.id, name: r.name, recipeIds: r.recipe_ids ?? [], createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) };
}

const LIST_SELECT = `
  SELECT l.id::text AS id, l.name, l.created_at, l.updated_at,
         COALESCE((SELECT array_agg(r.recipe_id ORDER BY r.added_at, r.recipe_id)
                     FROM recipe_list_recipes r WHERE r.uid = l.uid AND r.list_id = l.id), '{}') AS recipe_ids
    FROM recipe_lists l`;

/** The shopper's lists, oldest first. */
export async function readLists(db: Queryable, uid: string): Promise<RecipeList[]> {
  const { rows } = await db.query<ListRow>(`${LIST_SELECT} WHERE l.uid = $1 ORDER BY l.created_at, l.id`, [uid]);
  return rows.map(toList);
}

/** One of the shopper's lists, or null. */
export async function readList(db: Queryable, uid: string, id: string): Promise<RecipeList | null> {
  const { rows } = await db.query<ListRow>(`${LIST_SELECT} WHERE l.uid = $1 AND l.id = $2`, [uid, id]);
  return rows[0] ? toList(rows[0]) : null;
}

async function countLists(db: Queryable, uid: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM recipe_lists WHERE uid = $1', [uid]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Creates the list `id` named `name`, or renames it when the shopper already has it (absolute: a
 * replay changes nothing).
 * @returns the list and whether it was created
 * @throws HttpError 409 when the shopper already has {@link MAX_LISTS} lists
 */
export async function putList(db: Db, uid: string, id: string, name: string): Promise<{ list: RecipeList; created: boolean }> {
  return db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM recipe_lists WHERE uid = $1 AND id = $2 FOR UPDATE', [uid, id]);
    if (existing.rows.length > 0) {
      await tx.query('UPDATE recipe_lists SET name = $3, updated_at = now() WHERE uid = $1 AND id = $2 AND name <> $3', [uid, id, name]);
      return { list: (await readList(tx, uid, id))!, created: false };
    }
    // Serialise creations of one shopper (the count check below).
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`recipe-lists:${uid}`]);
    if ((await countLists(tx, uid)) >= MAX_LISTS) throw new HttpError(409, `You can have at most ${MAX_LISTS} recipe lists`);
    await tx.query('INSERT INTO recipe_lists (uid, id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [uid, id, name]);
    return { list: (await readList(tx, uid, id))!, created: true };
  });
}

/** Deletes one of the shopper's lists with its recipes. @returns whether there was one */
export async function deleteList(db: Queryable, uid: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM recipe_lists WHERE uid = $1 AND id = $2 RETURNING id', [uid, id]);
  return rows.length > 0;
}

/**
 * Adds a recipe to one of the shopper's lists (adding it again changes nothing).
 * @throws HttpError 404 when the shopper has no list `listId`; 409 when the list is full
 */
export async function addRecipeToList(db: Db, uid: string, listId: string, recipeId: string): Promise<RecipeList> {
  return db.transaction(async (tx) => {
    const list = await tx.query('SELECT 1 FROM recipe_lists WHERE uid = $1 AND id = $2 FOR UPDATE', [uid, listId]);
    if (list.rows.length === 0) throw new HttpError(404, 'No such recipe list');
    const { rows } = await tx.query<{ n: number | string }>('SELECT count(*) AS n FROM recipe_list_recipes WHERE uid = $1 AND list_id = $2', [uid, listId]);
    const inserted = await tx.query(
      `INSERT INTO recipe_list_recipes (uid, list_id, recipe_id)
       SELECT $1, $2, $3 WHERE $4::int < $5::int ON CONFLICT DO NOTHING RETURNING recipe_id`,
      [uid, listId, recipeId, Number(rows[0]?.n ?? 0), MAX_RECIPES_PER_LIST],
    );
    if (inserted.rows.length === 0) {
      const has = await tx.query('SELECT 1 FROM recipe_list_recipes WHERE uid = $1 AND list_id = $2 AND recipe_id = $3', [uid, listId, recipeId]);
      if (has.rows.length === 0) throw new HttpError(409, `A recipe list holds at most ${MAX_RECIPES_PER_LIST} recipes`);
    } else {
      await tx.query('UPDATE recipe_lists SET updated_at = now() WHERE uid = $1 AND id = $2', [uid, listId]);
    }
    return (await readList(tx, uid, listId))!;
  });
}

/**
 * Removes a recipe from one of the shopper's lists (absent: nothing changes).
 * @throws HttpError 404 when the shopper has no list `listId`
 */
export async function removeRecipeFromList(db: Db, uid: string, listId: string, recipeId: string): Promise<RecipeList> {
  return db.transaction(async (tx) => {
    const removed = await tx.query('DELETE FROM recipe_list_recipes WHERE uid = $1 AND list_id = $2 AND recipe_id = $3 RETURNING recipe_id', [uid, listId, recipeId]);
    if (removed.rows.length > 0) await tx.query('UPDATE recipe_lists SET updated_at = now() WHERE uid = $1 AND id = $2', [uid, listId]);
    const list = await readList(tx, uid, listId);
    if (!list) throw new HttpError(404, 'No such recipe list');
    return list;
  });
}

/** A browser list handed to {@link mergeLists}. */
export interface ListInput {
  id: string;
  name: string;
  recipeIds: string[];
}

/**
 * Merges browser lists into the account (sign-in; the shopping list's "union" rule, spec §4): a list
 * whose name matches one of the account's (same {@link listNameKey}) or whose id the account already
 * has gets the recipes added (union); any other list is created with its id and name. Idempotent:
 * merging the same lists again changes nothing. Lists over {@link MAX_LISTS} and recipes over
 * {@link MAX_RECIPES_PER_LIST} are left out (counted in `skipped`).
 * @returns the shopper's lists after the merge, lists created, recipes added, and what was left out
 */
export async function mergeLists(db: Db, uid: string, incoming: ListInput[]): Promise<{ lists: RecipeList[]; created: number; recipesAdded: number; skipped: number }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`recipe-lists:${uid}`]);
    let created = 0;
    let recipesAdded = 0;
    let skipped = 0;
    for (const input of incoming) {
      const current = await readLists(tx, uid);
      const target = current.find((l) => l.id === input.id) ?? current.find((l) => listNameKey(l.name) === listNameKey(input.name));
      let targetId: string;
      let have: Set<string>;
      if (target) {
        targetId = target.id;
        have = new Set(target.recipeIds);
      } else {
        if (current.length >= MAX_LISTS) {
          skipped += 1 + input.recipeIds.length;
          continue;
        }
        await tx.query('INSERT INTO recipe_lists (uid, id, name) VALUES ($1, $2, $3)', [uid, input.id, input.name]);
        created += 1;
        targetId = input.id;
        have = new Set();
      }
      for (const recipeId of input.recipeIds) {
        if (have.has(recipeId)) continue;
        if (have.size >= MAX_RECIPES_PER_LIST) {
          skipped += 1;
          continue;
        }
        await tx.query('INSERT INTO recipe_list_recipes (uid, list_id, recipe_id) VALUES ($1, $2, $3)', [uid, targetId, recipeId]);
        have.add(recipeId);
        recipesAdded += 1;
      }
    }
    return { lists: await readLists(tx, uid), created, recipesAdded, skipped };
  });
}

interface EntryRow {
  plan_date: string | Date;
  recipe_id: string;
  added_at: Date | string;
}

const dateText = (v: string | Date): string => (typeof v === 'string' ? v.slice(0, 10) : `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`);

/** The shopper's meal plan from `from` to `to` (dates included), by date then time added. */
export async function readPlan(db: Queryable, uid: string, from: string, to: string): Promise<MealPlanEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT to_char(plan_date, 'YYYY-MM-DD') AS plan_date, recipe_id, added_at FROM meal_plan_entries
      WHERE uid = $1 AND plan_date BETWEEN $2::date AND $3::date ORDER BY plan_date, added_at, recipe_id`,
    [uid, from, to],
  );
  return rows.map((r) => ({ date: dateText(r.plan_date), recipeId: r.recipe_id, addedAt: iso(r.added_at) }));
}

/**
 * Plans a recipe on a day (planning it again changes nothing).
 * @returns the day's entries and whether the recipe was added
 * @throws HttpError 409 when the day already holds {@link MAX_RECIPES_PER_DAY} recipes
 */
export async function addToPlan(db: Db, uid: string, date: string, recipeId: string): Promise<{ entries: MealPlanEntry[]; added: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`meal-plan:${uid}`]);
    const day = await readPlan(tx, uid, date, date);
    if (day.some((e) => e.recipeId === recipeId)) return { entries: day, added: false };
    if (day.length >= MAX_RECIPES_PER_DAY) throw new HttpError(409, `A day holds at most ${MAX_RECIPES_PER_DAY} recipes`);
    await tx.query('INSERT INTO meal_plan_entries (uid, plan_date, recipe_id) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING', [uid, date, recipeId]);
    return { entries: await readPlan(tx, uid, date, date), added: true };
  });
}

/** Takes a recipe off a day. @returns whether it was planned */
export async function removeFromPlan(db: Queryable, uid: string, date: string, recipeId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM meal_plan_entries WHERE uid = $1 AND plan_date = $2::date AND recipe_id = $3 RETURNING recipe_id', [uid, date, recipeId]);
  return rows.length > 0;
}

/**
 * Merges browser meal-plan entries into the account (union by day and recipe; idempotent). Entries
 * beyond {@link MAX_RECIPES_PER_DAY} on a day, or beyond {@link MAX_PLANNED_RECIPES} in all, are left out (`skipped`).
 */
export async function mergePlan(db: Db, uid: string, entries: Array<{ date: string; recipeId: string }>): Promise<{ added: number; skipped: number }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`meal-plan:${uid}`]);
    let added = 0;
    let skipped = 0;
    const total = await tx.query<{ n: number | string }>('SELECT count(*) AS n FROM meal_plan_entries WHERE uid = $1', [uid]);
    let planned = Number(total.rows[0]?.n ?? 0);
    for (const e of entries) {
      const day = await readPlan(tx, uid, e.date, e.date);
      if (day.some((d) => d.recipeId === e.recipeId)) continue;
      if (day.length >= MAX_RECIPES_PER_DAY || planned >= MAX_PLANNED_RECIPES) {
        skipped += 1;
        continue;
      }
      await tx.query('INSERT INTO meal_plan_entries (uid, plan_date, recipe_id) VALUES ($1, $2::date, $3)', [uid, e.date, e.recipeId]);
      added += 1;
      planned += 1;
    }
    return { added, skipped };
  });
}
