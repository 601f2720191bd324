import type { Locator, Page } from '@playwright/test';

/** Rows of the product page's Nutrition Facts table (mf-search './product'), by their row header. */
export type NutritionRowName = 'Energy' | 'Total fat' | 'Saturated fat' | 'Carbohydrate' | 'Fibre' | 'Sugars' | 'Protein' | 'Sodium';

/** mf-search's product page (`/products/{slug}` in `#slot-page`). */
export class ProductPage {
  static readonly NOT_FOUND = 'Product not found';

  readonly main: Locator;
  readonly heading: Locator;
  readonly price: Locator;
  readonly availability: Locator;
  readonly quantity: Locator;
  readonly addToList: Locator;
  readonly added: Locator;
  readonly nutrition: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('#slot-page');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.price = this.main.locator('.mfs-product__price');
    this.availability = this.main.getByRole('list', { name: 'Availability' });
    this.quantity = this.main.getByRole('spinbutton', { name: 'Quantity' });
    this.addToList = this.main.getByRole('button', { name: 'Add to list' });
    this.added = this.main.getByRole('button', { name: 'Added' });
    this.nutrition = this.main.getByRole('table');
    this.notFound = this.main.getByRole('heading', { level: 1, name: ProductPage.NOT_FOUND });
  }

  /** Opens `/products/<slug>`. */
  async goto(slug: string): Promise<void> {
    await this.page.goto(`/products/${slug}`);
  }

  /** The value cell of one nutrient row, e.g. '717 kcal'. */
  nutrient(name: NutritionRowName): Locator {
    return this.nutrition.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) }).getByRole('cell');
  }
}
