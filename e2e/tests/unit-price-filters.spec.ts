import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { seriousViolations, WCAG_AA } from '../fixtures/a11y';
import { test, expect } from '../fixtures/platform';
import { CataloguePage } from '../pages/catalogue';
import { pageSlot } from '../pages/page-object';

/**
 * Unit prices and filters on a phone (mf-search): a unit price ('$1.63 /100 g') on every product tile
 * of the results page; 'Unit price: low to high' orders the unit prices the shopper sees (parsed from
 * the page, compared as numbers); at 390 px a category page shows a product above the fold and its
 * filters behind 'Filters (N)' in a sheet ('Show N products', Escape returns focus to the button).
 * Screenshots of the 390 px category page and of the open sheet go to /tmp/shots/i30-filters-*.png.
 */
const SHOTS = '/tmp/shots';
const PHONE = { width: 390, height: 844 };

/** The shelf labels of the tiles ('$1.63 /100 g'), in page order. */
async function shownUnitPrices(cards: Locator): Promise<string[]> {
  return cards.locator('.mfs-card__unit-price [aria-hidden="true"]').allTextContents();
}

/** '$1.63 /100 g' → 1.63 (dollars per basis); NaN when it is not a unit price. */
function dollars(label: string): number {
  const m = /^\$(\d{1,3}(?:,\d{3})*\.\d\d) \/(?:100 g|100 mL|ea)$/.exec(label.trim());
  return m ? Number(m[1]!.replace(/,/g, '')) : NaN;
}

const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

test('results page: every tile shows a unit price; "Unit price: low to high" orders the unit prices shown', async ({ page }) => {
  await page.goto('/?query=cheese&tab=product');
  const slot = pageSlot(page);
  const panel = slot.getByRole('tabpanel', { name: /^Products \(\d+\)$/ });
  const cards = panel.locator('.mfs-card--product');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  const labels = await shownUnitPrices(cards);
  expect(labels).toHaveLength(count);
  expect(labels.map(dollars).every(Number.isFinite), labels.join(' | ')).toBe(true);
  // screen readers hear it in words, next to the price
  await expect(cards.first().getByRole('link')).toHaveAccessibleName(/\$\d+\.\d\d per (100 g|100 mL)|\$\d+\.\d\d each/);
  const relevance = labels.map(dollars);

  await slot.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Unit price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=unit-price-asc(&|$)/);
  await expect(slot.locator('.mfs-results[aria-busy="true"]')).toHaveCount(0);
  await expect.poll(async () => ascending((await shownUnitPrices(cards)).map(dollars)), { timeout: 20_000 }).toBe(true);
  const sorted = (await shownUnitPrices(cards)).map(dollars);
  expect(sorted.every(Number.isFinite)).toBe(true);
  // the relevance order was not already sorted, so the order really changed
  expect(ascending(relevance)).toBe(false);
});

test('category page at 390 px: a product tile above the fold, the filters in a sheet', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  const catalogue = new CataloguePage(page);
  await catalogue.goto('/products/category/dairy-eggs/cheese');
  await catalogue.expectListing();
  const first = catalogue.cards.first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box!.y).toBeLessThan(PHONE.height);
  // the facets are not in the page's flow; the button says how many are set
  await expect(catalogue.facet('Brand')).toBeHidden();
  const button = catalogue.main.getByRole('button', { name: 'Filters (0)' });
  await expect(button).toBeVisible();
  await expect(first.locator('.mfs-card__unit-price')).toHaveText(/^\$\d+\.\d\d \/(100 g|100 mL|ea)/);
  await page.screenshot({ path: `${SHOTS}/i30-filters-category.png` });

  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator(':focus')).toHaveCount(1);
  await sheet.getByRole('group', { name: 'Brand' }).getByRole('checkbox', { name: /^Harbour Pantry \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/\?brand=Harbour%20Pantry$/);
  await catalogue.expectListing();
  const total = await catalogue.total();
  await expect(sheet.getByRole('button', { name: `Show ${total} ${total === 1 ? 'product' : 'products'}` })).toBeVisible();
  await expect(catalogue.main.getByRole('button', { name: 'Filters (1)' })).toBeAttached();
  expect(await seriousViolations(page, { include: ['[role="dialog"]'], tags: WCAG_AA })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/i30-filters-sheet.png` });

  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(catalogue.main.getByRole('button', { name: 'Filters (1)' })).toBeFocused();

  await catalogue.main.getByRole('button', { name: 'Filters (1)' }).click();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/cheese$/);
  await catalogue.expectListing();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(catalogue.main.getByRole('button', { name: 'Filters (0)' })).toBeFocused();
});

test('category page at 1280 px: the facets stay beside the listing, no Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const catalogue = new CataloguePage(page);
  await catalogue.goto('/products/category/dairy-eggs/cheese');
  await catalogue.expectListing();
  await expect(catalogue.facet('Brand')).toBeVisible();
  await expect(catalogue.main.getByRole('button', { name: /^Filters \(\d+\)$/ })).toBeHidden();
});
