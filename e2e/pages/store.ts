import { expect, type Locator, type Response } from '@playwright/test';
import { PageObject, dialogNamed } from './page-object';

/** Shopper-facing labels of mf-store-selector shared by the selector dialog and the locator page. */
const SEARCH_FIELD = 'Search by city or postal code';
const SELECT = 'Select this store';

/** mf-store-selector's header band (`#slot-mf-store-selector`): store button, selector dialog, confirmation sheet. */
export class StoreSelector extends PageObject {
  readonly slot = this.page.locator('#slot-mf-store-selector');
  /** 'Your store: <name>'. */
  readonly button = this.page.getByRole('button', { name: /^Your store: / });
  readonly dialog = dialogNamed(this.page, 'Select a store');
  readonly searchField = this.dialog.getByRole('searchbox', { name: SEARCH_FIELD });
  /** Up to three stores matching the dialog's search. */
  readonly matches = this.dialog.getByRole('list', { name: 'Stores matching your search' });
  /** Stores near the shopper (geolocation or the current store). */
  readonly near = this.dialog.getByRole('list', { name: 'Stores near you' });
  readonly locatorLink = this.dialog.getByRole('link', { name: 'View Store Locator' });
  /** The confirmation sheet 'Update Selected Store' (an alertdialog). */
  readonly sheet = this.page.getByRole('alertdialog', { name: 'Update Selected Store' });
  /** The same sheet whether it is an alertdialog or a dialog. */
  readonly sheetAnyRole = this.sheet.or(this.page.getByRole('dialog', { name: 'Update Selected Store' }));

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
export class StorePages extends PageObject {
  static readonly SEARCH_FIELD = SEARCH_FIELD;
  readonly main = this.page.getByRole('main');
  readonly locatorHeading = this.main.getByRole('heading', { level: 1, name: 'Find a store' });
  readonly searchField = this.main.getByRole('searchbox', { name: SEARCH_FIELD });
  readonly map = this.main.getByRole('group', { name: 'Map of the stores listed' });
  readonly currentStoreNote = this.main.getByText('Your current store');
  readonly nearby = this.main.getByRole('list', { name: 'Nearby stores' });
  readonly selectButton = this.main.getByRole('button', { name: SELECT });
  readonly locatorLink = this.main.getByRole('link', { name: 'View Store Locator' });

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
