/**
 * For integration testers: an e2e project runs the shell against a pinned map file (a previous
 * version of one remote and current versions of the others) and passes. The 'pinned' project of
 * playwright.config.ts starts its platform with the edge reading its remote map from a map file
 * (fixtures/platform.ts `pinnedMapFile`) — the mechanism of the release's smoke step (E2E_REMOTES_POINTER).
 *
 * Two versions of mf-search are released into the platform's deploy store: PREVIOUS (its search box
 * named PREVIOUS_LABEL, a visible difference) and then the current build (its package.json version).
 * The pinned map names the previous mf-search and the current version of every other remote; the
 * storefront must work with it, and show the previous search box: were the pin ignored, the page would
 * show the current one and this test would fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, pinnedMapFile } from '../fixtures/platform';
import { changedSearchBuild, releaseSearchBuild, workingBuild, workingVersion } from '../fixtures/release';
import { deployRef } from '../../tooling/deploy/release.mjs';
import { readPointer } from '../../tooling/deploy/store.mjs';
import { SearchBox, storefront } from '../pages';

const PREVIOUS = '0.9.0-e2e';
const PREVIOUS_LABEL = 'Search the previous aisles';

test('the shell runs against a pinned map: the previous mf-search and the current other remotes', async ({ page, platform }) => {
  test.setTimeout(120_000);
  const deployDir = path.join(platform.dataDir, 'deploy');
  const current = workingVersion('mf-search');

  // the squad released mf-search twice: PREVIOUS, then the current build
  const previousBuild = changedSearchBuild(PREVIOUS_LABEL);
  try {
    releaseSearchBuild({ deployDir, version: PREVIOUS, buildDir: previousBuild });
  } finally {
    fs.rmSync(previousBuild, { recursive: true, force: true });
  }
  expect(releaseSearchBuild({ deployDir, version: current, buildDir: workingBuild('mf-search') }))
    .toMatchObject({ from: deployRef('mf-search', PREVIOUS), to: deployRef('mf-search', current) });

  // the tester's pinned map: every remote's current version (the environment's pointer over the working
  // builds), but mf-search pinned to PREVIOUS
  const currentMap = { ...JSON.parse(fs.readFileSync(path.join(platform.dataDir, 'remotes.json'), 'utf8')), ...readPointer(deployDir, 'local') } as Record<string, string>;
  expect(currentMap['mf-search']).toBe(deployRef('mf-search', current));
  const pinned = { ...currentMap, 'mf-search': deployRef('mf-search', PREVIOUS) };
  fs.writeFileSync(pinnedMapFile(platform), `${JSON.stringify(pinned, null, 2)}\n`);

  // the edge serves the pinned map: mf-search from the deploy origin's PREVIOUS, the others as pinned
  const served = await (await page.request.get('/remotes.json')).json() as Record<string, string>;
  expect(served['mf-search']).toBe(`http://localhost:${platform.ports.deploy}/mf-search/${PREVIOUS}/mf-manifest.json`);
  for (const [remote, url] of Object.entries(pinned)) if (remote !== 'mf-search') expect(served[remote]).toBe(url);

  const { home, header, store, results } = storefront(page);
  await home.goto();
  // the previous version's visible difference (the current one is named SearchBox.LABEL)
  const box = page.getByRole('combobox', { name: PREVIOUS_LABEL });
  await expect(box).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('combobox', { name: SearchBox.LABEL })).toHaveCount(0);

  // the storefront works with it: the header, the store button, a search with results (mf-search's
  // results page, also the previous version)
  await expect(page.getByRole('link', { name: 'Harbour Market home' })).toBeVisible();
  await expect(header.storeName).toContainText('Halifax');
  await store.button.click();
  await expect(store.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(store.dialog).toBeHidden();
  await box.fill('cheese');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/\?query=cheese&tab=(product|recipe)/);
  await expect(results.headingFor('cheese', { partial: true })).toBeVisible();
  expect(await results.productCount()).toBeGreaterThan(0);
});
