/**
 * The storefront runs only published code (Subresource Integrity): a release seals every file of a
 * version with its sha384 (tooling/deploy/store.mjs) and pins the manifest's own hash in the pointer; the
 * shell checks the manifest and puts `integrity` on the remote entry and on every chunk
 * (shell/src/mf/integrity-plugin.ts, tooling/webpack/preset.js). One byte changed in the deploy store
 * after the release — in the remote entry, then in a chunk the remote loads lazily — and the browser
 * refuses that file; one byte in the manifest and the edge and the shell refuse it: mf-search's slot shows its quiet fallback (SHELL-009 names the file, SHELL-002 the
 * remote), the rest of the page works. A tester override that points one remote's slot at another
 * remote's manifest is refused (SHELL-010).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { test, expect, type Platform } from '../fixtures/platform';
import { releaseSearchBuild, workingBuild, workingVersion } from '../fixtures/release';
import { rollbackRemote } from '../../tooling/deploy/release.mjs';
import { storefront } from '../pages';

const VERSION = '9.3.0-sri';

/** Changes one byte of `file` (inside its trailing sourceMappingURL comment: still valid JavaScript); returns its bytes before. */
function changeOneByte(file: string): Buffer {
  const before = fs.readFileSync(file);
  const after = Buffer.from(before);
  const at = after.lastIndexOf('sourceMappingURL=') + 'sourceMappingURL='.length;
  expect(at).toBeGreaterThan('sourceMappingURL='.length);
  after[at] = after[at] === 0x58 ? 0x59 : 0x58; // 'X' (or 'Y')
  fs.writeFileSync(file, after);
  return before;
}

