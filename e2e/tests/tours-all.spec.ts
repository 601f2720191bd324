import type { Browser } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { grantConsent } from '../pages/consent';
import { TourOverlay } from '../pages/tours';

/**
 * Spec §4 Guided tours, §9: each of the ten tours (mf-tours README; text from managed content `guides`,
 * services/seed/data/content/guides.json) starts on its own page for a shopper who granted consent group
 * C0002, with its first step; 'Skip tour' ends a tour for good (`completed_tours`), also after a reload.
 */
const TOURS: Array<{ tour: string; path: string; title: string; text: string }> = [
  { tour: 'welcome', path: '/', title: 'Welcome to Harbour Market', text: 'Take a one-minute tour of the things you can do here' },
  { tour: 'search', path: '/?query=milk', title: 'Your results', text: 'Products and recipes that match your search, for your store.' },
  { tour: 'flyer', path: '/flyer', title: "This week's flyer", text: "Your store's flyer for the week. It changes every Thursday." },
  { tour: 'offers', path: '/offers', title: 'Digital offers', text: 'Load offers to your Scene+ card to earn points and save at the till.' },
  { tour: 'product', path: '/products/salted-butter-20010010', title: 'Product details', text: 'Price and availability are for your store.' },
  { tour: 'recipes', path: '/recipes', title: 'Recipes', text: 'Find recipes for tonight and add their ingredients to your list.' },
  { tour: 'recipeDetail', path: '/recipes/nova-scotia-haddock-chowder', title: 'A recipe', text: 'Ingredients, steps and nutrition.' },
  { tour: 'recipeList', path: '/recipes/my-recipe-lists', title: 'Your recipe lists', text: 'Keep recipes you like in lists of your own.' },
  { tour: 'mealPlan', path: '/recipes/meal-plan', title: 'Meal plan', text: "Plan the week's meals and turn them into one shopping list." },
  { tour: 'manageListFilter', path: '/shopping-list', title: 'Your shopping list', text: 'Everything on your list, with the items of the flyer' },
];

/** A new shopper (no cookies, no storage) who granted performance cookies (C0002) in the consent tool. */
async function consentingShopper(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await grantConsent(context, baseURL, ['C0002']);
  const page = await context.newPage();
  return { context, page, tour: new TourOverlay(page) };
}

test.describe('every guided tour starts on its page (spec §4 Guided tours)', () => {
  for (const { tour: name, path, title, text } of TOURS) {
    test(`${name} on ${path}: the first step is '${title}'`, async ({ browser, platform }) => {
      test.setTimeout(60_000);
      const { context, page, tour } = await consentingShopper(browser, platform.url);
      await page.goto(path);
      await expect(tour.tooltip).toBeVisible({ timeout: 20_000 });
      expect(await tour.stepIndex()).toBe(0);
      await expect(tour.tooltip).toContainText(title);
      await expect(tour.tooltip).toContainText(text);
      await context.close();
    });
  }
});

test("'Skip tour' ends the tour and it does not come back on a reload", async ({ browser, platform }) => {
  test.setTimeout(60_000);
  const { context, page, tour } = await consentingShopper(browser, platform.url);
  // a tour of several steps: the last step of a tour has no 'Skip tour' (only 'Close')
  await page.goto('/?query=milk');
  await expect(tour.tooltip).toBeVisible({ timeout: 20_000 });
  await expect(tour.tooltip).toContainText('Your results');
  await tour.skip.click();
  await expect(tour.tooltip).toHaveCount(0);
  expect(await tour.completedTours()).toEqual(['search']);

  // The page's clock is moved on well past the tour's 1.5 s start (and the 10 looks for its targets
  // every 500 ms) once the tours band is on the page, instead of sleeping.
  await page.clock.install();
  const toursBand = page.waitForResponse((r) => /\/mf-tours\/.*remoteEntry\.js/.test(r.url()));
  await page.reload();
  await toursBand;
  await expect(page.locator('#slot-page h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(10_000);
  await expect(tour.tooltip).toHaveCount(0);
  expect(await tour.completedTours()).toEqual(['search']);
  await context.close();
});
