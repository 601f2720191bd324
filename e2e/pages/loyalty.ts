import { expect, type Locator, type Response } from '@playwright/test';
import { PageObject, dialogNamed, logInPrompt } from './page-object';

/** mf-loyalty's card popups (`#slot-mf-loyalty` in .site-overlays, spec §4 Card popup state). */
export class LoyaltyPopups extends PageObject {
  static readonly ADD_CARD = 'Add your Scene+ card';
  static readonly LINK_CARD = 'Link your Scene+ card';
  static readonly GHOST_CARD = 'Finish registering your Scene+ card';
  /** The card-status toast (spec §8). */
  static readonly CARD_STATUS_TOAST = 'Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.';

  readonly slot = this.page.locator('#slot-mf-loyalty');
  /** Any dialog on the page. */
  readonly anyDialog = this.page.getByRole('dialog');
  readonly addCard = this.dialog(LoyaltyPopups.ADD_CARD);
  readonly linkCard = this.dialog(LoyaltyPopups.LINK_CARD);
  readonly ghostCard = this.dialog(LoyaltyPopups.GHOST_CARD);

  /** A card popup by its title. */
  dialog(name: string): Locator {
    return dialogNamed(this.page, name);
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
export class LoyaltyPages extends PageObject {
  static readonly VERIFY_CODE = '246810';
  readonly main = this.page.getByRole('main');
  readonly verifyHeading = this.page.getByRole('heading', { level: 1, name: 'Verify your Scene+ card' });
  readonly codeField = this.page.getByRole('textbox', { name: 'Verification code' });
  readonly verifyButton = this.page.getByRole('button', { name: 'Verify' });
  readonly resendButton = this.page.getByRole('button', { name: /^Resend code in \d+ s$/ });
  readonly demoCodeNote = this.page.getByText(`Demo: no email is sent. The code is ${LoyaltyPages.VERIFY_CODE}.`);
  readonly sceneHeading = this.page.getByRole('heading', { level: 1, name: 'Scene+' });
  readonly historyTable = this.main.getByRole('table', { name: 'Transactions in the last 180 days' });
  readonly logInButton = logInPrompt(this.main);

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
