/**
 * Catalogue curation, names, dietary labels, flyer flags and pictures (data README
 * "Curation", "Dietary labels", "Pictures"). Reads only the committed data/ and media/ folders.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import path from 'path';
import { categoryPathExists, DATA_DIR, loadCategories, loadFlyers, loadNutrition, loadProducts, loadRecipes, loadSettings, MEDIA_DIR } from '../src';
import { dietaryFor, notSoldReason, pictureForProduct, shopperName } from '../src/generator';

const products = loadProducts();
const byNdb = new Map(products.map((p) => [p.usdaNdbNo, p]));

describe('curation: what a grocer would not list is left out', () => {
  test.each([
    ['Milk, human, mature, fluid', 'human milk is not a grocery product'],
    ['Milk, producer, fluid, 3.7% milkfat', 'raw producer milk, buffalo milk and filled milk are not sold at retail'],
    ['Fish oil, cod liver', 'fish oils are supplements, not groceries'],
    ['Shortening frying (heavy duty), palm (hydrogenated)', 'bakery and frying-plant shortenings'],
    ['Whey, acid, fluid', 'cheese-making by-products'],
    ['Ostrich, inside strip, raw', 'cuts and eggs not sold in grocery stores'],
  ])('%s → left out (%s)', (desc, reason) => {
    expect(notSoldReason(desc)).toBe(reason);
  });

  test.each(['Butter, salted', 'Cheese, cheddar', 'Milk, goat, fluid', 'Shortening, household, lard and vegetable oil', 'Oil, olive, salad or cooking'])('%s is listed', (desc) => {
    expect(notSoldReason(desc)).toBeNull();
  });

  test('the committed catalogue has none of them (human milk, producer milk, fish oils, emu, ostrich)', () => {
    // NDB 01107 human milk, 01078 producer milk, 04589 cod liver oil, 05621 emu, 05641 ostrich.
    for (const ndb of ['01107', '01078', '04589', '05621', '05641']) expect(byNdb.has(ndb)).toBe(false);
    expect(products.filter((p) => /\b(human|producer|fish oil|emu|ostrich|tallow)\b/i.test(p.title)).map((p) => p.title)).toEqual([]);
  });
});

describe('names a shopper recognises; usdaNdbNo still names the source row', () => {
  test.each([
    ['Butter, Salted', 'Butter, salted', 'Salted Butter'],
    ['Milk Reduced Fat, Fluid', 'Milk, reduced fat, fluid, 2% milkfat, with added vitamin A', '2% Reduced-Fat Milk'],
    ['Milk Nonfat, Fluid', 'Milk, nonfat, fluid, with added vitamin A (fat free or skim)', 'Skim Milk'],
    ['Parmesan Cheese, Grated', 'Cheese, parmesan, grated', 'Grated Parmesan Cheese'],
    ['Allspice, Ground', 'Spices, allspice, ground', 'Ground Allspice'],
    ['Whole Milk Yogurt, 8 Grams Protein Per 8 Ounce', 'Yogurt, plain, whole milk, 8 grams protein per 8 ounce', 'Plain Whole-Milk Yogurt'],
    ['Provolone Cheese, Reduced Fat', 'Cheese, provolone, reduced fat', 'Reduced-Fat Provolone Cheese'],
    ['Harbour Pantry Vegetable Beef Soup, Condensed', 'CAMPBELL Soup Company, Vegetable Beef Soup, condensed', 'Harbour Pantry Condensed Vegetable Beef Soup'],
    ['Cheddar Cheese', 'Cheese, cheddar', 'Cheddar Cheese'],
  ])('%s (USDA "%s") → %s', (title, desc, expected) => {
    expect(shopperName(title, desc)).toBe(expected);
  });

  test('renamed staples keep their USDA row, so nutrition still matches the source', () => {
    const nutrition = loadNutrition();
    const cases: Array<[string, string]> = [['01001', 'Salted Butter'], ['01079', '2% Reduced-Fat Milk'], ['01085', 'Skim Milk'], ['01123', 'Large Eggs']];
    for (const [ndb, title] of cases) {
      const p = byNdb.get(ndb);
      expect(p?.title).toBe(title);
      expect(p?.nutrition).toEqual(nutrition.foods[ndb]);
    }
    // Butter, salted (USDA SR21 01001): 717 kcal, 81.11 g fat per 100 g.
    expect(byNdb.get('01001')?.nutrition).toMatchObject({ energyKcal: 717, totalFat: 81.11 });
  });

  test('no title keeps laboratory wording', () => {
    expect(products.filter((p) => /\bfluid\b|grams protein per|, undiluted\b/i.test(p.title)).map((p) => p.title)).toEqual([]);
    expect(new Set(products.map((p) => p.title.toLowerCase())).size).toBe(products.length);
  });
});

describe('dietary labels (conservative)', () => {
  test('rules on USDA rows', () => {
    expect(dietaryFor('0900', 'Apples, raw, with skin', false)).toEqual(['vegan', 'vegetarian', 'dairy-free']);
    expect(dietaryFor('0900', 'Bananas, raw', false)).toEqual(['vegan', 'vegetarian', 'gluten-free', 'dairy-free']);
    expect(dietaryFor('1100', 'Broccoli, raw', false)).toEqual(['vegan', 'vegetarian', 'gluten-free', 'dairy-free']);
    expect(dietaryFor('0100', 'Milk, whole, 3.25% milkfat', false)).toEqual(['vegetarian', 'gluten-free']);
    // Cheese: rennet may be animal, so not labelled vegetarian.
    expect(dietaryFor('0100', 'Cheese, cheddar', false)).toEqual(['gluten-free']);
    expect(dietaryFor('0500', 'Chicken, broilers or fryers, breast, meat only, raw', false)).toEqual(['gluten-free', 'dairy-free']);
    expect(dietaryFor('2000', 'Wheat flour, white, all-purpose, enriched', false)).toEqual(['vegan', 'vegetarian', 'dairy-free']);
    expect(dietaryFor('1600', 'Lentils, raw', true)).toEqual([]);
  });

  test('no vegan or vegetarian product names meat, fish or dairy; no gluten-free product names wheat', () => {
    const veg = products.filter((p) => p.dietary.includes('vegan') && /\b(milk|cheese|butter|egg|chicken|beef|pork|fish|ham|bacon|honey)\b/i.test(p.title));
    expect(veg.map((p) => p.title)).toEqual([]);
    const meat = products.filter((p) => p.dietary.includes('vegetarian') && /\b(chicken|beef|pork|fish|ham|bacon|turkey|gelatin)\b/i.test(p.title));
    expect(meat.map((p) => p.title)).toEqual([]);
    const gluten = products.filter((p) => p.dietary.includes('gluten-free') && /\b(wheat|bread|flour|pasta|barley|rye|malt|cookie|cracker)\b/i.test(p.title));
    expect(gluten.map((p) => p.title)).toEqual([]);
    expect(products.filter((p) => p.dietary.includes('vegan') && !p.dietary.includes('vegetarian'))).toEqual([]);
    for (const label of ['vegan', 'vegetarian', 'gluten-free', 'dairy-free'] as const) expect(products.filter((p) => p.dietary.includes(label)).length).toBeGreaterThan(100);
  });
});

describe('onFlyer and the search settings the category facets need', () => {
  test('onFlyer is true exactly for the products in some store flyer', () => {
    const onFlyer = new Set(loadFlyers().flatMap((f) => f.pages.flatMap((pg) => pg.items.map((it) => it.articleNumber))));
    expect(onFlyer.size).toBeGreaterThan(50);
    expect(products.filter((p) => p.onFlyer !== onFlyer.has(p.articleNumber)).map((p) => p.articleNumber)).toEqual([]);
  });

  test('the products index facets brand, dietary, onFlyer and the category slugs', () => {
    expect(loadSettings().products?.attributesForFaceting).toEqual(expect.arrayContaining(['brand', 'dietary', 'onFlyer', 'categorySlug', 'subcategorySlug', 'category', 'subcategory', 'hierarchicalCategories.lvl1']));
  });
});

describe('categories and the mega menu', () => {
  const menu = readFileSync(path.join(DATA_DIR, 'content/menu.json'), 'utf8');
  const links = [...new Set([...menu.matchAll(/"\/products\/category\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?"/g)].map((m) => m[0]))];

  test('every mega-menu category link names a catalogue category (categories.json)', () => {
    expect(links.length).toBeGreaterThan(40);
    const missing = [...menu.matchAll(/"\/products\/category\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?"/g)].filter((m) => !categoryPathExists(m[1] as string, m[2]));
    expect(missing.map((m) => m[0])).toEqual([]);
  });

  test('slugs match the products and counts add up; unknown slugs do not exist', () => {
    for (const c of loadCategories()) {
      expect(products.filter((p) => p.categorySlug === c.slug).length).toBe(c.count);
      expect(c.subcategories.reduce((n, s) => n + s.count, 0)).toBe(c.count);
    }
    expect(categoryPathExists('bakery', 'bread-rolls')).toBe(true);
    expect(categoryPathExists('bakery', 'no-such-thing')).toBe(false);
    expect(categoryPathExists('no-such-dept')).toBe(false);
  });
});

describe('pictures (spec §3 Search hit picture fields)', () => {
  const recipes = loadRecipes();
  const files = new Set(readdirSync(MEDIA_DIR).filter((f) => f.endsWith('.svg')));

  test('every product and recipe has a featuredImage that exists in media/; no banner or video', () => {
    for (const r of [...products, ...recipes]) {
      expect(r.featuredImage).toMatch(/^\/media\/[a-z0-9-]+\.svg$/);
      expect(files.has((r.featuredImage as string).slice('/media/'.length))).toBe(true);
      expect([r.bannerImage, r.videoUrl, r.videoThumbnail]).toEqual([null, null, null]);
    }
  });

  test('media/ holds only the SVGs used, each a real SVG', () => {
    const used = new Set([...products, ...recipes].map((r) => (r.featuredImage as string).slice('/media/'.length)));
    expect([...files].sort()).toEqual([...used].sort());
    for (const f of files) expect(readFileSync(path.join(MEDIA_DIR, f), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(existsSync(path.join(MEDIA_DIR, 'LICENSE.md'))).toBe(true);
  });

  test('pictures follow the category: apples, milk, cheese, bread', () => {
    expect(pictureForProduct({ title: 'Apples, Fuji', subcategory: 'Fresh Fruit' })).toBe('red apple');
    expect(pictureForProduct({ title: '2% Reduced-Fat Milk', subcategory: 'Milk & Cream' })).toBe('glass of milk');
    expect(pictureForProduct({ title: 'Cheddar Cheese', subcategory: 'Cheese' })).toBe('cheese wedge');
    expect(pictureForProduct({ title: 'Peanut Butter, Smooth Style', subcategory: 'Nut Butters & Spreads' })).toBe('peanuts');
    expect(pictureForProduct({ title: 'Harbour Pantry Mystery', subcategory: 'Bread & Rolls' })).toBe('bread');
  });
});
