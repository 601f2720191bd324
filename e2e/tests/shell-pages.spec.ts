import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures/platform';
import { FooterBand } from '../pages';

/**
 * The shell's own pages with real content (spec §2 Routes): `/privacy-policy`
 * and the footer's info pages (spec §2 Footer: `/about/*`, `/customer-service/*`, `/legal/*`) from managed
 * content (BFF `GET /api/content/<name>`), and the home page's popular searches
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

/** Spec §2 Footer: the footer's info links (label in services/seed/data/content/footer.json) → path, `<h1>`. */
const FOOTER_INFO_LINKS: Array<[label: string, path: string, title: string]> = [
  ['Contact Us', '/customer-service/contact-us', 'Contact Us'],
  ['Help & FAQs', '/customer-service/help', 'Help & FAQs'],
  ['Our Story', '/about/our-story', 'Our Story'],
  ['Co-op Stores', '/about/co-op-stores', 'Co-op Stores'],
  ['Community Giving', '/about/community', 'Community Giving'],
  ['Careers', '/about/careers', 'Careers'],
  ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
  ['Terms of Use', '/legal/terms-of-use', 'Terms of Use'],
  ['Accessibility', '/legal/accessibility', 'Accessibility'],
];

test("spec §2 Footer: each info link of the footer reaches its page (keyboard, in-site), whose content shows", async ({ page }) => {
  await page.goto('/');
  const footer = new FooterBand(page);
  await footer.reveal();
  for (const [label, path, title] of FOOTER_INFO_LINKS) {
    const link = footer.nav.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', path);
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page.locator('#shell-root').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expect(page).toHaveTitle(`${title} – Harbour Market`);
  }
  // 'Live Chat' stays the chat trigger (spec §2 Live chat): the footer link does not leave the page
  await expect(footer.nav.getByRole('link', { name: 'Live Chat', exact: true })).toHaveAttribute('href', '/customer-service/live-chat');
});

test('/about/co-op-stores lists the co-op stores as links to their store pages; no serious axe violations', async ({ page }) => {
  const res = await page.goto('/about/co-op-stores');
  expect(res?.status()).toBe(200);
  const root = page.locator('#shell-root');
  await expect(root.getByRole('heading', { level: 2, name: 'Our co-op stores' })).toBeVisible();
  const store = root.getByRole('link', { name: 'Antigonish Co-op, Antigonish, NS' });
  await expect(store).toHaveAttribute('href', '/stores/antigonish-antigonish-co-op-2062');
  const { violations } = await new AxeBuilder({ page }).include('#shell-root').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await store.click();
  await expect(page).toHaveURL(/\/stores\/antigonish-antigonish-co-op-2062$/);
  await expect(page.getByRole('heading', { level: 1, name: /Antigonish Co-op/ })).toBeVisible({ timeout: 20_000 });
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

// A stable, fast first paint: the HTML the edge serves for a remote's page carries
// that remote's page intro (its first-view.json), so it shows before any script has run — here, with
// none at all — and the shopper's search terms in it are text.
test('remote pages show their intro from the served HTML, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const pages: Array<[string, string, RegExp]> = [
    ['/flyer', 'Weekly flyer', /deals at your store/],
    ['/offers', 'Offers', /Scene\+ offers for this week/],
    ['/store-locator', 'Find a store', /opening hours/],
    [`/?query=${encodeURIComponent('<b>milk</b>')}`, 'Results for “<b>milk</b>”', /match your search/],
  ];
  for (const [path, heading, lead] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.locator('#slot-page .sf-intro__lead')).toHaveText(lead);
  }
  expect(await page.locator('#slot-page b').count()).toBe(0);

  // A product page's intro is filled from its record (the edge looks the slug up anyway, for
  // the 404): its picture, name and size · brand paint with the HTML.
  await page.goto('/products/salted-butter-20010010');
  await expect(page.getByRole('heading', { level: 1, name: 'Salted Butter', exact: true })).toBeVisible();
  await expect(page.locator('#slot-page .sf-intro__lead')).toHaveText('454 g · Harbour Pantry');
  const picture = page.locator('#slot-page img.sf-intro__picture');
  await expect(picture).toHaveAttribute('src', '/media/butter.svg');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // a recipe page the same way: its picture, title and description
  await page.goto('/recipes/nova-scotia-haddock-chowder');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Scotia Haddock Chowder', exact: true })).toBeVisible();
  await expect(page.locator('#slot-page .sf-intro__lead')).toHaveText(/flaky haddock, potatoes/);
  await expect(page.locator('#slot-page img.sf-intro__picture')).toHaveAttribute('src', /^\/media\/.+\.svg$/);
  await context.close();
});

// Once the scripts run, the product page keeps the served intro (same picture, same name),
// adds the price and 'Add to list' under the name and the nutrition facts under it all, with one <h1>
// and no layout shift.
test('the product page keeps its served intro and adds the details under it', async ({ page }) => {
  await page.goto('/products/salted-butter-20010010');
  await expect(page.getByRole('heading', { level: 2, name: 'Nutrition Facts' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salted Butter');
  await expect(page.locator('#slot-page [data-first-view]')).toHaveCount(0); // React's copy replaced the edge's
  await expect(page.locator('#slot-page .sf-intro__picture')).toHaveAttribute('src', '/media/butter.svg');
  // the price and 'Add to list' fill the intro's column under the name
  const intro = page.locator('#slot-page header.sf-intro');
  await expect(intro.getByRole('button', { name: 'Add to list' })).toBeVisible();
  await expect(intro.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();
  await expect(page.getByRole('article', { name: 'Salted Butter' }).getByRole('table')).toBeVisible();
  const shifts = await page.evaluate(() => new Promise<number>((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) total += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 500);
  }));
  expect(shifts).toBeLessThanOrEqual(0.02); // goal for catalogue and product pages: CLS ≤ 0.02
});
