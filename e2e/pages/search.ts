import { expect, type Locator, type Response } from '@playwright/test';
import { PageObject, escapeRegExp } from './page-object';

/** mf-search's search box and dropdown (`#slot-mf-search`, spec §2 Search dropdown; WAI-ARIA combobox). */
export class SearchBox extends PageObject {
  /** The combobox's accessible name (spec §2). */
  static readonly LABEL = 'Search products and recipes';
  static readonly LOADING_TEXT = 'Finding the best matches for you...';
  static readonly NO_SUGGESTIONS = 'No suggestions!';

  readonly slot = this.page.locator('#slot-mf-search');
  readonly combobox = this.page.getByRole('combobox', { name: SearchBox.LABEL });
  /** Suggestions while typing. */
  readonly suggestions = this.page.getByRole('listbox', { name: 'Suggestions' });
  /** The empty box's listbox and its groups. */
  readonly recentAndPopular = this.page.getByRole('listbox', { name: 'Recent and popular searches' });
  readonly recent = this.page.getByRole('group', { name: 'Recent searches' });
  readonly popular = this.recentAndPopular.getByRole('group', { name: 'Popular searches' });
  /** Dropdown regions: product cards, popular carousels (no results). */
  readonly products = this.page.getByRole('region', { name: 'Products' });
  readonly popularProducts = this.page.getByRole('region', { name: 'Popular products' });
  readonly popularRecipes = this.page.getByRole('region', { name: 'Popular recipes' });
  readonly inlineCompletion = this.page.getByTestId('inline-completion');
  readonly loading = this.page.getByText(SearchBox.LOADING_TEXT);
  readonly noSuggestions = this.page.getByText(SearchBox.NO_SUGGESTIONS);

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
export class SearchResultsPage extends PageObject {
  /** Any results heading ('Results for “...”'). */
  readonly heading = this.page.getByRole('heading', { level: 1, name: /Results for/ });
  /** The Products tab: 'Products (<n>)'. */
  readonly productsTab = this.page.getByRole('tab', { name: /Products \(\d+\)/ });

  goto(query: string, tab: 'product' | 'recipe' = 'product'): Promise<Response | null> {
    return this.page.goto(`/?query=${encodeURIComponent(query)}&tab=${tab}`);
  }

  /** The heading for `query`, 'Results for “<query>”' (exact unless `partial`). */
  headingFor(query: string, { partial = false } = {}): Locator {
    return partial
      ? this.page.getByRole('heading', { name: new RegExp(`Results for “${escapeRegExp(query)}”`) })
      : this.page.getByRole('heading', { level: 1, name: `Results for “${query}”` });
  }

  /**
   * Adds the first `n` products of the results to the list, one at a time: each time the first
   * 'Add to list: <name>' button, then waits for its 'Added: <name>' ('Added' shows only once the list
   * stored it, never before). Returns the names added, in order.
   */
  async addFirstToList(n: number): Promise<string[]> {
    const adds = this.page.getByRole('button', { name: /^Add to list: / });
    await expect(adds.first()).toBeVisible({ timeout: 20_000 });
    const titles: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const name = (await adds.nth(0).getAttribute('aria-label'))!.replace(/^Add to list: /, '');
      titles.push(name);
      await adds.nth(0).click();
      await expect(this.page.getByRole('button', { name: `Added: ${name}` }).first()).toBeVisible();
    }
    return titles;
  }

  /** The number in the Products tab. */
  async productCount(): Promise<number> {
    return Number((await this.productsTab.innerText()).match(/\((\d+)\)/)![1]);
  }
}
