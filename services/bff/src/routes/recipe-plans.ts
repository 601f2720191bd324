/**
 * Recipe lists and meal plan of the signed-in shopper (spec §2 Routes
 * `/recipes/my-recipe-lists`, `/recipes/meal-plan`; §6 signed-in data). Used by mf-shopping-list; the
 * rules are in ../recipe-plans.ts and the contract in README.md ("Recipe lists and meal plan").
 * Signed-in only (createAuthHook: bearer + x-id-token + x-nonce); every query is scoped by the token's
 * uid, a `uid` in the query or body that is not the caller's → 403. `cache-control: no-store`.
 * Envelope `{ status, code, message, data }`; 400 answers name the field and its rule.
 */
import type { FastifyInstance } from 'fastify';
import { shopperOf, type IdTokenVerifier } from '../auth';
import type { Db } from '../db';
import { HttpError, ok, type FieldRules } from '../http';
import {
  addRecipeToList, addToPlan, checkDate, checkRecipe, cleanListName, daysBetween, deleteList, MAX_LISTS, MAX_LIST_NAME,
  MAX_PLAN_DAYS, MAX_RECIPES_PER_LIST, mergeLists, mergePlan, putList, readLists, readPlan, removeFromPlan,
  removeRecipeFromList, type ListInput,
} from '../recipe-plans';
import { signedInBody, signedInOnly, signedInQuery, strictObject } from './signed-in';

