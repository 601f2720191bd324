/**
 * Independent releases: a squad changes mf-search and releases it; the site serves the new version with
 * no rebuild of the shell or any other remote; a rollback brings the old one back. The release runs
 * the contract gate for real; the build, the unit tests, the type gate (tooling/test/type-gate.test.js)
 * and the smoke suite are skipped here because this test stands in for the smoke suite and makes the
 * "changed" version itself: the current mf-search build with one visible text changed (the search box's name).
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../fixtures/platform';
import { changedSearchBuild, releaseSearchBuild, repoRoot as root } from '../fixtures/release';
import { release, rollbackRemote } from '../../tooling/deploy/release.mjs';
import { SearchBox } from '../pages/search';

const NEW_LABEL = 'Search groceries and recipes';

test('release promotes a new mf-search with no rebuild of anything else, and rollback brings the old one back', async ({ page, platform }) => {
  test.setTimeout(120_000);
  const deployDir = path.join(platform.dataDir, 'deploy');
  const shellBefore = fs.statSync(path.join(root, 'shell', 'dist', 'frame.html')).mtimeMs;
  const log: string[] = [];

  await page.goto('/');
  await expect(page.getByRole('combobox', { name: SearchBox.LABEL })).toBeVisible({ timeout: 20_000 });

  const buildDir = changedSearchBuild(NEW_LABEL);
  try {
    const out = releaseSearchBuild({ deployDir, version: '9.0.0-e2e', buildDir, log: (l) => log.push(l) });
    expect(out).toMatchObject({ version: '9.0.0-e2e', from: null, to: 'deploy:/mf-search/9.0.0-e2e/mf-manifest.json' });
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
  expect(log.join('\n')).toMatch(/contract gate[\s\S]*published mf-search@9\.0\.0-e2e[\s\S]*promoted mf-search/);

  // the edge serves the new pointer at once: the next page load gets the new version from the deploy origin
  const map = await (await page.request.get('/remotes.json')).json() as Record<string, string>;
  expect(map['mf-search']).toBe(`http://localhost:${platform.ports.deploy}/mf-search/9.0.0-e2e/mf-manifest.json`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: NEW_LABEL })).toBeVisible({ timeout: 20_000 });
  // the other remotes and the shell are untouched
  await expect(page.getByRole('link', { name: 'Harbour Market home' })).toBeVisible();
  expect(fs.statSync(path.join(root, 'shell', 'dist', 'frame.html')).mtimeMs).toBe(shellBefore);

  // a published version is immutable
  expect(() => release({ remote: 'mf-search', dir: deployDir, version: '9.0.0-e2e', skipBuild: true, skipTests: true, skipSmoke: true, log: () => undefined }))
    .toThrow(/already published/);

  rollbackRemote({ remote: 'mf-search', dir: deployDir, log: (l) => log.push(l) });
  await page.reload();
  await expect(page.getByRole('combobox', { name: SearchBox.LABEL })).toBeVisible({ timeout: 20_000 });
  expect(log[log.length - 1]).toMatch(/rolled back mf-search in 'local': .*9\.0\.0-e2e.* → \(its own server/);
});
