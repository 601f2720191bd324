import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { signedInPage, startOwnSite } from '../fixtures/own-site';
import { test, expect, type Platform } from '../fixtures/platform';
import { signIn } from '../fixtures/session';
import { LoyaltyPopups, storefront, type Storefront } from '../pages';

/**
 * Fault suite: the search engine, the flyer provider, the chat script (services/vendors) and
 * the BFF, each switched off in turn, leave what does not need them working and say what is unavailable
 * (ARCHITECTURE §2 "the rest of the site keeps working"); the BFF killed with SIGKILL during a burst of
 * list writes loses no write the page had confirmed.
 *
 * Each case stops a real service of the worker's platform (`platform.stopService`) and starts it again
 * (`platform.startService`, the search engine seeded again) whatever the outcome, so the spec files
 * after this one find every service up. The SIGKILL test crashes the BFF of a site of its own
 * (fixtures/own-site.ts) on a fresh data folder, so no other spec sees its list writes.
 */

/** What mf-search says when the search engine does not answer (mf-search `SEARCH_UNAVAILABLE_TEXT`). */
const SEARCH_UNAVAILABLE = 'Search is unavailable right now. Please try again later.';
/** Spec §4 Store selection / §8 "Default store failure" (the stores are looked up in the search engine). */
const DEFAULT_STORE_FAILED = 'Could not load a default store. Please try again.';
/** Spec §4 Chat leaves the outcome open; mf-header says so with the spec §8 phone number. */
const CHAT_UNAVAILABLE = 'Live chat is not available right now. Please call us at 1-866-586-2805 for help.';
/** The home page's flyer teaser when the flyer provider is down (shell HomePage). */
const FLYER_HIGHLIGHTS_UNAVAILABLE = 'The flyer highlights are unavailable right now.';
/** Spec §8 "Exception during a call" (mf-loyalty's profile, when the BFF cannot be reached). */
const CALL_FAILED = 'Something went wrong. please try later.';

/** What a fault test's steps get: the shopper's page objects, the browser and the worker's platform. */
interface FaultContext { s: Storefront; page: Page; browser: Browser; platform: Platform }

/**
 * A test that stops `service` of the worker's platform, runs `whileDown`, starts the service again
 * (also when a step fails) and runs `afterRestart`; no uncaught page error may happen meanwhile.
 * @param service a launcher service name: 'search-engine', 'flyer', 'vendors', 'bff'
 */
function faultTest(title: string, service: string, whileDown: (c: FaultContext) => Promise<void>, afterRestart: (c: FaultContext) => Promise<void>): void {
  test(title, async ({ page, browser, platform }) => {
    test.setTimeout(150_000);
    const errors = uncaughtErrors(page);
    const c = { s: storefront(page), page, browser, platform };
    await platform.stopService(service);
    try {
      await whileDown(c);
    } finally {
      await platform.startService(service);
    }
    await afterRestart(c);
    expect(errors, 'uncaught page errors').toEqual([]);
  });
}

/** Records uncaught page errors (a remote that throws past its error boundary); read at the end of a test. */
function uncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The page is not blank: the shell's frame, the header band and no remote reported as failed to load. */
async function expectFrameWorks(s: Storefront): Promise<void> {
  await expect(s.home.skipLink).toHaveAttribute('href', '#main-content');
  await expect(s.header.logo).toBeVisible();
  expect(await s.shell.errorCodes(), 'no remote failed to load').not.toContain('SHELL-002');
}

/** Search works: a submitted query shows its results with products. */
async function expectSearchWorks(s: Storefront, query = 'apple'): Promise<void> {
  await s.search.submit(query);
  await expect(s.results.headingFor(query)).toBeVisible();
  await expect(s.results.productsTab).toBeVisible({ timeout: 20_000 });
  expect(await s.results.productCount()).toBeGreaterThan(0);
}

/** An anonymous shopper's list works (spec §6: kept in browser storage): a custom item is added and counted. */
async function expectAnonymousListWorks(s: Storefront, item: string): Promise<void> {
  await expect(s.list.trigger).toBeVisible({ timeout: 20_000 });
  await s.list.open();
  await s.list.addCustom(item);
  await s.list.expectCount(1);
  await expect(s.list.dialog.getByText(item, { exact: true })).toBeVisible();
  await s.list.close.click();
}

