import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { signIn as signInAs, sessionLoaded } from '../fixtures/session';
import { LoyaltyPages, LoyaltyPopups, storefront } from '../pages';
import { MailInbox } from '../pages/loyalty';

/**
 * mf-loyalty end to end (spec §4 Card popup state, Suppression, Verify flow; §8): sign in as the
 * seeded shoppers (services/seed/data/accounts/shoppers.json, password Groceries!2026) and see the
 * right card popup or none; suppression survives a reload; a card is linked end to end with the code
 * read from the mail the BFF sent (MailDev's REST API), the points appear in the header without a
 * reload; 5 wrong codes use a code up; hostile redirectUrl values are refused.
 *
 * Tests run in file order on one platform (one worker): liam is linked by the end-to-end test, so the
 * per-shopper popup checks come first.
 */

/** Header 'Account' → 'Log In' → the provider's form → back on the storefront (fixtures/session.ts); returns the page objects. */
async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  return storefront(page);
}

test.describe('card popups per seeded shopper (spec §4 Card popup state)', () => {
  test('nora (no card) → the add-card popup, a labelled modal with the card number field focused', async ({ page }) => {
    const { popups } = await signIn(page, 'nora.nocard@example.com');
    const popup = popups.addCard;
    await expect(popup).toBeVisible();
    await expect(popups.cardNumberField()).toBeFocused();
    await expect(popups.remindLaterButton()).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Close' })).toBeVisible();
  });

  test('liam (LP01, not linked) → the link-card popup', async ({ page }) => {
    const { popups } = await signIn(page, 'liam.lp01@example.com');
    await expect(popups.linkCard).toContainText('ending in 1002');
  });

  test('gina (LP03 ghost card) → the ghost-card popup with Register Scene+ Card', async ({ page }) => {
    const { popups } = await signIn(page, 'gina.ghost@example.com');
    const popup = popups.ghostCard;
    // spec §2 /register: the external loyalty site of /config.json (services/loyalty-site), back to this page after
    await expect(popup.getByRole('link', { name: 'Register Scene+ Card' })).toHaveAttribute('href', /^http:\/\/localhost:\d+\/register\?returnUrl=http%3A%2F%2Flocalhost%3A\d+%2F$/);
  });

  test('olga (LP00) → the card-status toast and no popup', async ({ page }) => {
    const { popups } = await signIn(page, 'olga.lp00@example.com');
    await expect(page.getByText(LoyaltyPopups.CARD_STATUS_TOAST)).toBeVisible();
    await expect(popups.anyDialog).toHaveCount(0);
  });

  test('lena (linked) → no popup', async ({ page }) => {
    const { popups } = await signIn(page, 'lena.linked@example.com');
    await expect(popups.anyDialog).toHaveCount(0);
  });
});

test.describe('suppression (spec §4 Suppression)', () => {
  test("'Remind me later' keeps the popup hidden after a reload; Escape-closing works from the keyboard", async ({ page }) => {
    const { popups, header } = await signIn(page, 'nora.nocard@example.com');
    const popup = popups.addCard;
    await expect(popup).toBeVisible();
    await popups.remindLaterButton().click();
    await expect(popups.anyDialog).toHaveCount(0);

    await page.reload();
    await sessionLoaded(page);
    await expect(popups.anyDialog).toHaveCount(0);

    // The header's 'Link Your Scene+ Card' still opens it on request; Escape closes it.
    await header.greetingButton.click();
    await page.getByRole('button', { name: 'Link Your Scene+ Card' }).click();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popups.anyDialog).toHaveCount(0);
  });
});

