/**
 * Unit prices of product hits (the kit's `unitPrice`: g/kg → per 100 g, mL/L → per 100 mL, ea → per
 * item), from the same price the tile shows; the kit says it in words for screen readers.
 */
import { formatUnitPrice, spokenUnitPrice, unitPrice, type UnitPrice } from '@storefront/remote-kit/unit-price';
import type { ProductHit } from './records';

export { formatUnitPrice, spokenUnitPrice, type UnitPrice };

/**
 * The unit price of a hit at `cents` (the price shown: store price, else base price). Loose produce
 * (a `plu`) is priced per kg. Null when there is no price or the size gives no quantity.
 */
export function hitUnitPrice(hit: Pick<ProductHit, 'size' | 'plu'>, cents: number | null): UnitPrice | null {
  if (cents === null) return null;
  return unitPrice(cents, hit.size, typeof hit.plu === 'string' && hit.plu !== '');
}
