import { PageObject } from './page-object';

/** The identity provider's forgotten-password pages (services/identity `/password/*`). */
export class PasswordResetPages extends PageObject {
  readonly forgotLink = this.page.getByRole('link', { name: 'Forgot password?' });
  readonly forgotHeading = this.page.getByRole('heading', { name: 'Forgot your password?' });
  readonly email = this.page.getByLabel('Email');
  readonly sendButton = this.page.getByRole('button', { name: 'Send reset link' });
  readonly sentHeading = this.page.getByRole('heading', { name: 'Check your email' });
  readonly backToLogIn = this.page.getByRole('link', { name: 'Back to Log In' });
  readonly newPassword = this.page.getByLabel('New password');
  readonly changeButton = this.page.getByRole('button', { name: 'Change password' });
  /** The confirmation on the sign-in page once the password was changed. */
  readonly changedNotice = this.page.getByRole('status').filter({ hasText: 'Your password has been changed' });
  readonly deadLink = this.page.getByRole('alert').filter({ hasText: 'This password reset link has expired or was already used.' });
  readonly askAgain = this.page.getByRole('link', { name: 'Ask for a new link' });

  /**
   * From the sign-in page: 'Forgot password?', the email, 'Send reset link'.
   * @returns the answer's HTTP status and the text of the page it shows
   */
  async ask(email: string): Promise<{ status: number; text: string }> {
    await this.forgotLink.click();
    await this.email.fill(email);
    const answer = this.page.waitForResponse((r) => new URL(r.url()).pathname === '/password/forgot' && r.request().method() === 'POST');
    await this.sendButton.click();
    const status = (await answer).status();
    await this.sentHeading.waitFor();
    return { status, text: await this.page.locator('main').innerText() };
  }

  /** Opens the mailed link and chooses `password`. */
  async choose(link: string, password: string): Promise<void> {
    await this.page.goto(link);
    await this.newPassword.fill(password);
    await this.changeButton.click();
  }
}

/** The reset link in a mail's plain text. */
export function resetLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/password\/reset\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error('no password reset link in the mail');
  return link;
}