/** Any 6-digit code but `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test.describe('linking a card end to end (spec §4 Verify flow)', () => {
  test('liam: link → the mailed code; 5 wrong codes use it up (the right one is refused) → a new code links, the points show without a reload', async ({ page, platform }) => {
    test.setTimeout(120_000); // the new code waits out the 30 s resend countdown
    const inbox = new MailInbox(platform.mailInboxUrl);
    const to = 'liam.lp01@example.com';
    const { popups, loyalty, header } = await signIn(page, to);
    await page.goto('/flyer');
    await sessionLoaded(page);
    const before = (await inbox.mailsTo(to)).length;
    await popups.linkMyCardButton.click();
    await expect(page).toHaveURL(/\/verify-card\?redirectUrl=%2Fflyer$/);
    await expect(loyalty.verifyHeading).toBeVisible();
    await expect(loyalty.codeSentText).toBeVisible();
    await expect(loyalty.newCodeButton).toBeDisabled();
    const first = await inbox.codeOfMail(to, before + 1);
    // the page shows no code
    await expect(loyalty.main).not.toContainText(first);
    await expect(loyalty.main).not.toContainText(/\b\d{6}\b/);

    for (let i = 0; i < 5; i++) {
      expect((await loyalty.verifyAndWait(wrongCode(first))).status()).toBe(200);
      await expect(loyalty.alert).toHaveText(LoyaltyPages.WRONG_CODE);
    }
    expect((await loyalty.verifyAndWait(first)).status()).toBe(429);
    await expect(loyalty.alert).toHaveText(LoyaltyPages.TOO_MANY_TRIES);
    await expect(page).toHaveURL(/\/verify-card/);

    // a new code is needed: 'Send a new code' opens when the 30 s countdown ends
    await expect(loyalty.newCodeButton).toHaveAccessibleName(/^Send a new code$/, { timeout: 40_000 });
    await expect(loyalty.newCodeButton).toBeEnabled();
    await loyalty.newCodeButton.click();
    await expect(page.getByText('We sent a new code to your email.')).toBeVisible();
    const second = await inbox.codeOfMail(to, before + 2);

    await page.evaluate(() => { (window as unknown as { __noReload: boolean }).__noReload = true; });
    await loyalty.verify(second);
    await expect(page).toHaveURL(/\/flyer$/);

    await header.greeting(/^Hi, Liam/).click();
    await expect(header.scenePoints).toHaveText('430');
    await expect(header.sceneDollars).toHaveText('$4.30');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('nora (a shopper with no card yet): add card 6046 0000 0000 2000 → link → the code from her inbox; a hostile redirectUrl goes home instead', async ({ page, platform }) => {
    const inbox = new MailInbox(platform.mailInboxUrl);
    const to = 'nora.nocard@example.com';
    const { popups, loyalty, header } = await signIn(page, to);
    const before = (await inbox.mailsTo(to)).length;
    await popups.cardNumberField().fill('6046 0000 0000 2000');
    await popups.addCardButton().click();
    await expect(popups.linkCard).toContainText('ending in 2000');
    await popups.linkMyCardButton.click();
    await expect(page).toHaveURL(/\/verify-card\?redirectUrl=%2F$/);
    const code = await inbox.codeOfMail(to, before + 1);
    const mail = (await inbox.mailsTo(to))[before]!;
    expect(mail.subject).toBe('Harbour Market: your Scene+ verification code');
    expect(mail.html).toContain(code);

    await loyalty.gotoVerify('https://evil.example/');
    await expect(loyalty.main).not.toContainText(code);
    await loyalty.verify(code);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.hostname === 'localhost');
    await header.greeting(/^Hi, Nora/).click();
    await expect(header.scenePoints).toHaveText('900');
  });
});

test.describe('hostile redirectUrl is refused (spec §2 /verify-card redirectUrl)', () => {
  for (const hostile of ['https://evil.example', 'javascript:alert(1)', '//evil']) {
    test(`${hostile} → home on this site`, async ({ page }) => {
      // lena's card is linked already: verifying answers ALREADY_LINKED and the page leaves at once.
      const { loyalty } = await signIn(page, 'lena.linked@example.com');
      let dialogs = 0;
      page.on('dialog', (d) => { dialogs += 1; void d.dismiss(); });
      await loyalty.gotoVerify(hostile);
      await loyalty.verify('000000');
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.hostname === 'localhost');
      expect(dialogs).toBe(0);
    });
  }
});

test.describe('/scene page (spec §2 Routes, §7 transactionHistory)', () => {
  test('lena: masked card, points, dollar value and the 180-day history table', async ({ page }) => {
    const { loyalty } = await signIn(page, 'lena.linked@example.com');
    await loyalty.gotoScene();
    await expect(loyalty.sceneHeading).toBeVisible();
    const main = loyalty.main;
    await expect(main.getByLabel('Card ending in 1003')).toHaveText('•••• •••• •••• 1003');
    await expect(main.getByText('1,250 PTS')).toBeVisible();
    await expect(main.getByText('$12.50')).toBeVisible();
    const table = loyalty.historyTable;
    await expect(table).toBeVisible();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  });

  test('signed out: a sign-in prompt', async ({ page }) => {
    const loyalty = new LoyaltyPages(page);
    await loyalty.gotoScene();
    await expect(loyalty.logInButton).toBeVisible();
  });
});
