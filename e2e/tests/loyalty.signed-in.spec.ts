import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { signIn as signInAs, sessionLoaded } from '../fixtures/session';

/**
 * mf-loyalty end to end (issue 7; spec §4 Card popup state, Suppression, Verify flow; §8): sign in as the
 * seeded shoppers (services/seed/data/accounts/shoppers.json, password Groceries!2026) and see the
 * right card popup or none; suppression survives a reload; a card is linked end to end and the points
 * appear in the header without a reload; hostile redirectUrl values are refused.
 *
 * Tests run in file order on one platform (one worker): liam is linked by the end-to-end test, so the
 * per-shopper popup checks come first.
 */

const CARD_STATUS_TOAST = 'Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.';

/** Header 'Account' → 'Log In' → the provider's form → back on the storefront (fixtures/session.ts). */
const signIn = (page: Page, email: string) => signInAs(page, email);


const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe('card popups per seeded shopper (spec §4 Card popup state)', () => {
  test('nora (no card) → the add-card popup, a labelled modal with the card number field focused', async ({ page }) => {
    await signIn(page, 'nora.nocard@example.com');
    const popup = dialog(page, 'Add your Scene+ card');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('textbox', { name: 'Scene+ card number' })).toBeFocused();
    await expect(popup.getByRole('button', { name: 'Remind me later' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Close' })).toBeVisible();
  });

  test('liam (LP01, not linked) → the link-card popup', async ({ page }) => {
    await signIn(page, 'liam.lp01@example.com');
    await expect(dialog(page, 'Link your Scene+ card')).toContainText('ending in 1002');
  });

  test('gina (LP03 ghost card) → the ghost-card popup with Register Scene+ Card', async ({ page }) => {
    await signIn(page, 'gina.ghost@example.com');
    const popup = dialog(page, 'Finish registering your Scene+ card');
    await expect(popup.getByRole('link', { name: 'Register Scene+ Card' })).toHaveAttribute('href', '/register');
  });

  test('olga (LP00) → the card-status toast and no popup', async ({ page }) => {
    await signIn(page, 'olga.lp00@example.com');
    await expect(page.getByText(CARD_STATUS_TOAST)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('lena (linked) → no popup', async ({ page }) => {
    await signIn(page, 'lena.linked@example.com');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('suppression (spec §4 Suppression)', () => {
  test("'Remind me later' keeps the popup hidden after a reload; Escape-closing works from the keyboard", async ({ page }) => {
    await signIn(page, 'nora.nocard@example.com');
    const popup = dialog(page, 'Add your Scene+ card');
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Remind me later' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.reload();
    await sessionLoaded(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The header's 'Link Your Scene+ Card' still opens it on request; Escape closes it.
    await page.getByRole('button', { name: /^Hi, / }).click();
    await page.getByRole('button', { name: 'Link Your Scene+ Card' }).click();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('linking a card end to end (spec §4 Verify flow)', () => {
  test('liam: link → /verify-card → code 246810 → back, and the points appear in the header without a reload', async ({ page }) => {
    await signIn(page, 'liam.lp01@example.com');
    await page.goto('/flyer');
    await sessionLoaded(page);
    const popup = dialog(page, 'Link your Scene+ card');
    await popup.getByRole('button', { name: 'Link My Card' }).click();
    await expect(page).toHaveURL(/\/verify-card\?redirectUrl=%2Fflyer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your Scene+ card' })).toBeVisible();
    await expect(page.getByText('Demo: no email is sent. The code is 246810.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();

    await page.evaluate(() => { (window as unknown as { __noReload: boolean }).__noReload = true; });
    await page.getByRole('textbox', { name: 'Verification code' }).fill('246810');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/flyer$/);

    await page.getByRole('button', { name: /^Hi, Liam/ }).click();
    await expect(page.getByTestId('scene-points')).toHaveText('430');
    await expect(page.getByTestId('scene-dollars')).toHaveText('$4.30');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('nora: add card 6046 0000 0000 2000 → link → verify; a hostile redirectUrl goes home instead', async ({ page }) => {
    await signIn(page, 'nora.nocard@example.com');
    const add = dialog(page, 'Add your Scene+ card');
    await add.getByRole('textbox', { name: 'Scene+ card number' }).fill('6046 0000 0000 2000');
    await add.getByRole('button', { name: 'Add Card' }).click();
    const link = dialog(page, 'Link your Scene+ card');
    await expect(link).toContainText('ending in 2000');
    await link.getByRole('button', { name: 'Link My Card' }).click();
    await expect(page).toHaveURL(/\/verify-card\?redirectUrl=%2F$/);

    await page.goto('/verify-card?redirectUrl=https%3A%2F%2Fevil.example%2F');
    await page.getByRole('textbox', { name: 'Verification code' }).fill('246810');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.hostname === 'localhost');
    await page.getByRole('button', { name: /^Hi, Nora/ }).click();
    await expect(page.getByTestId('scene-points')).toHaveText('900');
  });
});

test.describe('hostile redirectUrl is refused (spec §2 /verify-card redirectUrl)', () => {
  for (const hostile of ['https://evil.example', 'javascript:alert(1)', '//evil']) {
    test(`${hostile} → home on this site`, async ({ page }) => {
      // lena's card is linked already: verifying answers ALREADY_LINKED and the page leaves at once.
      await signIn(page, 'lena.linked@example.com');
      let dialogs = 0;
      page.on('dialog', (d) => { dialogs += 1; void d.dismiss(); });
      await page.goto(`/verify-card?redirectUrl=${encodeURIComponent(hostile)}`);
      await page.getByRole('textbox', { name: 'Verification code' }).fill('246810');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.hostname === 'localhost');
      expect(dialogs).toBe(0);
    });
  }
});

test.describe('/scene page (spec §2 Routes, §7 transactionHistory)', () => {
  test('lena: masked card, points, dollar value and the 180-day history table', async ({ page }) => {
    await signIn(page, 'lena.linked@example.com');
    await page.goto('/scene');
    await expect(page.getByRole('heading', { level: 1, name: 'Scene+' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByLabel('Card ending in 1003')).toHaveText('•••• •••• •••• 1003');
    await expect(main.getByText('1,250 PTS')).toBeVisible();
    await expect(main.getByText('$12.50')).toBeVisible();
    const table = main.getByRole('table', { name: 'Transactions in the last 180 days' });
    await expect(table).toBeVisible();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  });

  test('signed out: a sign-in prompt', async ({ page }) => {
    await page.goto('/scene');
    await expect(page.getByRole('main').getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});
