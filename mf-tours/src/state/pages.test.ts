/** Which page has which tour (spec §2 Guided tours). */
import { tourPageFor } from './pages';

describe('tourPageFor (spec §2 Guided tours)', () => {
  it.each([
    ['/', 'welcome'],
    ['/?query=milk&tab=product', 'search'],
    ['/flyer?set_preferred_store_number=42', 'flyer'],
    ['/offers', 'offers'],
    ['/products/2-milk-4l', 'product'],
    ['/recipes', 'recipes'],
    ['/recipes/lemon-chicken', 'recipeDetail'],
    ['/recipes/my-recipe-lists', 'recipeList'],
    ['/recipes/meal-plan', 'mealPlan'],
    ['/shopping-list', 'manageListFilter'],
    ['/products/category/dairy', null],
    ['/store-locator', null],
    ['/recipes/a/b', null],
  ])('%s → %s', (url, page) => {
    const { pathname, search } = new URL(url, 'https://shop.example');
    expect(tourPageFor({ pathname, search })).toBe(page);
  });
});
