import { randomUUID } from 'node:crypto';
import { test, expect, CLUSTER, type Platform } from '../fixtures/platform';
import { runChaos } from '../../tooling/cluster/chaos.mjs';
import { signInShopper, signUpShopper } from '../../tooling/cluster/shopper.mjs';

/**
 * The production topology (`npm run start:cluster`; this suite's cluster pass, E2E_TOPOLOGY=cluster):
 * replicas of the edge, BFF, identity provider and search engine behind HAProxy, on PostgreSQL and
 * Redis. What a shopper would notice if a replica kept something to itself: a failed request when one
 * dies, a lost list write, a sign-out at a restart, a sign-up that only one replica knows, a throttle
 * that N replicas multiply.
 */
test.skip(!CLUSTER, 'cluster topology only (E2E_TOPOLOGY=cluster)');
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Groceries!2026';
const issuerOf = (p: Platform) => `http://localhost:${p.ports.identity}`;
/** A replica's own port: the service's balancer port + i (tooling/cluster/topology.mjs). */
const replicaUrl = (port: number, i: number) => `http://localhost:${port + i}`;
const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
/**
 * The storefront client's secret of this cluster (OIDC_CLIENT_SECRET of its BFF and identity replicas):
 * the load shopper exchanges its codes itself, as the confidential client.
 */
function clientSecretOf(p: Platform): string {
  const secret = p.oidcClientSecret || process.env.OIDC_CLIENT_SECRET;
  if (!secret) throw new Error('the cluster names no OIDC client secret (startCluster() → oidcClientSecret, or OIDC_CLIENT_SECRET)');
  return secret;
}

/** Items on the shopper's list through the balancer (GET /api/shopping-list). */
async function listIds(p: Platform, headers: Record<string, string>): Promise<{ status: number; ids: string[] }> {
  const res = await fetch(`${p.url}/api/shopping-list?hitsPerPage=1000`, { headers });
  const body = await res.json() as { data?: { items?: Array<{ item_id: string }> } };
  return { status: res.status, ids: (body.data?.items ?? []).map((i) => i.item_id) };
}

test('a sign-up made on one identity replica signs in on another', async ({ platform }) => {
  const email = newEmail('replica');
  await signUpShopper({ issuer: replicaUrl(platform.ports.identity, 1), publicOrigin: platform.url, email, password: PASSWORD });
  const shopper = await signInShopper({ issuer: replicaUrl(platform.ports.identity, 2), publicOrigin: platform.url, clientSecret: clientSecretOf(platform), email, password: PASSWORD });
  expect(shopper.idToken.split('.')).toHaveLength(3);
  expect((await listIds(platform, shopper.headers())).status).toBe(200);
});

test('wrong passwords spread over the identity replicas are throttled after the same count as on one', async ({ platform }) => {
  const email = newEmail('guess');
  await signUpShopper({ issuer: issuerOf(platform), publicOrigin: platform.url, email, password: PASSWORD });
  // One sign-in page, its form posted alternately to replica 1 and 2 (the cookies are per host, not port).
  const cookies = new Map<string, string>();
  const keep = (res: Response) => { for (const c of res.headers.getSetCookie()) { const [pair] = c.split(';'); const i = pair!.indexOf('='); cookies.set(pair!.slice(0, i), pair!.slice(i + 1)); } };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const auth = new URL('/auth', issuerOf(platform));
  auth.search = new URLSearchParams({ client_id: 'storefront', redirect_uri: `${platform.url}/auth/callback`, response_type: 'code', scope: 'openid', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' }).toString();
  const start = await fetch(auth, { redirect: 'manual' });
  keep(start);
  const interaction = new URL(start.headers.get('location')!, issuerOf(platform)).pathname;
  // the sign-in page carries the form's CSRF token, bound to this interaction
  const form = await fetch(new URL(interaction, issuerOf(platform)), { headers: { cookie: cookie() } });
  keep(form);
  const csrf = /name="csrf" value="([^"]*)"/.exec(await form.text())?.[1] ?? '';
  expect(csrf).not.toBe('');
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const res = await fetch(`${replicaUrl(platform.ports.identity, 1 + (attempt % 2))}${interaction}/login`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
      body: new URLSearchParams({ email, password: 'wrong-password', csrf }).toString(),
    });
    keep(res);
    statuses.push(res.status);
  }
  // services/identity: 5 failures from one address, then that address waits, whichever replica counted them
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});

test('a signed-in shopper stays signed in across a rolling restart and a restart of every identity replica', async ({ platform }) => {
  test.setTimeout(300_000);
  const email = newEmail('roll');
  await signUpShopper({ issuer: issuerOf(platform), publicOrigin: platform.url, email, password: PASSWORD });
  const shopper = await signInShopper({ issuer: issuerOf(platform), publicOrigin: platform.url, clientSecret: clientSecretOf(platform), email, password: PASSWORD });
  const before = shopper.idToken;
  const put = await fetch(`${platform.url}/api/shopping-list/items/rollcheck1_EA_3299`, {
    method: 'PUT', headers: { ...shopper.headers(), 'content-type': 'application/json' }, body: JSON.stringify({ product_type: 'product', quantity: 2 }),
  });
  expect(put.status).toBe(200);

  const steps = await platform.roll!();
  expect(steps.map((s) => s.replica)).toEqual(expect.arrayContaining(['edge-1', 'edge-2', 'bff-1', 'bff-2', 'identity-1', 'identity-2']));
  // the token issued before the roll still verifies at every BFF replica; the provider session renews it
  for (let i = 0; i < 4; i += 1) expect(await listIds(platform, shopper.headers())).toEqual({ status: 200, ids: ['rollcheck1_EA_3299'] });
  expect(await shopper.renew()).not.toBe(before);

  await platform.stopService('identity');
  await platform.startService('identity');
  shopper.idToken = before;
  expect((await listIds(platform, shopper.headers())).status).toBe(200);
  await shopper.renew();
  expect((await listIds(platform, shopper.headers())).ids).toEqual(['rollcheck1_EA_3299']);
});

test('under mixed load, a BFF, an edge and an identity replica SIGKILLed in turn: no request fails, no acknowledged write is lost', async ({ platform }) => {
  test.setTimeout(180_000);
  const shoppers = Array.from({ length: 4 }, () => ({ email: newEmail('load'), password: PASSWORD, clientSecret: clientSecretOf(platform) }));
  for (const s of shoppers) await signUpShopper({ issuer: issuerOf(platform), publicOrigin: platform.url, ...s });
  const result = await runChaos({ cluster: platform as never, shoppers, connections: 50, durationMs: 30_000 });
  console.log(`chaos: ${result.requests} requests, ${result.failures.length} failed, ${result.acknowledgedWrites} list writes acknowledged, ${result.lostWrites.length} lost; ${JSON.stringify(result.byKind)}; crashes ${JSON.stringify(result.crashes)}`);
  expect(result.crashes.map((c) => c.service)).toEqual(['bff', 'edge', 'identity']);
  expect(result.failures.slice(0, 10)).toEqual([]);
  expect(result.acknowledgedWrites).toBeGreaterThan(100);
  expect(result.lostWrites).toEqual([]);
  // the supervisor has started each crashed replica again
  await expect.poll(async () => (await fetch(`${replicaUrl(platform.ports.bff, 1)}/readyz`).catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
});
