/**
 * Search latency benchmark (figures only, no assertions).
 *
 * For each scale (the seeded catalogue from services/seed/data/products.json if present, else 1,500
 * synthetic products; then 50,000 synthetic products) it starts the server on loopback, loads
 * products + 25 stores + 12 recipes + ~300 suggestions with the real algoliasearch client, and times
 * N three-index multi-queries over HTTP (products filtered `storeIds:3299 AND banners:standard`,
 * recipes, suggestions). Prints p50 / p95 / max in ms, load time in s and RSS in MB.
 *
 * Run: npm run bench -w @storefront/search-engine   (env BENCH_N to change N, default 300)
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { buildServer } from '../src/server';
import { type Rec, queries, recipes, stores, suggestionsFrom, syntheticProducts } from './catalogue';

const N = Number(process.env.BENCH_N ?? 300);
const WARMUP = 30;
const STORE_FILTER = 'storeIds:3299 AND banners:standard';


function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function runScale(label: string, products: Rec[]): Promise<void> {
  const app = buildServer({ appId: 'bench', apiKeys: { admin: 'admin', search: 'search' }, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const hosts = [{ url: `127.0.0.1:${port}`, protocol: 'http' as const, accept: 'readWrite' as const }];
  const admin = algoliasearch('bench', 'admin', { hosts, baseHeaders: { 'content-type': 'application/json' } });
  const client = algoliasearch('bench', 'search', { hosts });
  try {
    const t0 = performance.now();
    await admin.setSettings({
      indexName: 'products',
      indexSettings: {
        searchableAttributes: ['title', 'brand', 'category,subcategory'],
        attributesForFaceting: ['filterOnly(storeIds)', 'filterOnly(banners)', 'category', 'brand'],
        customRanking: ['desc(popularity)'],
      },
    });
    await admin.setSettings({ indexName: 'recipes', indexSettings: { searchableAttributes: ['title', 'ingredients.name'], customRanking: ['desc(popularity)'] } });
    await admin.setSettings({ indexName: 'suggestions', indexSettings: { searchableAttributes: ['query'], customRanking: ['desc(popularity)'] } });
    await admin.setSettings({ indexName: 'stores', indexSettings: { searchableAttributes: ['locationName', 'address.city', 'storeNumber'] } });
    await admin.saveObjects({ indexName: 'products', objects: products, waitForTasks: true });
    await admin.saveObjects({ indexName: 'recipes', objects: recipes(), waitForTasks: true });
    await admin.saveObjects({ indexName: 'suggestions', objects: suggestionsFrom(products), waitForTasks: true });
    await admin.saveObjects({ indexName: 'stores', objects: stores(), waitForTasks: true });
    const loadS = (performance.now() - t0) / 1000;

    const qs = queries(products, WARMUP + N);
    const times: number[] = [];
    let totalHits = 0;
    for (let i = 0; i < qs.length; i++) {
      const query = qs[i];
      const start = performance.now();
      const { results } = await client.search({
        requests: [
          { indexName: 'products', query, filters: STORE_FILTER, hitsPerPage: 18, clickAnalytics: true },
          { indexName: 'recipes', query, hitsPerPage: 4 },
          { indexName: 'suggestions', query, hitsPerPage: 6 },
        ],
      });
      const ms = performance.now() - start;
      if (i >= WARMUP) {
        times.push(ms);
        totalHits += (results[0] as { nbHits: number }).nbHits;
      }
    }
    times.sort((a, b) => a - b);
    const mem = process.memoryUsage();
    console.log(
      `${label.padEnd(34)} N=${N}  p50 ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  max ${times[times.length - 1].toFixed(2)} ms  ` +
        `| load ${loadS.toFixed(1)} s  RSS ${(mem.rss / 1048576).toFixed(0)} MB  heap ${(mem.heapUsed / 1048576).toFixed(0)} MB  | avg product nbHits ${Math.round(totalHits / N)}`,
    );
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  console.log(`search-engine bench: three-index multi-query over HTTP with algoliasearch (products filters '${STORE_FILTER}', recipes, suggestions)`);
  const seeded = resolve(__dirname, '../../seed/data/products.json');
  if (existsSync(seeded)) {
    const data = JSON.parse(readFileSync(seeded, 'utf8')) as Rec[] | { products: Rec[] };
    const list = Array.isArray(data) ? data : data.products;
    await runScale(`seeded catalogue (${list.length} products)`, list);
  } else {
    await runScale('synthetic 1,500 products', syntheticProducts(1500));
  }
  await runScale('synthetic 50,000 products', syntheticProducts(50000));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
