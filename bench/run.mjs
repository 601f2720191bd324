#!/usr/bin/env node
/**
 * Figures for the closing note (issue: "Figures ... printed by a committed bench script"):
 *  - time from launching the platform to a ready site (ms) — builds must exist (`npm run build`);
 *  - first-load JavaScript on `/`: gzip KB by file and by owner (shell, each remote of the registry),
 *    and the number of react-dom copies (must be 1);
 *  - search engine p50/p95 (delegates to `npm run bench -w @storefront/search-engine`).
 * Prints figures only; asserts nothing.
 */
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { startPlatform } from '../tooling/platform/start.mjs';

const platform = await startPlatform({ offset: 20000, quiet: true });
console.log(`platform ready in ${platform.readyMs} ms at ${platform.url}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const renderers = new Map();
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { renderers, supportsFiber: true, isDisabled: false, inject(r) { renderers.set(renderers.size + 1, r); return renderers.size; }, onScheduleFiberRoot() {}, onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  });
  const scripts = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script') return;
    try {
      const body = await res.body();
      scripts.push({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    } catch { /* redirected or aborted */ }
  });
  const t0 = Date.now();
  await page.goto(platform.url + '/', { waitUntil: 'networkidle' });
  await page.getByRole('combobox', { name: 'Search products and recipes' }).waitFor();
  const loadMs = Date.now() - t0;
  const reactDomCopies = await page.evaluate(() => window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
  const lcp = await page.evaluate(() => new Promise((resolve) => {
    new PerformanceObserver((list) => { const e = list.getEntries(); resolve(Math.round(e[e.length - 1].startTime)); }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(null), 2000);
  }));
  scripts.sort((a, b) => b.gzip - a.gzip);
  console.log('\nfirst-load JavaScript on / (gzip KB by file):');
  for (const s of scripts) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KB  ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw  ${s.url.replace(/^http:\/\/localhost:\d+/, '')}`);
  const total = scripts.reduce((n, s) => n + s.gzip, 0);
  console.log(`  total: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files`);
  // Per remote of the registry (tooling/registry/remotes.json): which part of the first load is whose.
  console.log('first-load JavaScript by owner (gzip KB):');
  const owners = [['shell (edge)', platform.ports.edge], ...Object.entries(platform.ports.remotes)];
  for (const [owner, port] of owners) {
    const mine = scripts.filter((s) => new URL(s.url).port === String(port));
    const entry = mine.find((s) => s.url.endsWith('/remoteEntry.js'));
    console.log(`  ${owner.padEnd(20)} ${(mine.reduce((n, s) => n + s.gzip, 0) / 1024).toFixed(1).padStart(7)} KB in ${String(mine.length).padStart(2)} files${entry ? `; remoteEntry.js ${(entry.gzip / 1024).toFixed(1)} KB` : ''}`);
  }
  console.log(`react-dom copies: ${reactDomCopies}`);
  console.log(`page ready (search box visible): ${loadMs} ms; LCP ${lcp ?? 'n/a'} ms`);
} finally {
  await browser.close();
  await platform.stop();
}

console.log('\nsearch engine:');
spawnSync('npm', ['run', 'bench', '-w', '@storefront/search-engine'], { stdio: 'inherit' });
