/**
 * Recipe lists and meal plan (spec §2 Routes /recipes/my-recipe-lists and /recipes/meal-plan,
 * §6 signed-in data): /api/recipe-lists and /api/meal-plan over real HTTP, on PGlite and PostgreSQL.
 */
import { failure, harnessPerFile } from './harness';

const h = harnessPerFile();

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const L3 = '33333333-3333-4333-8333-333333333333';

describe('recipe lists', () => {
  test('create, rename, add and remove recipes, delete — and GET shows each step', async () => {
    const u = 'u-rl-1';
    expect((await h.as(u, 'GET', '/api/recipe-lists')).json.data).toEqual({ lists: [] });

    const created = await h.as(u, 'PUT', `/api/recipe-lists/${L1}`, { name: '  Weeknight   dinners ' });
    expect(created.status).toBe(201);
    expect(created.json.data.list).toMatchObject({ id: L1, name: 'Weeknight dinners', recipeIds: [] });
    expect(created.headers.get('cache-control')).toBe('no-store');

    const renamed = await h.as(u, 'PUT', `/api/recipe-lists/${L1}`, { name: 'Quick dinners' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data.list.name).toBe('Quick dinners');

    await h.as(u, 'PUT', `/api/recipe-lists/${L1}/recipes/recipe-002`);
    const added = await h.as(u, 'PUT', `/api/recipe-lists/${L1}/recipes/recipe-001`);
    expect(added.json.data.list.recipeIds).toEqual(['recipe-002', 'recipe-001']);
    // Adding again changes nothing.
    expect((await h.as(u, 'PUT', `/api/recipe-lists/${L1}/recipes/recipe-001`)).json.data.list.recipeIds).toEqual(['recipe-002', 'recipe-001']);

    const removed = await h.as(u, 'DELETE', `/api/recipe-lists/${L1}/recipes/recipe-002`);
    expect(removed.json.data.list.recipeIds).toEqual(['recipe-001']);

    await h.as(u, 'PUT', `/api/recipe-lists/${L2}`, { name: 'Brunch' });
    const lists = (await h.as(u, 'GET', '/api/recipe-lists')).json.data.lists;
    expect(lists.map((l: { name: string }) => l.name)).toEqual(['Quick dinners', 'Brunch']);

    expect((await h.as(u, 'DELETE', `/api/recipe-lists/${L1}`)).json.data).toEqual({ removed: true });
    expect((await h.as(u, 'DELETE', `/api/recipe-lists/${L1}`)).json.data).toEqual({ removed: false });
    expect((await h.as(u, 'GET', '/api/recipe-lists')).json.data.lists.map((l: { id: string }) => l.id)).toEqual([L2]);
  });

  test('a name typed with markup is stored and answered as plain text', async () => {
    const res = await h.as('u-rl-xss', 'PUT', `/api/recipe-lists/${L1}`, { name: '<img src=x onerror=alert(1)>' });
    expect(res.json.data.list.name).toBe('<img src=x onerror=alert(1)>');
  });

  test('two shoppers: the same list id is two lists; one can neither read, change nor delete the other’s', async () => {
    await h.as('u-rl-a', 'PUT', `/api/recipe-lists/${L3}`, { name: 'A’s list' });
    await h.as('u-rl-a', 'PUT', `/api/recipe-lists/${L3}/recipes/recipe-003`);

    // B sees nothing of A's.
    expect((await h.as('u-rl-b', 'GET', '/api/recipe-lists')).json.data.lists).toEqual([]);
    // B naming A's uid is refused.
    const other = await h.as('u-rl-b', 'GET', '/api/recipe-lists?uid=u-rl-a');
    expect(other.status).toBe(403);
    expect(other.json).toEqual(failure(403, 'Forbidden: not your account'));
    // B cannot add to, remove from or delete A's list by its id.
    const add = await h.as('u-rl-b', 'PUT', `/api/recipe-lists/${L3}/recipes/recipe-004`);
    expect(add.status).toBe(404);
    expect(add.json.message).toBe('No such recipe list');
    expect((await h.as('u-rl-b', 'DELETE', `/api/recipe-lists/${L3}/recipes/recipe-003`)).status).toBe(404);
    expect((await h.as('u-rl-b', 'DELETE', `/api/recipe-lists/${L3}`)).json.data).toEqual({ removed: false });
    // B making a list with the same id makes B's own list; A's keeps its name and recipes.
    expect((await h.as('u-rl-b', 'PUT', `/api/recipe-lists/${L3}`, { name: 'B’s list' })).status).toBe(201);
    const a = (await h.as('u-rl-a', 'GET', '/api/recipe-lists')).json.data.lists;
    expect(a).toEqual([expect.objectContaining({ id: L3, name: 'A’s list', recipeIds: ['recipe-003'] })]);
    const b = (await h.as('u-rl-b', 'GET', '/api/recipe-lists')).json.data.lists;
    expect(b).toEqual([expect.objectContaining({ id: L3, name: 'B’s list', recipeIds: [] })]);
  });

  test('bad input → 400 with the reason; nothing is stored', async () => {
    const u = 'u-rl-bad';
    await h.as(u, 'PUT', `/api/recipe-lists/${L1}`, { name: 'Keep me' });
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['PUT', '/api/recipe-lists/not-a-uuid', { name: 'x' }, /^Invalid params.listId: must be a recipe list id/],
      ['PUT', `/api/recipe-lists/${L2}`, { name: '   ' }, /^Invalid body.name: must be 1 to 60 characters after trimming$/],
      ['PUT', `/api/recipe-lists/${L2}`, { name: 'x'.repeat(61) }, /^Invalid body.name: must be 1 to 60 characters after trimming$/],
      ['PUT', `/api/recipe-lists/${L2}`, { name: 5 }, /^Invalid body.name: must be a string of 1 to 60 characters$/],
      ['PUT', `/api/recipe-lists/${L2}`, {}, /missing required property 'name'/],
      ['PUT', `/api/recipe-lists/${L2}`, { name: 'x', colour: 'red' }, /unknown property 'colour'/],
      ['PUT', `/api/recipe-lists/${L1}/recipes/recipe-999`, undefined, /^Invalid params.recipeId: no recipe 'recipe-999'$/],
      ['PUT', `/api/recipe-lists/${L1}/recipes/${encodeURIComponent('<b>')}`, undefined, /^Invalid params.recipeId: must be a recipe id/],
      ['POST', '/api/recipe-lists/merge', { lists: [{ id: L2, name: 'M', recipeIds: ['nope'] }] }, /^Invalid body.lists.0.recipeIds.0: no recipe 'nope'$/],
      ['POST', '/api/recipe-lists/merge', { lists: 'all' }, /^Invalid body.lists: must be an array of at most 50 lists$/],
    ];
    for (const [method, path, body, reason] of cases) {
      const res = await h.as(u, method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 400]);
      expect(res.json.message).toMatch(reason);
    }
    const lists = (await h.as(u, 'GET', '/api/recipe-lists')).json.data.lists;
    expect(lists).toEqual([expect.objectContaining({ id: L1, name: 'Keep me', recipeIds: [] })]);
  });

  test('signed-in only: no token → 401', async () => {
    expect((await h.call('GET', '/api/recipe-lists')).status).toBe(401);
    expect((await h.call('PUT', `/api/recipe-lists/${L1}`, { body: { name: 'x' } })).status).toBe(401);
    expect((await h.call('GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29')).status).toBe(401);
  });

  test('merge on sign-in: union by id or by name, idempotent', async () => {
    const u = 'u-rl-merge';
    await h.as(u, 'PUT', `/api/recipe-lists/${L1}`, { name: 'Favourites' });
    await h.as(u, 'PUT', `/api/recipe-lists/${L1}/recipes/recipe-001`);
    const body = {
      lists: [
        { id: L2, name: ' favourites ', recipeIds: ['recipe-001', 'recipe-002'] },
        { id: L3, name: 'Party', recipeIds: ['recipe-005'] },
      ],
    };
    const first = await h.as(u, 'POST', '/api/recipe-lists/merge', body);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ created: 1, recipesAdded: 2, skipped: 0 });
    expect(first.json.data.lists).toEqual([
      expect.objectContaining({ id: L1, name: 'Favourites', recipeIds: ['recipe-001', 'recipe-002'] }),
      expect.objectContaining({ id: L3, name: 'Party', recipeIds: ['recipe-005'] }),
    ]);
    const again = await h.as(u, 'POST', '/api/recipe-lists/merge', body);
    expect(again.json.data).toMatchObject({ created: 0, recipesAdded: 0 });
    expect(again.json.data.lists).toEqual(first.json.data.lists);
  });
});

