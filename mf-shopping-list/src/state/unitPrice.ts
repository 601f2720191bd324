/**
 * A list line's unit price (pure): from the price shown for the preferred store and the product's
 * package size, with the kit's unit-price rules (g/kg → per 100 g, mL/L → per 100 mL, ea → per item).
 */
import { unitPrice, unitPriceText as bothForms, type UnitPriceText } from '@storefront/remote-kit/unit-price';
import type { ProductRecord } from './productRecord';

export type { UnitPriceText };

/**
 * The unit price of a product at `priceCents` (the shelf price in cents; per kg for produce sold by
 * weight, UOM `KG`); null without a price or a size the kit can read.
 */
export function unitPriceText(record: Pick<ProductRecord, 'size' | 'uom'> | null | undefined, priceCents: number | null): UnitPriceText | null {
  if (!record || priceCents === null) return null;
  const price = unitPrice(priceCents, record.size, record.uom?.toUpperCase() === 'KG');
  if (!price) return null;
  return bothForms(price);
}
