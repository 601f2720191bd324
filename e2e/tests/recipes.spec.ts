import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../fixtures/platform';
import { sessionLoaded, signUpNoCardShopper } from '../fixtures/session';
import { LoyaltyPopups } from '../pages/loyalty';
import { LoyaltySitePages, RecipePages } from '../pages/recipes';
import { ShoppingListPanel } from '../pages/shopping-list';

/**
 * mf-search's recipe pages and the createScenePopup on them (spec §2 `/recipes`,
 * `/recipes/{slug}`, `/register` "External loyalty site"; §4 Card popup state: "A logged-in user
 * without a card on a recipe detail page, after scrolling more than 100px, sees createScenePopup if not
 * suppressed"). Recipes come from the seed the search engine indexes (services/seed/data/recipes.json).
 * Each test has a fresh browser context (no list, no cookies).
 */
interface SeedRecipe { objectID: string; title: string; slug: string; tags: string[]; steps: string[]; ingredients: Array<{ articleNumber?: string; name: string; quantityText?: string }> }
const RECIPES: SeedRecipe[] = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../services/seed/data/recipes.json', import.meta.url)), 'utf8'));
const CHOWDER = RECIPES.find((r) => r.slug === 'nova-scotia-haddock-chowder')!;

test('the recipes page lists every recipe with its picture, and the tag filter narrows it', async ({ page }) => {
  const recipes = new RecipePages(page);
  await recipes.gotoList();
  await expect(recipes.cards).toHaveCount(RECIPES.length, { timeout: 20_000 });
  const card = recipes.card(CHOWDER.title);
  await expect(card).toHaveAttribute('href', `/recipes/${CHOWDER.slug}`);
  await expect(card).toContainText('45 min');
  await expect(card).toContainText('Serves 6');
  const img = card.locator('img');
  await expect(img).toHaveAttribute('width', '320');
  await expect(img).toHaveAttribute('height', '240');
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  const seafood = RECIPES.filter((r) => r.tags.includes('seafood'));
  await recipes.tagFilter.getByRole('button', { name: `seafood (${seafood.length})` }).click();
  await expect(page).toHaveURL(/\/recipes\?tag=seafood$/);
  await expect(recipes.cards).toHaveCount(seafood.length);
  // the URL keeps the filter: a reload shows the same list
  await page.reload();
  await expect(recipes.cards).toHaveCount(seafood.length, { timeout: 20_000 });
});

test("a recipe page shows ingredients and steps; 'Add the ingredients to my list' grows the list badge by the count it reports", async ({ page }) => {
  const recipes = new RecipePages(page);
  const list = new ShoppingListPanel(page);
  // a card leads to the recipe without a reload
  await recipes.gotoList();
  await recipes.dismissConsent();
  await recipes.card(CHOWDER.title).click();
  await expect(page).toHaveURL(new RegExp(`/recipes/${CHOWDER.slug}$`));
  await expect(recipes.title(CHOWDER.title)).toBeVisible({ timeout: 20_000 });
  await expect(recipes.ingredients).toHaveCount(CHOWDER.ingredients.length);
  await expect(recipes.ingredients.first()).toContainText(CHOWDER.ingredients[0].quantityText!);
  await expect(recipes.ingredients.first()).toContainText(CHOWDER.ingredients[0].name);
  await expect(recipes.steps).toHaveText(CHOWDER.steps);
  await expect(page.getByRole('link', { name: 'Save to a recipe list' })).toHaveAttribute('href', `/recipes/my-recipe-lists?add=${CHOWDER.objectID}`);
  await expect(page.getByRole('link', { name: 'Add to meal plan' })).toHaveAttribute('href', `/recipes/meal-plan?add=${CHOWDER.objectID}`);

  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await list.expectCount(0);
  await recipes.addIngredients.click();
  await expect(recipes.result).toHaveText(/^Added \d+ ingredients? to your list\./, { timeout: 15_000 });
  const added = Number(/^Added (\d+)/.exec((await recipes.result.textContent()) ?? '')![1]);
  expect(added).toBe(new Set(CHOWDER.ingredients.map((i) => i.articleNumber).filter(Boolean)).size);
  await list.expectCount(added);
});

test('an unknown recipe answers 404 with the not-found message', async ({ page }) => {
  const recipes = new RecipePages(page);
  const res = await page.goto('/recipes/no-such-recipe-anywhere');
  expect(res?.status()).toBe(404);
  await expect(recipes.title('Recipe not found')).toBeVisible({ timeout: 20_000 });
});

test.describe('createScenePopup on a recipe page (no-card demo shopper nora)', () => {
  test('scrolling more than 100 px shows it (after addCard was put off); its register button leaves for the loyalty site and comes back', async ({ page, platform }) => {
    const recipes = new RecipePages(page);
    const popups = new LoyaltyPopups(page);
    const site = new LoyaltySitePages(page);
    const recipeUrl = `${platform.url}/recipes/${CHOWDER.slug}`;

    await signUpNoCardShopper(page, platform, `/recipes/${CHOWDER.slug}`);
    if (page.url() !== recipeUrl) {
      await page.goto(recipeUrl);
      await sessionLoaded(page);
    }
    await recipes.dismissConsent();
    // spec §4: addCard first (one popup at a time); 'Remind me later' suppresses it (Suppression).
    await popups.remindLaterIfShown();
    await expect(recipes.title(CHOWDER.title)).toBeVisible({ timeout: 20_000 });
    await expect(popups.anyDialog).toHaveCount(0);

    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 60);
    await page.waitForTimeout(500);
    await expect(popups.anyDialog).toHaveCount(0);
    await page.mouse.wheel(0, 400);
    await expect(recipes.createScenePopup).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

    const register = recipes.createScenePopup.getByRole('link', { name: 'Create a Scene+ account' });
    const href = new URL((await register.getAttribute('href'))!);
    expect(href.origin).not.toBe(new URL(platform.url).origin);
    expect(href.searchParams.get('returnUrl')).toBe(recipeUrl);
    await register.click();
    await expect(site.heading).toBeVisible();
    expect(new URL(page.url()).origin).toBe(href.origin);

    // validated on the server: reasons shown, typed text kept as text
    await site.register({ firstName: '<b>Nora</b>', lastName: 'Nocard', email: 'nora', postalCode: 'B3H 1A1', terms: false });
    await expect(site.alert).toContainText('Enter an email address like name@example.com.');
    await expect(site.alert).toContainText('Accept the Scene+ programme terms to register.');
    await expect(page.getByLabel('First name')).toHaveValue('<b>Nora</b>');

    await site.register({ firstName: 'Nora', lastName: 'Nocard', email: `nora+${Date.now()}@example.com`, postalCode: 'b3h 1a1' });
    await expect(site.welcome).toHaveText('Welcome to Scene+, Nora!');
    await site.back.click();
    await expect(page).toHaveURL(recipeUrl);
    await expect(recipes.title(CHOWDER.title)).toBeVisible({ timeout: 20_000 });
  });

  test('not on the meal plan page, however far the shopper scrolls', async ({ page, platform }) => {
    const popups = new LoyaltyPopups(page);
    await signUpNoCardShopper(page, platform, '/recipes/meal-plan');
    await popups.remindLaterIfShown();
    await page.evaluate(() => { document.body.style.minHeight = '3000px'; });
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(popups.anyDialog).toHaveCount(0);
  });
});
