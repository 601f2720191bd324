import { expect, type Locator, type Page } from '@playwright/test';

/**
 * mf-shopping-list's recipe pages: /recipes/my-recipe-lists and /recipes/meal-plan, and
 * their `?add=<recipe objectID>` dialogs (the hand-off from the recipe page's 'Save to a recipe list'
 * and 'Add to meal plan').
 */
export class RecipePlansPages {
  readonly main: Locator;
  readonly newListName: Locator;
  readonly createList: Locator;
  readonly saveDialog: Locator;
  readonly planDialog: Locator;
  readonly addWeekIngredients: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('#slot-page');
    this.newListName = this.main.getByLabel('New list name');
    this.createList = this.main.getByRole('button', { name: 'Create list' });
    this.saveDialog = page.getByRole('dialog', { name: 'Save to a recipe list' });
    this.planDialog = page.getByRole('dialog', { name: 'Add to meal plan' });
    this.addWeekIngredients = this.main.getByRole('button', { name: 'Add this week’s ingredients to my list' });
    this.status = this.main.locator('.mfrp-status').last();
  }

  /**
   * Closes the consent tool's banner when it shows (it sits over the page's bottom, dialogs included):
   * 'Reject All', the choice that sends nothing.
   */
  async dismissConsent(): Promise<void> {
    const reject = this.page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject All' });
    try {
      await reject.click({ timeout: 3000 });
    } catch {
      // no banner (consent already given, or no consent tool on this platform)
    }
  }

  async openLists(query = ''): Promise<void> {
    const res = await this.page.goto(`/recipes/my-recipe-lists${query}`);
    expect(res?.status(), 'the edge serves the page (not the 404 of an unknown recipe slug)').toBe(200);
    await expect(this.main.getByRole('heading', { level: 1, name: 'My recipe lists' })).toBeVisible({ timeout: 20_000 });
  }

  async openMealPlan(query = ''): Promise<void> {
    const res = await this.page.goto(`/recipes/meal-plan${query}`);
    expect(res?.status(), 'the edge serves the page (not the 404 of an unknown recipe slug)').toBe(200);
    await expect(this.main.getByRole('heading', { level: 1, name: 'Meal plan' })).toBeVisible({ timeout: 20_000 });
  }

  /** A list's heading (its name, then its count). */
  list(name: string): Locator {
    return this.main.getByRole('heading', { level: 2, name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  /** A recipe's link to its page. */
  recipeLink(title: string): Locator {
    return this.main.getByRole('link', { name: title });
  }

  async create(name: string): Promise<void> {
    await this.newListName.fill(name);
    await this.createList.click();
    await expect(this.list(name)).toBeVisible();
  }
}
