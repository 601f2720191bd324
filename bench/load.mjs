/**
 * Load figures (bounded, loopback only): 100 connections for 20 s each with
 * autocannon (a well-kept load generator; chosen over a hand-written loop) against a running platform:
 *   - POST /api/bannerAlert through the edge (anonymous, the call every page makes);
 *   - GET  /api/shopping-list through the edge, as a signed-in demo shopper (a real BFF session: the
 *     page signs in like a shopper and the bench sends its session cookie);
 *   - a search query on the search engine (the storefront's browser clients call it directly, not
 *     through the edge; the same multi-index request the results page sends).
 * Prints req/s, p50, p99 latency (ms) and errors (non-2xx + socket errors) for each. Goal for
 * bannerAlert: ≥ 2,000 req/s with p99 ≤ 50 ms and 0 errors at 100 connections.
 * Only loopback URLs are accepted (a bench must never load someone else's server).
 */
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS || 100);
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS || 20);

/** One autocannon run; resolves with { rps, p50, p99, errors, requests }. */
function run(opts) {
  const url = new URL(opts.url);
  if (!['127.0.0.1', 'localhost', '::1'].includes(url.hostname)) throw new Error(`bench/load: refusing a non-loopback URL ${opts.url}`);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts }, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        requests: r.requests.total,
      });
    });
  });
}

/** A demo shopper's `cookie` header (the BFF's session cookie), signed in through the storefront in `browser` (as a shopper does). */
async function shopperCookie(browser, edgeUrl, email = 'lena.linked@example.com', password = 'Groceries!2026') {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  try {
    await page.goto(`${edgeUrl}/`);
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((u) => u.origin === edgeUrl && !u.pathname.startsWith('/auth/'), { timeout: 30_000 });
    await page.waitForFunction(() => globalThis.__SHARED_EVENTS__?.bus.state.session.value.loggedIn, null, { timeout: 30_000 });
    return (await ctx.cookies(edgeUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await ctx.close();
  }
}

/**
 * Runs the three loads one after another and prints a line each.
 * @param {{ edgeUrl: string, searchUrl: string, browser: import('@playwright/test').Browser, log?: (line: string) => void }} o
 * @returns {Promise<Record<string, { rps: number, p50: number, p99: number, errors: number }>>}
 */
export async function measureLoad({ edgeUrl, searchUrl, browser, log = console.log }) {
  const out = {};
  const line = (name, r) => log(`  ${name.padEnd(36)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors} (of ${r.requests})`);
  log(`load: ${CONNECTIONS} connections, ${DURATION_S} s each (autocannon; loopback)`);
  out.bannerAlert = await run({
    url: `${edgeUrl}/api/bannerAlert`, method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nonce': 'bench-nonce-1' }, body: JSON.stringify({ province: 'NS' }),
  });
  line('POST /api/bannerAlert (edge)', out.bannerAlert);
  try {
    const cookie = await shopperCookie(browser, edgeUrl);
    out.listRead = await run({
      url: `${edgeUrl}/api/shopping-list`, method: 'GET',
      headers: { cookie, 'x-nonce': 'bench-nonce-1', accept: 'application/json' },
    });
    line('GET /api/shopping-list (edge, signed in)', out.listRead);
  } catch (err) {
    log(`  GET /api/shopping-list: not measured (${err.message})`);
  }
  out.search = await run({
    url: `${searchUrl}/1/indexes/*/queries?x-algolia-application-id=grocery-local&x-algolia-api-key=local-search-key`, method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [{ indexName: 'products', query: 'milk', hitsPerPage: 24 }, { indexName: 'recipes', query: 'milk', hitsPerPage: 8 }] }),
  });
  line("search 'milk' (search engine, 2 indices)", out.search);
  return out;
}
