import { test, expect } from '../fixtures/platform';

/**
 * The shell's own pages with real content (issue 16, the shell part; spec §2 Routes): `/privacy-policy`
 * from managed content (BFF `GET /api/content/privacy-policy`), and the home page's popular searches
 * from the search engine's analytics (`GET /2/searches`), with the flyer and offers teasers.
 */

interface SearchConfig {
  appId: string;
  apiKey: string;
  hosts: Array<{ url: string; protocol: string }>;
  indices: { products: string };
}

test('/privacy-policy shows its heading and the sections of the managed content', async ({ page, platform, request }) => {
  const content = await request.get(`${platform.url}/api/content/privacy-policy`);
  expect(content.status()).toBe(200);
  expect((await content.json()).data.title).toBe('Privacy Policy');

  const res = await page.goto('/privacy-policy');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What is stored on your device' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Contact us' })).toBeVisible();
  await expect(page.locator('#shell-root')).toContainText('1-866-586-2805');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page).toHaveTitle('Privacy Policy – Harbour Market');
});

test('the home page shows popular searches from the search data and links to the flyer and offers', async ({ page, platform, request }) => {
  // What shoppers searched: 'cheese', by several shoppers (the engine counts one search per user and query).
  const config = (await (await request.get(`${platform.url}/config.json`)).json()) as { search: SearchConfig };
  const { appId, apiKey, hosts, indices } = config.search;
  const engine = `${hosts[0].protocol}://${hosts[0].url}`;
  for (let i = 0; i < 30; i += 1) {
    const res = await request.post(`${engine}/1/indexes/${indices.products}/query`, {
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': apiKey, 'x-algolia-usertoken': `shell-pages-e2e-${i}` },
      data: { query: 'cheese', hitsPerPage: 1 },
    });
    expect(res.ok()).toBe(true);
  }

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to Harbour/ })).toBeVisible();
  const popular = page.getByRole('navigation', { name: 'Popular searches' });
  const cheese = popular.getByRole('link', { name: 'cheese', exact: true });
  await expect(cheese).toBeVisible({ timeout: 20_000 });
  await expect(cheese).toHaveAttribute('href', '/?query=cheese&tab=product');
  await expect(page.getByRole('link', { name: "View this week's flyer" })).toHaveAttribute('href', '/flyer');
  await expect(page.getByRole('link', { name: 'See your offers' })).toHaveAttribute('href', '/offers');

  await cheese.click();
  await expect(page).toHaveURL(/\/\?query=cheese&tab=product$/);
});
