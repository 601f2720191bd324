import { test, expect } from '../fixtures/platform';
import { signIn } from '../fixtures/session';
import { storefront } from '../pages';

/**
 * Spec §4 Shopping list and cart: "An anonymous shopping list is merged into the account on login, then
 * the cart is refreshed"; §6 the signed-in list syncs to the server with the identity token.
 * Shopper nora.nocard@example.com, whose seeded list (services/seed/data/accounts/lists.json, README)
 * holds Bananas, Salted Butter, Orange Juice and the custom item 'Birthday candles'.
 */
const EMAIL = 'nora.nocard@example.com';
const SEEDED = ['Bananas', 'Salted Butter', 'Orange Juice', 'Birthday candles'];

test('an anonymous list is merged into the account on sign-in (custom items de-duplicated by name), and another browser finds the same list', async ({ page, browser, platform }) => {
  test.setTimeout(180_000);
  const { list, listPage, popups, header, results } = storefront(page);

  // Anonymous: two products from the search results and two custom items, one of them the same as
  // the account's 'Birthday candles' written differently.
  await page.goto('/?query=yogurt&tab=product');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  const titles = await results.addFirstToList(2);
  await list.open();
  await list.addCustom('  birthday   CANDLES ');
  await list.addCustom('Paper towels');
  await list.expectCount(4);
  await page.keyboard.press('Escape');

  // The merge toast closes after 3 s (spec §9), possibly while the card popup is being dismissed:
  // record every toast message of the pages to come (the bus replays the last minute's toasts).
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: string[]; __SHARED_EVENTS__?: { bus: { on(t: string, o: { replayMs: number }): { subscribe(f: (e: { payload: { message: string } }) => void): unknown } } } };
    w.__toasts = [];
    const wait = setInterval(() => {
      const bus = w.__SHARED_EVENTS__?.bus;
      if (!bus) return;
      clearInterval(wait);
      bus.on('toast/show', { replayMs: 60_000 }).subscribe((e) => w.__toasts.push(e.payload.message));
    }, 10);
  });
  await signIn(page, EMAIL, { startPath: null });
  await popups.remindLaterIfShown();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts), { timeout: 15_000 })
    .toContainEqual(expect.stringMatching(/^Added 4 items from this browser to your list$/));
  // 4 seeded + 2 products + 'Paper towels' ('birthday candles' joined the seeded one).
  await list.expectCount(7);
  await listPage.goto();
  for (const name of [...SEEDED, ...titles, 'Paper towels']) await expect(listPage.main.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(listPage.main.getByText(/birthday candles/i)).toHaveCount(1);

  // Another browser (no local data): the same list from the account.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, EMAIL, { startPath: `${platform.url}/shopping-list` });
  const otherParts = storefront(other);
  await otherParts.popups.remindLaterIfShown();
  await otherParts.list.expectCount(7);
  await expect(otherParts.listPage.main.getByText('Paper towels', { exact: true })).toBeVisible({ timeout: 20_000 });
  // A change there reaches the account: it is there after the first browser reloads.
  await otherParts.list.open();
  const saved = other.waitForResponse((r) => /\/api\/shopping-list\/items\//.test(r.url()) && r.request().method() === 'PUT' && r.ok());
  await otherParts.list.addCustom('Dish soap');
  await otherParts.list.expectCount(8);
  await saved; // sent from the outbox to the account
  await context.close();

  await page.reload();
  await list.expectCount(8);

  // Signed out, the account's list is not shown: the browser list (emptied by the merge) is.
  await header.greeting('Hi, Nora...').click();
  await header.signOutButton.click();
  await page.waitForURL((url) => url.origin === platform.url && !url.pathname.startsWith('/auth/'), { timeout: 15_000 });
  await expect(header.accountButton).toBeVisible();
  await list.expectCount(0);
});

/**
 * Spec §2 Shopping-list side panel "offers sections": a signed-in shopper's loaded offers that match the
 * list's products appear in the panel — asked through the bus (mf-shopping-list → `offers/matches-requested`,
 * mf-offers answers `offers/matches`). Lena's card has the loaded offer 'Buy 4 Sugar Cookies, Special Dietary,
 * get 400 points' (services/seed/data/offers/offers.json).
 */
test("the list panel shows the shopper's loaded offers for products in the list", async ({ page }) => {
  test.setTimeout(120_000);
  const { list, popups } = storefront(page);
  await signIn(page, 'lena.linked@example.com');
  await popups.closeIfShown();
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => {
    const { bus } = (globalThis as unknown as { __SHARED_EVENTS__: { bus: { emit(type: string, payload: unknown): void } } }).__SHARED_EVENTS__;
    bus.emit('list/add-requested', { requestId: 'cookies', itemId: '20182038_G_3299', productType: 'product', name: 'Sugar Cookies, Special Dietary' });
  });
  await expect(page.getByText('Added to your list').first()).toBeVisible();
  await list.open();
  const offers = list.dialog.getByRole('region', { name: 'Offers for your list' });
  await expect(offers).toBeVisible({ timeout: 15_000 });
  await expect(offers.getByText(/Buy 4 Sugar Cookies, Special Dietary, get 400 points/)).toBeVisible();
  await expect(offers.getByText(/On Sugar Cookies, Special Dietary/)).toBeVisible();
});
