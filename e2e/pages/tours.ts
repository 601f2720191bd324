import type { Locator, Page } from '@playwright/test';

/** mf-tours' guided tour (react-joyride tooltip, an alertdialog) and its storage (spec §4, §9). */
export class TourOverlay {
  /** The tour's tooltip. */
  readonly tooltip: Locator;
  readonly start: Locator;
  readonly next: Locator;
  readonly back: Locator;
  readonly skip: Locator;
  /** The tooltip's × (ends the tour). */
  readonly close: Locator;
  /** The last step's primary button ('Close'). */
  readonly finish: Locator;

  constructor(readonly page: Page) {
    this.tooltip = page.getByRole('alertdialog');
    this.start = this.tooltip.getByRole('button', { name: 'Start the tour' });
    this.next = this.tooltip.getByRole('button', { name: 'Next' });
    this.back = this.tooltip.getByRole('button', { name: 'Back' });
    this.skip = this.tooltip.getByRole('button', { name: 'Skip tour' });
    this.close = this.tooltip.locator('button[data-action="close"]');
    this.finish = this.tooltip.locator('button[data-action="primary"]', { hasText: 'Close' });
  }

  /** The step shown, 0-based (react-joyride's data-joyride-step). */
  async stepIndex(): Promise<number> {
    return Number(await this.tooltip.getAttribute('data-joyride-step'));
  }

  /** local storage `completed_tours` as an array. */
  completedTours(): Promise<string[]> {
    return this.page.evaluate(() => JSON.parse(localStorage.getItem('completed_tours') || '[]'));
  }
}
