/**
 * How many cards the search dropdown shows for a viewport width (spec §9 Business constants:
 * "Dropdown product cards by width: over 1365: 5; 1024+: 4; 834+: 3; 414+: 2; else 1" and
 * "Dropdown recipe cards: 4 at 1024+, else 2").
 */
export interface CardCounts {
  /** Product cards in the right column. */
  products: number;
  /** Recipe cards in the right column. */
  recipes: number;
}

/**
 * @param width viewport width in CSS px (`window.innerWidth`)
 * @returns the number of product and recipe cards to request and show
 */
export function cardsForWidth(width: number): CardCounts {
  let products = 1;
  if (width > 1365) products = 5;
  else if (width >= 1024) products = 4;
  else if (width >= 834) products = 3;
  else if (width >= 414) products = 2;
  return { products, recipes: width >= 1024 ? 4 : 2 };
}

/**
 * Cards of a results grid whose pictures load at once (the first row at desktop width, two rows at
 * 390 px): the largest picture of the first view is requested with the page, not after layout
 * (it is the LCP); the rest load lazily. Used by the results page and the catalogue pages.
 */
export const EAGER_CARDS = 4;
