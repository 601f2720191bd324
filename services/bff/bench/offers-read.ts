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
import { mkdtempSync, rmSync } from 'fs';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { createPgliteDb } from '../src/db';
import { migrate } from '../src/migrate';
import { seedAccounts, seedOffers } from '../src/seed';
import { buildServer } from '../src/server';
import { timeGets } from './timing';
import { CLIENT_ID, ISSUER, makeKey, mintIdToken, shopperHeaders } from '../test/id-tokens';

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
  const folder = mkdtempSync(path.join(tmpdir(), 'bff-bench-offers-'));
  const db = await createPgliteDb(path.join(folder, 'pglite'));
  const { privateKey, jwk } = await makeKey();
  const app = buildServer({ db, auth: { issuer: ISSUER, clientId: CLIENT_ID, jwks: { keys: [jwk] } } });
  try {
    await migrate(db);
    await seedAccounts(db);
    await seedOffers(db);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/offers`;
    const headers = shopperHeaders(await mintIdToken(privateKey, UID));
    const check = (await fetch(url, { headers }).then((r) => r.json())) as OffersAnswer;
    const n = Object.values(check.data.collections).reduce((sum, list) => sum + list.length, 0);
    if (n !== BENCH_OFFERS) throw new Error(`read ${n} offers, expected ${BENCH_OFFERS}`);
    const { p50, p95, requests } = await timeGets(url, headers);
    return { p50, p95, offers: n, requests };
  } finally {
    await app.close();
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchOffersRead().then(
    ({ p50, p95, offers }) => {
      console.log(`BFF offers fetch, ${offers} offers: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal p95 ≤ ${GOAL_P95_MS} ms)`);
    },
    (error: unknown) => {
      console.error('BFF offers-read bench failed:', error);
      process.exit(1);
    },
  );
}
