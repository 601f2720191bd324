import { PageObject } from './page-object';

/** mf-tours' guided tour (react-joyride tooltip, an alertdialog) and its storage (spec §4, §9). */
export class TourOverlay extends PageObject {
  /** The tour's tooltip. */
  readonly tooltip = this.page.getByRole('alertdialog');
  readonly start = this.tooltip.getByRole('button', { name: 'Start the tour' });
  readonly next = this.tooltip.getByRole('button', { name: 'Next' });
  readonly back = this.tooltip.getByRole('button', { name: 'Back' });
  readonly skip = this.tooltip.getByRole('button', { name: 'Skip tour' });
  /** The tooltip's × (ends the tour). */
  readonly close = this.tooltip.locator('button[data-action="close"]');
  /** The last step's primary button ('Close'). */
  readonly finish = this.tooltip.locator('button[data-action="primary"]', { hasText: 'Close' });

  /** The step shown, 0-based (react-joyride's data-joyride-step). */
  async stepIndex(): Promise<number> {
    return Number(await this.tooltip.getAttribute('data-joyride-step'));
  }

  /** local storage `completed_tours` as an array. */
  completedTours(): Promise<string[]> {
    return this.page.evaluate(() => JSON.parse(localStorage.getItem('completed_tours') || '[]'));
  }
}
