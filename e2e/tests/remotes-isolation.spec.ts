import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { presentRemotes, remoteIdOf, samplePath, slotIdOf, type RegistryExpose, type RegistryRemote } from '../fixtures/registry';
import { BAND_LANDMARKS, storefront, type Storefront } from '../pages';

/**
 * ARCHITECTURE §2, §6: "survives any one remote going down" and "the shell against a pinned remote map".
 * Driven by the remote registry (tooling/registry/remotes.json): every present remote is made
 * unreachable in turn for this browser (its origin refuses connections), so the servers stay up for the
 * other tests; zz-resilience.spec.ts stops a real server.
 */
const remotes = presentRemotes();
const bands = remotes.flatMap((remote) => remote.exposes.filter((e) => e.kind === 'band').map((expose) => ({ remote, expose })));

/** Makes every request to `port` (one remote's server) fail as if the server were down. */
async function blockOrigin(page: Page, port: number) {
  await page.route(`http://localhost:${port}/**`, (route) => route.abort('connectionrefused'));
}

/** The failure the shell reported for `remote`'s `expose`: 'SHELL-002 <mfName>/<expose>'. */
async function expectReported(s: Storefront, remote: RegistryRemote, expose: RegistryExpose) {
  await expect.poll(() => s.shell.errorKeys()).toContain(`SHELL-002 ${remoteIdOf(remote, expose)}`);
}

/**
 * A band app that is up: its slot holds no fallback, no failure was reported for it, single-spa
 * mounted it, and it shows its landmarks (or, for a band the page objects do not know, some content).
 */
async function expectBandWorks(s: Storefront, remote: RegistryRemote, expose: RegistryExpose) {
  const slot = s.shell.slot(slotIdOf(expose));
  const landmarks = BAND_LANDMARKS[expose.app];
  if (landmarks) for (const landmark of landmarks(s)) await expect(slot.locator(landmark), `${expose.app}: ${landmark}`).toBeVisible();
  else await expect(slot.locator(':scope > *').first(), `${expose.app} renders into #${slotIdOf(expose)}`).toBeAttached();
  await expect(s.shell.fallbacks(slot), `${expose.app} shows no fallback`).toHaveCount(0);
  await expect.poll(() => s.shell.appStatuses().then((all) => all[expose.app]), `${expose.app} is mounted`).toBe('MOUNTED');
  expect(await s.shell.errorKeys()).not.toContainEqual(expect.stringContaining(remoteIdOf(remote, expose)));
}

/**
 * A band mounted only for a signed-in shopper (registry `when: 'signed-in'`, e.g. the card popups) on
 * an anonymous visit: single-spa has not loaded it (nothing of it downloaded) and its slot is empty.
 */
async function expectBandDeferred(s: Storefront, expose: RegistryExpose) {
  const slot = s.shell.slot(slotIdOf(expose));
  await expect(s.shell.fallbacks(slot), `${expose.app} shows no fallback`).toHaveCount(0);
  // never loaded: single-spa reports no status change for it, or NOT_LOADED
  expect([undefined, 'NOT_LOADED'], `${expose.app} is not loaded for an anonymous visitor`).toContain(await s.shell.appStatuses().then((all) => all[expose.app]));
}

/**
 * Bands mounted under a condition an anonymous visitor without a consent choice does not meet (registry
 * `when`: 'signed-in', 'consent-performance'); an 'in-view' band is mounted once scrolled to.
 */
const deferredOnVisit = (expose: RegistryExpose) => expose.when === 'signed-in' || expose.when === 'consent-performance';

/** Scrolls an 'in-view' band's slot into view, as a shopper would (e.g. the footer, below the fold). */
async function reveal(s: Storefront, expose: RegistryExpose) {
  if (expose.when === 'in-view') await s.shell.slot(slotIdOf(expose)).scrollIntoViewIfNeeded();
}

/** Checks a band of a remote that is up, on an anonymous visit. */
async function expectBandUp(s: Storefront, remote: RegistryRemote, expose: RegistryExpose) {
  if (deferredOnVisit(expose)) await expectBandDeferred(s, expose);
  else {
    await reveal(s, expose);
    await expectBandWorks(s, remote, expose);
  }
}

