import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { storefront } from '../pages';

/**
 * mf-shopping-list for an anonymous shopper (spec §2 Shopping-list side panel, §3 Shopping
 * list, §4 Shopping list and cart, §5, §6 "Shopping list … stay in browser storage", §9).
 * Every test starts in a fresh browser context: an empty browser list.
 */

/** Asks the list (through the bus, as any remote does) to add `n` made-up products; waits until all are stored. */
async function addThroughBus(page: Page, n: number) {
  await page.evaluate(async (count) => {
    const { bus } = (globalThis as unknown as { __SHARED_EVENTS__: { bus: {
      emit(type: string, payload: unknown): void;
      on(type: string): { subscribe(f: (e: { payload: { requestId?: string } }) => void): { unsubscribe(): void } };
    } } }).__SHARED_EVENTS__;
    const pending = new Set<string>();
    const done = new Promise<void>((resolve, reject) => {
      const ok = bus.on('list/item-added').subscribe((e) => {
        pending.delete(e.payload.requestId ?? '');
        if (pending.size === 0) { ok.unsubscribe(); resolve(); }
      });
      bus.on('list/add-failed').subscribe((e) => reject(new Error(`add failed: ${JSON.stringify(e.payload)}`)));
    });
    for (let i = 0; i < count; i += 1) {
      const requestId = `bulk-${i}`;
      pending.add(requestId);
      bus.emit('list/add-requested', { requestId, itemId: `${String(70000000 + i)}_EA_3299`, quantity: 1, productType: 'product', name: `Bulk item ${i + 1}` });
    }
    await done;
  }, n);
}

test('a new shopper adds three products and a custom item without signing in, reloads, and finds all four', async ({ page }) => {
  const { list, listPage, results } = storefront(page);
  await page.goto('/?query=milk&tab=product');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await list.expectCount(0);

  const titles = await results.addFirstToList(3);
  await list.expectCount(3);
  await expect(page.getByText('Added to your list').first()).toBeVisible();

  await list.open();
  await list.addCustom('Picnic napkins');
  await list.expectCount(4);
  await expect(list.dialog.getByText('Picnic napkins', { exact: true })).toBeVisible();

  await page.reload();
  await list.expectCount(4);
  await listPage.goto();
  for (const title of titles) await expect(listPage.main.getByText(title).first()).toBeVisible();
  await expect(listPage.main.getByText('Picnic napkins', { exact: true })).toBeVisible();
});

test("the side panel: focus moves in and back to the trigger, Escape closes it; 'View List' on an empty list goes to /products, else to /shopping-list", async ({ page }) => {
  const { list } = storefront(page);
  await page.goto('/');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await list.open();
  await expect(list.dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(list.dialog).toBeHidden();
  await expect(list.trigger).toBeFocused();

  await list.open();
  await list.viewList.click();
  await page.waitForURL((url) => url.pathname === '/products');

  await page.goto('/');
  await list.open();
  await list.addCustom('Dish soap');
  await list.expectCount(1);
  await list.viewList.click();
  await page.waitForURL((url) => url.pathname === '/shopping-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping list' })).toBeVisible();
});

test("side panel size (spec §9): 512 px wide from 1024 px, full width below", async ({ page }) => {
  const { list } = storefront(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await list.open();
  expect((await list.dialog.boundingBox())!.width).toBeCloseTo(512, 0);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 800 });
  await list.open();
  expect((await list.dialog.boundingBox())!.width).toBeCloseTo(390, 0);
});

test("100 items → the badge reads '99+'; 120 items → the page shows 100 and 'Load More' shows the rest (spec §4, §9)", async ({ page }) => {
  test.setTimeout(120_000);
  const { list, listPage } = storefront(page);
  await page.goto('/');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await addThroughBus(page, 100);
  await expect(list.badge()).toHaveText('99+');
  await list.expectCount(100);
  await addThroughBus(page, 120); // the first 100 again (quantity 2) and 20 new
  await list.expectCount(120);

  await listPage.goto();
  await expect(listPage.main.getByText('Bulk item 100', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(listPage.main.getByText('Bulk item 101', { exact: true })).toHaveCount(0);
  await listPage.loadMore.click();
  await expect(listPage.main.getByText('Bulk item 120', { exact: true })).toBeVisible();
  await expect(listPage.loadMore).toHaveCount(0);
});

test('the list is kept while the network is offline, across tabs, and a custom item name is text cut at 50 characters', async ({ page, context }) => {
  const { list, listPage } = storefront(page);
  await page.goto('/');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });

  const other = await context.newPage();
  await other.goto('/');
  const otherList = storefront(other).list;
  await expect(otherList.trigger).toBeVisible({ timeout: 20_000 });

  // The panel's code is fetched when the shopper first opens it; the list itself must not need the network.
  await list.open();
  await context.setOffline(true);
  const hostile = '<img src=x onerror="window.__listXss=1">' + ' and more words to pass fifty';
  await list.addCustom(hostile);
  await list.addCustom('Oat milk');
  await list.expectCount(2);
  await otherList.expectCount(2); // the other tab follows without a reload
  await context.setOffline(false);

  await page.reload();
  await list.expectCount(2);
  await listPage.goto();
  await expect(listPage.main.getByText(hostile.slice(0, 50), { exact: true })).toBeVisible();
  await expect(listPage.main.getByText('Oat milk', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __listXss?: number }).__listXss)).toBeUndefined();
  await other.close();
});
