import type { Response } from '@playwright/test';
import { PageObject, logInPrompt } from './page-object';

/** mf-loyalty's account pages (`./pages` in #slot-page): `/my-profile` and `/preferences-centre`. */
export class AccountPages extends PageObject {
  static readonly SAVED = 'Your preferences have been saved.';
  readonly main = this.page.getByRole('main');
  readonly profileHeading = this.page.getByRole('heading', { level: 1, name: 'My Profile' });
  readonly preferencesHeading = this.page.getByRole('heading', { level: 1, name: 'Preferences Centre' });
  /** The signed-out prompt's 'Log In' (both pages). */
  readonly logInButton = logInPrompt(this.main);
  readonly flyerEmail = this.main.getByRole('checkbox', { name: 'Weekly flyer by email' });
  readonly offersEmail = this.main.getByRole('checkbox', { name: 'Offers and news by email' });
  readonly english = this.main.getByRole('radio', { name: 'English' });
  readonly french = this.main.getByRole('radio', { name: 'Français' });
  readonly saveButton = this.main.getByRole('button', { name: 'Save preferences' });
  readonly savedMessage = this.main.getByText(AccountPages.SAVED);

  gotoProfile(): Promise<Response | null> {
    return this.page.goto('/my-profile');
  }

  gotoPreferences(): Promise<Response | null> {
    return this.page.goto('/preferences-centre');
  }
}