describe('meal plan', () => {
  test('plan recipes on days, read a week, take one off', async () => {
    const u = 'u-mp-1';
    const mon = await h.as(u, 'PUT', '/api/meal-plan/2026-11-23/recipes/recipe-001');
    expect(mon.json.data).toMatchObject({ date: '2026-11-23', added: true, entries: [expect.objectContaining({ date: '2026-11-23', recipeId: 'recipe-001' })] });
    expect((await h.as(u, 'PUT', '/api/meal-plan/2026-11-23/recipes/recipe-001')).json.data.added).toBe(false);
    await h.as(u, 'PUT', '/api/meal-plan/2026-11-29/recipes/recipe-002');
    await h.as(u, 'PUT', '/api/meal-plan/2026-11-30/recipes/recipe-003'); // next week

    const week = await h.as(u, 'GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29');
    expect(week.json.data.entries.map((e: { date: string; recipeId: string }) => [e.date, e.recipeId])).toEqual([
      ['2026-11-23', 'recipe-001'],
      ['2026-11-29', 'recipe-002'],
    ]);
    expect((await h.as(u, 'DELETE', '/api/meal-plan/2026-11-23/recipes/recipe-001')).json.data).toEqual({ removed: true });
    expect((await h.as(u, 'GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29')).json.data.entries).toHaveLength(1);
  });

  test('two shoppers: each reads and changes only their own plan', async () => {
    await h.as('u-mp-a', 'PUT', '/api/meal-plan/2026-11-24/recipes/recipe-004');
    await h.as('u-mp-b', 'PUT', '/api/meal-plan/2026-11-24/recipes/recipe-005');
    // B removing A's entry removes nothing of A's.
    expect((await h.as('u-mp-b', 'DELETE', '/api/meal-plan/2026-11-24/recipes/recipe-004')).json.data).toEqual({ removed: false });
    expect((await h.as('u-mp-b', 'GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29&uid=u-mp-a')).status).toBe(403);
    const a = (await h.as('u-mp-a', 'GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29')).json.data.entries;
    const b = (await h.as('u-mp-b', 'GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29')).json.data.entries;
    expect(a.map((e: { recipeId: string }) => e.recipeId)).toEqual(['recipe-004']);
    expect(b.map((e: { recipeId: string }) => e.recipeId)).toEqual(['recipe-005']);
  });

  test('bad input → 400 with the reason', async () => {
    const u = 'u-mp-bad';
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['GET', '/api/meal-plan?from=2026-11-23', undefined, /missing required property 'to'/],
      ['GET', '/api/meal-plan?from=23/11/2026&to=2026-11-29', undefined, /^Invalid query.from: must be a date YYYY-MM-DD$/],
      ['GET', '/api/meal-plan?from=2026-02-30&to=2026-03-05', undefined, /^Invalid query.from: must be a date YYYY-MM-DD$/],
      ['GET', '/api/meal-plan?from=2026-11-29&to=2026-11-23', undefined, /^Invalid query.to: must not be before query.from$/],
      ['GET', '/api/meal-plan?from=2026-01-01&to=2026-12-31', undefined, /^Invalid query.to: at most 62 days from query.from$/],
      ['PUT', '/api/meal-plan/2026-13-01/recipes/recipe-001', undefined, /^Invalid params.date: must be a date YYYY-MM-DD$/],
      ['PUT', '/api/meal-plan/2026-11-23/recipes/recipe-999', undefined, /^Invalid params.recipeId: no recipe 'recipe-999'$/],
      ['POST', '/api/meal-plan/merge', { entries: [{ date: '2026-11-23' }] }, /missing required property 'recipeId'/],
      ['POST', '/api/meal-plan/merge', { entries: [{ date: 'today', recipeId: 'recipe-001' }] }, /^Invalid body.entries.0.date: must be a date YYYY-MM-DD$/],
    ];
    for (const [method, path, body, reason] of cases) {
      const res = await h.as(u, method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 400]);
      expect(res.json.message).toMatch(reason);
    }
    expect((await h.as(u, 'GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29')).json.data.entries).toEqual([]);
  });

  test('at most 10 recipes a day → 409', async () => {
    const u = 'u-mp-full';
    for (let i = 1; i <= 10; i += 1) expect((await h.as(u, 'PUT', `/api/meal-plan/2026-11-25/recipes/recipe-${String(i).padStart(3, '0')}`)).status).toBe(200);
    const res = await h.as(u, 'PUT', '/api/meal-plan/2026-11-25/recipes/recipe-011');
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('A day holds at most 10 recipes');
  });

  test('merge on sign-in: union, idempotent', async () => {
    const u = 'u-mp-merge';
    await h.as(u, 'PUT', '/api/meal-plan/2026-11-26/recipes/recipe-001');
    const body = { entries: [{ date: '2026-11-26', recipeId: 'recipe-001' }, { date: '2026-11-27', recipeId: 'recipe-002' }] };
    expect((await h.as(u, 'POST', '/api/meal-plan/merge', body)).json.data).toEqual({ added: 1, skipped: 0 });
    expect((await h.as(u, 'POST', '/api/meal-plan/merge', body)).json.data).toEqual({ added: 0, skipped: 0 });
    expect((await h.as(u, 'GET', '/api/meal-plan?from=2026-11-23&to=2026-11-29')).json.data.entries).toHaveLength(2);
  });
});

