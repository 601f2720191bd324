import { expect, type Locator } from '@playwright/test';
import { PageObject, escapeRegExp, pageSlot } from './page-object';

/** The unavailable text of /flyer (mf-flyer `UNAVAILABLE_TEXT`). */
const UNAVAILABLE = 'The weekly flyer is unavailable right now. Please try again later.';

/**
 * mf-flyer's `/flyer` page (`#slot-page`, spec §2 /flyer) and the flyer provider's iframe
 * inside it (services/flyer-provider: `<iframe title="Weekly flyer">` on the provider's origin, item
 * cards `<article aria-label="<name>">` with a toggle 'Add to list: <name>' / 'Remove from list:
 * <name>' and the saved flag '✓ In your list').
 */
export class FlyerPage extends PageObject {
  readonly main = pageSlot(this.page);
  readonly heading = this.main.getByRole('heading', { level: 1, name: 'Weekly flyer' });
  /** 'Flyer for <store name> (<number>) · Valid …' above the flyer. */
  readonly storeLine = this.main.locator('.mf-flyer__store');
  /** The polite notice of `set_preferred_store_number` ("We couldn't find store …"). */
  readonly notice = this.main.locator('.mf-flyer__notice');
  readonly iframe = this.main.locator('iframe[title="Weekly flyer"]');
  readonly frame = this.page.frameLocator('iframe[title="Weekly flyer"]');
  /** Every item card of the flyer. */
  readonly cards = this.frame.getByRole('article');
  readonly unavailable = this.main.getByRole('alert').filter({ hasText: UNAVAILABLE });
  readonly retry = this.main.getByRole('button', { name: 'Try again' });
  /** The item dialog opened by an item's picture ('flyer:item-open'). */
  readonly itemDialog = this.page.getByRole('dialog');

  /** Opens /flyer (with `query`, e.g. '?set_preferred_store_number=42') and waits for the page's heading. */
  async goto(query = ''): Promise<void> {
    await this.page.goto(`/flyer${query}`);
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
  }

  /** Waits until the flyer of `storeNumber` shows in the iframe (its heading band: "… · Store 0042") and above it. */
  async expectFlyerOf(storeNumber: string): Promise<void> {
    await expect(this.iframe).toBeVisible({ timeout: 20_000 });
    await expect(this.frame.getByText(new RegExp(`Store ${storeNumber}$`))).toBeVisible({ timeout: 20_000 });
    await expect(this.storeLine).toContainText(`(${storeNumber})`);
    await expect(this.cards.first()).toBeVisible();
  }

  /** The card of the item named `name`. */
  card(name: string): Locator {
    return this.frame.getByRole('article', { name, exact: true });
  }

  /** The name and sale story of the n-th card (0-based). */
  async item(n: number): Promise<{ name: string; saleStory: string }> {
    const card = this.cards.nth(n);
    const name = (await card.getAttribute('aria-label')) ?? '';
    const saleStory = ((await card.locator('.item-story').textContent()) ?? '').trim();
    return { name, saleStory };
  }

  /** The card's toggle 'Add to list: <name>' (Chromium names it 'Add to list : <name>': its name part is a visually hidden span). */
  addButton(name: string): Locator {
    return this.card(name).getByRole('button', { name: new RegExp(`^Add to list ?: ${escapeRegExp(name)}$`) });
  }

  removeButton(name: string): Locator {
    return this.card(name).getByRole('button', { name: new RegExp(`^Remove from list ?: ${escapeRegExp(name)}$`) });
  }

  /** The saved flag of a card ('✓ In your list'). */
  savedFlag(name: string): Locator {
    return this.card(name).getByText('✓ In your list');
  }
}
