import type { Frame, Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { storefront } from '../pages';

/**
 * mf-flyer and the flyer provider (spec §2 /flyer, §4 Shopping list and cart, §5, §8; the
 * provider ⇄ host contract: services/flyer-provider/README.md). Every test starts in a fresh browser
 * context: a new shopper, default store 3299, an empty browser list.
 */

/** The flyer's iframe as a Playwright frame (to post from it as the provider would). */
async function flyerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes('/embed?'))).toBe(true);
  return page.frames().find((f) => f.url().includes('/embed?'))!;
}

/** Records the type of every bus event from now on (window.__flyerE2eEvents). */
async function recordBusEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __flyerE2eEvents: string[]; __SHARED_EVENTS__: { bus: { events$: { subscribe(f: (e: { type: string }) => void): unknown } } } };
    w.__flyerE2eEvents = [];
    w.__SHARED_EVENTS__.bus.events$.subscribe((e) => w.__flyerE2eEvents.push(e.type));
  });
}

const busEvents = (page: Page) => page.evaluate(() => (window as unknown as { __flyerE2eEvents: string[] }).__flyerE2eEvents);

test('a new shopper opens /flyer, sees store 3299, adds two items (toast, badge), finds them in the list with their sale story, and removes one from the flyer', async ({ page }) => {
  const { flyer, list } = storefront(page);
  await flyer.goto();
  await flyer.expectFlyerOf('3299');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  await list.expectCount(0);

  const first = await flyer.item(0);
  const second = await flyer.item(1);
  expect(first.name).not.toBe('');
  expect(first.saleStory).not.toBe('');

  await flyer.addButton(first.name).click();
  // The flag shows once the list stored the item (the flyer never sets it by itself).
  await expect(flyer.savedFlag(first.name)).toBeVisible();
  await expect(page.getByText('Added to your list').first()).toBeVisible();
  await list.expectCount(1);
  await flyer.addButton(second.name).click();
  await expect(flyer.savedFlag(second.name)).toBeVisible();
  await list.expectCount(2);

  await list.open();
  for (const item of [first, second]) {
    const row = list.dialog.getByRole('listitem').filter({ hasText: item.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`Flyer: ${item.saleStory}`);
  }
  await page.keyboard.press('Escape');
  await expect(list.dialog).toBeHidden();

  await flyer.removeButton(first.name).click();
  await expect(flyer.savedFlag(first.name)).toBeHidden();
  await expect(flyer.addButton(first.name)).toBeVisible();
  await expect(page.getByText('Removed from your list').first()).toBeVisible();
  await list.expectCount(1);
  await list.open();
  await expect(list.dialog.getByRole('listitem').filter({ hasText: second.name })).toBeVisible();
  await expect(list.dialog.getByRole('listitem').filter({ hasText: first.name })).toHaveCount(0);

  // After a reload the flyer shows the item still in the list as saved.
  await page.keyboard.press('Escape');
  await page.reload();
  await flyer.expectFlyerOf('3299');
  await expect(flyer.savedFlag(second.name)).toBeVisible({ timeout: 15_000 });
  await expect(flyer.savedFlag(first.name)).toBeHidden();
});

test("/flyer?set_preferred_store_number=42 shows store 0042's flyer, the header names that store, and the parameter leaves the URL", async ({ page }) => {
  const { flyer, store } = storefront(page);
  await flyer.goto('?set_preferred_store_number=42');
  await flyer.expectFlyerOf('0042');
  await expect(flyer.storeLine).toContainText('Wolfville Main Street (0042)');
  await expect(store.buttonMatching('Wolfville')).toBeVisible();
  await expect(page).toHaveURL(/\/flyer$/);
  await expect(flyer.notice).toHaveText('');

  // The choice is the preferred store now: a reload keeps it without asking again.
  await page.reload();
  await flyer.expectFlyerOf('0042');
});

test('an unknown or invalid store number keeps the current store and says so', async ({ page }) => {
  const { flyer, store } = storefront(page);
  await flyer.goto('?set_preferred_store_number=9998');
  await expect(flyer.notice).toHaveText(/^We couldn't find store 9998\. Showing the flyer for .*\(3299\)\.$/, { timeout: 15_000 });
  await flyer.expectFlyerOf('3299');
  await expect(store.buttonMatching('Halifax')).toBeVisible();
  await expect(page).toHaveURL(/\/flyer$/);

  await flyer.goto('?set_preferred_store_number=12345');
  await expect(flyer.notice).toHaveText(/^We couldn't find store 12345\. Showing the flyer for .*\(3299\)\.$/);
  await flyer.expectFlyerOf('3299');
});

test('a flyer message from another origin, or of a bad shape, changes nothing', async ({ page }) => {
  const { flyer, list } = storefront(page);
  await flyer.goto();
  await flyer.expectFlyerOf('3299');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  const frame = await flyerFrame(page);
  const publicationId = new URL(frame.url()).searchParams.get('publicationId')!;
  // A real item of this publication, exactly as the flyer sends it (the provider's publications API).
  const providerOrigin = new URL(frame.url()).origin;
  const publicationRes = await page.request.get(`${providerOrigin}/api/publications/${publicationId}`);
  expect(publicationRes.ok()).toBe(true);
  const item = ((await publicationRes.json()) as { pages: Array<{ items: Array<Record<string, unknown>> }> }).pages[0].items[0];
  const box = page.locator('.mf-flyer__frame');
  const heightBefore = (await box.boundingBox())!.height;
  await recordBusEvents(page);

  // From the page itself: the origin is the edge and the source the page, not the provider's iframe.
  await page.evaluate(({ publicationId: pub, item: it }) => {
    const base = { source: 'flyer-provider', version: 1, publicationId: pub };
    window.postMessage({ ...base, type: 'flyer:add-to-list', item: it }, '*');
    window.postMessage({ ...base, type: 'flyer:item-open', item: it }, '*');
    window.postMessage({ ...base, type: 'flyer:resize', height: 300 }, '*');
  }, { publicationId, item });
  // From the provider's iframe (right origin and source) with a bad shape.
  await frame.evaluate(({ publicationId: pub, item: it }) => {
    const base = { source: 'flyer-provider', version: 1, publicationId: pub };
    window.parent.postMessage({ ...base, type: 'flyer:add-to-list', item: { ...it, uom: 'BOX' } }, '*');
    window.parent.postMessage({ ...base, version: 2, type: 'flyer:add-to-list', item: it }, '*');
    window.parent.postMessage({ ...base, type: 'flyer:add-to-list', item: it, extra: true }, '*');
    window.parent.postMessage({ ...base, type: 'flyer:add-to-list', item: { ...it, image: 'https://evil.example/x.svg' } }, '*');
    window.parent.postMessage({ ...base, publicationId: '0042-20200102', type: 'flyer:add-to-list', item: it }, '*');
    window.parent.postMessage({ ...base, type: 'flyer:resize', height: '300' }, '*');
    window.parent.postMessage('flyer:add-to-list', '*');
  }, { publicationId, item });

  await page.waitForTimeout(1_000);
  const events = await busEvents(page);
  expect(events.filter((t) => t.startsWith('list/') && t.endsWith('-requested'))).toEqual([]);
  await expect(flyer.itemDialog).toHaveCount(0);
  expect((await box.boundingBox())!.height).toBe(heightBefore);
  await list.expectCount(0);

  // The same message, well formed, from the iframe: accepted (the checks above are not vacuous).
  await frame.evaluate(({ publicationId: pub, item: it }) => {
    window.parent.postMessage({ source: 'flyer-provider', version: 1, publicationId: pub, type: 'flyer:add-to-list', item: it }, '*');
  }, { publicationId, item });
  await list.expectCount(1);
  expect(await busEvents(page)).toContain('list/add-requested');
});

test("an item's picture opens its details in a dialog with Add to list", async ({ page }) => {
  const { flyer, list } = storefront(page);
  await flyer.goto();
  await flyer.expectFlyerOf('3299');
  await expect(list.trigger).toBeVisible({ timeout: 20_000 });
  const { name, saleStory } = await flyer.item(0);
  await flyer.card(name).locator('.item-open').click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(saleStory);
  await dialog.getByRole('button', { name: 'Add to list' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove from list' })).toBeVisible();
  await list.expectCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(flyer.savedFlag(name)).toBeVisible();
});

test('with the flyer provider unreachable, /flyer explains and the header, search and list keep working; Try again recovers', async ({ page, platform }) => {
  const { flyer, header, search, list, store } = storefront(page);
  const providerOrigin = `http://localhost:${platform.ports.flyer}`;
  await page.route(`${providerOrigin}/**`, (route) => route.abort('connectionrefused'));
  await flyer.goto();
  await expect(flyer.unavailable).toBeVisible({ timeout: 20_000 });
  await expect(flyer.retry).toBeVisible();
  await expect(header.logo).toBeVisible();
  await expect(store.button).toBeVisible();
  await expect(list.trigger).toBeVisible();
  await list.open();
  await list.addCustom('Picnic napkins');
  await list.expectCount(1);
  await page.keyboard.press('Escape');
  await search.combobox.fill('milk');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  await search.combobox.press('Escape');

  await page.unroute(`${providerOrigin}/**`);
  await flyer.retry.click();
  await flyer.expectFlyerOf('3299');
  await expect(flyer.unavailable).toHaveCount(0);
});
