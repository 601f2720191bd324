import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { OffersPages, storefront } from '../pages';

/**
 * mf-offers without signing in (spec §2 `/offers?hash=`, §6 "The hash link gives view access
 * to the offers of a card without login", §7 validate a hash, member inquiry, fetch offers by hash, §8
 * expired hash link). The BFF allows 30 hash lookups (10 links) a minute for the whole local edge, so this
 * file opens links sparingly: 5 lookups in all (counted).
 */

/** Counts the page's hash lookups (spec §7: POST hash/validate, POST member-inquiry, GET /api/offers?hash=…). */
function countHashLookups(page: Page): { readonly count: number; readonly paths: string[] } {
  const seen = { count: 0, paths: [] as string[] };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/api\/offers\/(hash\/validate|member-inquiry)$/.test(url.pathname) || (url.pathname === '/api/offers' && url.searchParams.has('hash'))) {
      seen.count += 1;
      seen.paths.push(url.pathname);
    }
  });
  return seen;
}

/** Records (and dismisses) every JavaScript dialog: an injected `onerror=alert(1)` would open one. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  return dialogs;
}

test('anonymous /offers without a hash asks to sign in and reads no offers', async ({ page }) => {
  const offersCalls: string[] = [];
  page.on('request', (r) => { if (/\/api\/offers/.test(r.url())) offersCalls.push(r.url()); });
  const { offers } = storefront(page);
  await offers.gotoOffers();
  await expect(offers.offersHeading).toBeVisible({ timeout: 20_000 });
  await expect(offers.main.getByText('Sign in to see your Scene+ offers and load them to your card.')).toBeVisible();
  await expect(offers.logIn).toBeVisible();
  expect(offersCalls).toEqual([]);
});

test("the valid demo link shows Lena's offers without sign-in, read-only; markup renders as text; a reload reads the tab's copy", async ({ page }) => {
  const lookups = countHashLookups(page);
  const dialogs = recordDialogs(page);
  const { offers } = storefront(page);
  await offers.gotoLink(OffersPages.VALID_HASH);
  await expect(offers.main.getByText('Scene+ card •••• 1003 · view only')).toBeVisible({ timeout: 20_000 });
  await expect(offers.section('Active offers')).toBeVisible();
  await expect(offers.section('Pending offers')).toBeVisible();
  expect((await offers.offerIds()).every((id) => id.startsWith('ofr-1003-'))).toBe(true);
  await expect(offers.badge('ofr-1003-010')).toHaveText('3X PTS');
  // Read-only: no load buttons, no favourites.
  await expect(offers.loadAll).toHaveCount(0);
  await expect(offers.loadButtons).toHaveCount(0);
  await expect(offers.favouriteToggles).toHaveCount(0);
  // The seed's offer with `<img src=x onerror=alert(1)>` in its description: text, no element.
  await expect(offers.card('ofr-1003-025')).toContainText('Saltines Crackers <img src=x onerror=alert(1)>');
  await expect(offers.card('ofr-1003-025').locator('img:not(.mfo-image)')).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  // spec §7's order: validate the hash, member inquiry, then the offers
  expect(lookups.paths).toEqual(['/api/offers/hash/validate', '/api/offers/member-inquiry', '/api/offers']);

  // Offers under a session key (spec §6): a reload shows them without another lookup.
  await page.reload();
  await expect(offers.main.getByText('Scene+ card •••• 1003 · view only')).toBeVisible({ timeout: 20_000 });
  await expect(offers.card('ofr-1003-010')).toBeVisible();
  expect(lookups.count).toBe(3);
});

for (const [name, hash] of [
  ['the expired demo link', OffersPages.EXPIRED_HASH],
  ['a made-up link', 'Zq7VtX2bN9pLm4KcR8sD1fG6hJ3wY5eA0uIoPxQzTnE'],
] as const) {
  test(`${name}: the spec §8 text, then home after 3 seconds`, async ({ page }) => {
    const lookups = countHashLookups(page);
    const { offers } = storefront(page);
    await offers.gotoLink(hash);
    await expect(offers.expiredLink).toBeVisible({ timeout: 20_000 });
    const shownAt = Date.now();
    await expect(offers.expiredLink).toHaveText(OffersPages.EXPIRED_LINK_TEXT);
    await page.waitForURL((url) => url.pathname === '/' && url.search === '', { timeout: 10_000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThanOrEqual(2_000);
    expect(waited).toBeLessThan(8_000);
    await expect(offers.cards).toHaveCount(0);
    // validation refused it: nothing else was asked
    expect(lookups.paths).toEqual(['/api/offers/hash/validate']);
  });
}

test('a malformed link gets the same text and goes home, without a lookup', async ({ page }) => {
  const lookups = countHashLookups(page);
  const { offers } = storefront(page);
  await offers.gotoLink('abc');
  await expect(offers.expiredLink).toBeVisible({ timeout: 20_000 });
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  expect(lookups.count).toBe(0);
});
