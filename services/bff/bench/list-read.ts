/**
 * BFF list-read benchmark (goal p95 ≤ 20 ms): the BFF in this process on a fresh PGlite data
 * folder (a temp directory, removed afterwards), one shopper with 1,000 list items (real products of store
 * 3299 from services/seed/data/products.json, each with meta { name }), then `GET
 * /api/shopping-list?hitsPerPage=1000` over loopback with a valid id token (test key, as the service tests
 * use): 20 warm-up requests, then 200 timed ones, one at a time. A request's time runs from sending it to
 * having read the whole answer (about 150 KB of JSON). Prints one line:
 *
 *   BFF list read, 1,000 items: p50 X ms, p95 Y ms (goal p95 ≤ 20 ms)
 *
 * Run: npm run bench -w @storefront/bff   (bench/run.mjs at the repository root runs it too and reads
 * "p95 Y ms"). `benchListRead()` returns the figures to a caller.
 */
import { loadProducts } from '@storefront/seed';
import { mergeItems, type ListItemInput } from '../src/shopping-list';
import { benchBffGet, printBench } from './timing';

/** Items on the benchmarked list. */
export const BENCH_ITEMS = 1000;
/** Goal: p95 of a list read, ms. */
export const GOAL_P95_MS = 20;

/** The list: the first {@link BENCH_ITEMS} products of store 3299, each with meta { name }. */
function benchItems(): ListItemInput[] {
  const items: ListItemInput[] = loadProducts()
    .filter((p) => p.storeIds.includes('3299'))
    .slice(0, BENCH_ITEMS)
    .map((p, i) => ({
      item_id: `${p.articleNumber}_${p.uom}_3299`,
      product_type: i % 10 === 0 ? 'flyer' : 'product',
      quantity: 1 + (i % 5),
      checked: i % 7 === 0,
      meta: { name: p.title },
    }));
  if (items.length !== BENCH_ITEMS) throw new Error(`only ${items.length} products at store 3299`);
  return items;
}

/** Runs the benchmark; resolves with p50 / p95 in ms (figures only, nothing asserted). */
export async function benchListRead(): Promise<{ p50: number; p95: number; items: number; requests: number }> {
  const uid = 'u-bench-list';
  const { p50, p95, requests } = await benchBffGet({
    folderPrefix: 'bff-bench-list-',
    uid,
    path: `/api/shopping-list?hitsPerPage=${BENCH_ITEMS}`,
    prepare: (db) => mergeItems(db, uid, '00000000-0000-4000-8000-00000000be4c', benchItems()).then(() => undefined),
    check: (body) => {
      const { data } = body as { data: { items: unknown[]; nbHits: number } };
      if (data.items.length !== BENCH_ITEMS || data.nbHits !== BENCH_ITEMS) throw new Error(`read ${data.items.length} items`);
    },
  });
  return { p50, p95, items: BENCH_ITEMS, requests };
}

if (require.main === module) {
  printBench('BFF list-read', benchListRead, ({ p50, p95 }) => `BFF list read, 1,000 items: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal p95 ≤ ${GOAL_P95_MS} ms)`);
}
