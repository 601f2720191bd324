import { test, expect } from '../fixtures/platform';
import { StoreSelector, storefront } from '../pages';

/**
 * Spec §2 Routes `/store-locator` and `/stores/{slug}` (mf-store-selector './pages', mounted by the
 * shell into #slot-page). Slugs from services/seed/data/stores.json: 3299 'halifax-quinpool-3299',
 * 2062 'antigonish-antigonish-co-op-2062'.
 */
test.describe('store locator /store-locator', () => {
  test('search Halifax → nearest first with km, a map with markers; select → the header updates', async ({ page }) => {
    const { storePages, store, header } = storefront(page);
    await storePages.gotoLocator();
    await expect(storePages.locatorHeading).toBeVisible();
    await expect(store.buttonFor('Halifax Quinpool')).toBeVisible();

    await storePages.searchField.fill('Halifax');
    const list = storePages.resultsFor('Halifax');
    await expect(list).toBeVisible();
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(2);
    // Distances from the current store (3299): itself first, then Clayton Park.
    await expect(items.nth(0).getByRole('heading', { name: 'Halifax Quinpool' })).toBeVisible();
    await expect(items.nth(0)).toContainText(/^1Halifax Quinpool0\.0 km/);
    await expect(items.nth(1).getByRole('heading', { name: 'Halifax Clayton Park' })).toBeVisible();
    await expect(items.nth(1)).toContainText(/Halifax Clayton Park\d+\.\d km/);
    await expect(items.nth(1)).toContainText('Open 24 Hours');
    await expect(items.nth(0)).toContainText('King Street & Brunswick Street');
    await expect(items.nth(0).getByRole('link', { name: 'View store details' })).toHaveAttribute('href', '/stores/halifax-quinpool-3299');

    const map = storePages.map;
    await expect(map).toBeVisible();
    await expect(map.getByRole('img')).toHaveCount(2);
    await expect(map.getByRole('img', { name: /^2: Halifax Clayton Park, \d+\.\d km$/ })).toBeVisible();

    const select = StoreSelector.selectButton(items.nth(1));
    await select.click();
    await store.confirmButton.click();
    await expect(store.buttonFor('Halifax Clayton Park')).toBeVisible();
    await expect(header.storeName).toContainText('Clayton Park');
    await expect(storePages.currentStoreNote).toBeVisible();
    await expect(page).toHaveURL(/\/store-locator$/);
  });

  test("the selector's 'View Store Locator' link opens the locator without a reload", async ({ page }) => {
    const { home, store, storePages } = storefront(page);
    await home.goto();
    await page.evaluate(() => { (window as unknown as { __noReload: boolean }).__noReload = true; });
    await store.buttonFor('Halifax Quinpool').click();
    await expect(store.near).toBeVisible();
    await store.locatorLink.click();
    await expect(store.dialog).toBeHidden();
    await expect(page).toHaveURL(/\/store-locator$/);
    await expect(storePages.locatorHeading).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});

test.describe('store detail /stores/{slug}', () => {
  test('store 3299 shows its hours for each day, address, logo, nearby stores and "Select this store"', async ({ page }) => {
    const { storePages } = storefront(page);
    await storePages.gotoStore('halifax-quinpool-3299');
    const main = storePages.main;
    await expect(storePages.heading('Halifax Quinpool')).toBeVisible();
    await expect(main.getByRole('img', { name: 'Harbour Market logo' })).toBeVisible();
    await expect(main.getByText('Intersection: King Street & Brunswick Street')).toBeVisible();
    const hours = storePages.hours('Halifax Quinpool');
    await expect(hours.getByRole('row')).toHaveCount(7);
    await expect(hours.getByRole('row', { name: /Monday/ })).toContainText('7:00 a.m. – 10:00 p.m.');
    await expect(hours.getByRole('row', { name: /Sunday/ })).toContainText('8:00 a.m. – 8:00 p.m.');
    await expect(storePages.selectButton).toBeVisible();
    const nearby = storePages.nearby;
    await expect(nearby.getByRole('listitem')).toHaveCount(3);
    await expect(nearby).not.toContainText('Halifax Quinpool');
    await expect(nearby.getByRole('link').first()).toHaveText('Halifax Clayton Park');
  });

  test('a co-op store shows the co-op logo; selecting it from its page updates the header', async ({ page }) => {
    const { storePages, store } = storefront(page);
    await storePages.gotoStore('antigonish-antigonish-co-op-2062');
    const main = storePages.main;
    await expect(storePages.heading('Antigonish Co-op')).toBeVisible();
    await expect(main.getByRole('img', { name: 'Harbour Co-op logo' })).toBeVisible();
    const select = storePages.selectButton;
    await select.click();
    await store.confirmButton.click();
    await expect(store.buttonFor('Antigonish Co-op')).toBeVisible();
    await expect(select).toBeFocused();
    await expect(storePages.currentStoreNote).toBeVisible();
  });

  test("an unknown slug shows 'Store not found' with a link to the locator", async ({ page }) => {
    const { storePages } = storefront(page);
    await storePages.gotoStore('nope');
    await expect(storePages.heading('Store not found')).toBeVisible();
    await storePages.locatorLink.click();
    await expect(storePages.locatorHeading).toBeVisible();
  });
});
