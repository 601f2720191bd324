import type { Locator, Page } from '@playwright/test';

/**
 * Base of the page objects: holds the Playwright page. A subclass declares its locators as field
 * initialisers (`readonly heading = this.page.getByRole(…)`); they run once this constructor has set
 * `page`. (A parameter property of the subclass's own constructor would be set after them: the suite
 * compiles to ES2022 class fields.)
 */
export abstract class PageObject {
  constructor(readonly page: Page) {}
}

/** `#slot-page`, where the shell mounts the route's remote page. */
export const pageSlot = (page: Page): Locator => page.locator('#slot-page');

/** A dialog by its accessible name. */
export const dialogNamed = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

/** The signed-out prompt's 'Log In' inside `within` (a page's own, not the header's). */
export const logInPrompt = (within: Locator): Locator => within.getByRole('button', { name: 'Log In' });

/** `text` escaped for use inside a RegExp. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rejects the consent tool's banner when it shows within 3 s (it covers the page's bottom, dialogs
 * included): 'Reject All', the choice that sends nothing. No banner (consent already given) is fine.
 */
export async function rejectConsentIfShown(page: Page): Promise<void> {
  const reject = page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject All' });
  await reject.click({ timeout: 3000 }).catch(() => undefined);
}
