import type { Browser, Page } from '@playwright/test';
import { test, expect, type Platform } from '../fixtures/platform';
import { HeaderBand, storefront } from '../pages';
import { collectStats, ConsentBanner, grantConsent, VendorTraffic } from '../pages/consent';
import { TourOverlay } from '../pages/tours';
import { signIn } from '../fixtures/session';

/**
 * The consent tool, the tag manager, the ad script, guided tours and live chat, against the
 * composed site with the vendors' stand-ins (services/vendors) on their own origin.
 * - Spec §4 Guided tours / §9: a tour starts 1.5 s after an eligible page loads, only with consent group
 *   C0002; completion in `completed_tours`; mobile-hidden targets skipped under 1024 px.
 * - §7 Analytics events: the dataLayer gets each event once, GA4-shaped, only with consent; nothing
 *   leaves the browser for analytics or ads after a decline, also after a reload (as Hydrogen's consent
 *   e2e specs watch the network).
 * - §2 Live chat, §4 Chat, §9: the quick link and the footer link open the chat; with the chat script
 *   gone the shopper gets a message with the support phone within about 5 s.
 */

const vendorsOrigin = (platform: Platform) => `http://localhost:${(platform.ports as unknown as { vendors: number }).vendors}`;

/** dataLayer entries that are events (not gtag consent commands). */
const dataLayerEvents = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter((e) => !!e && typeof e === 'object' && typeof (e as { event?: unknown }).event === 'string' && !('length' in (e as object))));

/** A fresh shopper: a new browser context (no cookies, no storage). */
async function freshPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL, viewport });
  return { context, page: await context.newPage() };
}

/**
 * A fresh shopper whose requests to the vendors' origin are recorded (`traffic`), on a collector whose
 * counts were just reset; with the page objects the consent tests use.
 */
async function watchedShopper(browser: Browser, platform: Platform) {
  const origin = vendorsOrigin(platform);
  await collectStats(origin, true);
  const { context, page } = await freshPage(browser, platform.url);
  return { origin, context, page, traffic: new VendorTraffic(page, origin), s: storefront(page), consent: new ConsentBanner(page) };
}

