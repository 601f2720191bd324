/**
 * Unit prices of flyer items, for the flyer page (the kit's rules: g/kg → per 100 g, mL/L → per
 * 100 mL, ea → per item), from the price the item shows and its package size.
 */
import { unitPrice, unitPriceText, type UnitPriceText } from '@storefront/remote-kit/unit-price';

export type { UnitPriceText };

/** '$4.99' (a package) or '$8.79 /kg' (sold by weight). */
const PRICE_TEXT = /^\$(\d{1,6})\.(\d{2})(\s*\/\s*kg)?$/;

/**
 * The unit price of an item priced `priceText` with package `size` (null: sold by weight, then the
 * price must be per kg); null when the price text is not a plain price (e.g. '2 for $5') or the size
 * gives no quantity.
 */
export function flyerUnitPrice(priceText: string, size: string | null): UnitPriceText | null {
  const m = PRICE_TEXT.exec(priceText.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number(m[2]);
  const perKg = m[3] !== undefined;
  if (!perKg && size === null) return null;
  const price = unitPrice(cents, size, perKg);
  return price && unitPriceText(price);
}
