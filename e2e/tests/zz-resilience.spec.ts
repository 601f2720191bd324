import { test, expect } from '../fixtures/platform';
import { storefront } from '../pages';

// Runs last (file order): it stops a remote's server for the rest of this worker.
test.describe('survives one remote going down (ARCHITECTURE §2)', () => {
  test('with the header remote stopped, search and store selection still work', async ({ page, platform }) => {
    const { home, header, search, results, store, shell } = storefront(page);
    await platform.stopService('mf-header');
    await home.goto();
    await expect(search.combobox).toBeVisible();
    await expect(store.button).toBeVisible();
    await expect(header.accountButton).toHaveCount(0);
    await expect(header.slot.getByRole('button')).toHaveCount(0);
    await search.submit('apple');
    await expect(results.headingFor('apple', { partial: true })).toBeVisible();
    expect(await shell.errorCodes()).toContain('SHELL-002');
  });
});
