import type { Route } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { signIn } from '../fixtures/session';
import { storefront } from '../pages';

/**
 * Spec §8 "Adding a flyer item to the list fails": a signed-in shopper's flyer item whose add the BFF
 * refuses (a 4xx: final, unlike a 5xx that waits in the outbox) says 'An error occurred while adding the
 * product. Please try again.', and the badge and the flyer item's saved flag roll back. The refusal is
 * the BFF's answer to that one PUT (route interception: the list cap of 1000 items is not reachable
 * quickly). Unit prices (issue "unit prices on every flyer item and list line"): the flyer's cards and
 * the list's lines show one, read 'per 100 g' / 'per 100 mL' / 'per item'.
 * Shopper nora.nocard@example.com (seeded list: Bananas, Salted Butter, Orange Juice, 'Birthday candles').
 */
const EMAIL = 'nora.nocard@example.com';
const ADD_ERROR = 'An error occurred while adding the product. Please try again.';
const SEEN_UNIT_PRICE = /\$\d+\.\d{2} \/(100 g|100 mL|ea)/;
const SPOKEN_UNIT_PRICE = /\$\d+\.\d{2} per (100 g|100 mL|item)/;

/** The count in the list button's name ('Shopping list, 4 items' → 4). */
async function countOf(trigger: import('@playwright/test').Locator): Promise<number> {
  const name = (await trigger.getAttribute('aria-label')) ?? (await trigger.textContent()) ?? '';
  return Number(/(\d+) items?/.exec(name)?.[1] ?? NaN);
}

test('a flyer add the BFF refuses shows §8\'s error and rolls back the badge and the saved flag; list lines and flyer items show unit prices', async ({ page }) => {
  test.setTimeout(150_000);
  const { flyer, list, listPage, popups } = storefront(page);

  await signIn(page, EMAIL, { startPath: '/flyer' });
  await popups.remindLaterIfShown();
  await expect(flyer.heading).toBeVisible({ timeout: 20_000 });
  await expect(flyer.cards.first()).toBeVisible({ timeout: 30_000 });
  await expect(list.trigger).toHaveAccessibleName(/^Shopping list, \d+ items?$/, { timeout: 20_000 });

  // An item not on the list yet.
  let name = '';
  for (let n = 0; !name; n += 1) {
    const candidate = (await flyer.item(n)).name;
    if (await flyer.addButton(candidate).isVisible()) name = candidate;
  }
  const card = flyer.card(name);
  // Its unit price: seen as '$x.xx /100 g', read as '$x.xx per 100 g'.
  await expect(card.locator('.item-unit-price [aria-hidden="true"]')).toHaveText(SEEN_UNIT_PRICE);
  await expect(card.locator('.item-unit-price .visually-hidden')).toHaveText(SPOKEN_UNIT_PRICE);

  const before = await countOf(list.trigger);
  let refused = 0;
  const refuse = async (route: Route) => {
    if (route.request().method() !== 'PUT' || refused > 0) return route.fallback();
    refused += 1;
    await route.fulfill({
      status: 400, contentType: 'application/json',
      body: JSON.stringify({ status: 'error', code: 400, message: 'Invalid params.itemId: not sold at this store', data: null }),
    });
  };
  await page.route('**/api/shopping-list/items/**', refuse);

  await flyer.addButton(name).click();
  await expect(page.getByText(ADD_ERROR).first()).toBeVisible({ timeout: 15_000 });
  expect(refused).toBe(1);
  await list.expectCount(before);
  await expect(flyer.savedFlag(name)).toBeHidden();
  await expect(flyer.addButton(name)).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/shopping-list/items/**', refuse);

  // Nothing else was lost, and the same add accepted by the BFF is kept.
  const saved = page.waitForResponse((r) => /\/api\/shopping-list\/items\//.test(r.url()) && r.request().method() === 'PUT' && r.ok());
  await flyer.addButton(name).click();
  await expect(flyer.savedFlag(name)).toBeVisible({ timeout: 15_000 });
  await list.expectCount(before + 1);
  await saved;

  // The list page: product lines show their unit price (the store's price for the package size).
  await listPage.goto();
  const line = listPage.rows().filter({ hasText: 'Salted Butter' }).first();
  await expect(line.locator('[data-unit-price] [aria-hidden="true"]')).toHaveText(SEEN_UNIT_PRICE, { timeout: 20_000 });
  await expect(line.locator('[data-unit-price]')).toContainText(SPOKEN_UNIT_PRICE);
  await list.expectCount(before + 1);
});
