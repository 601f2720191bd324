import { test, expect } from '../fixtures/platform';

/**
 * Spec §2 Routes `/store-locator` and `/stores/{slug}` (mf-store-selector './pages', mounted by the
 * shell into #slot-page). Slugs from services/seed/data/stores.json: 3299 'halifax-quinpool-3299',
 * 2062 'antigonish-antigonish-co-op-2062'.
 */
test.describe('store locator /store-locator', () => {
  test('search Halifax → nearest first with km, a map with markers; select → the header updates', async ({ page }) => {
    await page.goto('/store-locator');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Your store: Halifax Quinpool' })).toBeVisible();

    await main.getByRole('searchbox', { name: 'Search by city or postal code' }).fill('Halifax');
    const list = main.getByRole('list', { name: 'Stores matching “Halifax”' });
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

    const map = main.getByRole('group', { name: 'Map of the stores listed' });
    await expect(map).toBeVisible();
    await expect(map.getByRole('img')).toHaveCount(2);
    await expect(map.getByRole('img', { name: /^2: Halifax Clayton Park, \d+\.\d km$/ })).toBeVisible();

    const select = items.nth(1).getByRole('button', { name: 'Select this store' });
    await select.click();
    const sheet = page.getByRole('alertdialog', { name: 'Update Selected Store' });
    await sheet.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('button', { name: 'Your store: Halifax Clayton Park' })).toBeVisible();
    await expect(page.getByTestId('header-store-name')).toContainText('Clayton Park');
    await expect(main.getByText('Your current store')).toBeVisible();
    await expect(page).toHaveURL(/\/store-locator$/);
  });

  test("the selector's 'View Store Locator' link opens the locator without a reload", async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => { (window as unknown as { __noReload: boolean }).__noReload = true; });
    await page.getByRole('button', { name: 'Your store: Halifax Quinpool' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select a store' });
    await expect(dialog.getByRole('list', { name: 'Stores near you' })).toBeVisible();
    await dialog.getByRole('link', { name: 'View Store Locator' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/store-locator$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});

test.describe('store detail /stores/{slug}', () => {
  test('store 3299 shows its hours for each day, address, logo, nearby stores and "Select this store"', async ({ page }) => {
    await page.goto('/stores/halifax-quinpool-3299');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Halifax Quinpool' })).toBeVisible();
    await expect(main.getByRole('img', { name: 'Harbour Market logo' })).toBeVisible();
    await expect(main.getByText('Intersection: King Street & Brunswick Street')).toBeVisible();
    const hours = main.getByRole('table', { name: 'Hours of Halifax Quinpool' });
    await expect(hours.getByRole('row')).toHaveCount(7);
    await expect(hours.getByRole('row', { name: /Monday/ })).toContainText('7:00 a.m. – 10:00 p.m.');
    await expect(hours.getByRole('row', { name: /Sunday/ })).toContainText('8:00 a.m. – 8:00 p.m.');
    await expect(main.getByRole('button', { name: 'Select this store' })).toBeVisible();
    const nearby = main.getByRole('list', { name: 'Nearby stores' });
    await expect(nearby.getByRole('listitem')).toHaveCount(3);
    await expect(nearby).not.toContainText('Halifax Quinpool');
    await expect(nearby.getByRole('link').first()).toHaveText('Halifax Clayton Park');
  });

  test('a co-op store shows the co-op logo; selecting it from its page updates the header', async ({ page }) => {
    await page.goto('/stores/antigonish-antigonish-co-op-2062');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Antigonish Co-op' })).toBeVisible();
    await expect(main.getByRole('img', { name: 'Harbour Co-op logo' })).toBeVisible();
    const select = main.getByRole('button', { name: 'Select this store' });
    await select.click();
    await page.getByRole('alertdialog', { name: 'Update Selected Store' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('button', { name: 'Your store: Antigonish Co-op' })).toBeVisible();
    await expect(select).toBeFocused();
    await expect(main.getByText('Your current store')).toBeVisible();
  });

  test("an unknown slug shows 'Store not found' with a link to the locator", async ({ page }) => {
    await page.goto('/stores/nope');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Store not found' })).toBeVisible();
    await main.getByRole('link', { name: 'View Store Locator' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
  });
});
