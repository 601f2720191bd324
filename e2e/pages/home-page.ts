import type { Locator, Page, Response } from '@playwright/test';

/** The shell's own frame and home page (served HTML: skip link, home hero, not-found page). */
export class HomePage {
  readonly heading: Locator;
  readonly skipLink: Locator;
  readonly notFoundHeading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /^Welcome to Harbour/ });
    this.skipLink = page.getByRole('link', { name: 'Skip to main content' });
    this.notFoundHeading = page.getByRole('heading', { name: 'Page not found' });
  }

  /** Opens `/` (or `origin + '/'` for a platform other than the suite's). */
  goto(origin = ''): Promise<Response | null> {
    return this.page.goto(`${origin}/`);
  }
}
