import type { Page } from '@playwright/test';
import { seriousViolations, WCAG_AA } from '../fixtures/a11y';
import { test, expect } from '../fixtures/platform';
import { ROUTES } from '../fixtures/routes';
import { signIn } from '../fixtures/session';
import { storefront } from '../pages';
import { ConsentBanner, grantAnalyticsConsent } from '../pages/consent';
import { TourOverlay } from '../pages/tours';

/**
 * Accessibility: every route of spec §2 (the table routes.spec.ts walks, fixtures/routes.ts)
 * scanned with axe (WCAG 2.0/2.1 A and AA rules) at 1280 px (desktop header) and 390 px (mobile panel,
 * spec §9): no violation of impact serious or critical. Also the first visit (consent banner, its
 * preferences dialog, the welcome tour) and the account menu's pages of a signed-in shopper.
 * A failure lists rule id, impact, help text and the target selector of each failing node.
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The account menu's links (spec §2 Header), seen by a signed-in shopper with a linked card (lena, seed u-1003). */
const SIGNED_IN_PAGES = ['/my-profile', '/preferences-centre', '/scene', '/offers', '/favourites', '/recipes/meal-plan', '/recipes/my-recipe-lists', '/shopping-list'];

/**
 * Waits until the page's remotes have mounted: the route's `<h1>` in #main-content, the header band
 * (logo), search box, store selector and list trigger, and the footer band (mounted once in view).
 */
async function remotesMounted(page: Page): Promise<void> {
  const s = storefront(page);
  await expect(page.locator('#main-content').getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  for (const part of [s.header.logo, s.search.combobox, s.store.button, s.list.trigger]) await expect(part).toBeAttached();
  await s.footer.reveal();
  await expect(s.footer.navigation).toBeAttached();
  // data the page asks for after its heading (results, cards) has arrived
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** The page's serious and critical WCAG A/AA violations, each line naming rule, help and targets. */
const wcagViolations = (page: Page) => seriousViolations(page, { tags: WCAG_AA });

for (const viewport of WIDTHS) {
  test.describe(`axe at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('first visit: the consent banner, its preferences dialog, then the welcome tour', async ({ page }) => {
      const consent = new ConsentBanner(page);
      const tour = new TourOverlay(page);
      await storefront(page).home.goto();
      await expect(consent.banner).toBeVisible();
      await remotesMounted(page);
      expect(await wcagViolations(page), 'consent banner').toEqual([]);

      await consent.settings.click();
      await expect(consent.dialog).toBeVisible();
      expect(await wcagViolations(page), 'consent preferences dialog').toEqual([]);

      // analytics consent (C0002) lets the welcome tour start on the next page load (spec §4 Guided tours)
      await consent.group('Performance Cookies').check();
      await consent.dialog.getByRole('button', { name: 'Confirm My Choices' }).click();
      await expect(consent.banner).toBeHidden();
      await page.reload();
      await expect(tour.tooltip).toBeVisible({ timeout: 10_000 });
      expect(await wcagViolations(page), 'welcome tour').toEqual([]);
    });

    for (const [path, purpose] of ROUTES) {
      test(`${path} — ${purpose}`, async ({ page, context, baseURL }) => {
        await grantAnalyticsConsent(context, baseURL!); // no banner, every tour done: the page itself
        const res = await page.goto(path);
        expect(res?.status(), `${path} answers 200`).toBe(200);
        await remotesMounted(page);
        expect(await wcagViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
      });
    }

    test('signed in (lena, linked card): the account menu pages', async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      await grantAnalyticsConsent(context, baseURL!);
      await signIn(page, 'lena.linked@example.com');
      const { popups } = storefront(page);
      for (const path of SIGNED_IN_PAGES) {
        await page.goto(path);
        await popups.closeIfShown();
        await remotesMounted(page);
        expect.soft(await wcagViolations(page), `${path} signed in at ${viewport.width}px`).toEqual([]);
      }
    });
  });
}
