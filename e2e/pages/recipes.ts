import { expect, type Locator, type Page } from '@playwright/test';

/**
 * mf-search's recipe pages (`./recipes` in #slot-page; spec §2 `/recipes`, `/recipes/{slug}`)
 * and the external loyalty site's registration page (services/loyalty-site, spec §2 `/register`).
 */
export class RecipePages {
  static readonly ADD_INGREDIENTS = 'Add the ingredients to my list';
  static readonly CREATE_SCENE = 'Collect Scene+ points on your groceries';

  readonly main: Locator;
  readonly listHeading: Locator;
  /** The recipe cards (links) of /recipes. */
  readonly cards: Locator;
  readonly tagFilter: Locator;
  readonly ingredients: Locator;
  readonly steps: Locator;
  readonly addIngredients: Locator;
  readonly result: Locator;
  /** mf-loyalty's createScenePopup (spec §4). */
  readonly createScenePopup: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.listHeading = page.getByRole('heading', { level: 1, name: 'Recipes' });
    this.cards = page.locator('#slot-page').getByRole('listitem').getByRole('link');
    this.tagFilter = page.getByRole('group', { name: 'Filter recipes by tag' });
    this.ingredients = page.getByRole('region', { name: 'Ingredients' }).getByRole('listitem');
    this.steps = page.getByRole('region', { name: 'Steps' }).getByRole('listitem');
    this.addIngredients = page.getByRole('button', { name: RecipePages.ADD_INGREDIENTS });
    this.result = page.locator('.mfs-recipe__result');
    this.createScenePopup = page.getByRole('dialog', { name: RecipePages.CREATE_SCENE });
  }

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
  async dismissConsent(): Promise<void> {
    const reject = this.page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject All' });
    await reject.click({ timeout: 3000 }).catch(() => undefined);
  }
}

/** The external loyalty site's registration form (services/loyalty-site; its own origin). */
export class LoyaltySitePages {
  readonly heading: Locator;
  readonly welcome: Locator;
  readonly alert: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Create your Scene+ account' });
    this.welcome = page.getByRole('heading', { level: 1, name: /^Welcome to Scene\+/ });
    this.alert = page.getByRole('alert');
    this.back = page.getByRole('link', { name: 'Return to the store' });
  }

  async register(o: { firstName: string; lastName: string; email: string; postalCode: string; terms?: boolean }): Promise<void> {
    await this.page.getByLabel('First name').fill(o.firstName);
    await this.page.getByLabel('Last name').fill(o.lastName);
    await this.page.getByLabel('Email').fill(o.email);
    await this.page.getByLabel('Postal code').fill(o.postalCode);
    if (o.terms !== false) await this.page.getByLabel('I accept the Scene+ programme terms').check();
    await this.page.getByRole('button', { name: 'Create my account' }).click();
  }
}
