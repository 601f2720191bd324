import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { signIn } from '../fixtures/session';
import { storefront } from '../pages';

/**
 * mf-loyalty's account pages end to end (spec §2 Routes /my-profile and /preferences-centre,
 * §3 Session `subscribed`, §6): lena (seeded: u-1003, linked card, 1,250 PTS) sees her profile and keeps
 * her saved preferences across a reload; an anonymous visitor is asked to sign in.
 */

/** The bus session's `subscribed` (spec §3), as the shell last published it. */
function sessionSubscribed(page: Page): Promise<boolean | null> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { __SHARED_EVENTS__?: { bus: { state: { session: { value: { subscribed: boolean } | null } } } } };
    return g.__SHARED_EVENTS__?.bus.state.session.value?.subscribed ?? null;
  });
}

/** Signs lena in and closes a card popup if one shows; the page objects of the account pages. */
async function signInLena(page: Page) {
  await signIn(page, 'lena.linked@example.com');
  const { popups, account } = storefront(page);
  await popups.closeIfShown();
  return { popups, account };
}

test('lena: /my-profile shows her name, email and Scene+ points', async ({ page }) => {
  const { account } = await signInLena(page);
  await account.gotoProfile();
  await expect(account.profileHeading).toBeVisible();
  await expect(account.main.getByText('Lena Linked')).toBeVisible();
  await expect(account.main.getByText('lena.linked@example.com')).toBeVisible();
  await expect(account.main.getByText('1,250 PTS')).toBeVisible();
  await expect(account.main.getByText('•••• •••• •••• 1003')).toBeVisible();
  await expect(account.main.getByRole('link', { name: /store/i }).first()).toHaveAttribute('href', '/store-locator');
});

test("lena: /preferences-centre saves 'Weekly flyer by email'; it survives a reload and the session follows", async ({ page }) => {
  const { popups, account } = await signInLena(page);
  await account.gotoPreferences();
  await expect(account.preferencesHeading).toBeVisible();
  await expect(account.flyerEmail).toBeVisible();

  // Start from no email subscription (lena is seeded as subscribed), saved and read back.
  await account.flyerEmail.uncheck();
  await account.offersEmail.uncheck();
  await account.saveButton.click();
  await expect(account.savedMessage).toBeVisible();
  await expect.poll(() => sessionSubscribed(page)).toBe(false);
  await page.reload();
  await expect(account.flyerEmail).not.toBeChecked();

  // Tick the weekly flyer, save, reload: it stays ticked, and the session is subscribed again.
  await popups.closeIfShown();
  await account.flyerEmail.check();
  await account.saveButton.click();
  await expect(account.savedMessage).toBeVisible();
  await expect.poll(() => sessionSubscribed(page)).toBe(true);
  await page.reload();
  await expect(account.flyerEmail).toBeChecked();
  await expect(account.offersEmail).not.toBeChecked();
  await expect(account.english).toBeChecked();
});

test('anonymous: /my-profile asks to sign in', async ({ page }) => {
  const { account } = storefront(page);
  await account.gotoProfile();
  await expect(account.profileHeading).toBeVisible();
  await expect(account.logInButton).toBeVisible();
  await expect(account.main.getByText('Sign in to see your profile, preferred store and Scene+ card.')).toBeVisible();
});
