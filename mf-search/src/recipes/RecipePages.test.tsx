/**
 * The recipe pages (spec §2 `/recipes`, `/recipes/{slug}`; §3 Search hit pictures, Shopping
 * list item_id): cards with pictures, time and servings, the tag filter in the URL, loading / empty /
 * error states; the detail page with ingredients, ordered steps, the recipe-list links, and
 * 'Add the ingredients to my list' that reports only what the shopping list answered.
 */
import { act, screen, within } from '@testing-library/react';
import type { TestBus } from 'shared-events/testing';
import { ingredientProductsRequest, recipesRequest, tagCounts, type RecipeRecord } from '../api/recipes';
import { RecipesApp } from './RecipesApp';
import { formatMinutes, ingredientsMessage, recipePageSlugFromPath, recipeListLinks } from '../state/recipes';
import { fakeClient, flush, fakeClockPerTest, mountOnData, product, recipe, type FakeData, type FakeSearchClient } from '../test-utils';

jest.mock('../api/searchClient');

const CHOWDER = recipe('recipe-001', 'Nova Scotia Haddock Chowder', {
  slug: 'nova-scotia-haddock-chowder', pageSlug: 'recipes/nova-scotia-haddock-chowder',
  description: 'A creamy, east-coast style chowder.', servings: 6, totalTimeMinutes: 45,
  featuredImage: '/media/fish.svg', tags: ['seafood', 'soup'],
  ingredients: [
    { articleNumber: '20150334', name: 'haddock fillets', quantityText: '680 g, cut in chunks' },
    { articleNumber: '20113544', name: 'potatoes', quantityText: '4 medium, diced' },
    { articleNumber: '20010010', name: 'butter', quantityText: '2 tbsp' },
    { articleNumber: '29999999', name: 'sea salt', quantityText: 'a pinch' },
    { name: 'water', quantityText: '750 mL' },
  ],
  steps: ['Cook the bacon.', 'Add the potatoes.', 'Stir in the cream.'],
});
const CRISP = recipe('recipe-008', 'Apple Crisp <b>best</b>', {
  slug: 'annapolis-valley-apple-crisp', pageSlug: 'recipes/annapolis-valley-apple-crisp',
  servings: 8, totalTimeMinutes: 90, featuredImage: null, tags: ['dessert'], ingredients: [], steps: [],
});

const DATA: FakeData = {
  products: [
    product('20150334', 'Haddock Fillets', { articleNumber: '20150334', uom: 'KG' }),
    product('20113544', 'Potatoes', { articleNumber: '20113544', uom: 'EA' }),
    product('20010010', 'Salted Butter', { articleNumber: '20010010', uom: 'G' }),
  ],
  recipes: [CHOWDER, CRISP],
  products_query_suggestions: [],
};

let kit: TestBus;
let client: FakeSearchClient;

function setup(url: string, data: FakeData = DATA) {
  const app = mountOnData(RecipesApp, data, { url, navigate: 'kit' });
  ({ kit, client } = app);
  return { user: app.user };
}

fakeClockPerTest();

describe('recipe helpers', () => {
  // the list pages of mf-shopping-list and odd text have none
  it.each([
    ['/recipes/maple-glazed-salmon', 'recipes/maple-glazed-salmon'],
    ['/recipes/maple-glazed-salmon/', 'recipes/maple-glazed-salmon'],
    ['/recipes/meal-plan', null],
    ['/recipes/my-recipe-lists', null],
    ['/recipes/%3Cscript%3E', null],
    ['/recipes/%E0%A4%A', null],
    ['/recipes', null],
  ])('maps %s to the pageSlug %s', (path, pageSlug) => {
    expect(recipePageSlugFromPath(path)).toBe(pageSlug);
  });

  it('writes times in minutes and hours', () => {
    expect([45, 60, 90, undefined, 0].map(formatMinutes)).toEqual(['45 min', '1 h', '1 h 30 min', null, null]);
  });

  it('says truthfully what was added', () => {
    expect(ingredientsMessage({ requested: 8, added: 8, failed: 0 })).toBe('Added 8 ingredients to your list.');
    expect(ingredientsMessage({ requested: 3, added: 1, failed: 2 })).toBe('Added 1 ingredient to your list. 2 ingredients could not be added.');
    expect(ingredientsMessage({ requested: 2, added: 0, failed: 2, reason: 'Your list is full.' })).toBe('No ingredient was added to your list. Your list is full.');
  });

  it('asks the engine for tags and products by attribute, outside the analytics', () => {
    expect(recipesRequest('recipes', 'sea"food')).toEqual({ indexName: 'recipes', query: '', hitsPerPage: 100, analytics: false, filters: 'tags:"seafood"' });
    expect(ingredientProductsRequest('products', ['1', '2'])).toEqual(expect.objectContaining({ filters: '(articleNumber:"1" OR articleNumber:"2")', hitsPerPage: 2 }));
    expect(tagCounts([CHOWDER, CRISP, { ...CHOWDER, objectID: 'x' }] as unknown as RecipeRecord[])).toEqual([
      { tag: 'seafood', count: 2 }, { tag: 'soup', count: 2 }, { tag: 'dessert', count: 1 },
    ]);
  });

  it('links to the recipe lists and meal plan pages with the recipe to add', () => {
    expect(recipeListLinks('recipe-001')).toEqual({ saveToList: '/recipes/my-recipe-lists?add=recipe-001', addToMealPlan: '/recipes/meal-plan?add=recipe-001' });
  });
});

