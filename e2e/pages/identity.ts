import { expect, type Locator, type Page } from '@playwright/test';

/** Password of every demo shopper (services/seed/data/accounts/shoppers.json). */
export const DEMO_PASSWORD = 'Groceries!2026';

/** The OpenID Connect provider's own pages (services/identity, another origin): log in and sign up. */
export class IdentityPages {
  readonly logInHeading: Locator;
  readonly signUpHeading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly logInButton: Locator;
  readonly signUpButton: Locator;
  /** The form's error message. */
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.logInHeading = page.getByRole('heading', { name: 'Log in to your account' });
    this.signUpHeading = page.getByRole('heading', { name: 'Create your account' });
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.firstName = page.getByLabel('First name');
    this.lastName = page.getByLabel('Last name');
    this.logInButton = page.getByRole('button', { name: 'Log In' });
    this.signUpButton = page.getByRole('button', { name: 'Sign Up' });
    this.error = page.getByRole('alert');
  }

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
