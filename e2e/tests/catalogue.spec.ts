import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures/platform';
import { CataloguePage } from '../pages/catalogue';

/**
 * mf-search's catalogue pages (spec §2 Routes, the mega menu's category links): every
 * category link of the mega menu (services/seed/data/content/menu.json) renders a listing, not
 * 'Page not found'; a category filtered by a brand and a price range keeps the same list after a
 * reload, with facet counts equal to the results (checked against the committed seed too); cards
 * show the product's picture, served by the edge from /media/.
 */
const menu = readFileSync(new URL('../../services/seed/data/content/menu.json', import.meta.url), 'utf8');
const categoryLinks = [...new Set([...menu.matchAll(/"(\/products\/category\/[a-z0-9-]+(?:\/[a-z0-9-]+)?)"/g)].map((m) => m[1]!))];

interface SeedProduct { title: string; brand: string; categorySlug: string; subcategorySlug: string; storeIds: string[]; banners: string[]; storePrices: Record<string, number> }
const products = JSON.parse(readFileSync(new URL('../../services/seed/data/products.json', import.meta.url), 'utf8')) as SeedProduct[];

test('every mega-menu category link renders a listing, not Page not found', async ({ page }) => {
  test.setTimeout(240_000);
  expect(categoryLinks.length).toBeGreaterThan(40);
  const catalogue = new CataloguePage(page);
  for (const link of categoryLinks) {
    await catalogue.goto(link);
    await catalogue.expectListing();
    await expect(catalogue.notFound, link).toHaveCount(0);
    await expect(catalogue.heading, link).not.toHaveText('');
  }
});

test('a category filtered by a brand and a price range shows the same list after a reload; facet counts match the results', async ({ page }) => {
  const catalogue = new CataloguePage(page);
  await catalogue.goto('/products/category/dairy-eggs/cheese');
  await catalogue.expectListing();
  await expect(catalogue.heading).toHaveText('Cheese');

  await catalogue.option('Brand', 'Harbour Pantry').check();
  await expect(page).toHaveURL(/\?brand=Harbour%20Pantry$/);
  await catalogue.expectListing();
  await catalogue.option('Price', '$5 to $10').check();
  await expect(page).toHaveURL(/\?brand=Harbour%20Pantry&price=5-10$/);
  await catalogue.expectListing();

  // What the seed says is sold at the default store (3299, standard banner) for these filters.
  const expected = products.filter((p) => p.categorySlug === 'dairy-eggs' && p.subcategorySlug === 'cheese' && p.brand === 'Harbour Pantry'
    && p.banners.includes('standard') && p.storeIds.includes('3299') && p.storePrices['3299']! >= 500 && p.storePrices['3299']! <= 999);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThanOrEqual(24);
  const total = await catalogue.total();
  expect(total).toBe(expected.length);
  expect(await catalogue.optionCount('Brand', 'Harbour Pantry')).toBe(total);
  expect(await catalogue.optionCount('Price', '$5 to $10')).toBe(total);
  const titles = await catalogue.titles();
  expect(titles.length).toBe(total);
  expect([...titles].sort()).toEqual(expected.map((p) => p.title).sort());

  await page.reload();
  await catalogue.expectListing();
  await expect(catalogue.option('Brand', 'Harbour Pantry')).toBeChecked();
  await expect(catalogue.option('Price', '$5 to $10')).toBeChecked();
  expect(await catalogue.titles()).toEqual(titles);
  expect(await catalogue.optionCount('Brand', 'Harbour Pantry')).toBe(total);

  // Back removes the price range again.
  await page.goBack();
  await expect(page).toHaveURL(/\?brand=Harbour%20Pantry$/);
  await catalogue.expectListing();
  await expect(catalogue.option('Price', '$5 to $10')).not.toBeChecked();
  expect(await catalogue.total()).toBe(await catalogue.optionCount('Brand', 'Harbour Pantry'));
});

test('product cards show a picture (width, height, alt) served from /media/; an unknown category is not found', async ({ page }) => {
  const catalogue = new CataloguePage(page);
  await catalogue.goto('/products/category/fruits-vegetables/fresh-fruit');
  await catalogue.expectListing();
  const img = catalogue.picture(0);
  await expect(img).toHaveAttribute('src', /^\/media\/[a-z0-9-]+\.svg$/);
  await expect(img).toHaveAttribute('width', '96');
  await expect(img).toHaveAttribute('height', '96');
  await expect(img).toHaveAttribute('alt', (await catalogue.titles())[0]!);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const src = await img.getAttribute('src');
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/image\/svg\+xml/);

  await catalogue.goto('/products/category/dairy-eggs/no-such-category');
  await expect(catalogue.notFound).toBeVisible({ timeout: 20_000 });
});

test('/products lists the departments with counts and links to every category', async ({ page }) => {
  const catalogue = new CataloguePage(page);
  await catalogue.goto('/products');
  await expect(catalogue.heading).toHaveText('Products', { timeout: 20_000 });
  const dairy = catalogue.main.getByRole('link', { name: 'Dairy & Eggs', exact: true });
  await expect(dairy).toHaveAttribute('href', '/products/category/dairy-eggs');
  await expect(catalogue.main.getByRole('link', { name: 'Cheese', exact: true })).toHaveAttribute('href', '/products/category/dairy-eggs/cheese');
  await expect(catalogue.main.getByRole('list', { name: 'Featured products' }).getByRole('img').first()).toBeVisible();
});
