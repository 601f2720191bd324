/**
 * Unit price: the figure shoppers compare products by, computed from a package's size and UOM
 * (g/kg → per 100 g, mL/L → per 100 mL, ea → per item). Sizes are the catalogue's human sizes:
 * '454 g', '1.89 L', '12 ea', '6 x 355 mL', '1 kg' (loose produce, priced per kg when it has a PLU).
 */

/** The unit a unit price is given per. */
export type UnitPriceBasis = '100 g' | '100 mL' | 'ea';

/** A unit price: `cents` per `per` (fractional cents kept so sorting is exact). */
export interface UnitPrice {
  /** Price in cents (not rounded) for one `per`. */
  cents: number;
  per: UnitPriceBasis;
}

const SIZE = /^\s*(?:(\d+(?:\.\d+)?)\s*x\s*)?(\d+(?:\.\d+)?)\s*(g|kg|ml|l|ea)\s*$/i;

/** Grams or millilitres per unit of each size unit, and the basis it is priced on. */
const UNITS: Record<string, { factor: number; per: UnitPriceBasis }> = {
  g: { factor: 1 / 100, per: '100 g' },
  kg: { factor: 10, per: '100 g' },
  ml: { factor: 1 / 100, per: '100 mL' },
  l: { factor: 10, per: '100 mL' },
  ea: { factor: 1, per: 'ea' },
};

/**
 * The unit price of a package.
 * @param priceCents the shelf price in cents (for loose produce: the price per kg).
 * @param size the human size ('454 g', '6 x 355 mL', '12 ea'); null or unknown → null.
 * @param loose true for produce sold by weight (priced per kg whatever the size says).
 * @returns `{ cents, per }` or null when the size gives no quantity (never throws).
 */
export function unitPrice(priceCents: number, size: string | null | undefined, loose = false): UnitPrice | null {
  if (!Number.isFinite(priceCents) || priceCents < 0) return null;
  if (loose) return { cents: priceCents / 10, per: '100 g' };
  const m = size ? SIZE.exec(size) : null;
  if (!m) return null;
  const unit = UNITS[m[3].toLowerCase()];
  const quantity = (m[1] ? Number(m[1]) : 1) * Number(m[2]) * unit.factor;
  if (!(quantity > 0)) return null;
  return { cents: priceCents / quantity, per: unit.per };
}

/**
 * A unit price as shoppers read it on a shelf label: '$1.63 /100 g', '$0.42 /ea'.
 * @param locale BCP 47 locale of the currency format (default 'en-CA').
 */
export function formatUnitPrice(price: UnitPrice, locale = 'en-CA'): string {
  return `${money(price, locale)} /${price.per}`;
}

/** The same figure as a screen reader should say it: '$1.63 per 100 g', '$0.42 per item'. */
export function spokenUnitPrice(price: UnitPrice, locale = 'en-CA'): string {
  return `${money(price, locale)} per ${price.per === 'ea' ? 'item' : price.per}`;
}

/** A unit price as seen ('$1.63 /100 g') and as a screen reader says it ('$1.63 per 100 g'). */
export interface UnitPriceText {
  text: string;
  spoken: string;
}

/** Both forms of one unit price, for a label whose visible text is hidden from screen readers. */
export function unitPriceText(price: UnitPrice, locale = 'en-CA'): UnitPriceText {
  return { text: formatUnitPrice(price, locale), spoken: spokenUnitPrice(price, locale) };
}

const money = (price: UnitPrice, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' }).format(Math.round(price.cents) / 100);

/** Orders by unit price, low to high; items without one go last (a sort comparator). */
export function compareUnitPrice(a: UnitPrice | null, b: UnitPrice | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a.cents - b.cents;
}
