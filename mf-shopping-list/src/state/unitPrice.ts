/**
 * A list line's unit price (pure): from the price shown for the preferred store and the product's
 * package size, with the kit's unit-price rules (g/kg → per 100 g, mL/L → per 100 mL, ea → per item).
 */
import { formatUnitPrice, spokenUnitPrice, unitPrice } from '@storefront/remote-kit/unit-price';
import type { ProductRecord } from './productRecord';

/** A unit price as seen ('$1.63 /100 g') and as read by screen readers ('$1.63 per 100 g'). */
export interface UnitPriceText {
  text: string;
  spoken: string;
}

/**
 * The unit price of a product at `priceCents` (the shelf price in cents; per kg for produce sold by
 * weight, UOM `KG`); null without a price or a size the kit can read.
 */
export function unitPriceText(record: Pick<ProductRecord, 'size' | 'uom'> | null | undefined, priceCents: number | null): UnitPriceText | null {
  if (!record || priceCents === null) return null;
  const price = unitPrice(priceCents, record.size, record.uom?.toUpperCase() === 'KG');
  if (!price) return null;
  return { text: formatUnitPrice(price), spoken: spokenUnitPrice(price) };
}
