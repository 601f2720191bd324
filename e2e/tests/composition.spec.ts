import fs from 'node:fs';
import { test, expect, installReactRendererProbe } from '../fixtures/platform';
import { storefront } from '../pages';

test.describe('composition (ARCHITECTURE §2)', () => {
  test('exactly one React DOM and one bus instance reach the page', async ({ page }) => {
    const { home, header, search, store } = storefront(page);
    await installReactRendererProbe(page);
    await home.goto();
    await expect(search.combobox).toBeVisible();
    await expect(store.button).toBeVisible();
    await expect(header.accountButton).toBeVisible();
    const renderers = await page.evaluate(() => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
    expect(renderers).toBe(1);
    const bus = await page.evaluate(() => (window as unknown as { __SHARED_EVENTS__: { instances: number; version: string } }).__SHARED_EVENTS__);
    expect(bus.instances).toBe(1);
    expect(bus.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('an unknown path shows a real not-found page with a 404 status', async ({ page }) => {
    const { home, search } = storefront(page);
    const res = await page.goto('/no-such-aisle');
    expect(res?.status()).toBe(404);
    await expect(home.notFoundHeading).toBeVisible();
    // The remotes still compose around it.
    await expect(search.combobox).toBeVisible();
  });

  test('the edge sends the cache policy and a CSP naming only the site origins', async ({ request, platform }) => {
    const headerOrigin = `http://localhost:${platform.ports.remotes['mf-header']}`;
    const manifest = await request.get(`${headerOrigin}/mf-header/1.0.0/mf-manifest.json`);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const home = await request.get('/');
    const csp = home.headers()['content-security-policy'];
    expect(csp).toContain(headerOrigin);
    expect(csp).not.toMatch(/\*(?!\.)|https?:\/\/(?!localhost)/);
    expect((await request.get('/remotes.json')).headers()['cache-control']).toBe('no-cache');
    const alert = await request.post('/api/bannerAlert', { data: { province: 'ON' } });
    expect(alert.status()).toBe(200);
  });

  // The release's smoke step runs this file against its candidate map; without this check an
  // entry the edge could not resolve would fall back to the working build and the smoke would still pass.
  test('the edge serves the candidate map the release handed it (E2E_REMOTES_POINTER)', async ({ request }) => {
    const pointer = process.env.E2E_REMOTES_POINTER;
    test.skip(!pointer, 'only in a release smoke run (npm run release -- <remote>)');
    const candidate = JSON.parse(fs.readFileSync(pointer!, 'utf8')) as Record<string, string>;
    const served = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
    for (const [remote, ref] of Object.entries(candidate)) {
      // `deploy:/<remote>/<version>/mf-manifest.json` resolves against the deploy origin; a URL is served as is
      if (ref.startsWith('deploy:')) expect(new URL(served[remote]).pathname, `${remote} as served`).toBe(ref.slice('deploy:'.length));
      else expect(served[remote], `${remote} as served`).toBe(ref);
      expect((await request.get(served[remote])).status(), `${remote}'s manifest at ${served[remote]}`).toBe(200);
    }
  });
});
