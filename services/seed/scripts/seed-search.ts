/**
 * Seeds the search engine with the committed catalogue (run: npm run seed -w @storefront/seed).
 * Env: SEARCH_HOST (default 'localhost:7700'), SEARCH_APP_ID ('grocery-local'), SEARCH_ADMIN_KEY (required),
 * SEARCH_PROTOCOL ('http'), SEARCH_INDEX_PREFIX ('').
 */
import { seedSearch } from '../src/seed-search';

seedSearch({
  protocol: process.env.SEARCH_PROTOCOL === 'https' ? 'https' : 'http',
  indexPrefix: process.env.SEARCH_INDEX_PREFIX ?? '',
  log: (line) => console.log(line),
}).then(
  (result) => console.log(`seeded ${Object.keys(result).length} indices`),
  (error: unknown) => {
    console.error('seeding failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