/** The home page in a fresh browser context (nothing cached from an earlier load): its page objects. */
async function freshHome(browser: Browser, platform: Platform) {
  const context = await browser.newContext({ baseURL: platform.url });
  const page = await context.newPage();
  // the runtime removes a remote entry's <script> once it ran: record each script element as it is added
  await page.addInitScript(() => {
    const seen: Array<{ src: string; integrity: string | null; crossorigin: string | null }> = [];
    (window as unknown as { __E2E_SCRIPTS__: typeof seen }).__E2E_SCRIPTS__ = seen;
    new MutationObserver((records) => {
      for (const r of records) for (const n of Array.from(r.addedNodes)) {
        if (n instanceof HTMLScriptElement && n.src) seen.push({ src: n.src, integrity: n.getAttribute('integrity'), crossorigin: n.getAttribute('crossorigin') });
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  return { context, page, s: storefront(page) };
}

/** The slot of mf-search shows its fallback, the failure names the changed file, and the header works. */
async function expectSearchRefused(browser: Browser, platform: Platform, changed: string) {
  const { context, page, s } = await freshHome(browser, platform);
  try {
    await expect(s.shell.fallbacks(s.shell.slot('slot-mf-search'))).toHaveCount(1, { timeout: 20_000 });
    await expect(s.search.combobox).toHaveCount(0);
    await expect.poll(() => s.shell.errorKeys()).toContain('SHELL-002 mf_search/spa');
    await expect.poll(async () => (await page.evaluate(() => (window as unknown as { __SHELL_ERRORS__: Array<{ code: string; message: string }> }).__SHELL_ERRORS__))
      .filter((e) => e.code === 'SHELL-009').map((e) => e.message).join('\n')).toContain(changed);
    // the rest of the page works: the header band and its account menu
    await expect(page.getByRole('link', { name: 'Harbour Market home' })).toBeVisible();
    const menu = await s.header.openAccountMenu();
    await expect(menu.getByRole('button', { name: 'Log In' })).toBeVisible();
  } finally {
    await context.close();
  }
}

test('a byte changed in a released remote entry, lazy chunk or manifest is refused: that slot falls back, the page works', async ({ browser, platform, request }) => {
  test.setTimeout(180_000);
  const deployDir = path.join(platform.dataDir, 'deploy');
  releaseSearchBuild({ deployDir, version: VERSION, buildDir: workingBuild('mf-search') });
  const published = path.join(deployDir, 'mf-search', VERSION);
  const base = `http://localhost:${platform.ports.deploy}/mf-search/${VERSION}/`;
  try {
    // the released version loads, with integrity on its scripts
    const ok = await freshHome(browser, platform);
    try {
      await expect(ok.s.search.combobox).toBeVisible({ timeout: 20_000 });
      const scripts = await ok.page.evaluate(() => (window as unknown as { __E2E_SCRIPTS__: Array<{ src: string; integrity: string | null; crossorigin: string | null }> }).__E2E_SCRIPTS__);
      const ours = scripts.filter((x) => x.src.startsWith(base));
      expect(ours.map((x) => x.src)).toContain(`${base}remoteEntry.js`);
      // the entry and every chunk of the released version carry their published hash, fetched with CORS
      for (const x of ours) expect(x, x.src).toMatchObject({ integrity: expect.stringMatching(/^sha384-/), crossorigin: 'anonymous' });
      expect(await ok.s.shell.errorCodes()).not.toContain('SHELL-009');
    } finally {
      await ok.context.close();
    }

    // (a) the remote entry
    const entryFile = path.join(published, 'remoteEntry.js');
    const entryBefore = changeOneByte(entryFile);
    try {
      await expectSearchRefused(browser, platform, `${base}remoteEntry.js`);
    } finally {
      fs.writeFileSync(entryFile, entryBefore);
    }

    // (b) a chunk the remote loads lazily (its './spa' expose, fetched by remoteEntry.js's chunk loader)
    const manifest = JSON.parse(fs.readFileSync(path.join(published, 'mf-manifest.json'), 'utf8')) as { exposes: Array<{ name: string; assets: { js: { sync: string[] } } }> };
    const chunk = manifest.exposes.find((e) => e.name === 'spa')!.assets.js.sync.find((f) => f.startsWith('__federation_expose_spa'))!;
    expect(chunk).toBeTruthy();
    const chunkFile = path.join(published, chunk);
    const chunkBefore = changeOneByte(chunkFile);
    try {
      await expectSearchRefused(browser, platform, `${base}${chunk}`);
    } finally {
      fs.writeFileSync(chunkFile, chunkBefore);
    }

    // (c) the manifest itself (its hash is pinned beside the pointer): the edge no longer writes it into
    // the page (once its 10 s manifest cache has expired), and the shell, fetching it, refuses it
    const manifestFile = path.join(published, 'mf-manifest.json');
    const manifestBefore = fs.readFileSync(manifestFile);
    fs.writeFileSync(manifestFile, manifestBefore.toString('utf8').replace('"buildName":"mf-search"', '"buildName":"mf-searcH"'));
    expect(fs.readFileSync(manifestFile).length).toBe(manifestBefore.length);
    try {
      // every edge replica (the cluster balances over several, each with its own cache expiry) has let it go
      const embeds = async () => (await (await request.get('/')).text()).includes(`"${base}mf-manifest.json":{`);
      await expect.poll(async () => (await Promise.all([embeds(), embeds(), embeds(), embeds()])).some(Boolean), { timeout: 30_000 }).toBe(false);
      await expectSearchRefused(browser, platform, `${base}mf-manifest.json`);
    } finally {
      fs.writeFileSync(manifestFile, manifestBefore);
    }
  } finally {
    rollbackRemote({ remote: 'mf-search', dir: deployDir, log: () => undefined });
  }
});

test("an override that points mf-header's slot at another remote's manifest is refused (SHELL-010)", async ({ page, platform }) => {
  const other = 'mf-offers';
  const manifest = `http://localhost:${platform.ports.remotes[other]}/${other}/${workingVersion(other)}/mf-manifest.json`;
  const s = storefront(page);
  await page.goto(`/?remote.mf-header=${encodeURIComponent(manifest)}`);
  await expect.poll(() => s.shell.errorKeys()).toContain('SHELL-010 mf_header');
  await expect(s.shell.fallbacks(s.shell.slot('slot-mf-header'))).toHaveCount(1);
  await expect(s.header.accountButton).toHaveCount(0);
  // the rest of the page works
  await expect(s.search.combobox).toBeVisible();
  await expect(s.store.button).toBeVisible();
});
