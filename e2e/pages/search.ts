import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** mf-search's search box and dropdown (`#slot-mf-search`, spec §2 Search dropdown; WAI-ARIA combobox). */
export class SearchBox {
  /** The combobox's accessible name (spec §2). */
  static readonly LABEL = 'Search products and recipes';
  static readonly LOADING_TEXT = 'Finding the best matches for you...';
  static readonly NO_SUGGESTIONS = 'No suggestions!';

  readonly slot: Locator;
  readonly combobox: Locator;
  /** Suggestions while typing. */
  readonly suggestions: Locator;
  /** The empty box's listbox and its groups. */
  readonly recentAndPopular: Locator;
  readonly recent: Locator;
  readonly popular: Locator;
  /** Dropdown regions: product cards, popular carousels (no results). */
  readonly products: Locator;
  readonly popularProducts: Locator;
  readonly popularRecipes: Locator;
  readonly inlineCompletion: Locator;
  readonly loading: Locator;
  readonly noSuggestions: Locator;

  constructor(readonly page: Page) {
    this.slot = page.locator('#slot-mf-search');
    this.combobox = page.getByRole('combobox', { name: SearchBox.LABEL });
    this.suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    this.recentAndPopular = page.getByRole('listbox', { name: 'Recent and popular searches' });
    this.recent = page.getByRole('group', { name: 'Recent searches' });
    this.popular = this.recentAndPopular.getByRole('group', { name: 'Popular searches' });
    this.products = page.getByRole('region', { name: 'Products' });
    this.popularProducts = page.getByRole('region', { name: 'Popular products' });
    this.popularRecipes = page.getByRole('region', { name: 'Popular recipes' });
    this.inlineCompletion = page.getByTestId('inline-completion');
    this.loading = page.getByText(SearchBox.LOADING_TEXT);
    this.noSuggestions = page.getByText(SearchBox.NO_SUGGESTIONS);
  }

  /** Types `query` and presses Enter. */
  async submit(query: string): Promise<void> {
    await this.combobox.fill(query);
    await this.combobox.press('Enter');
  }

  /**
   * Empties and focuses the box until the recent searches satisfy `check` (the shell may remount the
   * search box with the URL's query while the session settles: retried).
   */
  async expectRecent(check: (recent: Locator) => Promise<void>): Promise<void> {
    await expect(async () => {
      await this.combobox.fill('');
      await this.combobox.focus();
      await check(this.recent);
    }).toPass({ timeout: 20_000 });
  }
}

/** mf-search's results page (`./results` in #slot-page, route `/?query=<q>&tab=product|recipe`). */
export class SearchResultsPage {
  /** Any results heading ('Results for “...”'). */
  readonly heading: Locator;
  /** The Products tab: 'Products (<n>)'. */
  readonly productsTab: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /Results for/ });
    this.productsTab = page.getByRole('tab', { name: /Products \(\d+\)/ });
  }

  goto(query: string, tab: 'product' | 'recipe' = 'product'): Promise<Response | null> {
    return this.page.goto(`/?query=${encodeURIComponent(query)}&tab=${tab}`);
  }

  /** The heading for `query`, 'Results for “<query>”' (exact unless `partial`). */
  headingFor(query: string, { partial = false } = {}): Locator {
    return partial
      ? this.page.getByRole('heading', { name: new RegExp(`Results for “${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”`) })
      : this.page.getByRole('heading', { level: 1, name: `Results for “${query}”` });
  }

  /** The number in the Products tab. */
  async productCount(): Promise<number> {
    return Number((await this.productsTab.innerText()).match(/\((\d+)\)/)![1]);
  }
}