/** A band app whose remote is down: a quiet fallback in its slot and none of its landmarks. */
async function expectBandFallback(s: Storefront, expose: RegistryExpose) {
  const slot = s.shell.slot(slotIdOf(expose));
  await expect(s.shell.fallbacks(slot), `${expose.app} shows its quiet fallback`).toHaveCount(1);
  await expect(s.shell.fallbacks(slot)).toHaveText(`${expose.label} ${/s$/.test(expose.label) ? 'are' : 'is'} unavailable right now.`);
  for (const landmark of BAND_LANDMARKS[expose.app]?.(s) ?? []) await expect(landmark, `${expose.app} is down: ${landmark}`).toHaveCount(0);
}

test.describe('each remote switched off in turn (registry-driven)', () => {
  test('the registry lists the remotes this suite knows', () => {
    expect(remotes.map((r) => r.package)).toEqual(expect.arrayContaining(['mf-header', 'mf-search', 'mf-store-selector']));
    for (const { expose } of bands) expect(Object.keys(BAND_LANDMARKS), `page objects know band ${expose.app}`).toContain(expose.app);
  });

  for (const remote of remotes) {
    test(`${remote.package} unreachable: the shell frame and every other remote's band keep working`, async ({ page, platform }) => {
      const s = storefront(page);
      await s.shell.installAppStatusProbe();
      await blockOrigin(page, platform.ports.remotes[remote.package]);
      await s.home.goto();
      // The shell's own frame (served HTML + home page).
      await expect(s.home.heading).toBeVisible();
      await expect(s.home.skipLink).toHaveAttribute('href', '#main-content');
      // Every band of the other remotes.
      for (const band of bands.filter((b) => b.remote.package !== remote.package)) await expectBandUp(s, band.remote, band.expose);
      // Its own bands: quiet fallback, reported with the Module Federation request id ('SHELL-002 mf_search/spa');
      // a band mounted only for signed-in shoppers or with performance consent is not even requested on an
      // anonymous visit (an 'in-view' band once scrolled to)
      // (a remote with no band, e.g. mf-flyer, has nothing on the home page to report)
      for (const band of bands.filter((b) => b.remote.package === remote.package && !deferredOnVisit(b.expose))) {
        await reveal(s, band.expose);
        await expectReported(s, remote, band.expose);
      }
      for (const band of bands.filter((b) => b.remote.package === remote.package)) {
        if (deferredOnVisit(band.expose)) await expectBandDeferred(s, band.expose);
        else await expectBandFallback(s, band.expose);
      }
    });

    for (const expose of remote.exposes.filter((e) => e.kind === 'page')) {
      const path = samplePath(expose.routes![0]);
      test(`${remote.package} unreachable: ${path} shows '${expose.label}' unavailable; the header band works`, async ({ page, platform }) => {
        const s = storefront(page);
        await s.shell.installAppStatusProbe();
        await blockOrigin(page, platform.ports.remotes[remote.package]);
        await page.goto(path);
        const fallback = s.shell.pageFallback(expose.label);
        await expect(fallback).toBeVisible();
        await expect(fallback).toHaveText(new RegExp(`^${expose.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (is|are) unavailable right now\\.$`));
        await expectReported(s, remote, expose);
        await expect(s.home.skipLink).toHaveAttribute('href', '#main-content');
        for (const band of bands.filter((b) => b.remote.package !== remote.package)) await expectBandUp(s, band.remote, band.expose);
        if (remote.package !== 'mf-header') {
          // the header band is not only shown but usable: its account menu opens
          const menu = await s.header.openAccountMenu();
          await expect(menu.getByRole('button', { name: 'Log In' })).toBeVisible();
        }
      });
    }
  }
});

test.describe('integration testers pin remotes (ARCHITECTURE §2 remote-control)', () => {
  test('pinning mf-header to a version that is not deployed shows its quiet fallback; the others work', async ({ page, platform }) => {
    const { search, store, header, shell } = storefront(page);
    const missing = `http://localhost:${platform.ports.remotes['mf-header']}/mf-header/9.9.9/mf-manifest.json`;
    await page.goto(`/?remote.mf-header=${encodeURIComponent(missing)}`);
    await expect(search.combobox).toBeVisible();
    await expect(store.button).toBeVisible();
    await expect(header.accountButton).toHaveCount(0);
    expect(await shell.errorCodes()).toContain('SHELL-002');
  });
});
