#!/usr/bin/env node
/**
 * The cluster's figures (`npm run bench`, or alone: `node bench/cluster.mjs`): the production topology
 * (tooling/cluster/start.mjs) with 1 and then 2 replicas of each balanced service, and through the load
 * balancer, with autocannon (`BENCH_CLUSTER_CONNECTIONS`, default '10,50', for `BENCH_CLUSTER_SECONDS`,
 * default 10 s each):
 *   - a cached read:        POST /api/bannerAlert (the edge's shared cache)
 *   - an authenticated read: GET /api/shopping-list of a signed-in shopper (token verified by the BFF)
 *   - a write:              PUT /api/shopping-list/items/<new id> (a list add; PostgreSQL)
 * prints req/s, p50 and p99 (ms) and errors; sign-ins per second (4 at a time); then the mixed load with a BFF, an edge and an identity
 * replica SIGKILLed (tooling/cluster/chaos.mjs) on the 2-replica cluster. Loopback only.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { startCluster } from '../tooling/cluster/start.mjs';
import { signInShopper, signUpShopper } from '../tooling/cluster/shopper.mjs';
import { runChaos } from '../tooling/cluster/chaos.mjs';

// The bench signs every shopper up from 127.0.0.1: lift the provider's per-address sign-up throttle.
process.env.SIGN_UP_LIMIT_PER_HOUR ||= '1000';

/** Connection counts of each load: a light one (where p99 ≤ 50 ms is judged) and a heavy one. */
const CONNECTIONS = (process.env.BENCH_CLUSTER_CONNECTIONS || '10,50').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS || 10);

/** Distinct list items the write load cycles through (the BFF caps a list at 1,000 items). */
const WRITE_ITEMS = 500;

/** One autocannon run on a loopback URL → { rps, p50, p99, errors, requests }. */
function load(opts) {
  if (!/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(opts.url)) throw new Error(`bench/cluster: refusing a non-loopback URL ${opts.url}`);
  return new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, ...opts }, (err, r) => (err ? reject(err) : resolve({
      rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, requests: r.requests.total,
    })));
  });
}

/**
 * What one shopper session costs in requests, counted in Debian's Chromium: the home page, a search for
 * 'milk' (results page), the first product, the flyer page and the store locator, each to network idle.
 * @param {{ url: string, ports: { search: number, identity: number } }} cluster
 * @returns {Promise<{ pages: number, byTarget: Record<string, number>, total: number }>} requests by target:
 *   'edge html', 'edge api', 'edge static' (the shell's files and media), 'remotes' (the static origins),
 *   'search', 'identity', 'other' (the third-party stand-ins)
 */
