import { test, expect } from '../fixtures/platform';

/**
 * ARCHITECTURE §2, §6: "survives any one remote going down" and "the shell against a pinned remote map".
 * Each remote is made unreachable in turn for this browser (its origin refuses connections), so the
 * servers stay up for the other tests; zz-resilience.spec.ts stops a real server.
 */
const combobox = 'Search products and recipes';

test.describe('each remote switched off in turn', () => {
  for (const [remote, portKey] of [['mf-search', 'searchUi'], ['mf-store-selector', 'store'], ['mf-loyalty', 'loyalty']] as const) {
    test(`${remote} unreachable: the rest of the page keeps working`, async ({ page, platform }) => {
      await page.route(`http://localhost:${platform.ports[portKey]}/**`, (route) => route.abort('connectionrefused'));
      await page.goto('/');
      await expect(page.getByRole('link', { name: /^Harbour (Market|Co-op) home$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome to Harbour/ })).toBeVisible();
      if (remote === 'mf-search') {
        await expect(page.getByRole('combobox', { name: combobox })).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^Your store: / })).toBeVisible();
      } else {
        await expect(page.getByRole('combobox', { name: combobox })).toBeVisible();
      }
      if (remote === 'mf-store-selector') await expect(page.getByRole('button', { name: /^Your store: / })).toHaveCount(0);
      const codes = await page.evaluate(() => ((window as unknown as { __SHELL_ERRORS__?: Array<{ code: string; remote?: string }> }).__SHELL_ERRORS__ ?? []).map((e) => `${e.code} ${e.remote ?? ''}`));
      // reported with the Module Federation request id, e.g. 'SHELL-002 mf_search/spa'
      expect(codes).toContain(`SHELL-002 ${remote.replace(/-/g, '_')}/spa`);
    });
  }
});

test.describe('integration testers pin remotes (ARCHITECTURE §2 remote-control)', () => {
  test('pinning mf-header to a version that is not deployed shows its quiet fallback; the others work', async ({ page, platform }) => {
    const missing = `http://localhost:${platform.ports.header}/mf-header/9.9.9/mf-manifest.json`;
    await page.goto(`/?remote.mf-header=${encodeURIComponent(missing)}`);
    await expect(page.getByRole('combobox', { name: combobox })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Your store: / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toHaveCount(0);
    const codes = await page.evaluate(() => ((window as unknown as { __SHELL_ERRORS__?: Array<{ code: string }> }).__SHELL_ERRORS__ ?? []).map((e) => e.code));
    expect(codes).toContain('SHELL-002');
  });
});
