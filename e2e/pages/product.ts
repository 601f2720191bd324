import type { Locator } from '@playwright/test';
import { PageObject, pageSlot } from './page-object';

/** Rows of the product page's Nutrition Facts table (mf-search './product'), by their row header. */
export type NutritionRowName = 'Energy' | 'Total fat' | 'Saturated fat' | 'Carbohydrate' | 'Fibre' | 'Sugars' | 'Protein' | 'Sodium';

/** mf-search's product page (`/products/{slug}` in `#slot-page`). */
export class ProductPage extends PageObject {
  static readonly NOT_FOUND = 'Product not found';

  readonly main = pageSlot(this.page);
  readonly heading = this.main.getByRole('heading', { level: 1 });
  readonly price = this.main.locator('.mfs-product__price');
  readonly availability = this.main.getByRole('list', { name: 'Availability' });
  readonly quantity = this.main.getByRole('spinbutton', { name: 'Quantity' });
  readonly addToList = this.main.getByRole('button', { name: 'Add to list' });
  readonly added = this.main.getByRole('button', { name: 'Added' });
  readonly nutrition = this.main.getByRole('table');
  readonly notFound = this.main.getByRole('heading', { level: 1, name: ProductPage.NOT_FOUND });

  /** Opens `/products/<slug>`. */
  async goto(slug: string): Promise<void> {
    await this.page.goto(`/products/${slug}`);
  }

  /** The value cell of one nutrient row, e.g. '717 kcal'. */
  nutrient(name: NutritionRowName): Locator {
    return this.nutrition.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) }).getByRole('cell');
  }
}