describe('shopper text and caps', () => {
  test('list names follow the shopper-text rules: NFC, invisible and control characters removed, lone surrogates refused', async () => {
    const u = 'u-rl-text';
    const created = await h.as(u, 'PUT', `/api/recipe-lists/${L1}`, { name: '\u202EWee\u200Bknight\u0000 dinners \u00E9\u0301' });
    expect(created.status).toBe(201);
    expect(created.json.data.list.name).toBe('Weeknight dinners \u00E9\u0301'.normalize('NFC'));
    const lone = await h.as(u, 'PUT', `/api/recipe-lists/${L2}`, { name: 'Bad \udc00 name' });
    expect(lone.status).toBe(400);
    expect(lone.json).toEqual(failure(400, 'Invalid body.name: must be valid Unicode text (unpaired surrogate)'));
    // a merge finds the list by the same rules
    const merged = await h.as(u, 'POST', '/api/recipe-lists/merge', { lists: [{ id: L3, name: 'WEEKNIGHT\u200D DINNERS \u00E9\u0301', recipeIds: ['recipe-003'] }] });
    expect(merged.json.data).toMatchObject({ created: 0, recipesAdded: 1 });
  });

  test('a meal plan holds at most 1,000 planned recipes: the next → 409 MEAL_PLAN_FULL with a message; merges skip beyond it; another shopper is not affected', async () => {
    const u = 'u-plan-full';
    const day = (i: number) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10);
    const entries = Array.from({ length: 1000 }, (_, i) => ({ date: day(Math.floor(i / 10)), recipeId: `recipe-${String((i % 10) + 1).padStart(3, '0')}` }));
    expect((await h.as(u, 'POST', '/api/meal-plan/merge', { entries: entries.slice(0, 500) })).json.data).toEqual({ added: 500, skipped: 0 });
    expect((await h.as(u, 'POST', '/api/meal-plan/merge', { entries: entries.slice(500) })).json.data).toEqual({ added: 500, skipped: 0 });
    const next = await h.as(u, 'PUT', `/api/meal-plan/${day(200)}/recipes/recipe-001`);
    expect(next.status).toBe(409);
    expect(next.json).toEqual(failure('MEAL_PLAN_FULL', 'Your meal plan is full: 1,000 planned recipes at most. Remove some to plan more.'));
    expect((await h.as(u, 'POST', '/api/meal-plan/merge', { entries: [{ date: day(201), recipeId: 'recipe-002' }] })).json.data).toEqual({ added: 0, skipped: 1 });
    expect((await h.as(u, 'DELETE', `/api/meal-plan/${day(0)}/recipes/recipe-001`)).json.data.removed).toBe(true);
    expect((await h.as(u, 'PUT', `/api/meal-plan/${day(200)}/recipes/recipe-001`)).status).toBe(200);
    expect((await h.as('u-plan-other', 'PUT', `/api/meal-plan/${day(200)}/recipes/recipe-001`)).status).toBe(200);
  });
});
