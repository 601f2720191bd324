import { test } from '../fixtures/platform';

const PAGES = ['/recipes', '/stores/halifax-quinpool-3299', '/products/x-slug', '/products', '/products/category/dairy-eggs/cheese', '/store-locator', '/?query=apple&tab=product'];

test('measure (temporary)', async ({ browser, platform }) => {
  test.setTimeout(300_000);
  const scenarios: Array<['first' | 'returning', string]> = [];
  for (const p of PAGES) { scenarios.push(['first', p]); scenarios.push(['returning', p]); }
  // a returning shopper's stored store
  const ctx0 = await browser.newContext();
  const p0 = await ctx0.newPage();
  await p0.goto(platform.url + '/');
  const recordUrl = `http://localhost:${platform.ports.search}/1/indexes/stores/3299?x-algolia-application-id=grocery-local&x-algolia-api-key=local-search-key`;
  await p0.evaluate(async (u) => { const r = await fetch(u); localStorage.setItem('preferredStore', JSON.stringify(await r.json())); }, recordUrl);
  const state = await ctx0.storageState();
  await ctx0.close();
  await platform.stopService('search-engine');
  try {
    for (const [kind, p] of scenarios) {
      const ctx = await browser.newContext(kind === 'returning' ? { storageState: state } : {});
      const page = await ctx.newPage();
      const t0 = Date.now();
      await page.goto(platform.url + p, { waitUntil: 'domcontentloaded' });
      const tDom = Date.now() - t0;
      let found = '';
      const deadline = t0 + 30_000;
      while (Date.now() < deadline) {
        const alerts = page.locator('#slot-page [role=alert]');
        if (await alerts.count()) { found = (await alerts.first().innerText()).slice(0, 80); break; }
        await page.waitForTimeout(100);
      }
      const t = Date.now() - t0;
      const slot = (await page.locator('#slot-page').innerText()).replace(/\s+/g, ' ').slice(0, 300);
      console.log(`MEASURE ${kind} ${p}: dom ${tDom} ms, alert after ${found ? t : '>30000'} ms: ${found} | slot: ${slot}`);
      await ctx.close();
    }
  } finally {
    await platform.startService('search-engine');
  }
});
