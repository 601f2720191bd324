import { test, expect } from '../fixtures/platform';

test.describe('store selection (spec §2 Store selector, §4 Store selection)', () => {
  test('default store 3299 loads; choosing a store updates the header and the results, and survives a reload', async ({ page }) => {
    await page.goto('/?query=milk&tab=product');
    const storeButton = page.getByRole('button', { name: /^Your store: / });
    await expect(storeButton).toBeVisible();
    const headerStore = page.getByTestId('header-store-name');
    await expect(headerStore).toContainText('Halifax');
    const productsTab = page.getByRole('tab', { name: /Products \(\d+\)/ });
    await expect(productsTab).toBeVisible();
    const before = await productsTab.innerText();

    await storeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Select a store' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search by city or postal code' }).fill('Antigonish');
    // Results arrive after the 700 ms debounce (spec §9); at most 3 are listed.
    const matches = dialog.getByRole('list', { name: 'Stores matching your search' });
    const antigonish = matches.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Antigonish/ }) }).first();
    await expect(antigonish).toBeVisible();
    expect(await matches.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    const select = antigonish.getByRole('button', { name: /Select this store/ });
    await expect(select).toBeVisible();
    await select.click();

    const sheet = page.getByRole('alertdialog', { name: 'Update Selected Store' }).or(page.getByRole('dialog', { name: 'Update Selected Store' }));
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Yes' }).click();

    await expect(headerStore).toContainText('Antigonish');
    await expect(storeButton).toHaveAccessibleName(/Antigonish/);
    // The co-op store switches the banner logo live (spec §1 store-specific logos).
    await expect(page.getByRole('link', { name: 'Harbour Co-op home' })).toBeVisible();
    // Results are re-filtered for the new store without a reload.
    await expect.poll(async () => productsTab.innerText()).not.toBe(before);

    await page.reload();
    await expect(page.getByTestId('header-store-name')).toContainText('Antigonish');
    await expect(page.getByRole('button', { name: /^Your store: .*Antigonish/ })).toBeVisible();
  });
});
