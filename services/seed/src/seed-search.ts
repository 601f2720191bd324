import { algoliasearch } from 'algoliasearch';
import { readFileSync } from 'fs';
import path from 'path';
import { unitPriceFields } from './unit-prices';

/** The index names the storefront searches, keyed by seed file. */
export const INDEX_NAMES = {
  products: 'products',
  recipes: 'recipes',
  suggestions: 'products_query_suggestions',
  stores: 'stores',
} as const;

/** Options for {@link seedSearch}; each defaults to the env var named, then to the local default. */
export interface SeedSearchOptions {
  /** 'host:port' of the Algolia-compatible engine (SEARCH_HOST, default 'localhost:7700'). */
  host?: string;
  /** 'http' (default) or 'https'. */
  protocol?: 'http' | 'https';
  /** Application id (SEARCH_APP_ID, default 'grocery-local'). */
  appId?: string;
  /** Admin API key (SEARCH_ADMIN_KEY; required: the engine has no default admin key). */
  apiKey?: string;
  /** Prefix for every index name, e.g. 'e2e_' (default ''). */
  indexPrefix?: string;
  /** Records per batch request (default 500, keeps each request well under 1 MB). */
  batchSize?: number;
  /** Progress lines; default silent. */
  log?: (line: string) => void;
}

/** What was indexed: index name → record count. */
export type SeedSearchResult = Record<string, number>;

function readData<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(__dirname, '../data', file), 'utf8')) as T;
}

/**
 * Indexes the committed seed data with the real `algoliasearch` v5 client (ARCHITECTURE §5; products with
 * their unit prices, `unitPriceFields`): for each
 * index, `setSettings` then `saveObjects` (batched), waiting on every task with `waitForTask`.
 * Works against Algolia itself or the local Algolia-compatible engine (by `hosts`).
 * Existing records with the same objectID are replaced; others are left as they are.
 * @returns index name → number of records saved.
 */
export async function seedSearch(options: SeedSearchOptions = {}): Promise<SeedSearchResult> {
  const host = options.host ?? process.env.SEARCH_HOST ?? 'localhost:7700';
  const appId = options.appId ?? process.env.SEARCH_APP_ID ?? 'grocery-local';
  const apiKey = options.apiKey ?? process.env.SEARCH_ADMIN_KEY;
  if (!apiKey) throw new Error('seed-search: SEARCH_ADMIN_KEY is required (`npm start` sets a random one per start)');
  const protocol = options.protocol ?? 'http';
  const prefix = options.indexPrefix ?? '';
  const log = options.log ?? (() => undefined);
  // writes go as application/json: the engine refuses text/plain writes (they skip the CORS preflight)
  const client = algoliasearch(appId, apiKey, { hosts: [{ url: host, protocol, accept: 'readWrite' }], baseHeaders: { 'content-type': 'application/json' } });

  const settings = readData<Record<string, Record<string, unknown>>>('settings.json');
  const datasets: [string, string][] = [
    [INDEX_NAMES.products, 'products.json'],
    [INDEX_NAMES.recipes, 'recipes.json'],
    [INDEX_NAMES.suggestions, 'query_suggestions.json'],
    [INDEX_NAMES.stores, 'stores.json'],
  ];
  const result: SeedSearchResult = {};
  for (const [name, file] of datasets) {
    const indexName = `${prefix}${name}`;
    const records = readData<Record<string, unknown>[]>(file);
    const objects = name === INDEX_NAMES.products ? withUnitPrices(records) : records;
    const indexSettings = settings[name] ?? {};
    const { taskID } = await client.setSettings({ indexName, indexSettings });
    await client.waitForTask({ indexName, taskID });
    const responses = await client.saveObjects({ indexName, objects, batchSize: options.batchSize ?? 500 });
    for (const r of responses) await client.waitForTask({ indexName, taskID: r.taskID });
    result[indexName] = objects.length;
    log(`${indexName}: ${objects.length} records`);
  }
  await seedRules(client, prefix, log);
  return result;
}

/** Products with their unit prices (base and per store, `unitPriceFields`) for the unit-price sort. */
function withUnitPrices(products: Record<string, unknown>[]): Record<string, unknown>[] {
  const stores = readData<Array<{ storeNumber: string }>>('stores.json').map((s) => s.storeNumber);
  return products.map((p) => ({ ...p, ...unitPriceFields(p as unknown as Parameters<typeof unitPriceFields>[0], stores) }));
}

/** A query rule in Algolia's shape (see data/rules.json). */
export type SeedRule = { objectID: string; consequence: Record<string, unknown> } & Record<string, unknown>;

/**
 * Saves the query rules of `data/rules.json` (`{ [indexName]: Rule[] }`, keys starting with '_' are
 * comments) with `saveRules({ clearExistingRules: true })` and waits for each task. The redirect rules
 * carry the promotional redirect card of spec §3 as `consequence.userData`.
 * An engine without the rules API (HTTP 404 on the rules route) is logged and skipped: records stay seeded.
 */
async function seedRules(client: ReturnType<typeof algoliasearch>, prefix: string, log: (line: string) => void): Promise<void> {
  const file = readData<Record<string, unknown>>('rules.json');
  for (const [name, rules] of Object.entries(file)) {
    if (name.startsWith('_') || !Array.isArray(rules)) continue;
    const indexName = `${prefix}${name}`;
    try {
      const { taskID } = await client.saveRules({ indexName, rules: rules as SeedRule[], clearExistingRules: true });
      await client.waitForTask({ indexName, taskID });
      log(`${indexName}: ${rules.length} rules`);
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
      log(`${indexName}: rules skipped (the engine has no rules API)`);
    }
  }
}
