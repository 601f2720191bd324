import { expect, type Locator } from '@playwright/test';
import { PageObject, dialogNamed, pageSlot } from './page-object';

/**
 * mf-shopping-list's header band (`#slot-mf-shopping-list`): the list trigger with its count badge
 * (spec §2 '99+' above 99) and the side panel dialog (spec §2 Shopping-list side panel).
 */
export class ShoppingListPanel extends PageObject {
  readonly slot = this.page.locator('#slot-mf-shopping-list');
  // Page-level (not chained from the slot): BAND_LANDMARKS locators are looked up inside their slot.
  /** 'Shopping list, N items' (exactly: the count, also above 99, while the badge shows '99+'). */
  readonly trigger = this.page.getByRole('button', { name: /^Shopping list, \d+ items?$/ });
  readonly dialog = dialogNamed(this.page, 'Shopping list');
  readonly customField = this.dialog.getByRole('textbox', { name: 'Add a custom item' });
  readonly viewList = this.dialog.getByRole('button', { name: 'View List' }).or(this.dialog.getByRole('link', { name: 'View List' }));
  readonly close = this.dialog.getByRole('button', { name: /^Close/ });

  /** The count badge over the trigger ('3', '99+'; aria-hidden, beside the button: its name has the count). */
  badge(): Locator {
    return this.slot.getByTestId('list-badge');
  }

  /** Waits until the trigger names `count` items ('Shopping list, 3 items'). */
  async expectCount(count: number): Promise<void> {
    await expect(this.trigger).toHaveAccessibleName(new RegExp(`^Shopping list, ${count} items?$`), { timeout: 15_000 });
  }

  async open(): Promise<void> {
    await this.trigger.click();
    await expect(this.dialog).toBeVisible();
  }

  /** Adds a custom item from the panel ('Add a custom item' + Enter). */
  async addCustom(name: string): Promise<void> {
    await this.customField.fill(name);
    await this.customField.press('Enter');
  }

  /** An accordion's disclosure button ('Custom List Items', 'Products'). */
  section(name: 'Custom List Items' | 'Products'): Locator {
    return this.dialog.getByRole('button', { name: new RegExp(`^${name}`) });
  }
}

/** The `/shopping-list` page of mf-shopping-list. */
export class ShoppingListPage extends PageObject {
  readonly main = pageSlot(this.page);
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Shopping list' });
  readonly loadMore = this.page.getByRole('button', { name: 'Load More' });

  async goto(): Promise<void> {
    await this.page.goto('/shopping-list');
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
  }

  /** Every list row (products and custom items) on the page. */
  rows(): Locator {
    return this.main.getByRole('listitem').filter({ has: this.page.getByRole('checkbox') });
  }
}
