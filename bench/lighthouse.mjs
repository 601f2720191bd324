/**
 * Lighthouse for `npm run bench`: mobile defaults, simulated throttling, the median of several runs per
 * page (too noisy for a test; the figures are printed, never asserted).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const pad = (s, n) => String(s).padStart(n);

export const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/**
 * Lighthouse (mobile defaults, simulated throttling) `runs` times per URL, in one Chromium launched by
 * chrome-launcher (lighthouse's own dependency).
 * @returns {Promise<Array<{ path: string, runs: object[], median: { score, lcp, tbt, cls } }>>}
 */
export async function runLighthouse(baseUrl, paths, runs) {
  const { default: lighthouse } = await import('lighthouse');
  const lhRequire = createRequire(require.resolve('lighthouse/package.json'));
  const chromeLauncher = await import(pathToFileURL(lhRequire.resolve('chrome-launcher')).href);
  const launch = chromeLauncher.launch || chromeLauncher.default.launch;
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const results = [];
  try {
    for (const p of paths) {
      const all = [];
      // A run Lighthouse could not complete (runtimeError, e.g. NO_NAVSTART on a loaded machine) is
      // printed and replaced, up to 2 extra attempts per page, so the median is of `runs` good runs.
      for (let i = 0; all.length < runs && i < runs + 2; i += 1) {
        try {
          const { lhr } = await lighthouse(baseUrl + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
          const a = lhr.audits;
          const run = {
            score: lhr.categories.performance.score == null ? null : Math.round(lhr.categories.performance.score * 100),
            lcp: a['largest-contentful-paint']?.numericValue ?? null,
            tbt: a['total-blocking-time']?.numericValue ?? null,
            cls: a['cumulative-layout-shift']?.numericValue ?? null,
            error: lhr.runtimeError?.code,
          };
          if (!run.error && run.score != null) all.push(run);
          console.log(`  ${p.padEnd(28)} run ${i + 1}: score ${pad(run.score ?? 'n/a', 3)}  LCP ${pad(fmtMs(run.lcp), 7)}  TBT ${pad(fmtMs(run.tbt), 6)}  CLS ${fmtCls(run.cls)}${run.error ? `  (${run.error}: not counted)` : ''}`);
        } catch (err) {
          console.log(`  ${p.padEnd(28)} run ${i + 1}: failed: ${err.message}`);
        }
      }
      if (all.length < runs) console.log(`  ${p.padEnd(28)} only ${all.length} of ${runs} runs completed: median of ${all.length}`);
      results.push({
        path: p,
        runs: all,
        median: { score: median(all.map((r) => r.score)), lcp: median(all.map((r) => r.lcp)), tbt: median(all.map((r) => r.tbt)), cls: median(all.map((r) => r.cls)) },
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

export const fmtMs = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
export const fmtCls = (v) => (v == null ? 'n/a' : v.toFixed(3));

