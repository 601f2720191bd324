import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures/platform';
import { storefront } from '../pages';

/**
 * mf-search's product page (spec §2 `/{type}/{pageSlug}`, §5 availability): a search result
 * card's target shows the product, the price at the preferred store, nutrition facts per 100 g equal
 * to the USDA SR21 values of its food (services/seed/data/nutrition.json, generated from ABBREV.txt),
 * and adds it to the shopping list; an unknown slug shows 'Product not found'.
 */
interface Facts { energyKcal: number; protein: number; totalFat: number; saturatedFat: number; carbohydrate: number; fibre: number; sugars: number; sodium: number }
const nutrition = JSON.parse(readFileSync(new URL('../../services/seed/data/nutrition.json', import.meta.url), 'utf8')) as { foods: Record<string, Facts> };
const products = readFileSync(new URL('../../services/seed/data/products.json', import.meta.url), 'utf8');
/** The seed record of Salted Butter (NDB 01001): its price at store 3299, Halifax Quinpool. */
const butter = JSON.parse(products.split('\n').find((l) => l.includes('"pageSlug":"products/salted-butter-20010010"'))!.replace(/,$/, '')) as {
  title: string; storePrices: Record<string, number>; usdaNdbNo: string;
};

test('a product page shows the product, its Halifax Quinpool price and USDA nutrition, and adds it to the list', async ({ page }) => {
  const { product, list } = storefront(page);
  await product.goto('salted-butter-20010010');
  await expect(product.heading).toHaveText(butter.title, { timeout: 20_000 });
  await expect(product.price).toHaveText(`$${(butter.storePrices['3299'] / 100).toFixed(2)} at Halifax Quinpool`);
  await expect(product.availability).toContainText('Available at Halifax Quinpool');

  const usda = nutrition.foods[butter.usdaNdbNo];
  expect(butter.usdaNdbNo).toBe('01001');
  expect(usda.energyKcal).toBe(717);
  await expect(product.nutrition.locator('caption')).toContainText('USDA National Nutrient Database for Standard Reference, Release 21');
  await expect(product.nutrition.locator('caption')).toContainText('NDB No. 01001');
  await expect(product.nutrient('Energy')).toHaveText(`${usda.energyKcal} kcal`);
  await expect(product.nutrient('Protein')).toHaveText(`${usda.protein} g`);
  await expect(product.nutrient('Total fat')).toHaveText(`${usda.totalFat} g`);
  await expect(product.nutrient('Saturated fat')).toHaveText(`${usda.saturatedFat} g`);
  await expect(product.nutrient('Carbohydrate')).toHaveText(`${usda.carbohydrate} g`);
  await expect(product.nutrient('Fibre')).toHaveText(`${usda.fibre} g`);
  await expect(product.nutrient('Sugars')).toHaveText(`${usda.sugars} g`);
  await expect(product.nutrient('Sodium')).toHaveText(`${usda.sodium} mg`);

  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await list.expectCount(0);
  await product.addToList.click();
  await expect(product.added).toBeVisible();
  await list.expectCount(1);
});

test("an unknown product slug shows 'Product not found' with a link to search, with status 404", async ({ page }) => {
  const { product } = storefront(page);
  expect((await page.request.get('/products/unicorn-steak-99999999')).status()).toBe(404);
  expect((await page.request.get('/products/salted-butter-20010010')).status()).toBe(200);
  await product.goto('unicorn-steak-99999999');
  await expect(product.notFound).toBeVisible({ timeout: 20_000 });
  await expect(product.main.getByRole('link', { name: /^Search for/ })).toHaveAttribute('href', '/?query=unicorn%20steak&tab=product');
});