test.describe('each data service switched off in turn', () => {
  faultTest('search engine down: the box and the results page say search is unavailable; header, store button, list and flyer work', 'search-engine', async ({ s, page }) => {
    await s.home.goto();
    await expect(s.home.heading).toBeVisible();
    await expectFrameWorks(s);
    await expect(page.getByText('Popular searches are unavailable right now.')).toBeVisible({ timeout: 20_000 });
    // spec §4 Store selection: the default store cannot be loaded (stores live in the engine): said so
    await expect(page.getByText(DEFAULT_STORE_FAILED)).toBeVisible({ timeout: 20_000 });
    await expect(s.store.slot.getByRole('button', { name: 'Select a store' })).toBeVisible();
    // the search box: after the 1000 ms debounce (spec §5) the dropdown says search is unavailable, not 'No suggestions!'
    await s.search.combobox.fill('apple');
    await expect(s.search.slot.getByText(SEARCH_UNAVAILABLE)).toBeVisible({ timeout: 20_000 });
    await expect(s.search.noSuggestions).toHaveCount(0);
    // the results page says so too (it stopped waiting for a store that cannot come)
    await s.search.combobox.press('Enter');
    await expect(s.results.headingFor('apple')).toBeVisible();
    await expect(s.shell.pageSlot.getByRole('alert')).toHaveText(new RegExp(`^${SEARCH_UNAVAILABLE}`), { timeout: 20_000 });
    await expect(s.shell.pageSlot.getByText('Loading results…')).toHaveCount(0);
    // the header's account menu
    const menu = await s.header.openAccountMenu();
    await expect(menu.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Escape');
    // the shopping list (browser storage)
    await expectAnonymousListWorks(s, 'Tea while search is down');
    // the flyer: the default store's flyer (mf-flyer waits 5 s for a store, then shows spec §4's default store 3299)
    await s.flyer.goto();
    await expect(s.flyer.storeLine).toHaveText(/^Flyer for store 3299/, { timeout: 20_000 });
    await expect(s.flyer.frame.getByText(/Store 3299$/)).toBeVisible({ timeout: 20_000 });
    await expect(s.flyer.cards.first()).toBeVisible();
    await expectFrameWorks(s);
  }, async ({ s }) => {
    // started again (and seeded): search works
    await s.home.goto();
    await expectSearchWorks(s);
  });

  faultTest('flyer provider down: /flyer and the home teaser say the flyer is unavailable; header, search, store and list work', 'flyer', async ({ s, page }) => {
    await s.flyer.goto();
    await expect(s.flyer.unavailable).toBeVisible({ timeout: 20_000 });
    await expect(s.flyer.retry).toBeVisible();
    await expect(s.store.buttonFor('Halifax Quinpool')).toBeVisible();
    await expectFrameWorks(s);
    await s.home.goto();
    await expect(page.getByText(FLYER_HIGHLIGHTS_UNAVAILABLE)).toBeVisible({ timeout: 20_000 });
    await expectAnonymousListWorks(s, 'Bread while the flyer is down');
    await expectSearchWorks(s);
    await expectFrameWorks(s);
  }, async ({ s }) => {
    await s.flyer.goto();
    await expect(s.flyer.iframe).toBeVisible({ timeout: 20_000 });
  });

  faultTest('chat vendor down (services/vendors): Live Chat says chat is unavailable with the phone number; the rest works', 'vendors', async ({ s, page }) => {
    await s.home.goto();
    await expect(s.home.heading).toBeVisible();
    await expect(s.store.buttonFor('Halifax Quinpool')).toBeVisible({ timeout: 20_000 });
    // spec §2 Live chat "reachable from the quick links" (footer); §4 Chat: 50 tries x 100 ms, then said so
    await s.footer.reveal();
    await s.footer.nav.getByRole('link', { name: 'Live Chat' }).click();
    await expect(page.getByText(CHAT_UNAVAILABLE)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('dialog', { name: 'Customer care chat' })).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectFrameWorks(s);
    await expectAnonymousListWorks(s, 'Milk while chat is down');
    await expectSearchWorks(s);
  }, async ({ s, page }) => {
    // started again: the chat opens
    await s.home.goto();
    await s.footer.reveal();
    await s.footer.nav.getByRole('link', { name: 'Live Chat' }).click();
    await expect(page.getByRole('dialog', { name: 'Customer care chat' })).toBeVisible({ timeout: 10_000 });
  });

  test('BFF down: no alert banner, a signed-in shopper\'s profile says it could not be loaded; search, store and the anonymous list work; after a restart she is still signed in', async ({ page, browser, platform }) => {
    test.setTimeout(150_000);
    const errors = uncaughtErrors(page);
    const s = storefront(page);
    // a shopper signed in while the BFF was up (the sign-in itself goes through the BFF)
    const context = await browser.newContext();
    const shopper = await context.newPage();
    const shopperErrors = uncaughtErrors(shopper);
    const t = storefront(shopper);
    try {
      await signIn(shopper, 'nora.nocard@example.com', { startPath: `${platform.url}/shopping-list` });
      await new LoyaltyPopups(shopper).remindLaterIfShown();
      await expect(t.header.greeting('Hi, Nora...')).toBeVisible();
      await platform.stopService('bff');
      try {
        // anonymous: the alert cannot be read: no banner (spec §8 "Other failures are silently ignored"),
        // nothing broken (the edge may answer POST /api/bannerAlert from its 5 s cache a little longer)
        await expect(async () => {
          await s.home.goto();
          await expect(s.home.heading).toBeVisible();
          await expect(s.store.buttonFor('Halifax Quinpool')).toBeVisible({ timeout: 20_000 });
          await expect(s.header.alertBanner).toHaveCount(0, { timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
        await expectFrameWorks(s);
        await expectAnonymousListWorks(s, 'Eggs while the BFF is down');
        await expectSearchWorks(s);

        // signed in, on the open page: her details cannot be read, and say so (spec §8 exception text)
        await shopper.evaluate(() => history.pushState(null, '', '/my-profile'));
        const { account } = t;
        await expect(account.profileHeading).toBeVisible({ timeout: 20_000 });
        const details = account.main.locator('.mfl-card', { has: shopper.getByRole('heading', { name: 'Your details' }) });
        await expect(details.getByRole('alert')).toContainText(CALL_FAILED, { timeout: 20_000 });
        await expect(details.getByRole('button', { name: 'Try again' })).toBeVisible();
        await expectFrameWorks(t);
      } finally {
        await platform.startService('bff');
      }
      // started again: the alert banner is back (spec §2 Alert banner, POST /api/bannerAlert), and the
      // shopper's session (kept by the BFF in its database) survived the outage
      await s.home.goto();
      await expect(s.header.alertBanner).toBeVisible({ timeout: 20_000 });
      await shopper.reload();
      await expect(t.header.greeting('Hi, Nora...')).toBeVisible({ timeout: 20_000 });
      expect(shopperErrors, 'uncaught page errors (signed in)').toEqual([]);
    } finally {
      await context.close();
    }
    expect(errors, 'uncaught page errors').toEqual([]);
  });
});

test('BFF killed (SIGKILL) in the middle of a burst of list writes: after a restart every write the page confirmed is on the account', async ({ browser }) => {
  test.setTimeout(300_000);
  const SHOPPER = 'lena.linked@example.com';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-fault-'));
  const site = await startOwnSite(dataDir);
  try {
    const first = await signedInPage(browser, site, SHOPPER);
    const errors = uncaughtErrors(first.page);
    await first.page.goto(`${site.url}/shopping-list`);
    await expect(first.listPage.heading).toBeVisible({ timeout: 20_000 });
    const field = first.listPage.main.getByRole('textbox', { name: 'Add a custom item' });
    await expect(field).toBeEnabled();
    // item writes the BFF answered 2xx (acknowledged on the server)
    const acknowledged = new Set<string>();
    first.page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'PUT' && /\/api\/shopping-list\/items\//.test(response.url()) && response.ok()) {
        const name = (request.postDataJSON() as { meta?: { name?: string } } | null)?.meta?.name;
        if (name) acknowledged.add(name);
      }
    });

    // A burst of 12 custom items, typed one after the other without waiting for the server; the BFF
    // is SIGKILLed (a crash, no clean shutdown) after the fifth, once it has acknowledged at least one.
    const run = Date.now().toString(36);
    const names = Array.from({ length: 12 }, (_, i) => `Burst ${run} ${String(i + 1).padStart(2, '0')}`);
    let killed: Promise<void> | null = null;
    for (const [i, name] of names.entries()) {
      await field.fill(name);
      await field.press('Enter');
      if (i === 4) {
        await expect.poll(() => acknowledged.size, { timeout: 10_000 }).toBeGreaterThan(0);
        killed = site.killService('bff', 'SIGKILL');
      }
    }
    await killed;
    // What the page confirmed: the row shown in the list (and 'Added <name> to your list.').
    const confirmed: string[] = [];
    for (const name of names) {
      if (await first.listPage.main.getByText(name, { exact: true }).isVisible()) confirmed.push(name);
    }
    expect(confirmed.length, 'the page confirmed the burst (kept in the browser while the BFF is down)').toBe(names.length);
    const ackedBeforeCrash = [...acknowledged];
    expect(ackedBeforeCrash.length, 'some writes were not acknowledged before the crash').toBeLessThan(names.length);
    test.info().annotations.push({ type: 'acknowledged by the BFF before the kill', description: `${ackedBeforeCrash.length} of ${names.length}` });

    // While the BFF is down, this browser holds its changes back for later (and can not send them yet).
    await first.page.route('**/api/shopping-list/**', (route) => route.abort('connectionrefused'));
    await site.startService('bff');

    // 1. What the BFF acknowledged survived the crash: another browser, signed in afresh, sees it
    //    before the first browser has sent anything again.
    const second = await signedInPage(browser, site, SHOPPER);
    await second.page.goto(`${site.url}/shopping-list`);
    await expect(second.listPage.heading).toBeVisible({ timeout: 20_000 });
    for (const name of ackedBeforeCrash) await expect(second.listPage.main.getByText(name, { exact: true }), `acknowledged '${name}'`).toBeVisible({ timeout: 20_000 });

    // 2. The first browser reaches the BFF again: its held-back writes are sent, and the account holds
    //    every write the page confirmed, exactly once.
    await first.page.unroute('**/api/shopping-list/**');
    await first.page.reload();
    await expect(first.listPage.heading).toBeVisible({ timeout: 20_000 });
    await expect(async () => {
      await second.page.reload();
      await expect(second.listPage.heading).toBeVisible({ timeout: 10_000 });
      for (const name of confirmed) await expect(second.listPage.main.getByText(name, { exact: true })).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    expect(errors, 'uncaught page errors').toEqual([]);
    await first.context.close();
    await second.context.close();
  } finally {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
