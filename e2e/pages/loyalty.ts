import { expect, type FrameLocator, type Locator, type Response } from '@playwright/test';
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

  /** The add-card popup's registration screen set (the identity provider's form in an iframe, spec §2). */
  screenSet(popup: Locator = this.addCard): FrameLocator {
    return popup.frameLocator('iframe[title="Scene+ card number form"]');
  }

  /** The add-card popup's card number field (in its screen set). */
  cardNumberField(popup: Locator = this.addCard): Locator {
    return this.screenSet(popup).getByRole('textbox', { name: 'Scene+ card number' });
  }

  /** The screen set's 'Add Card'. */
  addCardButton(popup: Locator = this.addCard): Locator {
    return this.screenSet(popup).getByRole('button', { name: 'Add Card' });
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
  /** The page's message after the 6th try of a code (the BFF's 429 TOO_MANY_ATTEMPTS). */
  static readonly TOO_MANY_TRIES = 'Too many wrong codes. This code no longer works: send a new code, then enter it here.';
  static readonly WRONG_CODE = 'That code is not correct. Check the code and try again.';
  readonly main = this.page.getByRole('main');
  readonly verifyHeading = this.page.getByRole('heading', { level: 1, name: 'Verify your Scene+ card' });
  readonly codeField = this.page.getByRole('textbox', { name: 'Verification code' });
  readonly verifyButton = this.page.getByRole('button', { name: 'Verify' });
  /** 'Send a new code in N s' (disabled) while the 30 s countdown runs, then 'Send a new code'. */
  readonly newCodeButton = this.page.getByRole('button', { name: /^Send a new code( in \d+ s)?$/ });
  readonly codeSentText = this.page.getByText(/^We sent a code to your email\./);
  readonly alert = this.main.getByRole('alert');
  readonly sceneHeading = this.page.getByRole('heading', { level: 1, name: 'Scene+' });
  readonly historyTable = this.main.getByRole('table', { name: 'Transactions in the last 180 days' });
  readonly logInButton = logInPrompt(this.main);

  gotoVerify(redirectUrl: string): Promise<Response | null> {
    return this.page.goto(`/verify-card?redirectUrl=${encodeURIComponent(redirectUrl)}`);
  }

  gotoScene(): Promise<Response | null> {
    return this.page.goto('/scene');
  }

  /** Enters `code` and presses Verify. */
  async verify(code: string): Promise<void> {
    await this.codeField.fill(code);
    await this.verifyButton.click();
  }

  /** Enters `code`, presses Verify and resolves with the BFF's answer to it. */
  async verifyAndWait(code: string): Promise<Response> {
    const answer = this.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/services/verifyCode');
    await this.verify(code);
    return answer;
  }
}

/** One mail of MailDev's REST API (`GET /api/email`). */
export interface InboxMail {
  id: string;
  subject: string;
  to: Array<{ address: string; name: string }>;
  text: string;
  html: string;
}

/** The platform's mail catcher (MailDev, fixtures/platform.ts `mailInboxUrl`), read with its REST API. */
export class MailInbox {
  constructor(private readonly url: string) {}

  /** Mails sent to `to` so far, in arrival order. */
  async mailsTo(to: string): Promise<InboxMail[]> {
    const res = await fetch(`${this.url.replace('localhost', '127.0.0.1')}/api/email`);
    if (!res.ok) throw new Error(`MailDev GET /api/email: HTTP ${res.status}`);
    const all = (await res.json()) as InboxMail[];
    return all.filter((m) => m.to.some((a) => a.address.toLowerCase() === to.toLowerCase()));
  }

  /** Waits (up to 15 s) for mail number `n` (1-based) to `to`, and returns the 6-digit code in its text. */
  async codeOfMail(to: string, n: number): Promise<string> {
    await expect.poll(async () => (await this.mailsTo(to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
    const mail = (await this.mailsTo(to))[n - 1]!;
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no 6-digit code in the mail '${mail.subject}'`);
    return code;
  }
}
