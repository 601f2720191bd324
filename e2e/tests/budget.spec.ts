import { test, expect } from '../fixtures/platform';
// The same measurement as `npm run bench` (bench/first-load.mjs), so the gate and the figures agree.
import { measureFirstLoad } from '../../bench/first-load.mjs';

/**
 * Byte budget of first-load JavaScript on `/` (a test that fails, beside the figures `npm run bench`
 * prints; goal ≤ 200 KB gzip): 207 040 bytes (202.2 KB) — the figure measured once the store selector's
 * dialog, the header's toasts and the shell's session manager (anonymous visit) loaded on demand, the
 * kit's standalone mount left the shared chunk, rxjs came from its ES2015 build and the vendors'
 * stand-ins were served minified, 202 980 bytes (198.2 KB) in 25 files, plus 2 %, so what was gained is kept — gzip level 9, every script response
 * from navigation until the network is idle and the search box is visible. Lighthouse stays in
 * `npm run bench` (too noisy for a test).
 */
const FIRST_LOAD_JS_BUDGET_BYTES = 207_040;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

test.describe('budgets', () => {
  test('first-load JavaScript on / stays within its byte budget (202.2 KB gzip)', async ({ page, platform }, testInfo) => {
    test.setTimeout(120_000);
    const { files, totalGzip } = await measureFirstLoad(page, `${platform.url}/`);
    const byFile = files.map((f) => `${kb(f.gzip).padStart(7)} KB  ${f.url.replace(/^https?:\/\/[^/]+/, '')}`).join('\n');
    const figure = `first-load JS on /: ${totalGzip} bytes gzip (${kb(totalGzip)} KB) in ${files.length} files; budget ${FIRST_LOAD_JS_BUDGET_BYTES} bytes (${kb(FIRST_LOAD_JS_BUDGET_BYTES)} KB)`;
    console.log(`${figure}\n${byFile}`);
    testInfo.annotations.push({ type: 'first-load JS on / (bytes gzip)', description: String(totalGzip) });
    await testInfo.attach('first-load-js.txt', { body: `${figure}\n${byFile}\n`, contentType: 'text/plain' });
    expect(totalGzip, `${figure}\nby file (gzip):\n${byFile}`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_BYTES);
  });
});
