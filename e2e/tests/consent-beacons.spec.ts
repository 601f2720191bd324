import type { Browser, Page } from '@playwright/test';
import { test, expect, type Platform } from '../fixtures/platform';
import { storefront } from '../pages';
import { ConsentBanner, VendorTraffic } from '../pages/consent';

/**
 * Consent covers every beacon a search sends (spec §4 Guided tours / §9 "consent analytics group C0002",
 * §7 "Result events sent: click, view, conversion"; the consent tool's groups C0002 performance
 * (analytics), C0004 targeting (ads)). The network is watched as Hydrogen's consent e2e specs do:
 * - banner unanswered: a search and a click on a result send nothing to the engine's Insights endpoint
 *   (`/1/events`) and nothing to the analytics or ad hosts;
 * - after 'Reject All': the same;
 * - after 'Accept All': the search's Insights events are sent (and events raised before the answer are
 *   sent once the shopper accepts).
 */

const vendorsOrigin = (platform: Platform) => `http://localhost:${(platform.ports as unknown as { vendors: number }).vendors}`;

/** Well-known third-party analytics and ad hosts (none is configured here; any request to one is a leak). */
const THIRD_PARTY_TRACKING = /^https?:\/\/([^/]*\.)?(google-analytics\.com|googletagmanager\.com|doubleclick\.net|googlesyndication\.com|insights\.algolia\.io|analytics\.algolia\.com)\//;

/** Every request of `page` that is an Insights event or goes to an analytics or ad host. */
class BeaconProbe {
  readonly insights: string[] = [];
  readonly tracking: string[] = [];
  private readonly vendorTraffic: VendorTraffic;

  constructor(readonly page: Page, vendors: string) {
    this.vendorTraffic = new VendorTraffic(page, vendors);
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/1/events') this.insights.push(`${r.method()} ${url.host}${url.pathname}`);
      else if (THIRD_PARTY_TRACKING.test(r.url())) this.tracking.push(r.url());
    });
  }

  /** Requests to the analytics and ad hosts: the vendors' collector, tag manager, ad script and creatives, and third parties. */
  analyticsAndAds(): string[] {
    return [...this.vendorTraffic.requests, ...this.tracking];
  }

  /**
   * Resolves once every request the page issued before this call has been seen: the page fetches a
   * marker and the probe waits for its request (the browser reports requests in the order they leave).
   */
  async settled(): Promise<void> {
    const marker = `/config.json?probe=${Date.now()}`;
    const seen = this.page.waitForRequest((r) => r.url().endsWith(marker));
    await this.page.evaluate((u) => { void fetch(u).catch(() => undefined); }, marker);
    await seen;
  }
}

/** A fresh shopper who has done every guided tour (so no tour covers the page once analytics are allowed). */
async function freshPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const tours = ['welcome', 'search', 'flyer', 'offers', 'product', 'recipes', 'recipeDetail', 'recipeList', 'mealPlan', 'manageListFilter'];
    try { localStorage.setItem('completed_tours', JSON.stringify(tours)); } catch { /* storage off */ }
  });
  return { context, page: await context.newPage() };
}

/** A fresh shopper on the home page, its beacons watched, the consent banner unanswered. */
async function openHome(browser: Browser, platform: Platform) {
  const { context, page } = await freshPage(browser, platform.url);
  const probe = new BeaconProbe(page, vendorsOrigin(platform));
  const consent = new ConsentBanner(page);
  await page.goto('/');
  return { context, page, probe, consent };
}

/** Answers the banner with 'Reject All' or 'Accept All' and checks the groups the tool then reports active. */
async function answer(consent: ConsentBanner, choice: 'rejectAll' | 'acceptAll', activeGroups: string): Promise<void> {
  await consent[choice].click();
  await expect(consent.banner).toBeHidden();
  expect(await consent.activeGroups()).toBe(activeGroups);
}

/**
 * A shopper's search: 'milk' typed in the header box (the dropdown answers), Enter to the results page
 * (Insights view), then a click on the first product card (Insights click) to its product page.
 */
async function searchAndClick(page: Page): Promise<void> {
  const s = storefront(page);
  await s.search.combobox.click();
  await s.search.combobox.fill('milk');
  await expect(s.search.products).toBeVisible({ timeout: 15_000 });
  await s.search.combobox.press('Enter');
  await expect(s.results.headingFor('milk')).toBeVisible();
  const grid = page.getByRole('list', { name: 'Products' });
  const first = grid.getByRole('link').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('consent covers every search beacon (Insights, analytics, ads)', () => {
  test('(a) banner unanswered: a search and a click send no Insights event and nothing to analytics or ad hosts; accepting then sends the waiting view', async ({ browser, platform }) => {
    test.setTimeout(90_000);
    const { context, page, probe, consent } = await openHome(browser, platform);
    await expect(consent.banner).toBeVisible();

    await searchAndClick(page);
    await probe.settled();
    await expect(consent.banner).toBeVisible(); // still unanswered
    expect(probe.insights, 'Insights requests before an answer').toEqual([]);
    expect(probe.analyticsAndAds(), 'analytics and ad requests before an answer').toEqual([]);

    // Queued events live in memory, for the page: the card's link loaded a new page. On a results page
    // the view waits; the shopper then accepts and the waiting events leave (once).
    await page.goto('/?query=milk&tab=product');
    await expect(storefront(page).results.headingFor('milk')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('link').first()).toBeVisible();
    await probe.settled();
    expect(probe.insights).toEqual([]);
    await consent.acceptAll.click();
    await expect(consent.banner).toBeHidden();
    await expect.poll(() => probe.insights.length).toBeGreaterThan(0);
    await probe.settled();
    expect(probe.insights).toHaveLength(1); // one beacon carries the queue
    await context.close();
  });

  test('(b) after Reject All: a search and a click send no Insights event and nothing to analytics or ad hosts', async ({ browser, platform }) => {
    test.setTimeout(90_000);
    const { context, page, probe, consent } = await openHome(browser, platform);
    // a search raised before the answer must not leave either
    const s = storefront(page);
    await s.search.combobox.click();
    await s.search.combobox.fill('bread');
    await expect(s.search.products).toBeVisible({ timeout: 15_000 });
    await answer(consent, 'rejectAll', ',C0001,');

    await page.goto('/');
    await searchAndClick(page);
    // the results page again, with its ad slot (targeting refused: it stays empty)
    await page.goto('/?query=milk&tab=product');
    await expect(storefront(page).results.headingFor('milk')).toBeVisible();
    await expect(page.locator('[data-ad-slot="results-leaderboard"]')).toBeAttached();
    await probe.settled();
    expect(probe.insights, 'Insights requests after Reject All').toEqual([]);
    expect(probe.analyticsAndAds(), 'analytics and ad requests after Reject All').toEqual([]);
    await context.close();
  });

  test('(c) after Accept All: the search and the click send Insights events to /1/events', async ({ browser, platform }) => {
    test.setTimeout(90_000);
    const { context, page, probe, consent } = await openHome(browser, platform);
    await answer(consent, 'acceptAll', ',C0001,C0002,C0003,C0004,');

    await searchAndClick(page);
    await expect.poll(() => probe.insights.length).toBeGreaterThan(0);
    expect(probe.insights.every((r) => r.startsWith('POST '))).toBe(true);
    await context.close();
  });
});
