import type { Response } from '@playwright/test';
import { PageObject } from './page-object';

/** The shell's own frame and home page (served HTML: skip link, home hero, not-found page). */
export class HomePage extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: /^Welcome to Harbour/ });
  readonly skipLink = this.page.getByRole('link', { name: 'Skip to main content' });
  readonly notFoundHeading = this.page.getByRole('heading', { name: 'Page not found' });

  /** Opens `/` (or `origin + '/'` for a platform other than the suite's). */
  goto(origin = ''): Promise<Response | null> {
    return this.page.goto(`${origin}/`);
  }
}
