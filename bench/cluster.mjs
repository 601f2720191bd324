#!/usr/bin/env node
/**
 * The cluster's figures (`npm run bench`, or alone: `node bench/cluster.mjs`): the production topology
 * (tooling/cluster/start.mjs) with 1 and then 2 replicas of each balanced service, and through the load
 * balancer, with autocannon (`BENCH_CLUSTER_CONNECTIONS`, default 50, for `BENCH_CLUSTER_SECONDS`,
 * default 10 s each):
 *   - a cached read:        POST /api/bannerAlert (the edge's shared cache)
 *   - an authenticated read: GET /api/shopping-list of a signed-in shopper (token verified by the BFF)
 *   - a write:              PUT /api/shopping-list/items/<new id> (a list add; PostgreSQL)
 * prints req/s, p50 and p99 (ms) and errors; then the mixed load with a BFF, an edge and an identity
 * replica SIGKILLed (tooling/cluster/chaos.mjs) on the 2-replica cluster. Loopback only.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startCluster } from '../tooling/cluster/start.mjs';
import { signInShopper, signUpShopper } from '../tooling/cluster/shopper.mjs';
import { runChaos } from '../tooling/cluster/chaos.mjs';

const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS || 50);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS || 10);

/** One autocannon run on a loopback URL → { rps, p50, p99, errors, requests }. */
function load(opts) {
  if (!/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(opts.url)) throw new Error(`bench/cluster: refusing a non-loopback URL ${opts.url}`);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, r) => (err ? reject(err) : resolve({
      rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, requests: r.requests.total,
    })));
  });
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
    log(`\ncluster, ${replicas} replica(s) of edge, bff, identity, search-engine: ready in ${cluster.readyMs} ms; ${CONNECTIONS} connections, ${SECONDS} s each, through HAProxy`);
    const line = (name, r) => log(`  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors} (of ${r.requests})`);
    const issuer = `http://localhost:${cluster.ports.identity}`;
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    await signUpShopper({ issuer, publicOrigin: cluster.url, email, password: 'Groceries!2026' });
    const shopper = await signInShopper({ issuer, publicOrigin: cluster.url, email, password: 'Groceries!2026' });
    const auth = { ...shopper.headers(), accept: 'application/json' };

    out.cachedRead = await load({ url: `${cluster.url}/api/bannerAlert`, method: 'POST', headers: { 'content-type': 'application/json', 'x-nonce': 'bench-nonce-1' }, body: JSON.stringify({ province: 'NS' }) });
    line('cached read   POST /api/bannerAlert', out.cachedRead);
    out.authRead = await load({ url: `${cluster.url}/api/shopping-list`, method: 'GET', headers: auth });
    line('auth read     GET /api/shopping-list', out.authRead);
    let n = 0;
    out.write = await load({
      url: cluster.url, method: 'PUT', headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ product_type: 'product', quantity: 1 }),
      // a new item each request: `PUT /api/shopping-list/items/<id>` (spec §3 list item id)
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/shopping-list/items/b${(n += 1)}_EA_3299` }) }],
    });
    line('write         PUT /api/shopping-list/items', out.write);
    if (chaos) {
      const shoppers = Array.from({ length: 4 }, (_, i) => ({ email: `chaos-${i}-${randomUUID().slice(0, 8)}@example.com`, password: 'Groceries!2026' }));
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
