import { test, expect } from '../fixtures/platform';
import { storefront } from '../pages';

test.describe('search (spec §2 Search dropdown, Routes)', () => {
  test('typing shows suggestions and cards; submitting opens the results page', async ({ page }) => {
    const { home, search, results } = storefront(page);
    await home.goto();
    const box = search.combobox;
    await expect(box).toBeVisible();
    await box.fill('cheese');
    // Suggestions arrive after the 1000 ms debounce (spec §9).
    const suggestions = page.getByRole('listbox');
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // Product cards for the store are in the dropdown's right column.
    await expect(page.getByRole('link', { name: /view all/i }).first()).toBeVisible();

    await box.press('Enter');
    await expect(page).toHaveURL(/\/\?query=cheese&tab=(product|recipe)/);
    await expect(results.headingFor('cheese', { partial: true })).toBeVisible();
    await expect(results.productsTab).toBeVisible();
    expect(await results.productCount()).toBeGreaterThan(0);
  });

  test('a script in a query is shown as text and never runs', async ({ page }) => {
    const { results, shell } = storefront(page);
    let dialogs = 0;
    page.on('dialog', (d) => { dialogs += 1; void d.dismiss(); });
    const hostile = '<img src=x onerror=alert(1)>';
    await results.goto(hostile);
    await expect(page.getByRole('heading', { name: /Results for/ })).toContainText('img src=x onerror=alert(1)');
    expect(await shell.pageSlot.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);
  });
});
