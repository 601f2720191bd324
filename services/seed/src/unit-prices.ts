import { unitPrice } from '@storefront/remote-kit/unit-price';

/** What the search index adds to a product record so it can be sorted by unit price. */
export interface UnitPriceFields {
  /** Unit price of the base `price` (cents per 100 g, per 100 mL or per item); absent when the size gives none. */
  unitPrice?: number;
  /**
   * Unit price per store number, of the price a shopper of that store sees: `storePrices[store]`,
   * else the base `price` (the storefront's `priceFor`; products sold only in the store's region
   * show the base price). Sorted by with the engine's `sort: 'asc(unitPrices.<store>)'`.
   */
  unitPrices: Record<string, number>;
}

interface PricedProduct {
  size: string | null;
  plu: string | null;
  price: number;
  storePrices: Record<string, number>;
}

/** Fractional cents kept to 3 decimals: exact enough to order what shoppers see (rounded to cents). */
const round3 = (n: number) => Math.round(n * 1000) / 1000;

function cents(priceCents: number, p: PricedProduct): number | undefined {
  // loose produce (a PLU) is priced per kg, whatever its size says
  const u = unitPrice(priceCents, p.size, p.plu !== null);
  return u ? round3(u.cents) : undefined;
}

/**
 * The unit-price fields of a product for the search index, computed when the seed is indexed (not
 * committed: 3,174 products × 31 stores), with the kit's `unitPrice` the tiles use, so the order the
 * engine sorts by is the order of the unit prices on the page.
 * @param storeNumbers every store of the catalogue (data/stores.json).
 */
export function unitPriceFields(p: PricedProduct, storeNumbers: readonly string[]): UnitPriceFields {
  const base = cents(p.price, p);
  const unitPrices: Record<string, number> = {};
  for (const store of storeNumbers) {
    const u = cents(p.storePrices[store] ?? p.price, p);
    if (u !== undefined) unitPrices[store] = u;
  }
  return base === undefined ? { unitPrices } : { unitPrice: base, unitPrices };
}