/** Options of {@link recipePlanRoutes}. */
export interface RecipePlanRoutesOptions {
  db: Db;
  verify: IdTokenVerifier;
  /** objectIDs of the recipes index (services/seed/data/recipes.json is what is indexed). */
  recipeIds: ReadonlySet<string>;
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const RECIPE_ID = '^[A-Za-z0-9_-]{1,64}$';
const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const MAX_MERGE_ENTRIES = 500;

/** Readable reasons of the 400 answers. */
const FIELD_RULES: FieldRules = {
  'params.listId': "must be a recipe list id (UUID such as '1b4e28ba-2fa1-41d2-883f-0016d3cca427')",
  'params.recipeId': "must be a recipe id such as 'recipe-001' (1–64 letters, digits, '-' or '_')",
  'params.date': 'must be a date YYYY-MM-DD',
  'query.from': 'must be a date YYYY-MM-DD',
  'query.to': 'must be a date YYYY-MM-DD',
  'body.name': `must be a string of 1 to ${MAX_LIST_NAME} characters`,
  'body.lists': `must be an array of at most ${MAX_LISTS} lists`,
  'body.lists.*.id': "must be a recipe list id (UUID such as '1b4e28ba-2fa1-41d2-883f-0016d3cca427')",
  'body.lists.*.name': `must be a string of 1 to ${MAX_LIST_NAME} characters`,
  'body.lists.*.recipeIds': `must be an array of at most ${MAX_RECIPES_PER_LIST} recipe ids`,
  'body.lists.*.recipeIds.*': "must be a recipe id such as 'recipe-001'",
  'body.entries': `must be an array of at most ${MAX_MERGE_ENTRIES} entries`,
  'body.entries.*.date': 'must be a date YYYY-MM-DD',
  'body.entries.*.recipeId': "must be a recipe id such as 'recipe-001'",
};

const NAME = { type: 'string', minLength: 1, maxLength: 200 } as const;
const LIST_PARAMS = { type: 'object', required: ['listId'], properties: { listId: { type: 'string', pattern: UUID } } } as const;
const LIST_RECIPE_PARAMS = {
  type: 'object',
  required: ['listId', 'recipeId'],
  properties: { listId: { type: 'string', pattern: UUID }, recipeId: { type: 'string', pattern: RECIPE_ID } },
} as const;
const PLAN_PARAMS = {
  type: 'object',
  required: ['date', 'recipeId'],
  properties: { date: { type: 'string', pattern: DATE }, recipeId: { type: 'string', pattern: RECIPE_ID } },
} as const;
const QUERY_UID = signedInQuery();

const config = { fieldRules: FIELD_RULES };

/**
 * Registers the recipe-list endpoints (`/recipe-lists…`) and the meal-plan endpoints (`/meal-plan…`).
 * Each route's TSDoc gives its shape and answers.
 */
export async function recipePlanRoutes(app: FastifyInstance, { db, verify, recipeIds }: RecipePlanRoutesOptions): Promise<void> {
  signedInOnly(app, verify);
  recipeListRoutes(app, db, recipeIds);
  recipeListMergeRoute(app, db, recipeIds);
  mealPlanRoutes(app, db, recipeIds);
  mealPlanMergeRoute(app, db, recipeIds);
}

/** GET /api/recipe-lists, PUT|DELETE /api/recipe-lists/:listId[/recipes/:recipeId]. */
function recipeListRoutes(app: FastifyInstance, db: Db, recipeIds: ReadonlySet<string>): void {
  /**
   * GET /api/recipe-lists → 200 data `{ lists: Array<{ id (UUID), name, recipeIds: string[] (oldest
   * added first), createdAt, updatedAt (ISO 8601 UTC) }> }`, oldest list first. 401 signed out; 403 `?uid=`
   * of another shopper.
   */
  app.get('/recipe-lists', { config, schema: { querystring: QUERY_UID } }, async (request) => ok({ lists: await readLists(db, shopperOf(request).uid) }));

  /**
   * PUT /api/recipe-lists/:listId body `{ name }`: creates the list (id chosen by the browser, a UUID) or
   * renames it (absolute: a replay changes nothing). The name is stored with control characters as
   * spaces, whitespace collapsed, trimmed; 1–60 characters.
   * → 201 data `{ list }` (created) or 200 data `{ list }` (renamed).
   * → 400 `Invalid params.listId: …`, `Invalid body.name: must be 1 to 60 characters after trimming`,
   *   `Invalid body: unknown property 'x'`; 409 at 50 lists; 401; 403 other uid.
   */
  app.put<{ Params: { listId: string }; Body: { name: string } }>(
    '/recipe-lists/:listId',
    {
      config,
      schema: {
        params: LIST_PARAMS,
        querystring: QUERY_UID,
        body: signedInBody({ name: NAME }, ['name']),
      },
    },
    async (request, reply) => {
      const name = cleanListName(request.body.name);
      const { list, created } = await putList(db, shopperOf(request).uid, request.params.listId.toLowerCase(), name);
      if (created) reply.code(201);
      return ok({ list }, created ? 'Created' : 'Saved', created ? 201 : 200);
    },
  );

  /**
   * DELETE /api/recipe-lists/:listId → 200 data `{ removed: boolean }` (false, still 200, when the caller
   * has no such list: a repeated delete is harmless, and another shopper's list is never touched).
   * → 400 `Invalid params.listId: …`; 401; 403 other uid.
   */
  app.delete<{ Params: { listId: string } }>(
    '/recipe-lists/:listId',
    { config, schema: { params: LIST_PARAMS, querystring: QUERY_UID } },
    async (request) => {
      const removed = await deleteList(db, shopperOf(request).uid, request.params.listId.toLowerCase());
      return ok({ removed }, removed ? 'Removed' : 'No such recipe list');
    },
  );

  /**
   * PUT /api/recipe-lists/:listId/recipes/:recipeId (no body) → 200 data `{ list }`: the recipe is in the
   * list (adding it again changes nothing).
   * → 400 `Invalid params.recipeId: no recipe 'x'` (not in the recipes index); 404 `No such recipe list`
   *   (also for another shopper's list); 409 at 200 recipes; 401; 403 other uid.
   */
  app.put<{ Params: { listId: string; recipeId: string } }>(
    '/recipe-lists/:listId/recipes/:recipeId',
    { config, schema: { params: LIST_RECIPE_PARAMS, querystring: QUERY_UID } },
    async (request) => {
      const recipeId = checkRecipe(recipeIds, request.params.recipeId, 'params.recipeId');
      return ok({ list: await addRecipeToList(db, shopperOf(request).uid, request.params.listId.toLowerCase(), recipeId) }, 'Saved');
    },
  );

  /**
   * DELETE /api/recipe-lists/:listId/recipes/:recipeId → 200 data `{ list }` (a recipe not in the list:
   * nothing changes). → 400 bad ids; 404 `No such recipe list`; 401; 403 other uid.
   */
  app.delete<{ Params: { listId: string; recipeId: string } }>(
    '/recipe-lists/:listId/recipes/:recipeId',
    { config, schema: { params: LIST_RECIPE_PARAMS, querystring: QUERY_UID } },
    async (request) => ok({ list: await removeRecipeFromList(db, shopperOf(request).uid, request.params.listId.toLowerCase(), request.params.recipeId) }, 'Removed'),
  );
}

/** POST /api/recipe-lists/merge. */
function recipeListMergeRoute(app: FastifyInstance, db: Db, recipeIds: ReadonlySet<string>): void {
  /**
   * POST /api/recipe-lists/merge body `{ lists: Array<{ id (UUID), name, recipeIds: string[] (≤ 200) }> (≤ 50) }`:
   * the browser's lists on sign-in (see mergeLists: union by id or by name, idempotent). Unknown recipe
   * ids are refused (400), so nothing half-merges.
   * → 200 data `{ lists (the account's lists now), created, recipesAdded, skipped }`.
   * → 400 the first bad field (`Invalid body.lists.0.recipeIds.2: no recipe 'x'`, …); 401; 403.
   */
  app.post<{ Body: { lists: ListInput[] } }>(
    '/recipe-lists/merge',
    {
      config,
      bodyLimit: 256 * 1024,
      schema: {
        body: signedInBody(
          {
            lists: {
              type: 'array',
              maxItems: MAX_LISTS,
              items: strictObject(
                {
                  id: { type: 'string', pattern: UUID },
                  name: NAME,
                  recipeIds: { type: 'array', maxItems: MAX_RECIPES_PER_LIST, items: { type: 'string', pattern: RECIPE_ID } },
                },
                ['id', 'name', 'recipeIds'],
              ),
            },
          },
          ['lists'],
        ),
      },
    },
    async (request) => {
      const lists = request.body.lists.map((l, i) => ({
        id: l.id.toLowerCase(),
        name: cleanListName(l.name, `body.lists.${i}.name`),
        recipeIds: [...new Set(l.recipeIds.map((r, j) => checkRecipe(recipeIds, r, `body.lists.${i}.recipeIds.${j}`)))],
      }));
      return ok(await mergeLists(db, shopperOf(request).uid, lists), 'Merged');
    },
  );
}

/** GET /api/meal-plan, PUT|DELETE /api/meal-plan/:date/recipes/:recipeId. */
function mealPlanRoutes(app: FastifyInstance, db: Db, recipeIds: ReadonlySet<string>): void {
  /**
   * GET /api/meal-plan?from=YYYY-MM-DD&to=YYYY-MM-DD (both required, to ≥ from, at most 62 days) →
   * 200 data `{ from, to, entries: Array<{ date, recipeId, addedAt }> }` by date, then time added.
   * → 400 `Invalid query.from: must be a date YYYY-MM-DD`, `Invalid query.to: must not be before query.from`,
   *   `Invalid query.to: at most 62 days from query.from`; 401; 403.
   */
  app.get<{ Querystring: { from: string; to: string } }>(
    '/meal-plan',
    {
      config,
      schema: {
        querystring: signedInQuery({ from: { type: 'string', pattern: DATE }, to: { type: 'string', pattern: DATE } }, ['from', 'to']),
      },
    },
    async (request) => {
      const from = checkDate(request.query.from, 'query.from');
      const to = checkDate(request.query.to, 'query.to');
      const days = daysBetween(from, to);
      if (days < 1) throw new HttpError(400, 'Invalid query.to: must not be before query.from');
      if (days > MAX_PLAN_DAYS) throw new HttpError(400, `Invalid query.to: at most ${MAX_PLAN_DAYS} days from query.from`);
      return ok({ from, to, entries: await readPlan(db, shopperOf(request).uid, from, to) });
    },
  );

  /**
   * PUT /api/meal-plan/:date/recipes/:recipeId (no body) → 200 data `{ date, entries (that day's),
   * added: boolean }` (planning a recipe again on the same day changes nothing).
   * → 400 bad date or unknown recipe; 409 at 10 recipes on the day; 401; 403.
   */
  app.put<{ Params: { date: string; recipeId: string } }>(
    '/meal-plan/:date/recipes/:recipeId',
    { config, schema: { params: PLAN_PARAMS, querystring: QUERY_UID } },
    async (request) => {
      const date = checkDate(request.params.date, 'params.date');
      const recipeId = checkRecipe(recipeIds, request.params.recipeId, 'params.recipeId');
      const result = await addToPlan(db, shopperOf(request).uid, date, recipeId);
      return ok({ date, ...result }, result.added ? 'Planned' : 'Already planned');
    },
  );

  /**
   * DELETE /api/meal-plan/:date/recipes/:recipeId → 200 data `{ removed: boolean }` (false when it was
   * not planned). → 400 bad date or id; 401; 403.
   */
  app.delete<{ Params: { date: string; recipeId: string } }>(
    '/meal-plan/:date/recipes/:recipeId',
    { config, schema: { params: PLAN_PARAMS, querystring: QUERY_UID } },
    async (request) => {
      const date = checkDate(request.params.date, 'params.date');
      const removed = await removeFromPlan(db, shopperOf(request).uid, date, request.params.recipeId);
      return ok({ removed }, removed ? 'Removed' : 'Not planned');
    },
  );
}

/** POST /api/meal-plan/merge. */
function mealPlanMergeRoute(app: FastifyInstance, db: Db, recipeIds: ReadonlySet<string>): void {
  /**
   * POST /api/meal-plan/merge body `{ entries: Array<{ date, recipeId }> (≤ 500) }`: the browser's meal
   * plan on sign-in (union by day and recipe, idempotent; at most 10 a day, the rest `skipped`).
   * → 200 data `{ added, skipped }`; 400 the first bad field; 401; 403.
   */
  app.post<{ Body: { entries: Array<{ date: string; recipeId: string }> } }>(
    '/meal-plan/merge',
    {
      config,
      bodyLimit: 128 * 1024,
      schema: {
        body: signedInBody(
          {
            entries: {
              type: 'array',
              maxItems: MAX_MERGE_ENTRIES,
              items: strictObject({ date: { type: 'string', pattern: DATE }, recipeId: { type: 'string', pattern: RECIPE_ID } }, ['date', 'recipeId']),
            },
          },
          ['entries'],
        ),
      },
    },
    async (request) => {
      const entries = request.body.entries.map((e, i) => ({
        date: checkDate(e.date, `body.entries.${i}.date`),
        recipeId: checkRecipe(recipeIds, e.recipeId, `body.entries.${i}.recipeId`),
      }));
      return ok(await mergePlan(db, shopperOf(request).uid, entries), 'Merged');
    },
  );
}
