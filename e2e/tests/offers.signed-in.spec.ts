import { test, expect } from '../fixtures/platform';
import { signIn } from '../fixtures/session';
import { OffersPages, storefront } from '../pages';

/**
 * mf-offers for signed-in shoppers (spec §3 Offer collections, Favourites; §4 Offers, LP00;
 * §5; §9 loaded-offers banner). Demo offers: services/bff/README.md (Lena: 6 active, 11 pending 'B'
 * offers to load, 2 C-only pending that the storefront does not use, 3 expired, 3 redeemed).
 * One platform for the file (fresh database per run); Lena's offers are loaded by the first test.
 */

test("lena sees her offers with badges, loads all pending ones, sees the count banner, and finds them loaded after a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'lena.linked@example.com');
  const { offers } = storefront(page);
  await offers.gotoOffers();
  await expect(offers.main.getByText('Scene+ card •••• 1003')).toBeVisible({ timeout: 20_000 });
  await offers.expectCount('Active offers', 6);
  await offers.expectCount('Pending offers', 11);
  // Badges by offer type (services/bff README "Offer types").
  await expect(offers.badge('ofr-1003-002')).toHaveText('300 PTS');
  await expect(offers.badge('ofr-1003-008')).toHaveText('BUY 2 GET 1 FREE');
  await expect(offers.badge('ofr-1003-010')).toHaveText('3X PTS');
  await expect(offers.badge('ofr-1003-014')).toHaveText('$1 OFF + 200 PTS');
  await expect(offers.badge('ofr-1003-007')).toHaveText('20% OFF');
  // Ends within 48 h; C-only offers are not used (spec §5).
  await expect(offers.card('ofr-1003-018')).toContainText('Expiring soon');
  await expect(offers.card('ofr-1003-021')).toHaveCount(0);
  // Markup in a description is text.
  await expect(offers.card('ofr-1003-025')).toContainText('<img src=x onerror=alert(1)>');
  await expect(offers.card('ofr-1003-025').locator('img:not(.mfo-image)')).toHaveCount(0);

  const load = page.waitForResponse((r) => r.url().endsWith('/api/offers/load') && r.request().method() === 'POST');
  await offers.loadAll.click();
  const answer = await (await load).json();
  expect(answer.data.loaded).toHaveLength(11);
  expect(answer.data.failed).toEqual([]);
  await expect(offers.banner).toContainText('11 offers loaded to your card');
  await expect(offers.banner).toBeFocused();
  await offers.expectCount('Active offers', 17);
  await offers.expectCount('Pending offers', 0);
  await expect(offers.loadAll).toHaveCount(0);

  await page.reload();
  await offers.expectCount('Active offers', 17);
  await offers.expectCount('Pending offers', 0);
  await expect(offers.card('ofr-1003-001')).toContainText('Loaded to card');
  await expect(offers.card('ofr-1003-001')).toHaveAttribute('data-collection', 'activeOffers');
});

test('favourites show only live offers; one removed stays removed', async ({ page }) => {
  await signIn(page, 'lena.linked@example.com');
  const { offers } = storefront(page);
  await offers.gotoFavourites();
  await expect(offers.favouritesHeading).toBeVisible({ timeout: 20_000 });
  await offers.expectCount('Favourite offers', 3);
  await offers.expectCount('Basket builder offers', 2);
  expect((await offers.offerIds()).sort()).toEqual(['ofr-1003-001', 'ofr-1003-002', 'ofr-1003-003', 'ofr-1003-005', 'ofr-1003-007']);
  // 004 (expired) and 006 (redeemed) were seeded as favourites: not shown.
  await expect(offers.card('ofr-1003-004')).toHaveCount(0);
  await expect(offers.card('ofr-1003-006')).toHaveCount(0);

  await offers.card('ofr-1003-003').getByRole('button', { name: /^Remove from favourites: / }).click();
  await offers.expectCount('Favourite offers', 2);
  await page.reload();
  await offers.expectCount('Favourite offers', 2);
  await expect(offers.card('ofr-1003-003')).toHaveCount(0);
});

test("bella sees her own card's offers and none of lena's", async ({ page }) => {
  await signIn(page, 'bella.bigpoints@example.com');
  const { offers } = storefront(page);
  const read = page.waitForResponse((r) => /\/api\/offers$/.test(r.url()) && r.request().method() === 'GET');
  await offers.gotoOffers();
  expect((await read).status()).toBe(200);
  await expect(offers.main.getByText('Scene+ card •••• 1007')).toBeVisible({ timeout: 20_000 });
  await expect(offers.cards.first()).toBeVisible();
  const ids = await offers.offerIds();
  expect(ids.length).toBeGreaterThan(100);
  expect(ids.every((id) => id.startsWith('ofr-1007-'))).toBe(true);
  expect(await offers.main.innerHTML()).not.toContain('ofr-1003-');
});

test('olga (card status LP00): offers loading is skipped and explained', async ({ page }) => {
  const reads: string[] = [];
  page.on('request', (r) => { if (/\/api\/offers(\?|$)/.test(r.url())) reads.push(r.url()); });
  await signIn(page, 'olga.lp00@example.com');
  const { offers } = storefront(page);
  await offers.gotoOffers();
  await expect(offers.main.getByText('Offers are not available for this card.')).toBeVisible({ timeout: 20_000 });
  await expect(offers.main.getByText(OffersPages.CARD_STATUS_TEXT)).toBeVisible();
  expect(reads).toEqual([]);
});
