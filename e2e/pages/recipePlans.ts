import { expect, type Locator } from '@playwright/test';
import { PageObject, dialogNamed, escapeRegExp, pageSlot, rejectConsentIfShown } from './page-object';

/**
 * mf-shopping-list's recipe pages: /recipes/my-recipe-lists and /recipes/meal-plan, and
 * their `?add=<recipe objectID>` dialogs (the hand-off from the recipe page's 'Save to a recipe list'
 * and 'Add to meal plan').
 */
export class RecipePlansPages extends PageObject {
  readonly main = pageSlot(this.page);
  readonly newListName = this.main.getByLabel('New list name');
  readonly createList = this.main.getByRole('button', { name: 'Create list' });
  readonly saveDialog = dialogNamed(this.page, 'Save to a recipe list');
  readonly planDialog = dialogNamed(this.page, 'Add to meal plan');
  readonly addWeekIngredients = this.main.getByRole('button', { name: 'Add this week’s ingredients to my list' });
  readonly status = this.main.locator('.mfrp-status').last();

  /** Rejects the consent tool's banner when it shows (it sits over the page's bottom, dialogs included). */
  dismissConsent(): Promise<void> {
    return rejectConsentIfShown(this.page);
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
    return this.main.getByRole('heading', { level: 2, name: new RegExp(`^${escapeRegExp(name)}`) });
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