export async function sessionRequests(cluster) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const byTarget = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const edge = new URL(cluster.url).port;
    page.on('request', (req) => {
      const u = new URL(req.url());
      let target = 'other';
      if (u.port === edge) target = u.pathname.startsWith('/api/') ? 'edge api' : (req.resourceType() === 'document' ? 'edge html' : 'edge static');
      else if (u.port === String(cluster.ports.search)) target = 'search';
      else if (u.port === String(cluster.ports.identity)) target = 'identity';
      else if (Object.values(cluster.ports.remotes).map(String).includes(u.port)) target = 'remotes';
      byTarget[target] = (byTarget[target] || 0) + 1;
    });
    await page.goto(`${cluster.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: /search/i }).first().fill('milk');
    await page.keyboard.press('Enter');
    await page.waitForLoadState('networkidle');
    const product = page.locator('main a[href^="/products/"]').first();
    await product.click();
    await page.waitForLoadState('networkidle');
    await page.goto(`${cluster.url}/flyer`, { waitUntil: 'networkidle' });
    await page.goto(`${cluster.url}/store-locator`, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
  return { pages: 5, byTarget, total: Object.values(byTarget).reduce((a, b) => a + b, 0) };
}

/**
 * Starts a cluster of `replicas`, measures the three loads (and the chaos run when `chaos`), stops it.
 * @param {{ replicas: number, offset?: number, chaos?: boolean, log?: (line: string) => void }} o
 * @returns {Promise<Record<string, { rps: number, p50: number, p99: number, errors: number }> & { chaos?: object }>}
 */
export async function measureCluster({ replicas, offset = 30000, chaos = false, log = console.log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-cluster-${replicas}-`));
  const cluster = await startCluster({ offset, replicas, quiet: true, dataDir, deployDir: path.join(dataDir, 'deploy') });
  const out = {};
  try {
    log(`\ncluster, ${replicas} replica(s) of edge, bff, identity, search-engine: ready in ${cluster.readyMs} ms; ${CONNECTIONS.join(' and ')} connections, ${SECONDS} s each, through HAProxy`);
    const line = (name, r) => log(`  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors} (of ${r.requests})`);
    const issuer = `http://localhost:${cluster.ports.identity}`;
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    await signUpShopper({ issuer, publicOrigin: cluster.url, email, password: 'Groceries!2026' });
    const shopper = await signInShopper({ issuer, publicOrigin: cluster.url, clientSecret: cluster.oidcClientSecret, email, password: 'Groceries!2026' });
    const auth = { ...shopper.headers(), accept: 'application/json' };

    let n = 0;
    const kinds = [
      ['cachedRead', 'cached read   POST /api/bannerAlert', { url: `${cluster.url}/api/bannerAlert`, method: 'POST', headers: { 'content-type': 'application/json', 'x-nonce': 'bench-nonce-1' }, body: JSON.stringify({ province: 'NS' }) }],
      ['authRead', 'auth read     GET /api/shopping-list', { url: `${cluster.url}/api/shopping-list`, method: 'GET', headers: auth }],
      // `PUT /api/shopping-list/items/<id>` (spec §3 list item id articleNumber_uom_storeId). Each request
      // carries a fresh x-nonce (the BFF refuses a nonce reused for another request: 409 NONCE_REPLAYED)
      // and the ids cycle through WRITE_ITEMS, under the 1,000-item list cap (409 LIST_FULL): new items
      // at first, then absolute updates of them.
      ['write', 'write         PUT /api/shopping-list/items', {
        url: cluster.url, method: 'PUT', headers: { ...auth, 'content-type': 'application/json' },
        requests: [{ setupRequest: (req) => {
          n += 1;
          return { ...req, headers: { ...req.headers, ...shopper.headers(), accept: 'application/json', 'content-type': 'application/json' },
            path: `/api/shopping-list/items/b${n % WRITE_ITEMS}_EA_3299`, body: JSON.stringify({ product_type: 'product', quantity: 1 + (n % 9) }) };
        } }],
      }],
    ];
    for (const connections of CONNECTIONS) {
      for (const [key, name, opts] of kinds) {
        const r = await load({ connections, ...opts });
        out[`${key}@${connections}`] = r;
        line(`${name} (${connections} conn.)`, r);
      }
    }
    // Sign-ins per second (bcrypt dominates the identity provider's cost), 4 at a time for SECONDS.
    {
      const until = Date.now() + SECONDS * 1000;
      let done = 0;
      const times = [];
      await Promise.all(Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          const t = performance.now();
          await signInShopper({ issuer, publicOrigin: cluster.url, clientSecret: cluster.oidcClientSecret, email, password: 'Groceries!2026' });
          times.push(performance.now() - t);
          done += 1;
        }
      }));
      times.sort((a, b) => a - b);
      out.signIn = { perSecond: done / SECONDS, p50: Math.round(times[Math.floor(times.length / 2)] ?? 0), p99: Math.round(times[Math.floor(times.length * 0.99)] ?? 0) };
      log(`  ${'sign-in (authorize, password, code, token)'.padEnd(40)} ${out.signIn.perSecond.toFixed(1).padStart(6)} /s     p50 ${String(out.signIn.p50).padStart(4)} ms  p99 ${String(out.signIn.p99).padStart(4)} ms  (4 at a time)`);
    }
    if (chaos) {
      try {
        const cost = await sessionRequests(cluster);
        out.session = cost;
        log(`  one shopper session (${cost.pages} pages: home, search 'milk', a product, flyer, store locator): ${cost.total} requests — ${Object.entries(cost.byTarget).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      } catch (err) {
        log(`  one shopper session: not measured (${err.message.split('\n')[0]})`);
      }
      const shoppers = Array.from({ length: 4 }, (_, i) => ({ email: `chaos-${i}-${randomUUID().slice(0, 8)}@example.com`, password: 'Groceries!2026', clientSecret: cluster.oidcClientSecret }));
      for (const s of shoppers) await signUpShopper({ issuer, publicOrigin: cluster.url, ...s });
      const r = await runChaos({ cluster, shoppers, connections: 50, durationMs: 30_000 });
      out.chaos = r;
      log(`  mixed load, 50 connections, 30 s, SIGKILL of ${r.crashes.map((c) => `${c.service}-${c.replica} at ${(c.atMs / 1000).toFixed(1)} s`).join(', ')}:`);
      for (const [kind, c] of Object.entries(r.byKind)) log(`    ${kind.padEnd(12)} ${String(c.requests).padStart(6)} requests  ${c.failed} failed  p99 ${c.p99} ms`);
      log(`    failed requests (as the clients saw them): ${r.failures.length}; list writes acknowledged ${r.acknowledgedWrites}, lost ${r.lostWrites.length}`);
    }
  } finally {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await measureCluster({ replicas: 1 });
  await measureCluster({ replicas: 2, chaos: true });
}
