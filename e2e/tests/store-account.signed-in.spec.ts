import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';

/**
 * Spec §4 Store selection: "confirming ... saves the preferred store on the account when logged in";
 * a signed-in shopper's account store (session `product.storeId`) wins over the locally stored one on
 * sign-in. Shopper nora.nocard@example.com (no card, no preferred store at first).
 */
const EMAIL = 'nora.nocard@example.com';
const PASSWORD = 'Groceries!2026';

async function signIn(page: Page, identityPort: number) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(new RegExp(`^http://localhost:${identityPort}/`));
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Hi, Nora...' })).toBeVisible({ timeout: 15_000 });
  // No card: mf-loyalty may offer the addCard popup; 'Remind me later' closes it.
  const popup = page.getByRole('dialog', { name: 'Add your Scene+ card' });
  if (await popup.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
    await popup.getByRole('button', { name: 'Remind me later' }).click();
    await expect(popup).toBeHidden();
  }
}

async function chooseStore(page: Page, search: string, name: string) {
  await page.getByRole('button', { name: /^Your store: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Select a store' });
  await dialog.getByRole('searchbox', { name: 'Search by city or postal code' }).fill(search);
  const item = dialog.getByRole('list', { name: 'Stores matching your search' }).getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
  await item.getByRole('button', { name: 'Select this store' }).click();
  await page.getByRole('alertdialog', { name: 'Update Selected Store' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: `Your store: ${name}` })).toBeVisible();
}

test('the account keeps the chosen store: sign out, pick another store, sign in again → the account store is restored', async ({ page, platform }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Your store: Halifax Quinpool' })).toBeVisible();
  await signIn(page, platform.ports.identity);

  // Signed in: the choice is saved on the account (success toast only after the BFF answered).
  await chooseStore(page, 'Antigonish', 'Antigonish Co-op');
  await expect(page.getByText('Your store is now Antigonish Co-op.')).toBeVisible();
  await expect(page.getByText('Something Went Wrong while updating preferred store.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Hi, Nora...' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.origin === platform.url && url.pathname === '/', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();

  // Signed out, another store is chosen locally.
  await expect(page.getByRole('button', { name: 'Your store: Antigonish Co-op' })).toBeVisible();
  await chooseStore(page, 'Truro', 'Truro Robie Street');

  // Signing in again: the account's store wins over the local one.
  await signIn(page, platform.ports.identity);
  await expect(page.getByRole('button', { name: 'Your store: Antigonish Co-op' })).toBeVisible();
  await expect(page.getByTestId('header-store-name')).toContainText('Antigonish');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('preferredStore') ?? 'null') as { storeNumber: string } | null);
  expect(stored?.storeNumber).toBe('2062');
});
