/**
 * Per-shopper caps (migration 011): the database refuses a write that would pass one, whatever the path
 * and however many writes run at once (SQLSTATE SF001–SF005 from its triggers). {@link capError} turns
 * those refusals into 409 answers whose message the storefront can show as it is.
 */
import { HttpError } from './http';

/** Items on one shopper's shopping list (= one page at the largest hitsPerPage, = the largest merge). */
export const MAX_LIST_ITEMS = 1000;
/** Planned recipes in one shopper's meal plan, all days together (about 3 a day for a year). */
export const MAX_PLANNED_RECIPES = 1000;

/** SQLSTATE of each cap → the answer (the other caps' numbers are in src/recipe-plans.ts and the migration). */
const CAPS: Record<string, () => HttpError> = {
  SF001: () => new HttpError(409, `Your list is full: ${MAX_LIST_ITEMS.toLocaleString('en-CA')} items at most. Remove some items to add more.`, 'LIST_FULL'),
  SF002: () => new HttpError(409, 'You can have at most 50 recipe lists', 'RECIPE_LISTS_FULL'),
  SF003: () => new HttpError(409, 'A recipe list holds at most 200 recipes', 'RECIPE_LIST_FULL'),
  SF004: () => new HttpError(409, 'A day holds at most 10 recipes', 'PLAN_DAY_FULL'),
  SF005: () => new HttpError(409, `Your meal plan is full: ${MAX_PLANNED_RECIPES.toLocaleString('en-CA')} planned recipes at most. Remove some to plan more.`, 'MEAL_PLAN_FULL'),
};

/** The 409 answer for a database error raised by a cap trigger, else null. */
export function capError(error: unknown): HttpError | null {
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && CAPS[code] ? CAPS[code]() : null;
}
