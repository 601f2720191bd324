import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** mf-loyalty's card popups (`#slot-mf-loyalty` in .site-overlays, spec §4 Card popup state). */
export class LoyaltyPopups {
  static readonly ADD_CARD = 'Add your Scene+ card';
  static readonly LINK_CARD = 'Link your Scene+ card';
  static readonly GHOST_CARD = 'Finish registering your Scene+ card';
  /** The card-status toast (spec §8). */
  static readonly CARD_STATUS_TOAST = 'Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.';

  readonly slot: Locator;
  /** Any dialog on the page. */
  readonly anyDialog: Locator;
  readonly addCard: Locator;
  readonly linkCard: Locator;
  readonly ghostCard: Locator;

  constructor(readonly page: Page) {
    this.slot = page.locator('#slot-mf-loyalty');
    this.anyDialog = page.getByRole('dialog');
    this.addCard = this.dialog(LoyaltyPopups.ADD_CARD);
    this.linkCard = this.dialog(LoyaltyPopups.LINK_CARD);
    this.ghostCard = this.dialog(LoyaltyPopups.GHOST_CARD);
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** The add-card popup's card number field. */
  cardNumberField(popup: Locator = this.addCard): Locator {
    return popup.getByRole('textbox', { name: 'Scene+ card number' });
  }

  remindLaterButton(popup: Locator = this.addCard): Locator {
    return popup.getByRole('button', { name: 'Remind me later' });
  }

  /**
   * mf-loyalty may open a card popup after sign-in (spec §4): when one shows within 2.5 s, close it with
   * Escape so the header is reachable.
   */
  async closeIfShown(): Promise<void> {
    const shown = await this.anyDialog.first().waitFor({ timeout: 2_500 }).then(() => true, () => false);
    if (shown) {
      await this.page.keyboard.press('Escape');
      await expect(this.anyDialog).toHaveCount(0);
    }
  }

  /** A shopper without a card may get the add-card popup (spec §4): when it shows within 5 s, 'Remind me later'. */
  async remindLaterIfShown(): Promise<void> {
    const shown = await this.addCard.waitFor({ timeout: 5_000 }).then(() => true, () => false);
    if (shown) {
      await this.remindLaterButton().click();
      await expect(this.addCard).toBeHidden();
    }
  }

  /** The link-card popup's 'Link My Card'. */
  get linkMyCardButton(): Locator {
    return this.linkCard.getByRole('button', { name: 'Link My Card' });
  }
}

/** mf-loyalty's pages (`./pages` in #slot-page): `/verify-card` and `/scene`. */
export class LoyaltyPages {
  static readonly VERIFY_CODE = '246810';
  readonly main: Locator;
  readonly verifyHeading: Locator;
  readonly codeField: Locator;
  readonly verifyButton: Locator;
  readonly resendButton: Locator;
  readonly demoCodeNote: Locator;
  readonly sceneHeading: Locator;
  readonly historyTable: Locator;
  readonly logInButton: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.verifyHeading = page.getByRole('heading', { level: 1, name: 'Verify your Scene+ card' });
    this.codeField = page.getByRole('textbox', { name: 'Verification code' });
    this.verifyButton = page.getByRole('button', { name: 'Verify' });
    this.resendButton = page.getByRole('button', { name: /^Resend code in \d+ s$/ });
    this.demoCodeNote = page.getByText(`Demo: no email is sent. The code is ${LoyaltyPages.VERIFY_CODE}.`);
    this.sceneHeading = page.getByRole('heading', { level: 1, name: 'Scene+' });
    this.historyTable = this.main.getByRole('table', { name: 'Transactions in the last 180 days' });
    this.logInButton = this.main.getByRole('button', { name: 'Log In' });
  }

  gotoVerify(redirectUrl: string): Promise<Response | null> {
    return this.page.goto(`/verify-card?redirectUrl=${encodeURIComponent(redirectUrl)}`);
  }

  gotoScene(): Promise<Response | null> {
    return this.page.goto('/scene');
  }

  /** Enters `code` (default the demo code) and presses Verify. */
  async verify(code = LoyaltyPages.VERIFY_CODE): Promise<void> {
    await this.codeField.fill(code);
    await this.verifyButton.click();
  }
}