describe('/recipes', () => {
  it('lists the recipes as cards: picture with its size (tile when none), title as text, time and servings', async () => {
    setup('/recipes');
    expect(screen.getByRole('status')).toHaveTextContent('Loading recipes…');
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Recipes' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 recipes');
    const chowder = screen.getByRole('link', { name: /Nova Scotia Haddock Chowder/ });
    expect(chowder).toHaveAttribute('href', '/recipes/nova-scotia-haddock-chowder');
    expect(chowder).toHaveTextContent('45 min');
    expect(chowder).toHaveTextContent('Serves 6');
    const img = chowder.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/media/fish.svg');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '240');
    const crisp = screen.getByRole('link', { name: /Apple Crisp <b>best<\/b>/ });
    expect(crisp.querySelector('img')).toBeNull();
    expect(within(crisp).getByTestId('recipe-tile')).toHaveTextContent('A');
    expect(crisp).toHaveTextContent('1 h 30 min');
  });

  it('filters by tag: the tag goes into the URL and the engine is asked for it; All recipes clears it', async () => {
    const { user } = setup('/recipes');
    await flush();
    await user.click(screen.getByRole('button', { name: 'dessert (1)' }));
    await flush();
    expect(window.location.search).toBe('?tag=dessert');
    expect(screen.getByRole('button', { name: 'dessert (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(client.calls.at(-1)).toContainEqual(expect.objectContaining({ indexName: 'recipes', filters: 'tags:"dessert"' }));
    expect(screen.queryByRole('link', { name: /Haddock Chowder/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Apple Crisp/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All recipes' }));
    await flush();
    expect(window.location.search).toBe('');
    expect(screen.getByRole('link', { name: /Haddock Chowder/ })).toBeInTheDocument();
  });

  it('a tag no recipe has: says so, with a link to all recipes', async () => {
    setup('/recipes?tag=barbecue');
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('No recipes are tagged “barbecue”.');
    expect(screen.getByRole('link', { name: 'See all recipes' })).toHaveAttribute('href', '/recipes');
  });

  it('no recipes at all: an empty message', async () => {
    setup('/recipes', { ...DATA, recipes: [] });
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('No recipes yet.');
  });

  it('a failed search: an alert with Try again, which loads the recipes', async () => {
    const { user } = setup('/recipes');
    await flush();
    // the engine fails from now on: a new tag asks it again
    client.search.mockRejectedValue(new Error('network'));
    await user.click(await screen.findByRole('button', { name: 'soup (1)' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
    const ok = fakeClient(DATA);
    client.search.mockImplementation(ok.search);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Haddock Chowder/ })).toBeInTheDocument();
  });
});

describe('/recipes/{slug}', () => {
  it('shows title, picture, description, time, servings, ingredients with quantities, ordered steps and the list links', async () => {
    setup('/recipes/nova-scotia-haddock-chowder');
    await flush();
    expect(client.calls[0]).toEqual([expect.objectContaining({ indexName: 'recipes', filters: 'pageSlug:"recipes/nova-scotia-haddock-chowder"' })]);
    expect(screen.getByRole('heading', { level: 1, name: 'Nova Scotia Haddock Chowder' })).toBeInTheDocument();
    expect(screen.getByText('A creamy, east-coast style chowder.')).toBeInTheDocument();
    // the intro the edge serves for it (src/first-view.json '/recipes/:slug'): picture beside title and description
    const intro = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(intro).toHaveClass('sf-intro', 'sf-intro--picture');
    expect(within(intro).getByText('A creamy, east-coast style chowder.')).toHaveClass('sf-intro__lead');
    const img = intro.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^\/media\/[a-z-]+\.svg$/);
    expect(img).toHaveAttribute('width', '240');
    expect(img).toHaveAttribute('alt', '');
    expect(screen.getByRole('article')).toHaveAccessibleName('Nova Scotia Haddock Chowder');
    expect(screen.getByText('Total time').nextSibling).toHaveTextContent('45 min');
    expect(screen.getByText('Servings').nextSibling).toHaveTextContent('6');
    const ingredients = within(screen.getByRole('region', { name: 'Ingredients' })).getAllByRole('listitem');
    expect(ingredients.map((li) => li.textContent)).toEqual([
      '680 g, cut in chunkshaddock fillets', '4 medium, dicedpotatoes', '2 tbspbutter', 'a pinchsea salt', '750 mLwater',
    ]);
    const steps = within(screen.getByRole('region', { name: 'Steps' }));
    expect(steps.getByRole('list').tagName).toBe('OL');
    expect(steps.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cook the bacon.', 'Add the potatoes.', 'Stir in the cream.']);
    expect(screen.getByRole('link', { name: 'Save to a recipe list' })).toHaveAttribute('href', '/recipes/my-recipe-lists?add=recipe-001');
    expect(screen.getByRole('link', { name: 'Add to meal plan' })).toHaveAttribute('href', '/recipes/meal-plan?add=recipe-001');
  });

  it("'Add the ingredients to my list': one list/add-requested per known ingredient, the result only after the list's answers", async () => {
    const { user } = setup('/recipes/nova-scotia-haddock-chowder');
    await flush();
    await user.click(screen.getByRole('button', { name: 'Add the ingredients to my list' }));
    await flush();
    const asked = kit.published('list/add-requested').map((e) => e.payload);
    expect(asked.map((p) => [p.itemId, p.quantity, p.name])).toEqual([
      ['20150334_KG_3299', 1, 'Haddock Fillets'], ['20113544_EA_3299', 1, 'Potatoes'], ['20010010_G_3299', 1, 'Salted Butter'],
    ]);
    // nothing claimed before the answers
    expect(screen.getByRole('button', { name: 'Adding the ingredients…' })).toBeDisabled();
    expect(screen.getByText((_, el) => el?.classList.contains('mfs-recipe__result') ?? false)).toHaveTextContent('');
    act(() => {
      kit.bus.emit('list/item-added', { itemId: asked[0].itemId, quantity: 1, requestId: asked[0].requestId });
      kit.bus.emit('list/add-failed', { itemId: asked[1].itemId, requestId: asked[1].requestId, reason: 'Your list is full.' });
    });
    await flush();
    expect(screen.getByRole('button', { name: 'Adding the ingredients…' })).toBeInTheDocument();
    act(() => { kit.bus.emit('list/item-added', { itemId: asked[2].itemId, quantity: 1, requestId: asked[2].requestId }); });
    await flush();
    // 2 stored; potatoes refused; sea salt unknown to the products index
    expect(screen.getByText('Added 2 ingredients to your list. 2 ingredients could not be added.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the ingredients to my list' })).toBeEnabled();
  });

  it('a list that never answers: after 5 s, nothing is claimed', async () => {
    const { user } = setup('/recipes/nova-scotia-haddock-chowder');
    await flush();
    await user.click(screen.getByRole('button', { name: 'Add the ingredients to my list' }));
    await flush();
    await act(async () => { jest.advanceTimersByTime(5000); });
    await flush();
    expect(screen.getByText('No ingredient was added to your list. Your shopping list is not available right now.')).toBeInTheDocument();
  });

  it('record text is rendered as text; a recipe with nothing to add has no add button', async () => {
    setup('/recipes/annapolis-valley-apple-crisp');
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Apple Crisp <b>best</b>' })).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add the ingredients to my list' })).not.toBeInTheDocument();
    expect(screen.getByText('This recipe lists no ingredients.')).toBeInTheDocument();
  });

  it('an unknown slug shows the not-found message; a slug no recipe can have does not even ask', async () => {
    setup('/recipes/no-such-recipe');
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Recipe not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all recipes' })).toHaveAttribute('href', '/recipes');
    window.history.replaceState(null, '', '/');
  });

  it('renders nothing on the pages of mf-shopping-list', async () => {
    setup('/recipes/meal-plan');
    await flush();
    expect(document.body.textContent).toBe('');
    expect(client.search).not.toHaveBeenCalled();
  });

});
