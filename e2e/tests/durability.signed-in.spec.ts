import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signedInPage, startOwnSite, waitForPortsFree } from '../fixtures/own-site';
import { test, expect, type Platform } from '../fixtures/platform';

/**
 * Shopper data is durable (ARCHITECTURE §5: the BFF keeps PGlite in `<data folder>/pglite`):
 * a signed-in shopper's recent search (spec §6, kept by the BFF) survives the BFF being killed
 * (SIGKILL, a crash) and the whole site being restarted on the same data folder.
 *
 * The suite's own platform (worker fixture) is left alone: this test starts a second one on its own
 * ports (fixtures/own-site.ts `OWN_SITE_OFFSET`) and a fresh data folder, and restarts that one. Sign-in redirects to the
 * platform's own edge origin (PUBLIC_ORIGIN), so every URL here is absolute on `site.url`.
 * (A second BFF refusing a data folder that is in use is covered by the BFF's service tests.)
 */
const SHOPPER = 'lena.linked@example.com';

test('a signed-in recent search survives a BFF crash (SIGKILL) and a restart of the whole site on the same data', async ({ browser }) => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-durability-'));
  const label = `durable rye bread ${Date.now().toString(36)}`;
  let site: Platform | null = await startOwnSite(dataDir);
  try {
    expect(site.dataDir).toBe(dataDir);

    // 1. Signed in, the shopper searches: the BFF stores the recent search under her account.
    const first = await signedInPage(browser, site, SHOPPER);
    await first.search.submit(label);
    await expect(first.page).toHaveURL(/\?query=durable/);
    await expect(first.results.heading).toBeVisible();
    await first.search.expectRecent((recent) => expect(recent.getByRole('option', { name: label, exact: true })).toBeVisible({ timeout: 2_000 }));
    // kept on the server, not in this browser
    expect(await first.page.evaluate(() => localStorage.getItem('mfs-recent-searches') ?? '')).not.toContain('durable');
    await first.context.close();

    // 2. The BFF crashes (no clean shutdown), then the whole site stops and starts again on the same data folder.
    await site.killService('bff', 'SIGKILL');
    const stopped = site;
    site = null;
    await stopped.stop();
    const waited = await waitForPortsFree(stopped);
    test.info().annotations.push({ type: 'ports released after stop()', description: `${waited} ms` });
    site = await startOwnSite(dataDir);

    // 3. Signed in again, in another browser: the recent search is still listed.
    const second = await signedInPage(browser, site, SHOPPER);
    await second.search.expectRecent((recent) => expect(recent.getByRole('option', { name: label, exact: true })).toBeVisible({ timeout: 2_000 }));
    await second.context.close();
  } finally {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