test.describe('consent, analytics and ads', () => {
  test('Reject All: no tour, and no analytics or ad request leaves the browser on any page, also after a reload', async ({ browser, platform }) => {
    test.setTimeout(90_000);
    const { origin, context, page, traffic, s, consent } = await watchedShopper(browser, platform);
    const tour = new TourOverlay(page);

    await s.home.goto();
    // the banner is a bottom bar: the page stays usable (the header search is not covered)
    await expect(consent.banner).toBeVisible();
    await expect(s.search.combobox).toBeVisible();
    await consent.rejectAll.click();
    await expect(consent.banner).toBeHidden();
    expect(await consent.activeGroups()).toBe(',C0001,');

    for (const path of ['/', '/?query=milk&tab=product', '/offers', '/flyer', '/']) {
      await page.goto(path);
      await expect(consent.banner).toBeHidden(); // the choice is remembered (cookie)
      await page.waitForTimeout(2500); // past the tour's 1.5 s start
      await expect(tour.tooltip).toHaveCount(0);
    }
    // shopper actions that publish analytics events
    await s.header.primaryNav.getByRole('link').first().click();
    await page.reload();
    await page.waitForTimeout(2500);
    await expect(tour.tooltip).toHaveCount(0);
    expect(await dataLayerEvents(page)).toEqual([]);
    // the home page's ad slot keeps its reserved size and stays empty
    await page.goto('/');
    const slot = page.locator('[data-ad-slot="home-leaderboard"]');
    await expect(slot).toBeAttached();
    await page.waitForTimeout(1500);
    await expect(slot.locator('img')).toHaveCount(0);

    expect(traffic.requests, 'no request to /collect, the tag manager or the ad script').toEqual([]);
    const stats = await collectStats(origin);
    expect(stats.hits).toBe(0);
    expect(stats.ads).toBe(0);
    await context.close();
  });

  test('with consent, the dataLayer gets each event once, GA4-shaped (view_item_list: list 7 Search - Products), and the tag manager sends them', async ({ browser, platform }) => {
    const { origin, context, page, traffic, s, consent } = await watchedShopper(browser, platform);

    await s.results.goto('milk');
    await expect(s.results.headingFor('milk')).toBeVisible();
    await expect(consent.banner).toBeVisible();
    // before a choice: nothing in the dataLayer, nothing sent
    expect(await dataLayerEvents(page)).toEqual([]);
    await consent.choose(['Performance Cookies']);
    expect(await consent.activeGroups()).toBe(',C0001,C0002,');

    // the waiting view_item_list is pushed once, GA4-shaped
    await expect.poll(async () => (await dataLayerEvents(page)).map((e) => (e as { event: string }).event)).toEqual(['view_item_list']);
    const [view] = (await dataLayerEvents(page)) as Array<{ event: string; ecommerce: { item_list_id: string; item_list_name: string; items: unknown[] } }>;
    expect(view.ecommerce.item_list_id).toBe('7');
    expect(view.ecommerce.item_list_name).toBe('Search - Products');
    expect(view.ecommerce.items.length).toBeGreaterThan(0);
    // the tag manager (loaded now) sent it once to the collector
    await expect.poll(async () => (await collectStats(origin)).events).toEqual({ view_item_list: 1 });

    // a header link: nav_header, once
    const link = s.header.primaryNav.getByRole('link').first();
    await link.click();
    await expect.poll(async () => (await dataLayerEvents(page)).filter((e) => (e as { event: string }).event === 'nav_header')).toHaveLength(1);
    await expect.poll(async () => (await collectStats(origin)).events.nav_header).toBe(1);
    expect(traffic.requests.filter((p) => p.startsWith('/ads'))).toEqual([]); // no targeting consent: no ads
    await context.close();
  });

  test('a stored choice (grantConsent, for other specs) shows no banner and lets analytics through', async ({ browser, platform }) => {
    const { context, page } = await freshPage(browser, platform.url);
    await grantConsent(context, platform.url, ['C0002']);
    const consent = new ConsentBanner(page);
    await page.goto('/');
    await expect.poll(() => consent.activeGroups()).toBe(',C0001,C0002,');
    await expect(consent.banner).toHaveCount(0);
    await storefront(page).header.primaryNav.getByRole('link').first().click();
    await expect.poll(async () => (await dataLayerEvents(page)).map((e) => (e as { event: string }).event)).toContain('nav_header');
    await context.close();
  });

  test('with targeting consent the home page ad slot is filled, at the size it reserved (no layout shift)', async ({ browser, platform }) => {
    const { context, page } = await freshPage(browser, platform.url);
    const consent = new ConsentBanner(page);
    await page.goto('/');
    const slot = page.locator('[data-ad-slot="home-leaderboard"]');
    const before = await slot.boundingBox();
    await consent.choose(['Targeting Cookies']);
    await expect(slot.locator('img[alt="Advertisement"]')).toBeVisible();
    const after = await slot.boundingBox();
    expect(after!.height).toBeCloseTo(before!.height, 0);
    expect(after!.y).toBeCloseTo(before!.y, 0);
    await context.close();
  });

  test('with targeting consent the results page ad slot is filled under the results, without moving them; rejected, nothing loads', async ({ browser, platform }) => {
    const { context, page } = await freshPage(browser, platform.url);
    const consent = new ConsentBanner(page);
    await page.goto('/');
    await consent.choose(['Targeting Cookies']);
    await page.goto('/?query=milk&tab=product');
    const slot = page.locator('[data-ad-slot="results-leaderboard"]');
    await expect(slot.locator('img[alt="Advertisement"]')).toBeVisible();
    const grid = page.getByRole('list', { name: 'Products' });
    const [gridBox, slotBox] = [await grid.boundingBox(), await slot.boundingBox()];
    expect(slotBox!.y).toBeGreaterThan(gridBox!.y + gridBox!.height);
    await context.close();

    const declined = await freshPage(browser, platform.url);
    const ads: string[] = [];
    declined.page.on('request', (r) => { if (r.url().includes('/ads.js')) ads.push(r.url()); });
    await declined.page.goto('/');
    await new ConsentBanner(declined.page).rejectAll.click();
    await declined.page.goto('/?query=milk&tab=product');
    await expect(declined.page.locator('[data-ad-slot="results-leaderboard"]')).toBeAttached();
    await expect(declined.page.locator('[data-ad-slot="results-leaderboard"] img')).toHaveCount(0);
    expect(ads).toEqual([]);
    await declined.context.close();
  });

  test('at 390 px the consent bar sits above the alert banner, neither hiding the other, and moving nothing (no layout shift)', async ({ browser, platform }) => {
    const { context, page } = await freshPage(browser, platform.url, { width: 390, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => { for (const e of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/?query=milk&tab=product');
    const consent = new ConsentBanner(page);
    const alertBanner = new HeaderBand(page).alertBanner;
    await expect(consent.banner).toBeVisible();
    await expect(alertBanner).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
    await page.waitForTimeout(500);
    const [bar, alert] = [await consent.banner.boundingBox(), await alertBanner.boundingBox()];
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(alert!.y + 1);
    // layout-shift goal CLS ≤ 0.05 at 390 px: the consent bar is moved by a transform, not a shift
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.05);
    await context.close();
  });

  test('a signed-in shopper\'s choice goes to the consent tool with the token from POST /api/generateToken (spec §7); an anonymous one sends no receipt', async ({ browser, platform }) => {
    const receiptsOf = (page: Page) => {
      const seen: Array<{ authorization: string | undefined; body: { identifier: string; groups: string[] } }> = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/consent/receipts')) seen.push({ authorization: r.headers().authorization, body: r.postDataJSON() });
      });
      return seen;
    };
    const anonymous = await freshPage(browser, platform.url);
    const anonymousReceipts = receiptsOf(anonymous.page);
    await anonymous.page.goto('/');
    await new ConsentBanner(anonymous.page).acceptAll.click();
    await expect(new ConsentBanner(anonymous.page).banner).toBeHidden();
    await anonymous.page.waitForTimeout(500);
    expect(anonymousReceipts).toEqual([]);
    await anonymous.context.close();

    const { context, page } = await freshPage(browser, platform.url);
    const tokenAnswers: number[] = [];
    page.on('response', (r) => { if (r.request().method() === 'POST' && r.url().endsWith('/api/generateToken')) tokenAnswers.push(r.status()); });
    const receipts = receiptsOf(page);
    await signIn(page, 'lena.linked@example.com');
    const consent = new ConsentBanner(page);
    await expect(consent.acceptAll).toBeVisible();
    expect(tokenAnswers).toEqual([200]);
    const uid = await page.evaluate(() => (globalThis as unknown as { __SHARED_EVENTS__: { bus: { state: { session: { value: { uid: string } } } } } }).__SHARED_EVENTS__.bus.state.session.value.uid);
    await consent.acceptAll.click();
    await expect.poll(() => receipts.length).toBe(1);
    expect(receipts[0].authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(receipts[0].body).toEqual({ identifier: uid, groups: ['C0001', 'C0002', 'C0003', 'C0004'] });
    await context.close();
  });
});

test.describe('guided tours (spec §4 Guided tours, §9)', () => {
  test('after accepting performance cookies the welcome tour starts about 1.5 s after load, can be stepped through and completed, and does not start again', async ({ browser, platform }) => {
    test.setTimeout(90_000);
    const { context, page } = await freshPage(browser, platform.url);
    const s = storefront(page);
    const consent = new ConsentBanner(page);
    const tour = new TourOverlay(page);

    await s.home.goto();
    await consent.choose(['Performance Cookies']);
    // on the next load: about 1.5 s after the page loaded
    await page.reload({ waitUntil: 'load' });
    const loadedAt = Date.now();
    await page.waitForTimeout(1000);
    await expect(tour.tooltip).toHaveCount(0);
    await expect(tour.tooltip).toBeVisible({ timeout: 8000 });
    const startedAfter = Date.now() - loadedAt;
    expect(startedAfter).toBeGreaterThanOrEqual(1400);
    expect(startedAfter).toBeLessThan(6000);

    await expect(tour.tooltip).toContainText('Welcome to Harbour Market');
    // focus moves into the tour
    await expect.poll(() => tour.tooltip.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await tour.start.click();
    await expect(tour.tooltip).toContainText('Search products and recipes');
    await tour.back.click();
    await expect(tour.tooltip).toContainText('Welcome to Harbour Market');
    await tour.start.click();
    const seen: string[] = [];
    for (let i = 0; i < 10 && (await tour.next.count()) > 0; i++) {
      seen.push(await tour.tooltip.innerText());
      await tour.next.click();
    }
    await expect(tour.tooltip).toContainText("This week's flyer");
    expect(seen.some((t) => t.includes('Browse the aisles'))).toBe(true); // desktop: the primary nav step is shown
    await tour.finish.click();
    await expect(tour.tooltip).toHaveCount(0);
    expect(await tour.completedTours()).toEqual(['welcome']);

    await page.reload();
    await page.waitForTimeout(4000);
    await expect(tour.tooltip).toHaveCount(0);
    await context.close();
  });

  test('at 390 px the step whose target is hidden on mobile (the primary navigation) is skipped', async ({ browser, platform }) => {
    test.setTimeout(90_000);
    const { context, page } = await freshPage(browser, platform.url, { width: 390, height: 844 });
    const consent = new ConsentBanner(page);
    const tour = new TourOverlay(page);
    await page.goto('/');
    await consent.choose(['Performance Cookies']);
    await expect(tour.tooltip).toBeVisible({ timeout: 10_000 });
    const seen: string[] = [await tour.tooltip.innerText()];
    if (await tour.start.count()) await tour.start.click();
    for (let i = 0; i < 10 && (await tour.tooltip.count()) > 0; i++) {
      seen.push(await tour.tooltip.innerText());
      if ((await tour.next.count()) === 0) break;
      await tour.next.click();
    }
    expect(seen.join('\n')).not.toContain('Browse the aisles');
    expect(seen.join('\n')).toContain('Your shopping list');
    await tour.close.click();
    expect(await tour.completedTours()).toEqual(['welcome']);
    await context.close();
  });
});

test.describe('live chat (spec §2 Live chat, §4 Chat, §9)', () => {
  test('Live Chat opens the chat from the mobile panel, and what the shopper types is shown as text', async ({ browser, platform }) => {
    const { context, page } = await freshPage(browser, platform.url, { width: 390, height: 844 });
    const s = storefront(page);
    await page.goto('/');
    await new ConsentBanner(page).rejectAll.click();
    await s.header.menuButton.click();
    await s.header.mobileMenu.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Live Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Customer care chat' });
    await expect(chat).toBeVisible();
    await expect(s.header.mobileMenu).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/');
    const box = chat.getByRole('textbox', { name: 'Type your message' });
    await expect(box).toBeFocused();
    await box.fill('<b>where is my order?</b>');
    await box.press('Enter');
    await expect(chat.getByText('<b>where is my order?</b>')).toBeVisible();
    await expect(chat.locator('b')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(chat).toHaveCount(0);
    await context.close();
  });

  test('Live Chat opens the chat from the footer', async ({ browser, platform }) => {
    const { context, page } = await freshPage(browser, platform.url);
    const s = storefront(page);
    await page.goto('/');
    await new ConsentBanner(page).rejectAll.click();
    await s.footer.reveal();
    await s.footer.nav.getByRole('link', { name: 'Live Chat' }).click();
    await expect(page.getByRole('dialog', { name: 'Customer care chat' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('with the chat script unavailable the shopper is told so, with the phone number, within about 5 s', async ({ browser, platform }) => {
    const { context, page } = await freshPage(browser, platform.url);
    const s = storefront(page);
    // the chat vendor is down for this browser (its script never arrives)
    await page.route(`${vendorsOrigin(platform)}/chat.js`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await new ConsentBanner(page).rejectAll.click();
    const clickedAt = Date.now();
    await s.footer.reveal();
    await s.footer.nav.getByRole('link', { name: 'Live Chat' }).click();
    const message = page.getByText('Live chat is not available right now. Please call us at 1-866-586-2805 for help.');
    await expect(message).toBeVisible({ timeout: 8000 });
    expect(Date.now() - clickedAt).toBeLessThan(7000);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(4500);
    await expect(page.getByRole('dialog', { name: 'Customer care chat' })).toHaveCount(0);
    await context.close();
  });
});
