/** A product as the list shows it (read by ../api/products). */

/**
 * A product record of the products index (services/seed/data/products.json). Prices are in cents.
 * `storeIds`: stores that carry it; `storePrices`: price per store number; `regions`: regions where it
 * is sold (a store's `region` list uses the same names, e.g. 'atlantic', 'ns').
 */
export interface ProductRecord {
  objectID: string;
  articleNumber?: string;
  title?: string;
  brand?: string;
  category?: string;
  subcategory?: string;
  /** e.g. '454 g'. */
  size?: string;
  uom?: string;
  /** Regular price in cents. */
  price?: number;
  /** Store number → price in cents. */
  storePrices?: Record<string, number>;
  storeIds?: string[];
  regions?: string[];
  /** e.g. 'products/butter-salted-20010010' (the page is '/' + pageSlug). */
  pageSlug?: string;
  /** Image fields, when the index has them. */
  image?: string;
  imageUrl?: string;
}
