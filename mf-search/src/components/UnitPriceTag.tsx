import { formatUnitPrice, spokenUnitPrice, type UnitPrice } from '../state/unitPrice';
import './unit-price.css';

/**
 * A unit price as a shelf label shows it ('$1.63 /100 g'), read as '$1.63 per 100 g' by screen
 * readers (the label is hidden from them, the words are visually hidden). Nothing when null.
 */
export function UnitPriceTag({ price, className }: { price: UnitPrice | null; className: string }) {
  if (!price) return null;
  return (
    <span className={className}>
      <span aria-hidden="true">{formatUnitPrice(price)}</span>
      <span className="mfs-unit-price__spoken">{spokenUnitPrice(price)}</span>
    </span>
  );
}
