import { test, expect } from '../fixtures/platform';

// Runs last (file order): it stops a remote's server for the rest of this worker.
test.describe('survives one remote going down (ARCHITECTURE §2)', () => {
  test('with the header remote stopped, search and store selection still work', async ({ page, platform }) => {
    await platform.stopService('mf-header');
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products and recipes' });
    await expect(box).toBeVisible();
    await expect(page.getByRole('button', { name: /^Your store: / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0);
    await box.fill('apple');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: /Results for “apple”/ })).toBeVisible();
    const errors = await page.evaluate(() => (window as unknown as { __SHELL_ERRORS__?: Array<{ code: string }> }).__SHELL_ERRORS__ ?? []);
    expect(errors.map((e) => e.code)).toContain('SHELL-002');
  });
});
