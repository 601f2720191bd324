import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { signIn as signInAs } from '../fixtures/session';
import { LoyaltyPopups, storefront } from '../pages';

/**
 * Signed-in recent searches (spec §6 "recent searches are saved under the user's token",
 * §7 "Recent searches: get, add and remove, by user token"): kept by the BFF, not in the browser,
 * removable, never shown to another shopper. Shopper lena.linked@example.com (seed shoppers.json).
 */

/** Signs in (fixtures/session.ts), then closes a card popup mf-loyalty may open so the header is reachable. */
async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  await new LoyaltyPopups(page).closeIfShown();
}

test('signed-in recent searches live on the server, are removable and are never shown to another shopper', async ({ page, browser }) => {
  const label = `salmon fillet ${Date.now().toString(36)}`;
  const kept = `kept oats ${Date.now().toString(36)}`;
  await signIn(page, 'lena.linked@example.com');
  const { search, results } = storefront(page);
  const box = search.combobox;
  // A second recent search that stays: after the removal it proves the list has loaded.
  await search.submit(kept);
  await expect(page).toHaveURL(/\?query=kept/);
  await search.submit(label);
  await expect(page).toHaveURL(/\?query=salmon/);
  await expect(results.heading).toBeVisible();
  const recent = search.recent;
  // (the shell may remount the search box with the URL's query while the session settles: retried)
  await search.expectRecent(async (r) => expect(r.getByRole('option', { name: label, exact: true })).toBeVisible({ timeout: 2_000 }));
  expect(await page.evaluate(() => localStorage.getItem('mfs-recent-searches') ?? '')).not.toContain('salmon');

  // kept across a reload (server side)
  await page.reload();
  await search.expectRecent(async (r) => expect(r.getByRole('option', { name: label, exact: true })).toBeVisible({ timeout: 2_000 }));

  // an anonymous visitor in another browser context never sees it
  const other = await browser.newContext();
  const anon = storefront(await other.newPage());
  await anon.home.goto();
  await anon.search.combobox.fill('x');
  await anon.search.combobox.fill('');
  await expect(anon.search.recent.getByRole('option', { name: label })).toHaveCount(0);
  await other.close();

  // Delete on the highlighted recent search removes it on the server
  const options = recent.getByRole('option');
  const index = (await options.allInnerTexts()).findIndex((t) => t.trim().startsWith(label));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await box.press('ArrowDown');
  await box.press('Delete');
  await expect(recent.getByRole('option', { name: label, exact: true })).toHaveCount(0);
  await page.reload();
  await search.expectRecent(async (r) => expect(r.getByRole('option', { name: kept, exact: true })).toBeVisible({ timeout: 2_000 }));
  await expect(recent.getByRole('option', { name: label, exact: true })).toHaveCount(0);
});
