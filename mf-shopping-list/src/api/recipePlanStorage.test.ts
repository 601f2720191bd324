import { createStore } from 'idb-keyval';
import { idbBackend } from './backend';
import { freshIndexedDB } from '../test-utils';
import { ANON_PLANS_KEY, browserStorage, mergeBrowserIntoAccount, PLANS_IDB_NAME, PLANS_IDB_STORE } from './recipePlanStorage';

const backend = () => idbBackend(createStore(PLANS_IDB_NAME, PLANS_IDB_STORE));
const realFetch = globalThis.fetch;
beforeEach(() => { freshIndexedDB(); });
afterEach(() => { globalThis.fetch = realFetch; });

describe('browser storage (anonymous shopper, IndexedDB)', () => {
  it('lists and the meal plan survive a new page (a new storage on the same IndexedDB)', async () => {
    const a = browserStorage(backend());
    const list = await a.createList('  Weeknight  dinners ');
    await a.addRecipe(list.id, 'recipe-001');
    await a.addRecipe(list.id, 'recipe-002');
    await a.addRecipe(list.id, 'recipe-001'); // again: no change
    await a.renameList(list.id, 'Quick dinners');
    await a.addToPlan('2026-11-23', 'recipe-003');
    await a.addToPlan('2026-11-30', 'recipe-004');

    const b = browserStorage(backend());
    expect(await b.lists()).toEqual([expect.objectContaining({ id: list.id, name: 'Quick dinners', recipeIds: ['recipe-001', 'recipe-002'] })]);
    expect((await b.plan('2026-11-23', '2026-11-29')).map((e) => [e.date, e.recipeId])).toEqual([['2026-11-23', 'recipe-003']]);

    await b.removeRecipe(list.id, 'recipe-001');
    await b.removeFromPlan('2026-11-23', 'recipe-003');
    expect((await a.lists())[0].recipeIds).toEqual(['recipe-002']);
    expect(await a.plan('2026-11-23', '2026-11-29')).toEqual([]);
    await a.deleteList(list.id);
    expect(await b.lists()).toEqual([]);
  });

  it('refuses an empty name, a day with 10 recipes, and a change to a deleted list, with the reason', async () => {
    const s = browserStorage(backend());
    await expect(s.createList('  ')).rejects.toThrow('Enter a name for the list.');
    for (let i = 1; i <= 10; i += 1) await s.addToPlan('2026-11-24', `recipe-${i}`);
    await expect(s.addToPlan('2026-11-24', 'recipe-11')).rejects.toThrow('A day holds at most 10 recipes.');
    await expect(s.addRecipe('gone', 'recipe-001')).rejects.toThrow('This recipe list no longer exists.');
  });
});

describe('merge into the account on sign-in', () => {
  function bffMock(status = 200) {
    const calls: Array<{ path: string; body: unknown; headers: Record<string, string>; credentials?: RequestCredentials }> = [];
    const fn = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ path: String(url), body: JSON.parse(String(init?.body ?? 'null')), headers: init?.headers as Record<string, string>, credentials: init?.credentials });
      const ok = status < 400;
      return { ok, status, json: async () => (ok ? { status: 'success', code: 200, message: 'Merged', data: {} } : { status: 'error', code: status, message: 'Nope', data: null }) } as Response;
    });
    globalThis.fetch = fn as unknown as typeof fetch;
    return calls;
  }

  it('sends the lists and the plan as the shopper of the session cookie (no token on the page), then empties the browser', async () => {
    const s = browserStorage(backend());
    const list = await s.createList('Party');
    await s.addRecipe(list.id, 'recipe-005');
    await s.addToPlan('2026-11-25', 'recipe-006');
    const calls = bffMock();
    expect(await mergeBrowserIntoAccount('/api', backend())).toEqual({ lists: 1, entries: 1 });
    expect(calls.map((c) => c.path)).toEqual(['/api/recipe-lists/merge', '/api/meal-plan/merge']);
    expect(calls[0].body).toEqual({ lists: [{ id: list.id, name: 'Party', recipeIds: ['recipe-005'] }] });
    expect(calls[1].body).toEqual({ entries: [{ date: '2026-11-25', recipeId: 'recipe-006' }] });
    for (const c of calls) {
      expect(c.credentials).toBe('same-origin');
      expect(c.headers['x-storefront-csrf']).toBe('1');
      expect(c.headers).not.toHaveProperty('authorization');
      expect(c.headers).not.toHaveProperty('x-id-token');
    }
    expect(await backend().read(ANON_PLANS_KEY)).toBeUndefined();
    // Nothing left: a second sign-in sends nothing.
    expect(await mergeBrowserIntoAccount('/api', backend())).toEqual({ lists: 0, entries: 0 });
    expect(calls).toHaveLength(2);
  });

  it('a refused merge keeps everything in the browser for the next sign-in', async () => {
    const s = browserStorage(backend());
    const list = await s.createList('Keep');
    await s.addRecipe(list.id, 'recipe-001');
    bffMock(400);
    await expect(mergeBrowserIntoAccount('/api', backend())).rejects.toThrow();
    expect(await browserStorage(backend()).lists()).toEqual([expect.objectContaining({ name: 'Keep', recipeIds: ['recipe-001'] })]);
  });
});
