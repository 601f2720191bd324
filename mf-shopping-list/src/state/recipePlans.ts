/**
 * Recipe lists and meal plan: shapes and pure rules shared by the browser storage, the BFF client and
 * the pages (spec §2 Routes `/recipes/my-recipe-lists`, `/recipes/meal-plan`). The BFF applies
 * the same rules (services/bff/src/recipe-plans.ts).
 */
import type { MealPlanEntry, RecipeList } from 'shared-events/contracts';

/** Longest list name, in characters after trimming (the BFF's rule). */
export const MAX_LIST_NAME = 60;
/** Most lists per shopper. */
export const MAX_LISTS = 50;
/** Most recipes in one list. */
export const MAX_RECIPES_PER_LIST = 200;
/** Most recipes on one day. */
export const MAX_RECIPES_PER_DAY = 10;

/** A named list of saved recipes, and one recipe planned on one day (the BFF contract's shapes). */
export type { MealPlanEntry, RecipeList };

/** Recipe objectIDs look like 'recipe-001' (1–64 letters, digits, '-' or '_'; the BFF's pattern). */
export const RECIPE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A list name as stored: control characters as spaces, whitespace runs collapsed, trimmed.
 * @throws Error('Enter a name for the list.') when empty; Error('… at most 60 characters.') when longer
 */
export function cleanListName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (clean === '') throw new Error('Enter a name for the list.');
  if (clean.length > MAX_LIST_NAME) throw new Error(`A list name can have at most ${MAX_LIST_NAME} characters.`);
  return clean;
}

/** Same key = same list in a merge (case and spacing ignored). */
export function listNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A local date as `YYYY-MM-DD`. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `YYYY-MM-DD` → a local Date at noon (noon: no daylight-saving edge), or null when it is no real date. */
export function parseIsoDate(text: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  return isoDate(d) === text ? d : null;
}

/** `date` plus `days` (may be negative), as a new Date. */
export function addDays(date: Date, days: number): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, 12);
  return d;
}

/** The Monday of the week holding `date` (weeks run Monday–Sunday). */
export function mondayOf(date: Date): Date {
  const offset = (date.getDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -offset);
}

/** The seven days `YYYY-MM-DD` of the week starting on `monday`. */
export function weekDays(monday: Date): string[] {
  return Array.from({ length: 7 }, (_, i) => isoDate(addDays(monday, i)));
}

/** 'Monday, November 23' (en-CA) for a `YYYY-MM-DD` day. */
export function dayLabel(day: string): string {
  const d = parseIsoDate(day);
  return d ? d.toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric' }) : day;
}

/** 'November 23 – 29, 2026' for the week starting on `monday`. */
export function weekLabel(monday: Date): string {
  const sunday = addDays(monday, 6);
  const start = monday.toLocaleDateString('en-CA', { month: 'long', day: 'numeric' });
  const end = sunday.getMonth() === monday.getMonth()
    ? String(sunday.getDate())
    : sunday.toLocaleDateString('en-CA', { month: 'long', day: 'numeric' });
  return `${start} – ${end}, ${sunday.getFullYear()}`;
}

/** A value read from storage or the BFF as a list, or null. */
export function asRecipeList(v: unknown): RecipeList | null {
  const r = v as Partial<RecipeList> | null;
  if (!r || typeof r !== 'object' || typeof r.id !== 'string' || typeof r.name !== 'string') return null;
  const recipeIds = Array.isArray(r.recipeIds) ? r.recipeIds.filter((x): x is string => typeof x === 'string') : [];
  return { id: r.id, name: r.name, recipeIds, createdAt: String(r.createdAt ?? ''), updatedAt: String(r.updatedAt ?? '') };
}

/** A value read from storage or the BFF as a meal-plan entry, or null. */
export function asPlanEntry(v: unknown): MealPlanEntry | null {
  const r = v as Partial<MealPlanEntry> | null;
  if (!r || typeof r !== 'object' || typeof r.recipeId !== 'string' || !parseIsoDate(r.date)) return null;
  return { date: r.date as string, recipeId: r.recipeId, addedAt: String(r.addedAt ?? '') };
}

/** Entries by day, in the order given. */
export function entriesByDay(entries: readonly MealPlanEntry[]): Map<string, MealPlanEntry[]> {
  const out = new Map<string, MealPlanEntry[]>();
  for (const e of entries) out.set(e.date, [...(out.get(e.date) ?? []), e]);
  return out;
}
