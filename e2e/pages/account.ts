import type { Locator, Page, Response } from '@playwright/test';

/** mf-loyalty's account pages (`./pages` in #slot-page): `/my-profile` and `/preferences-centre`. */
export class AccountPages {
  static readonly SAVED = 'Your preferences have been saved.';
  readonly main: Locator;
  readonly profileHeading: Locator;
  readonly preferencesHeading: Locator;
  /** The signed-out prompt's 'Log In' (both pages). */
  readonly logInButton: Locator;
  readonly flyerEmail: Locator;
  readonly offersEmail: Locator;
  readonly english: Locator;
  readonly french: Locator;
  readonly saveButton: Locator;
  readonly savedMessage: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.profileHeading = page.getByRole('heading', { level: 1, name: 'My Profile' });
    this.preferencesHeading = page.getByRole('heading', { level: 1, name: 'Preferences Centre' });
    this.logInButton = this.main.getByRole('button', { name: 'Log In' });
    this.flyerEmail = this.main.getByRole('checkbox', { name: 'Weekly flyer by email' });
    this.offersEmail = this.main.getByRole('checkbox', { name: 'Offers and news by email' });
    this.english = this.main.getByRole('radio', { name: 'English' });
    this.french = this.main.getByRole('radio', { name: 'Français' });
    this.saveButton = this.main.getByRole('button', { name: 'Save preferences' });
    this.savedMessage = this.main.getByText(AccountPages.SAVED);
  }

  gotoProfile(): Promise<Response | null> {
    return this.page.goto('/my-profile');
  }

  gotoPreferences(): Promise<Response | null> {
    return this.page.goto('/preferences-centre');
  }
}
