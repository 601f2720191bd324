import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../fixtures/platform';
import { signIn } from '../fixtures/session';
import { ShoppingListPanel } from '../pages/shopping-list';
import { RecipePlansPages } from '../pages/recipePlans';

/**
 * mf-shopping-list's recipe lists and meal plan for an anonymous shopper (spec §2 Routes
 * /recipes/my-recipe-lists and /recipes/meal-plan). Recipe objectIDs come from the seed the search
 * engine indexes (services/seed/data/recipes.json) — the `?add=` links of the recipe pages carry them.
 * Every test starts in a fresh browser context: nothing saved yet.
 */
interface SeedRecipe { objectID: string; title: string; slug: string; ingredients: Array<{ articleNumber: string }> }
const RECIPES: SeedRecipe[] = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../services/seed/data/recipes.json', import.meta.url)), 'utf8'));
const recipe = (id: string) => RECIPES.find((r) => r.objectID === id)!;

test('a new shopper creates a recipe list, saves a recipe to it from ?add=, reloads and still finds it', async ({ page }) => {
  const pages = new RecipePlansPages(page);
  const chowder = recipe('recipe-001');
  await pages.openLists();
  await pages.dismissConsent();
  await expect(pages.main.getByText('You have no recipe lists yet.')).toBeVisible();
  await expect(pages.main.getByRole('link', { name: 'Browse recipes' })).toHaveAttribute('href', '/recipes');
  await pages.create('Weeknight dinners');

  // The recipe page's 'Save to a recipe list' link.
  await pages.openLists(`?add=${chowder.objectID}`);
  await expect(pages.saveDialog).toBeVisible();
  await expect(pages.saveDialog.getByText(chowder.title)).toBeVisible();
  await expect(pages.saveDialog.getByRole('radio', { name: 'Weeknight dinners' })).toBeChecked();
  await pages.saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(pages.saveDialog).toBeHidden();
  await expect(page).toHaveURL(/\/recipes\/my-recipe-lists$/);
  await expect(pages.main.getByText(`Saved ‘${chowder.title}’ to ‘Weeknight dinners’.`)).toBeVisible();
  await expect(pages.recipeLink(chowder.title)).toHaveAttribute('href', `/recipes/${chowder.slug}`);

  await page.reload();
  await expect(pages.list('Weeknight dinners')).toBeVisible({ timeout: 20_000 });
  await expect(pages.list('Weeknight dinners')).toContainText('1 recipe');
  await expect(pages.recipeLink(chowder.title)).toBeVisible();
});

test("a shopper plans two recipes this week and adds the week's ingredients: the list badge grows by their count", async ({ page }) => {
  const pages = new RecipePlansPages(page);
  const list = new ShoppingListPanel(page);
  const planned = [recipe('recipe-001'), recipe('recipe-003')];
  const distinct = new Set(planned.flatMap((r) => r.ingredients.map((i) => i.articleNumber)));

  await pages.openMealPlan();
  await pages.dismissConsent();
  await expect(pages.main.getByText('Nothing planned this week yet.')).toBeVisible({ timeout: 20_000 });
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await list.expectCount(0);

  for (const r of planned) {
    await pages.openMealPlan(`?add=${r.objectID}`);
    await expect(pages.planDialog).toBeVisible();
    await expect(pages.planDialog.getByText(r.title)).toBeVisible();
    await pages.planDialog.getByRole('button', { name: 'Add to meal plan' }).click();
    await expect(pages.planDialog).toBeHidden();
    await expect(page).toHaveURL(/\/recipes\/meal-plan$/);
    await expect(pages.recipeLink(r.title)).toBeVisible();
  }

  await pages.addWeekIngredients.click();
  await expect(pages.main.getByText(`Added ${distinct.size} ingredients to your list.`)).toBeVisible({ timeout: 15_000 });
  await list.expectCount(distinct.size);

  // Stored: still planned, and still on the list, after a reload.
  await page.reload();
  for (const r of planned) await expect(pages.recipeLink(r.title)).toBeVisible({ timeout: 20_000 });
  await list.expectCount(distinct.size);
});

test('signing in moves the browser’s recipe list and plan into the account (BFF); they stay after a reload and leave the browser', async ({ page }) => {
  const pages = new RecipePlansPages(page);
  const muffins = recipe('recipe-002');
  const chowder = recipe('recipe-001');
  await pages.openLists();
  await pages.dismissConsent();
  await pages.create('Browser list');
  await pages.openMealPlan(`?add=${muffins.objectID}`);
  await pages.planDialog.getByRole('button', { name: 'Add to meal plan' }).click();
  await expect(pages.recipeLink(muffins.title)).toBeVisible();

  await signIn(page, 'nora.nocard@example.com', { startPath: '/recipes/my-recipe-lists' });
  await pages.openLists(`?add=${chowder.objectID}`);
  await expect(pages.saveDialog.getByRole('radio', { name: 'Browser list' })).toBeChecked();
  await pages.saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(pages.recipeLink(chowder.title)).toBeVisible();

  await page.reload();
  await expect(pages.list('Browser list')).toBeVisible({ timeout: 20_000 });
  await expect(pages.recipeLink(chowder.title)).toBeVisible();
  await pages.openMealPlan();
  await expect(pages.recipeLink(muffins.title)).toBeVisible({ timeout: 20_000 });
  // Nothing of it is left in this browser for the next (anonymous) shopper.
  const browserCopy = await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open('storefront-recipe-plans');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('plans').objectStore('plans').get('anon');
      get.onsuccess = () => resolve(get.result ?? null);
    };
  }));
  expect(browserCopy).toBeNull();
});
