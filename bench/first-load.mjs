/**
 * First-load JavaScript of a page, shared by `npm run bench` (bench/run.mjs) and the
 * budget gate (e2e/tests/budget.spec.ts), so both count the same bytes the same way.
 *
 * Definition: every response of resource type `script` the page receives from navigation until the
 * network is idle (Playwright `networkidle`: no request for 500 ms) AND the search box is visible
 * (`combobox` 'Search products and recipes'), each body gzip-compressed at level 9 here (so the figure
 * does not depend on what the servers compress), summed. Sizes are bytes.
 */
import zlib from 'node:zlib';

/** The accessible name of the header search box: the page is "ready" once it is visible. */
export const SEARCH_BOX_NAME = 'Search products and recipes';

/** Gzip size (level 9) of a buffer or string, in bytes. */
export function gzipSize(body) {
  return zlib.gzipSync(body, { level: 9 }).length;
}

/**
 * Loads `url` in `page` and measures its first-load JavaScript.
 * @param {import('@playwright/test').Page} page a fresh page (no cache of earlier loads)
 * @param {string} url absolute URL
 * @param {{ keepBodies?: boolean, readyTimeoutMs?: number }} [o] `keepBodies`: also return each body
 *   (a Buffer, for markers); `readyTimeoutMs`: how long to wait for the search box (default 30 s)
 * @returns {Promise<{ files: Array<{ url: string, raw: number, gzip: number, body?: Buffer }>, totalGzip: number, totalRaw: number, readyMs: number }>}
 *   files sorted by gzip size, largest first; `readyMs`: ms from navigation start to network idle
 *   and the search box visible
 */
export async function measureFirstLoad(page, url, { keepBodies = false, readyTimeoutMs = 30_000 } = {}) {
  const pending = [];
  const files = [];
  const onResponse = (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(res.body().then(
      (body) => { files.push({ url: res.url(), raw: body.length, gzip: gzipSize(body), ...(keepBodies ? { body } : {}) }); },
      () => { /* redirected or aborted: no body */ },
    ));
  };
  page.on('response', onResponse);
  const t0 = Date.now();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: SEARCH_BOX_NAME }).waitFor({ state: 'visible', timeout: readyTimeoutMs });
    const readyMs = Date.now() - t0;
    await Promise.all(pending);
    files.sort((a, b) => b.gzip - a.gzip);
    return {
      files,
      totalGzip: files.reduce((n, f) => n + f.gzip, 0),
      totalRaw: files.reduce((n, f) => n + f.raw, 0),
      readyMs,
    };
  } finally {
    page.off('response', onResponse);
  }
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes). */
export const kb = (bytes) => (bytes / 1024).toFixed(1);
