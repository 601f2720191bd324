/**
 * BFF offers-read benchmark (goal p95 ≤ 20 ms): the BFF in this process on a fresh PGlite data
 * folder (a temp directory, removed afterwards), migrated and seeded as at a first start (demo accounts,
 * cards and offers: services/seed/data/offers/offers.json), then `GET /api/offers` as the demo shopper
 * Bella (u-1007, card 6046000000001007: 200 offers in the four collections) over loopback with a valid id
 * token (test key, as the service tests use): 20 warm-up requests, then 200 timed ones, one at a time. A
 * request's time runs from sending it to having read the whole answer (about 150 KB of JSON). Prints one line:
 *
 *   BFF offers fetch, 200 offers: p50 X ms, p95 Y ms (goal p95 ≤ 20 ms)
 *
 * Run: npm run bench -w @storefront/bff (after the list-read line). `benchOffersRead()` returns the figures.
 */
import { seedAccounts, seedOffers } from '../src/seed';
import { benchBffGet, printBench } from './timing';

/** Offers on the benchmarked card (Bella's, seeded). */
export const BENCH_OFFERS = 200;
const UID = 'u-1007';
/** Goal: p95 of an offers read, ms. */
export const GOAL_P95_MS = 20;

interface OffersAnswer {
  data: { collections: Record<string, unknown[]> };
}

/** Runs the benchmark; resolves with p50 / p95 in ms (figures only, nothing asserted). */
export async function benchOffersRead(): Promise<{ p50: number; p95: number; offers: number; requests: number }> {
  const { p50, p95, requests, checked: offers } = await benchBffGet({
    folderPrefix: 'bff-bench-offers-',
    uid: UID,
    path: '/api/offers',
    prepare: async (db) => {
      await seedAccounts(db);
      await seedOffers(db);
    },
    check: (body) => {
      const n = Object.values((body as OffersAnswer).data.collections).reduce((sum, list) => sum + list.length, 0);
      if (n !== BENCH_OFFERS) throw new Error(`read ${n} offers, expected ${BENCH_OFFERS}`);
      return n;
    },
  });
  return { p50, p95, offers, requests };
}

if (require.main === module) {
  printBench('BFF offers-read', benchOffersRead, ({ p50, p95, offers }) => `BFF offers fetch, ${offers} offers: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal p95 ≤ ${GOAL_P95_MS} ms)`);
}
