import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { storefront } from '../pages';

/**
 * Spec §4 Store selection: "confirming ... saves the preferred store on the account when logged in";
 * a signed-in shopper's account store (session `product.storeId`) wins over the locally stored one on
 * sign-in. Shopper nora.nocard@example.com (no card, no preferred store at first).
 */
const EMAIL = 'nora.nocard@example.com';

async function signIn(page: Page, identityPort: number) {
  const { header, identity, popups } = storefront(page);
  await header.startLogIn();
  await identity.waitFor(identityPort, '/');
  await identity.logIn(EMAIL, undefined, { checkHeading: true });
  await expect(header.greeting('Hi, Nora...')).toBeVisible({ timeout: 15_000 });
  // No card: mf-loyalty may offer the addCard popup; 'Remind me later' closes it.
  await popups.remindLaterIfShown();
}

test('the account keeps the chosen store: sign out, pick another store, sign in again → the account store is restored', async ({ page, platform }) => {
  const { home, header, store } = storefront(page);
  await home.goto();
  await expect(store.buttonFor('Halifax Quinpool')).toBeVisible();
  await signIn(page, platform.ports.identity);

  // Signed in: the choice is saved on the account (success toast only after the BFF answered).
  await store.choose('Antigonish', 'Antigonish Co-op');
  await expect(page.getByText('Your store is now Antigonish Co-op.')).toBeVisible();
  await expect(page.getByText('Something Went Wrong while updating preferred store.')).toHaveCount(0);

  await header.greeting('Hi, Nora...').click();
  await header.signOutButton.click();
  await page.waitForURL((url) => url.origin === platform.url && url.pathname === '/', { timeout: 15_000 });
  await expect(header.accountButton).toBeVisible();

  // Signed out, another store is chosen locally.
  await expect(store.buttonFor('Antigonish Co-op')).toBeVisible();
  await store.choose('Truro', 'Truro Robie Street');

  // Signing in again: the account's store wins over the local one.
  await signIn(page, platform.ports.identity);
  await expect(store.buttonFor('Antigonish Co-op')).toBeVisible();
  await expect(header.storeName).toContainText('Antigonish');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('preferredStore') ?? 'null') as { storeNumber: string } | null);
  expect(stored?.storeNumber).toBe('2062');
});
