/**
 * The recipe pages as a shopper uses them: /recipes/my-recipe-lists and /recipes/meal-plan
 * in the browser storage (fake IndexedDB), with the search engine mocked.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { createTestBus } from 'shared-events/testing';
import { createStore } from 'idb-keyval';
import { idbBackend } from '../../api/backend';
import type { ListService } from '../../api/listService';
import { eventually, freshIndexedDB, memoryService, mockSearchFetch, recipe, record, sessions } from '../../test-utils';
import { isoDate, mondayOf, weekLabel } from '../../state/recipePlans';
import { RecipePlansPage } from './RecipePlansPage';
import { browserStorage, PLANS_IDB_NAME, PLANS_IDB_STORE, type RecipePlanStorage } from '../../api/recipePlanStorage';

jest.setTimeout(20_000);
const realFetch = globalThis.fetch;
const services: ListService[] = [];
const RECIPES = [recipe(1, ['20010010', '20111434'], { title: 'Haddock Chowder' }), recipe(2, ['20111434', '20112820'], { title: 'Apple Crisp' }), recipe(3, [], { title: 'Lobster Rolls' })];
const PRODUCTS = [record('20010010', { uom: 'G' }), record('20111434', { uom: 'KG' }), record('20112820', { uom: 'EA' })];

beforeEach(() => {
  freshIndexedDB();
  globalThis.fetch = mockSearchFetch(RECIPES, PRODUCTS) as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  services.splice(0).forEach((s) => s.dispose());
  window.history.replaceState(null, '', '/');
});

const storage = () => browserStorage(idbBackend(createStore(PLANS_IDB_NAME, PLANS_IDB_STORE)));

function renderAt(url: string, o: { storage?: RecipePlanStorage; listService?: ListService } = {}) {
  window.history.replaceState(null, '', url);
  const kit = createTestBus();
  const view = renderWithKit(<RecipePlansPage storage={o.storage ?? storage()} />, { remote: 'mf-shopping-list', kit });
  return { ...view, kit };
}

describe('/recipes/my-recipe-lists', () => {
  it('empty state links to /recipes; a created list shows at once and after a new page', async () => {
    const first = renderAt('/recipes/my-recipe-lists');
    expect(screen.getByRole('heading', { level: 1, name: 'My recipe lists' })).toBeInTheDocument();
    expect(await screen.findByText('You have no recipe lists yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse recipes' })).toHaveAttribute('href', '/recipes');

    await userEvent.type(screen.getByLabelText('New list name'), 'Sunday dinners{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: /Sunday dinners/ })).toBeInTheDocument();
    expect(screen.getByLabelText('New list name')).toHaveValue('');
    first.unmount();

    renderAt('/recipes/my-recipe-lists');
    expect(await screen.findByRole('heading', { level: 2, name: /Sunday dinners/ })).toBeInTheDocument();
  });

  it('a name that cannot be saved stays in the field with the reason; markup in a name shows as text', async () => {
    const s = storage();
    const failing: RecipePlanStorage = { ...s, createList: jest.fn().mockRejectedValueOnce(new Error('This browser could not save the change. Please try again.')).mockImplementation(s.createList) };
    renderAt('/recipes/my-recipe-lists', { storage: failing });
    await screen.findByText('You have no recipe lists yet.');
    const field = screen.getByLabelText('New list name');
    await userEvent.type(field, '<img src=x onerror=alert(1)>{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser could not save the change. Please try again.');
    expect(field).toHaveValue('<img src=x onerror=alert(1)>');
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    const heading = await screen.findByRole('heading', { level: 2, name: /<img src=x onerror=alert\(1\)>/ });
    expect(heading.querySelector('img')).toBeNull();
  });

  it('?add= opens a dialog with focus inside; Escape closes it, focus returns and the parameter leaves the URL', async () => {
    const s = storage();
    await s.createList('Favourites');
    renderAt('/recipes/my-recipe-lists?add=recipe-001', { storage: s });
    const dialog = await screen.findByRole('dialog', { name: 'Save to a recipe list' });
    expect(await within(dialog).findByText('Haddock Chowder')).toBeInTheDocument();
    await eventually(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await eventually(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('');
    expect((await s.lists())[0].recipeIds).toEqual([]);
  });

  it('?add= saves the recipe to a new list, removes the parameter, and the list shows the recipe linked to its page', async () => {
    const s = storage();
    renderAt('/recipes/my-recipe-lists?add=recipe-002', { storage: s });
    const dialog = await screen.findByRole('dialog', { name: 'Save to a recipe list' });
    await within(dialog).findByText('Apple Crisp');
    await userEvent.type(within(dialog).getByLabelText('New list name'), 'Desserts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await eventually(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname + window.location.search).toBe('/recipes/my-recipe-lists');
    expect(screen.getByText('Saved ‘Apple Crisp’ to ‘Desserts’.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Apple Crisp' })).toHaveAttribute('href', '/recipes/recipe-2');
    expect((await s.lists())[0]).toEqual(expect.objectContaining({ name: 'Desserts', recipeIds: ['recipe-002'] }));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Apple Crisp from Desserts' }));
    expect(await screen.findByText('No recipes in this list yet.')).toBeInTheDocument();
  });

  it('rename inline, and delete after confirming', async () => {
    const s = storage();
    await s.createList('Old name');
    renderAt('/recipes/my-recipe-lists', { storage: s });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Old name' }));
    const field = screen.getByLabelText('List name');
    await userEvent.clear(field);
    await userEvent.type(field, 'New name{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: /New name/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete New name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('You have no recipe lists yet.')).toBeInTheDocument();
    expect(await s.lists()).toEqual([]);
  });

  it("'Add a recipe' opens the recipe picker; Escape closes it and focus returns to the button", async () => {
    const s = storage();
    await s.createList('Lunches');
    renderAt('/recipes/my-recipe-lists', { storage: s });
    const add = await screen.findByRole('button', { name: 'Add a recipe' });
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add a recipe to Lunches' });
    await eventually(() => expect(within(dialog).getByLabelText('Find a recipe')).toHaveFocus());
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add Lobster Rolls' }));
    expect(await within(dialog).findByText('Added')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await eventually(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(add).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Lobster Rolls' })).toBeInTheDocument();
  });

  it('signing in merges the browser lists into the account, then reads the account (BFF)', async () => {
    const anon = storage();
    const l = await anon.createList('From this browser');
    await anon.addRecipe(l.id, 'recipe-003');
    const search = mockSearchFetch(RECIPES, PRODUCTS);
    const bff: string[] = [];
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (!String(url).startsWith('/api/')) return search(url, init);
      bff.push(`${init?.method} ${url}`);
      const data = String(url) === '/api/recipe-lists'
        ? { lists: [{ id: l.id, name: 'From this browser', recipeIds: ['recipe-003'], createdAt: '', updatedAt: '' }] }
        : {};
      return { ok: true, status: 200, json: async () => ({ status: 'success', code: 200, message: 'OK', data }) } as Response;
    }) as unknown as typeof fetch;
    const kit = createTestBus();
    window.history.replaceState(null, '', '/recipes/my-recipe-lists');
    renderWithKit(<RecipePlansPage />, { remote: 'mf-shopping-list', kit });
    expect(await screen.findByRole('heading', { level: 2, name: /From this browser/ })).toBeInTheDocument();
    act(() => { kit.bus.emit('session/changed', sessions.nora()); });
    await eventually(() => expect(bff).toEqual(['POST /api/recipe-lists/merge', 'GET /api/recipe-lists']));
    expect(await screen.findByRole('link', { name: 'Lobster Rolls' })).toBeInTheDocument();
    // The browser keeps nothing of it.
    expect(await storage().lists()).toEqual([]);
  });

  it('a signed-in shopper (no id token on the page) reads and writes the account lists through the session cookie', async () => {
    const search = mockSearchFetch(RECIPES, PRODUCTS);
    const bff: Array<{ call: string; credentials?: RequestCredentials; headers: Record<string, string> }> = [];
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (!String(url).startsWith('/api/')) return search(url, init);
      bff.push({ call: `${init?.method} ${url}`, credentials: init?.credentials, headers: init?.headers as Record<string, string> });
      const put = String(url).match(/^\/api\/recipe-lists\/([^/]+)$/);
      const data = String(url) === '/api/recipe-lists'
        ? { lists: [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'From my account', recipeIds: ['recipe-003'], createdAt: '', updatedAt: '' }] }
        : put ? { list: { id: decodeURIComponent(put[1]), name: JSON.parse(String(init?.body)).name, recipeIds: [], createdAt: '', updatedAt: '' } } : {};
      return { ok: true, status: 200, json: async () => ({ status: 'success', code: 200, message: 'OK', data }) } as Response;
    }) as unknown as typeof fetch;
    const kit = createTestBus();
    kit.bus.emit('session/changed', sessions.nora({ id_token: null }));
    window.history.replaceState(null, '', '/recipes/my-recipe-lists');
    renderWithKit(<RecipePlansPage />, { remote: 'mf-shopping-list', kit });
    expect(await screen.findByRole('heading', { level: 2, name: /From my account/ })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New list name'), 'Weeknights{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: /Weeknights/ })).toBeInTheDocument();
    expect(bff.map((b) => b.call)).toEqual(['GET /api/recipe-lists', expect.stringMatching(/^PUT \/api\/recipe-lists\/[0-9a-f-]{36}$/)]);
    for (const b of bff) {
      expect(b.credentials).toBe('same-origin');
      expect(b.headers['x-storefront-csrf']).toBe('1');
      expect(b.headers).not.toHaveProperty('authorization');
    }
    // Nothing of the account's lists went to the browser.
    expect(await storage().lists()).toEqual([]);
  });

  it('a list that cannot be read shows the error with Try again', async () => {
    const s = storage();
    let fail = true;
    const flaky: RecipePlanStorage = { ...s, lists: async () => { if (fail) throw new Error('x'); return s.lists(); } };
    renderAt('/recipes/my-recipe-lists', { storage: flaky });
    expect(await screen.findByText('Your recipe lists could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no recipe lists yet.')).toBeInTheDocument();
  });
});

describe('/recipes/meal-plan', () => {
  const thisWeek = () => {
    const monday = mondayOf(new Date());
    return Array.from({ length: 7 }, (_, i) => isoDate(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i, 12)));
  };

  it('shows Monday to Sunday, empty state with a link to /recipes; next week is in the URL', async () => {
    const { remoteProps } = renderAt('/recipes/meal-plan');
    expect(screen.getByRole('heading', { level: 1, name: 'Meal plan' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing planned this week yet.')).toBeInTheDocument();
    const days = screen.getAllByRole('heading', { level: 3 });
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveTextContent(/^Monday/);
    expect(days[6]).toHaveTextContent(/^Sunday/);
    expect(screen.getByRole('button', { name: 'Add this week’s ingredients to my list' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const nextMonday = mondayOf(new Date(Date.now() + 7 * 86_400_000));
    // In the site the shell's navigate pushes the URL; here it is a mock, so push it as the shell would.
    expect(remoteProps.navigate).toHaveBeenCalledWith(`/recipes/meal-plan?week=${isoDate(nextMonday)}`);
    act(() => { window.history.pushState(null, '', `/recipes/meal-plan?week=${isoDate(nextMonday)}`); window.dispatchEvent(new PopStateEvent('popstate')); });
    expect(await screen.findByRole('heading', { level: 2, name: `Week of ${weekLabel(nextMonday)}` })).toBeInTheDocument();
    expect(await screen.findByText('Nothing planned for this week yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This week' })).toBeInTheDocument();
  });

  it("?add= plans on the chosen day; the week's ingredients go on the list and the page says how many", async () => {
    const s = storage();
    const days = thisWeek();
    await s.addToPlan(days[0], 'recipe-001');
    const kit = createTestBus();
    const list = await memoryService(kit.bus);
    services.push(list);
    window.history.replaceState(null, '', '/recipes/meal-plan?add=recipe-002');
    renderWithKit(<RecipePlansPage storage={s} listService={list} />, { remote: 'mf-shopping-list', kit });
    const dialog = await screen.findByRole('dialog', { name: 'Add to meal plan' });
    await within(dialog).findByText('Apple Crisp');
    await userEvent.click(within(dialog).getAllByRole('radio')[2]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to meal plan' }));
    await eventually(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('');
    expect(await screen.findByRole('link', { name: 'Apple Crisp' })).toBeInTheDocument();
    expect((await s.plan(days[0], days[6])).map((e) => [e.date, e.recipeId])).toEqual([[days[0], 'recipe-001'], [days[2], 'recipe-002']]);

    await userEvent.click(screen.getByRole('button', { name: 'Add this week’s ingredients to my list' }));
    // Haddock Chowder: 20010010, 20111434; Apple Crisp: 20111434, 20112820 → 3 distinct.
    await eventually(() => expect(screen.getByText('Added 3 ingredients to your list.')).toBeInTheDocument());
    expect(kit.bus.state.listCount.value).toBe(3);
    expect(kit.published('toast/show').at(-1)?.payload).toEqual(expect.objectContaining({ message: 'Added 3 ingredients to your list.', kind: 'success' }));
  });
});
