import { expect } from '@playwright/test';
import { PageObject } from './page-object';

/** Password of every demo shopper (services/seed/data/accounts/shoppers.json). */
export const DEMO_PASSWORD = 'Groceries!2026';

/** The OpenID Connect provider's own pages (services/identity, another origin): log in and sign up. */
export class IdentityPages extends PageObject {
  readonly logInHeading = this.page.getByRole('heading', { name: 'Log in to your account' });
  readonly signUpHeading = this.page.getByRole('heading', { name: 'Create your account' });
  readonly email = this.page.getByLabel('Email');
  readonly password = this.page.getByLabel('Password');
  readonly firstName = this.page.getByLabel('First name');
  readonly lastName = this.page.getByLabel('Last name');
  readonly logInButton = this.page.getByRole('button', { name: 'Log In' });
  readonly signUpButton = this.page.getByRole('button', { name: 'Sign Up' });
  /** The form's error message. */
  readonly error = this.page.getByRole('alert');

  /** Waits for the provider's page on `identityPort`. */
  async waitFor(identityPort: number, path = '/interaction/'): Promise<void> {
    await this.page.waitForURL(new RegExp(`^http://localhost:${identityPort}${path}`));
  }

  /** Fills the log-in form and submits it. `checkHeading`: first assert the page is the log-in form. */
  async logIn(email: string, password = DEMO_PASSWORD, { checkHeading = false } = {}): Promise<void> {
    if (checkHeading) await expect(this.logInHeading).toBeVisible();
    await this.email.fill(email);
    await this.password.fill(password);
    await this.logInButton.click();
  }
}
