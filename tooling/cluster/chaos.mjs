/**
 * Mixed load with replica crashes, against a running cluster (./start.mjs): `connections` clients for
 * `durationMs` — page loads through the edge, searches on the search host, list writes of signed-in
 * shoppers through the edge, the identity provider's discovery and key set — while one replica of
 * each of the BFF, edge and identity provider is SIGKILLed in turn. Then every acknowledged list write
 * is read back. Loopback only, bounded in time.
 */
import { randomUUID } from 'node:crypto';
import { signInShopper } from './shopper.mjs';

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/**
 * @param {{ cluster: { url: string, ports: { search: number, identity: number }, searchAdminKey: string, crashReplica(name: string, i: number): Promise<void> },
 *   shoppers: Array<{ email: string, password: string }>, connections?: number, durationMs?: number,
 *   crashes?: Array<{ atMs: number, service: string, replica: number }>, searchApiKey?: string }} o
 * @returns {Promise<{ requests: number, failures: Array<{ kind: string, what: string }>, byKind: Record<string, { requests: number, failed: number, p99: number }>,
 *   acknowledgedWrites: number, lostWrites: string[], crashes: Array<{ service: string, replica: number, atMs: number }> }>}
 *   a failure is a network error or a 5xx answer as the client sees it (after the balancer's retries)
 */
export async function runChaos({ cluster, shoppers, connections = 50, durationMs = 30_000, searchApiKey = 'local-search-key',
  crashes = [{ atMs: 6_000, service: 'bff', replica: 1 }, { atMs: 14_000, service: 'edge', replica: 1 }, { atMs: 22_000, service: 'identity', replica: 1 }] }) {
  for (const u of [cluster.url]) if (!/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(u)) throw new Error(`chaos: refusing a non-loopback URL ${u}`);
  const issuer = `http://localhost:${cluster.ports.identity}`;
  const signedIn = await Promise.all(shoppers.map((s) => signInShopper({ issuer, publicOrigin: cluster.url, ...s })));
  const acknowledged = signedIn.map(() => new Set());
  const latencies = {};
  const counts = {};
  const failures = [];
  const deadline = Date.now() + durationMs;
  const pages = ['/', '/products', '/flyer', '/recipes', '/store-locator'];
  const searchUrl = `http://localhost:${cluster.ports.search}/1/indexes/*/queries?x-algolia-application-id=grocery-local&x-algolia-api-key=${searchApiKey}`;
  const terms = ['milk', 'apples', 'bread', 'cheese', 'coffee'];

  const timed = async (kind, what, send) => {
    const t = performance.now();
    counts[kind] = counts[kind] || { requests: 0, failed: 0 };
    counts[kind].requests += 1;
    try {
      const res = await send();
      await res.arrayBuffer();
      if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
      (latencies[kind] = latencies[kind] || []).push(performance.now() - t);
      return res;
    } catch (err) {
      counts[kind].failed += 1;
      failures.push({ kind, what: `${what}: ${err.cause?.code || err.message}` });
      return null;
    }
  };

  const client = async (i) => {
    let n = 0;
    while (Date.now() < deadline) {
      n += 1;
      const role = i % 10;
      if (role < 4) {
        const p = pages[(i + n) % pages.length];
        await timed('page', `GET ${p}`, () => fetch(`${cluster.url}${p}`, { headers: { accept: 'text/html' } }));
      } else if (role < 7) {
        const q = terms[(i + n) % terms.length];
        await timed('search', `search ${q}`, () => fetch(searchUrl, {
          method: 'POST', headers: { 'content-type': 'text/plain', origin: cluster.url },
          body: JSON.stringify({ requests: [{ indexName: 'products', query: q, hitsPerPage: 24 }] }),
        }));
      } else if (role < 9) {
        const k = (i + n) % signedIn.length;
        const shopper = signedIn[k];
        const itemId = `${`c${i}n${n}x${randomUUID().replace(/-/g, '')}`.slice(0, 20)}_EA_3299`;
        const res = await timed('list-write', `PUT ${itemId}`, () => fetch(`${cluster.url}/api/shopping-list/items/${itemId}`, {
          method: 'PUT', headers: { ...shopper.headers(), 'content-type': 'application/json' },
          body: JSON.stringify({ product_type: 'product', quantity: 1 + (n % 5) }),
        }));
        if (res && res.status === 200) acknowledged[k].add(itemId);
        else if (res && res.status >= 400) failures.push({ kind: 'list-write', what: `PUT ${itemId}: HTTP ${res.status}` });
      } else {
        const p = n % 2 ? '/.well-known/openid-configuration' : '/jwks';
        await timed('identity', `GET ${p}`, () => fetch(`${issuer}${p}`));
      }
    }
  };

  const t0 = Date.now();
  const [done] = await Promise.all([crashOnSchedule(cluster, crashes, t0), ...Array.from({ length: connections }, (_, i) => client(i))]);
  const lostWrites = await lostWritesOf(cluster.url, signedIn, shoppers, acknowledged);
  const byKind = {};
  for (const [kind, c] of Object.entries(counts)) {
    const sorted = (latencies[kind] || []).sort((a, b) => a - b);
    byKind[kind] = { ...c, p99: Math.round(pct(sorted, 99)) };
  }
  return {
    requests: Object.values(counts).reduce((a, c) => a + c.requests, 0),
    failures,
    byKind,
    acknowledgedWrites: acknowledged.reduce((a, s) => a + s.size, 0),
    lostWrites,
    crashes: done,
  };
}

/** SIGKILLs each replica at its time (ms after `t0`); resolves the crashes as they happened. */
async function crashOnSchedule(cluster, crashes, t0) {
  const done = [];
  for (const c of crashes) {
    const wait = t0 + c.atMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await cluster.crashReplica(c.service, c.replica);
    done.push({ ...c, atMs: Date.now() - t0 });
  }
  return done;
}

/** Acknowledged writes missing from their shopper's list, read through the balancer after the crashes. */
async function lostWritesOf(url, signedIn, shoppers, acknowledged) {
  const lost = [];
  for (const [k, shopper] of signedIn.entries()) {
    const res = await fetch(`${url}/api/shopping-list?hitsPerPage=1000`, { headers: shopper.headers() });
    const body = await res.json();
    const have = new Set((body.data?.items ?? body.data?.hits ?? []).map((it) => it.item_id));
    for (const id of acknowledged[k]) if (!have.has(id)) lost.push(`${shoppers[k].email} ${id}`);
  }
  return lost;
}
