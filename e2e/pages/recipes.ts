import { expect, type Locator } from '@playwright/test';
import { PageObject, dialogNamed, pageSlot, rejectConsentIfShown } from './page-object';

/**
 * mf-search's recipe pages (`./recipes` in #slot-page; spec §2 `/recipes`, `/recipes/{slug}`)
 * and the external loyalty site's registration page (services/loyalty-site, spec §2 `/register`).
 */
export class RecipePages extends PageObject {
  static readonly ADD_INGREDIENTS = 'Add the ingredients to my list';
  static readonly CREATE_SCENE = 'Collect Scene+ points on your groceries';

  readonly main = this.page.getByRole('main');
  readonly listHeading = this.page.getByRole('heading', { level: 1, name: 'Recipes' });
  /** The recipe cards (links) of /recipes. */
  readonly cards = pageSlot(this.page).getByRole('listitem').getByRole('link');
  readonly tagFilter = this.page.getByRole('group', { name: 'Filter recipes by tag' });
  readonly ingredients = this.page.getByRole('region', { name: 'Ingredients' }).getByRole('listitem');
  readonly steps = this.page.getByRole('region', { name: 'Steps' }).getByRole('listitem');
  readonly addIngredients = this.page.getByRole('button', { name: RecipePages.ADD_INGREDIENTS });
  readonly result = this.page.locator('.mfs-recipe__result');
  /** mf-loyalty's createScenePopup (spec §4). */
  readonly createScenePopup = dialogNamed(this.page, RecipePages.CREATE_SCENE);

  async gotoList(query = ''): Promise<void> {
    await this.page.goto(`/recipes${query}`);
    await expect(this.listHeading).toBeVisible({ timeout: 20_000 });
  }

  async gotoRecipe(slug: string): Promise<void> {
    await this.page.goto(`/recipes/${slug}`);
  }

  title(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  card(title: string): Locator {
    return this.cards.filter({ hasText: title });
  }

  /** Rejects the consent tool's banner when it shows (it covers the page bottom). */
  dismissConsent(): Promise<void> {
    return rejectConsentIfShown(this.page);
  }
}

/** The external loyalty site's registration form (services/loyalty-site; its own origin). */
export class LoyaltySitePages extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Create your Scene+ account' });
  readonly welcome = this.page.getByRole('heading', { level: 1, name: /^Welcome to Scene\+/ });
  readonly alert = this.page.getByRole('alert');
  readonly back = this.page.getByRole('link', { name: 'Return to the store' });

  async register(o: { firstName: string; lastName: string; email: string; postalCode: string; terms?: boolean }): Promise<void> {
    await this.page.getByLabel('First name').fill(o.firstName);
    await this.page.getByLabel('Last name').fill(o.lastName);
    await this.page.getByLabel('Email').fill(o.email);
    await this.page.getByLabel('Postal code').fill(o.postalCode);
    if (o.terms !== false) await this.page.getByLabel('I accept the Scene+ programme terms').check();
    await this.page.getByRole('button', { name: 'Create my account' }).click();
  }
}
