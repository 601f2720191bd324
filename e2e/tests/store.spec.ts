import { test, expect } from '../fixtures/platform';
import { StoreSelector, storefront } from '../pages';

test.describe('store selection (spec §2 Store selector, §4 Store selection)', () => {
  test('default store 3299 loads; choosing a store updates the header and the results, and survives a reload', async ({ page }) => {
    const { header, store, results } = storefront(page);
    await results.goto('milk');
    await expect(store.button).toBeVisible();
    await expect(header.storeName).toContainText('Halifax');
    await expect(results.productsTab).toBeVisible();
    const before = await results.productsTab.innerText();

    await store.button.click();
    await expect(store.dialog).toBeVisible();
    await store.searchField.fill('Antigonish');
    // Results arrive after the 700 ms debounce (spec §9); at most 3 are listed.
    const antigonish = store.match(/Antigonish/).first();
    await expect(antigonish).toBeVisible();
    expect(await store.matches.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    const select = StoreSelector.selectButton(antigonish);
    await expect(select).toBeVisible();
    await select.click();

    const sheet = store.sheetAnyRole;
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Yes' }).click();

    await expect(header.storeName).toContainText('Antigonish');
    await expect(store.button).toHaveAccessibleName(/Antigonish/);
    // The co-op store switches the banner logo live (spec §1 store-specific logos).
    await expect(header.coopLogo).toBeVisible();
    // Results are re-filtered for the new store without a reload.
    await expect.poll(async () => results.productsTab.innerText()).not.toBe(before);

    await page.reload();
    await expect(header.storeName).toContainText('Antigonish');
    await expect(store.buttonMatching('Antigonish')).toBeVisible();
  });
});
