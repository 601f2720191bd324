/**
 * The product page's URL and nutrition table (spec §2 `/products/{slug}`; nutrition facts
 * per 100 g from the USDA data the catalogue is generated from).
 */
import type { NutritionFacts } from './records';

/**
 * The record `pageSlug` of a product page path: '/products/butter-salted-20010010' →
 * 'products/butter-salted-20010010'; null when the path is not `/products/<one segment>`.
 */
export function pageSlugFromPath(pathname: string): string | null {
  const m = /^\/products\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  let slug: string;
  try { slug = decodeURIComponent(m[1]); } catch { return null; }
  return slug ? `products/${slug}` : null;
}

/** Words of a slug without its trailing article number, for the not-found page's search link: 'butter-salted-20010010' → 'butter salted'. */
export function searchWordsFromPageSlug(pageSlug: string): string {
  return pageSlug.replace(/^products\//, '').replace(/-?\d{6,}$/, '').split('-').filter(Boolean).join(' ');
}

/** One row of the Nutrition Facts table. */
export interface NutritionRow {
  key: keyof NutritionFacts;
  label: string;
  unit: 'kcal' | 'g' | 'mg';
  /** Indented under the row above (saturated fat, fibre, sugars). */
  sub?: boolean;
}

/** Rows of the table in label order, with their units (per 100 g). */
export const NUTRITION_ROWS: readonly NutritionRow[] = [
  { key: 'energyKcal', label: 'Energy', unit: 'kcal' },
  { key: 'totalFat', label: 'Total fat', unit: 'g' },
  { key: 'saturatedFat', label: 'Saturated fat', unit: 'g', sub: true },
  { key: 'carbohydrate', label: 'Carbohydrate', unit: 'g' },
  { key: 'fibre', label: 'Fibre', unit: 'g', sub: true },
  { key: 'sugars', label: 'Sugars', unit: 'g', sub: true },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'sodium', label: 'Sodium', unit: 'mg' },
];

/** A value as USDA gives it (no rounding), with its unit: 717 → '717 kcal'; null → 'Not available'. */
export function nutritionValueText(value: number | null | undefined, unit: string): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value} ${unit}` : 'Not available';
}

/** Smallest and largest quantity the product page accepts. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

/** The quantity field's text as a whole number in [1, 99], or null when it is not one. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= QUANTITY_MIN && n <= QUANTITY_MAX ? n : null;
}
