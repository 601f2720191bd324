import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { test, expect, startOwnPlatform, type Platform } from '../fixtures/platform';
import { signIn } from '../fixtures/session';
import { LoyaltyPopups, storefront } from '../pages';

/**
 * Shopper data is durable (ARCHITECTURE §5, issue 11: the BFF keeps PGlite in `<data folder>/pglite`):
 * a signed-in shopper's recent search (spec §6, kept by the BFF) survives the BFF being killed
 * (SIGKILL, a crash) and the whole site being restarted on the same data folder.
 *
 * The suite's own platform (worker fixture) is left alone: this test starts a second one on its own
 * ports (the suite's offset + 2000: 12000 by default, so suites run side by side on other offsets do
 * not collide) and a fresh data folder, and restarts that one. Sign-in redirects to the
 * platform's own edge origin (PUBLIC_ORIGIN), so every URL here is absolute on `site.url`.
 * (A second BFF refusing a data folder that is in use is covered by the BFF's service tests.)
 */
const OFFSET = Number(process.env.E2E_OFFSET || 10000) + 2000;
const SHOPPER = 'lena.linked@example.com';

/** Can `port` be listened on (127.0.0.1)? */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Waits until every port of `site` is released. `stop()` resolves when the launcher's children exit;
 * a SIGKILLed BFF's node process (under its tsx wrapper) can hold its port a few seconds longer.
 * @returns ms waited
 */
async function waitForPortsFree(site: Platform, timeoutMs = 30_000): Promise<number> {
  const ports = [site.ports.edge, site.ports.search, site.ports.bff, site.ports.identity, ...Object.values(site.ports.remotes)];
  const t0 = Date.now();
  for (;;) {
    const busy = [];
    for (const port of ports) if (!(await portFree(port))) busy.push(port);
    if (!busy.length) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`ports still in use ${timeoutMs} ms after stop(): ${busy.join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs in on `site` in a fresh browser context (no cookies, no local storage). */
async function signedInPage(browser: Browser, site: Platform) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, SHOPPER, { startPath: `${site.url}/` });
  await new LoyaltyPopups(page).closeIfShown();
  return { context, page, ...storefront(page) };
}

test('a signed-in recent search survives a BFF crash (SIGKILL) and a restart of the whole site on the same data', async ({ browser }) => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-durability-'));
  const label = `durable rye bread ${Date.now().toString(36)}`;
  let site: Platform | null = await startOwnPlatform({ offset: OFFSET, dataDir });
  try {
    expect(site.dataDir).toBe(dataDir);

    // 1. Signed in, the shopper searches: the BFF stores the recent search under her account.
    const first = await signedInPage(browser, site);
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
    site = await startOwnPlatform({ offset: OFFSET, dataDir });

    // 3. Signed in again, in another browser: the recent search is still listed.
    const second = await signedInPage(browser, site);
    await second.search.expectRecent((recent) => expect(recent.getByRole('option', { name: label, exact: true })).toBeVisible({ timeout: 2_000 }));
    await second.context.close();
  } finally {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
