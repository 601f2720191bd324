import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** Shopper-facing labels of mf-store-selector shared by the selector dialog and the locator page. */
const SEARCH_FIELD = 'Search by city or postal code';
const SELECT = 'Select this store';

/** mf-store-selector's header band (`#slot-mf-store-selector`): store button, selector dialog, confirmation sheet. */
export class StoreSelector {
  readonly slot: Locator;
  /** 'Your store: <name>'. */
  readonly button: Locator;
  readonly dialog: Locator;
  readonly searchField: Locator;
  /** Up to three stores matching the dialog's search. */
  readonly matches: Locator;
  /** Stores near the shopper (geolocation or the current store). */
  readonly near: Locator;
  readonly locatorLink: Locator;
  /** The confirmation sheet 'Update Selected Store' (an alertdialog). */
  readonly sheet: Locator;
  /** The same sheet whether it is an alertdialog or a dialog. */
  readonly sheetAnyRole: Locator;

  constructor(readonly page: Page) {
    this.slot = page.locator('#slot-mf-store-selector');
    this.button = page.getByRole('button', { name: /^Your store: / });
    this.dialog = page.getByRole('dialog', { name: 'Select a store' });
    this.searchField = this.dialog.getByRole('searchbox', { name: SEARCH_FIELD });
    this.matches = this.dialog.getByRole('list', { name: 'Stores matching your search' });
    this.near = this.dialog.getByRole('list', { name: 'Stores near you' });
    this.locatorLink = this.dialog.getByRole('link', { name: 'View Store Locator' });
    this.sheet = page.getByRole('alertdialog', { name: 'Update Selected Store' });
    this.sheetAnyRole = this.sheet.or(page.getByRole('dialog', { name: 'Update Selected Store' }));
  }

  /** The store button once it names `store` exactly ('Your store: Halifax Quinpool'). */
  buttonFor(store: string): Locator {
    return this.page.getByRole('button', { name: `Your store: ${store}` });
  }

  /** The store button whose name matches `pattern` after 'Your store: '. */
  buttonMatching(pattern: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Your store: .*${pattern}`) });
  }

  /** A matching store (list item) whose heading matches `name`. */
  match(name: string | RegExp): Locator {
    return this.matches.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name }) });
  }

  /** The 'Select this store' button inside `item` (a store of a list, or a store page). */
  static selectButton(item: Locator): Locator {
    return item.getByRole('button', { name: SELECT });
  }

  /** The sheet's 'Yes'. */
  get confirmButton(): Locator {
    return this.sheet.getByRole('button', { name: 'Yes' });
  }

  /** Store button → search → select `name` → Yes; waits until the button names it. */
  async choose(search: string, name: string): Promise<void> {
    await this.button.click();
    await this.searchField.fill(search);
    await StoreSelector.selectButton(this.match(name)).click();
    await this.confirmButton.click();
    await expect(this.buttonFor(name)).toBeVisible();
  }
}

/** mf-store-selector's pages (`./pages` in #slot-page): `/store-locator` and `/stores/{slug}`. */
export class StorePages {
  static readonly SEARCH_FIELD = SEARCH_FIELD;
  readonly main: Locator;
  readonly locatorHeading: Locator;
  readonly searchField: Locator;
  readonly map: Locator;
  readonly currentStoreNote: Locator;
  readonly nearby: Locator;
  readonly selectButton: Locator;
  readonly locatorLink: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.locatorHeading = this.main.getByRole('heading', { level: 1, name: 'Find a store' });
    this.searchField = this.main.getByRole('searchbox', { name: SEARCH_FIELD });
    this.map = this.main.getByRole('group', { name: 'Map of the stores listed' });
    this.currentStoreNote = this.main.getByText('Your current store');
    this.nearby = this.main.getByRole('list', { name: 'Nearby stores' });
    this.selectButton = this.main.getByRole('button', { name: SELECT });
    this.locatorLink = this.main.getByRole('link', { name: 'View Store Locator' });
  }

  gotoLocator(): Promise<Response | null> {
    return this.page.goto('/store-locator');
  }

  gotoStore(slug: string): Promise<Response | null> {
    return this.page.goto(`/stores/${slug}`);
  }

  /** The locator's results for `query`: 'Stores matching “<query>”'. */
  resultsFor(query: string): Locator {
    return this.main.getByRole('list', { name: `Stores matching “${query}”` });
  }

  /** A store page's h1. */
  heading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  /** A store's hours table 'Hours of <name>'. */
  hours(name: string): Locator {
    return this.main.getByRole('table', { name: `Hours of ${name}` });
  }
}
