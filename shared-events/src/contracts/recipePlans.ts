/**
 * Recipe lists and meal plan of a signed-in shopper (BFF docs/api.md "Recipe lists and meal plan";
 * spec §2 `/recipes/my-recipe-lists`, `/recipes/meal-plan`). Paths are under `/api`.
 */
import * as z from 'zod/mini';
import { isoDateSchema } from './common';

/** A recipe objectID of the recipes index, e.g. 'recipe-001'. */
export const recipeIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** A named list of saved recipes; `recipeIds` oldest added first; dates ISO 8601. */
export const recipeListSchema = z.object({
  id: z.guid(),
  name: z.string(),
  recipeIds: z.array(recipeIdSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecipeList = z.infer<typeof recipeListSchema>;

/** One recipe planned on one day (`date` YYYY-MM-DD, `addedAt` ISO 8601). */
export const mealPlanEntrySchema = z.object({ date: isoDateSchema, recipeId: recipeIdSchema, addedAt: z.string() });
export type MealPlanEntry = z.infer<typeof mealPlanEntrySchema>;

/** `GET /recipe-lists` data, oldest first. */
export const recipeListsSchema = z.object({ lists: z.array(recipeListSchema) });
/** `PUT /recipe-lists/:listId` body: name 1–60 characters after trimming. */
export const recipeListNameBodySchema = z.strictObject({ name: z.string().check(z.minLength(1), z.maxLength(60)) });
/** `PUT /recipe-lists/:listId` (201 created, 200 renamed) and the recipe PUT / DELETE data. */
export const recipeListResultSchema = z.object({ list: recipeListSchema });
/** `DELETE /recipe-lists/:listId`, `DELETE /meal-plan/:date/recipes/:recipeId` data. */
export const removedResultSchema = z.object({ removed: z.boolean() });

/** `POST /recipe-lists/merge` body (≤ 50 lists, ≤ 200 recipes each). */
export const recipeListsMergeBodySchema = z.strictObject({
  lists: z.array(z.strictObject({
    id: z.guid(),
    name: z.string().check(z.minLength(1), z.maxLength(60)),
    recipeIds: z.array(recipeIdSchema).check(z.maxLength(200)),
  })).check(z.maxLength(50)),
});
/** `POST /recipe-lists/merge` data. */
export const recipeListsMergeResultSchema = z.object({
  lists: z.array(recipeListSchema), created: z.number(), recipesAdded: z.number(), skipped: z.number(),
});

/** `GET /meal-plan` query: both days required, `to` at most 62 days after `from`. */
export const mealPlanQuerySchema = z.strictObject({ from: isoDateSchema, to: isoDateSchema });
/** `GET /meal-plan` data: by date, then time added. */
export const mealPlanSchema = z.object({ from: isoDateSchema, to: isoDateSchema, entries: z.array(mealPlanEntrySchema) });
/** `PUT /meal-plan/:date/recipes/:recipeId` data: that day's entries; `added` false when it was there. */
export const mealPlanDaySchema = z.object({ date: isoDateSchema, entries: z.array(mealPlanEntrySchema), added: z.boolean() });
/** `POST /meal-plan/merge` body (≤ 500 entries). */
export const mealPlanMergeBodySchema = z.strictObject({
  entries: z.array(z.strictObject({ date: isoDateSchema, recipeId: recipeIdSchema })).check(z.maxLength(500)),
});
/** `POST /meal-plan/merge` data. */
export const mealPlanMergeResultSchema = z.object({ added: z.number(), skipped: z.number() });
