import { expect, type Locator } from '@playwright/test';
import { PageObject, escapeRegExp, pageSlot } from './page-object';

/** Facet groups of a category listing (fieldset legends, mf-search './catalogue'). */
export type FacetName = 'Brand' | 'Dietary' | 'Price' | 'Flyer';

/**
 * mf-search's catalogue pages: `/products` and `/products/category/{category}[/{subcategory}]`
 * in `#slot-page` — facets (fieldset/legend checkboxes with visible counts), sort, product cards.
 */
export class CataloguePage extends PageObject {
  static readonly NOT_FOUND = 'Page not found';

  readonly main = pageSlot(this.page);
  readonly heading = this.main.getByRole('heading', { level: 1 });
  readonly notFound = this.main.getByRole('heading', { level: 1, name: CataloguePage.NOT_FOUND });
  /** '<n> products' (a polite status line above the cards). */
  readonly count = this.main.locator('.mfs-catalogue__count');
  /** The product cards of the listing. */
  readonly cards = this.main.getByRole('list', { name: /^Products in / }).getByRole('listitem');
  readonly sort = this.main.getByRole('combobox', { name: 'Sort by' });
  readonly empty = this.main.getByRole('heading', { name: 'No products match' });

  /** Opens a catalogue path, e.g. '/products/category/dairy-eggs/cheese'. */
  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /** Waits until the listing (or its empty state) has been answered. */
  async expectListing(): Promise<void> {
    await expect(this.count).toHaveText(/^\d+ products?$/, { timeout: 20_000 });
    await expect(this.main.locator('.mfs-catalogue__results[aria-busy="true"]')).toHaveCount(0);
  }

  /** One facet group (fieldset). */
  facet(name: FacetName): Locator {
    return this.main.getByRole('group', { name });
  }

  /** A facet checkbox by its value label ('Harbour Pantry', '$5 to $10'); its name ends with '(count)'. */
  option(facet: FacetName, label: string): Locator {
    return this.facet(facet).getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(label)} \\(\\d+\\)$`) });
  }

  /** The count shown next to a facet value. */
  async optionCount(facet: FacetName, label: string): Promise<number> {
    const name = (await this.option(facet, label).evaluate((el) => el.closest('label')?.textContent ?? '')) as string;
    return Number(/\((\d+)\)\s*$/.exec(name)?.[1] ?? NaN);
  }

  /** The number in the '<n> products' line. */
  async total(): Promise<number> {
    return Number(/^(\d+)/.exec((await this.count.textContent()) ?? '')?.[1] ?? NaN);
  }

  /** Titles of the cards shown, in order. */
  async titles(): Promise<string[]> {
    return this.cards.locator('.mfs-card__title').allTextContents();
  }

  /** The picture of the n-th card (an img with src, width, height and alt). */
  picture(n: number): Locator {
    return this.cards.nth(n).getByRole('img');
  }
}
