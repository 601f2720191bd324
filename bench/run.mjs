#!/usr/bin/env node
/**
 * `npm run bench`: the storefront's performance figures against their goals. Builds must exist
 * (`npm run build`); the platform is started here on ports offset by 20000 (edge :28080).
 * Prints figures only; asserts nothing (the byte budget is a test: e2e/tests/budget.spec.ts).
 *
 * Figures (units: ms = milliseconds, KB = 1024 bytes, gzip = level 9 computed here, see ./first-load.mjs):
 *  - platform start-up (ms): from launching every service to a site that answers;
 *  - first-load JavaScript on `/` (KB gzip and raw): every script response until network idle and the
 *    search box visible, by file, total, and by owner (the shell's edge, each remote of the registry);
 *  - each remote's `remoteEntry.js` (KB gzip), fetched from its server; goal ≤ 8 KB;
 *  - downloads of react-dom, rxjs, shared-events and the Module Federation runtime on `/`: how many
 *    distinct script files carry a copy (goal 1 each). A file carries a copy when its source map lists
 *    the library's core module, or, when it has no source map, when its text holds a marker of it:
 *      react-dom      react-dom/cjs/react-dom-client.*   marker `rendererPackageName:"react-dom"` (the
 *                     object each React DOM copy registers with the DevTools hook; survives minifying)
 *      rxjs           rxjs/dist/<fmt>/internal/Subscription.js   marker 'errors occurred during
 *                     unsubscription' (UnsubscriptionError's message; Subscription is in every use of rxjs)
 *      shared-events  shared-events/src/bus.ts           marker 'BusEventError' (the bus's error class name)
 *      MF runtime     @module-federation/runtime-core/   marker 'beforeInitContainer' (a hook name of
 *                     the runtime core's ModuleFederation class, in no other MF package)
 *    plus react-dom copies that actually ran (renderers registered with the React DevTools hook; goal 1);
 *  - page ready (ms): navigation to network idle + search box visible; LCP (ms) from the page's
 *    PerformanceObserver (no throttling: not the Lighthouse figure);
 *  - the MONOLITH (bench/monolith/: the same shell and remotes in one webpack build, no federation),
 *    served by the same edge (shell/server/edge.mjs) against the same platform: first-load JS on `/`
 *    measured the same way, and the ratio MF ÷ monolith (goal ≤ 1.25);
 *  - Lighthouse 12.8 mobile (default: mobile form factor, simulated throttling), median of 3 runs for
 *    `/`, `/store-locator` and `/?query=milk&tab=product`: performance score (0-100), LCP (ms), TBT
 *    (ms), CLS (unitless); each metric's median over the runs (goals: score ≥ 90, TBT ≤ 300 ms,
 *    CLS ≤ 0.05); a run Lighthouse reports as failed is replaced (up to 2 extra attempts per page);
 *  - add-to-badge latency: see ./list-latency.mjs (click 'Add to list' → badge, p95 ≤ 50 ms);
 *  - first-load JS on `/offers` and `/flyer`, by file;
 *  - the BFF's list read of 1,000 items and offers fetch of a card with 200 offers, p50/p95 ms
 *    (services/bff `npm run bench`; goals p95 ≤ 20 ms);
 *  - load (./load.mjs): 100 connections for 20 s on POST /api/bannerAlert and a signed-in
 *    GET /api/shopping-list through the edge, and a search query on the engine: req/s, p50, p99, errors;
 *  - the production topology (./cluster.mjs): through HAProxy with 1 and 2 replicas, req/s and p99 of a
 *    cached read, an authenticated read and a list write at 10 and 50 connections, sign-ins per second,
 *    one shopper session's requests, and the mixed load with replica SIGKILLs;
 *  - a summary table, goal vs measured; then the search engine's own bench (p50/p95 ms).
 *
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS (default 3; 0 skips
 * Lighthouse), BENCH_SKIP_MONOLITH=1, BENCH_SKIP_LOAD=1, BENCH_SKIP_CLUSTER=1 and BENCH_SKIP_SEARCH=1 skip those parts;
 * BENCH_LOAD_CONNECTIONS (100) and BENCH_LOAD_SECONDS (20) size the load.
 */
import path from 'node:path';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startPlatform } from '../tooling/platform/start.mjs';
import { measureFirstLoad, gzipSize, kb } from './first-load.mjs';
import { buildMonolith } from './monolith/build.mjs';
import { measureAddToBadge } from './list-latency.mjs';
import { measureLoad } from './load.mjs';
import { measureCluster } from './cluster.mjs';
import { runLighthouse, fmtMs, fmtCls } from './lighthouse.mjs';

const require = createRequire(import.meta.url);
const registry = require('../tooling/registry/index.cjs');
const here = path.dirname(fileURLToPath(import.meta.url));

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * The home, store locator and results pages, '/flyer', '/offers', a category listing and a product page
 * (each from the e2e route table, e2e/fixtures/routes.ts).
 */
const LIGHTHOUSE_PAGES = ['/', '/store-locator', '/?query=milk&tab=product', '/flyer', '/offers', '/products/category/bakery/bread-rolls', '/products/salted-butter-20010010'];

/** Stricter goals (performance with every remote on the page), printed beside {@link GOALS}. */
const STRICT_GOALS = { firstLoadKb: 200, ratio: 1.1, lighthouseScore: 95, tbtMs: 150, cls: 0.02, pages: ['/', '/flyer', '/offers', '/?query=milk&tab=product'] };

/** The goals each figure is printed against. */
const GOALS = {
  firstLoadKb: 260, // first-load JS on `/`, KB gzip (the gate: e2e/tests/budget.spec.ts)
  remoteEntryKb: 8, // each remoteEntry.js, KB gzip
  ratio: 1.25, // first-load JS, MF ÷ monolith
  lighthouseScore: 90,
  tbtMs: 300,
  cls: 0.05,
  addToBadgeMs: 50, // click 'Add to list' → the list badge changes, p95
  listReadP95Ms: 20, // BFF list read of 1,000 items, p95
  offersReadP95Ms: 20, // BFF offers fetch of a card with 200 offers, p95
};

/** Libraries that must reach the browser once (ARCHITECTURE §2): how to recognise a copy in a script. */
const LIBRARIES = [
  { name: 'react-dom', source: /\/react-dom\/cjs\/react-dom-client\.[^/]+$/, marker: /rendererPackageName:\s*["']react-dom["']/ },
  { name: 'rxjs', source: /\/rxjs\/dist\/[^/]+\/internal\/Subscription\.js$/, marker: /errors occurred during unsubscription/ },
  { name: 'shared-events', source: /shared-events\/src\/bus\.ts$/, marker: /["']BusEventError["']/ },
  { name: 'MF runtime', source: /@module-federation\/runtime-core\/dist\//, marker: /["']beforeInitContainer["']/ },
];

const short = (url) => url.replace(/^http:\/\/localhost:\d+/, '');
const pad = (s, n) => String(s).padStart(n);

/**
 * For each library of LIBRARIES, the script files that carry a copy of it.
 * @param {Array<{ url: string, body: Buffer }>} files
 * @returns {Promise<Record<string, { files: string[], via: Set<string> }>>}
 */
async function librariesIn(files) {
  const out = Object.fromEntries(LIBRARIES.map((l) => [l.name, { files: [], via: new Set() }]));
  for (const f of files) {
    const text = f.body.toString('utf8');
    let sources = null;
    const ref = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text);
    if (ref && !ref[1].startsWith('data:')) {
      try {
        const res = await fetch(new URL(ref[1], f.url));
        if (res.ok) sources = (await res.json()).sources || null;
      } catch { /* no map: markers */ }
    }
    for (const lib of LIBRARIES) {
      const hit = sources ? sources.some((s) => lib.source.test(s)) : lib.marker.test(text);
      if (hit) {
        out[lib.name].files.push(short(f.url));
        out[lib.name].via.add(sources ? 'source map' : 'marker');
      }
    }
  }
  return out;
}

/** Installs the React DevTools hook probe: every React DOM copy that runs registers one renderer. */
async function installRendererProbe(page) {
  await page.addInitScript(() => {
    const renderers = new Map();
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { renderers, supportsFiber: true, isDisabled: false, inject(r) { renderers.set(renderers.size + 1, r); return renderers.size; }, onScheduleFiberRoot() {}, onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  });
}

/** LCP (ms) as the page itself observed it (no throttling), or null. */
function pageLcp(page) {
  return page.evaluate(() => new Promise((resolve) => {
    new PerformanceObserver((list) => { const e = list.getEntries(); resolve(Math.round(e[e.length - 1].startTime)); }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(null), 2000);
  }));
}

function printFiles(title, m) {
  console.log(`\n${title} (KB gzip, KB raw, file):`);
  for (const s of m.files) console.log(`  ${pad(kb(s.gzip), 7)} KB  ${pad(kb(s.raw), 7)} KB raw  ${short(s.url)}`);
  console.log(`  total: ${kb(m.totalGzip)} KB gzip (${kb(m.totalRaw)} KB raw) in ${m.files.length} files`);
}

function printLibraries(libs) {
  for (const [name, { files, via }] of Object.entries(libs)) {
    console.log(`  ${name.padEnd(14)} ${pad(files.length, 2)} file(s)${files.length ? `: ${files.join(', ')}` : ''}${via.size ? ` [${[...via].join(', ')}]` : ''}`);
  }
}

// ---------------------------------------------------------------------------------------------------
const summary = []; // [figure, goal, measured]

// The monolith is built before the platform starts, so the build does not load the measured machine.
let monolith = null;
if (process.env.BENCH_SKIP_MONOLITH !== '1') {
  try {
    monolith = await buildMonolith();
    console.log(`monolith built in ${monolith.ms} ms (bench/monolith, ${monolith.modules.length} exposed modules)`);
  } catch (err) {
    console.log(`monolith: build failed, no ratio: ${err.message}`);
  }
}

// The monolith's edge listens on a fixed port so the search engine lets its origin in (CORS
// for the storefront's origins only; the launcher adds SEARCH_ALLOWED_ORIGINS' extra origins).
const MONOLITH_PORT = 20000 + 9090;
process.env.SEARCH_ALLOWED_ORIGINS = `http://localhost:${MONOLITH_PORT}`;
const platform = await startPlatform({ offset: 20000, quiet: true });
console.log(`platform ready in ${platform.readyMs} ms at ${platform.url}`);
summary.push(['platform start-up', '—', `${platform.readyMs} ms`]);
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  let mf;
  try {
    // --- first-load JS of the composed (MF) site --------------------------------------------------
    const context = await browser.newContext();
    const page = await context.newPage();
    await installRendererProbe(page);
    mf = await measureFirstLoad(page, `${platform.url}/`, { keepBodies: true });
    const renderers = await page.evaluate(() => window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
    const lcp = await pageLcp(page);
    await context.close();

    printFiles('first-load JavaScript on / (Module Federation)', mf);
    console.log('first-load JavaScript by owner (KB gzip):');
    const owners = [['shell (edge)', platform.ports.edge], ...Object.entries(platform.ports.remotes)];
    for (const [owner, port] of owners) {
      const mine = mf.files.filter((s) => new URL(s.url).port === String(port));
      console.log(`  ${owner.padEnd(20)} ${pad(kb(mine.reduce((n, s) => n + s.gzip, 0)), 7)} KB in ${pad(mine.length, 2)} files`);
    }
    summary.push(['first-load JS on / (gzip)', `≤ ${GOALS.firstLoadKb} KB (stricter: ≤ ${STRICT_GOALS.firstLoadKb})`, `${kb(mf.totalGzip)} KB in ${mf.files.length} files`]);

    // --- each remoteEntry.js ----------------------------------------------------------------------
    console.log(`\nremoteEntry.js per remote (KB gzip; goal ≤ ${GOALS.remoteEntryKb} KB each):`);
    for (const r of registry.presentRemotes()) {
      const port = platform.ports.remotes[r.package];
      const url = `http://localhost:${port}/${r.package}/${registry.remoteVersion(r.package)}/remoteEntry.js`;
      try {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = Buffer.from(await res.arrayBuffer());
        const gz = gzipSize(body);
        const onPage = mf.files.some((f) => f.url.split('?')[0] === url);
        console.log(`  ${r.package.padEnd(20)} ${pad(kb(gz), 6)} KB gzip  ${pad(kb(body.length), 7)} KB raw  goal ≤ ${GOALS.remoteEntryKb} KB${onPage ? '' : '  (not downloaded on /)'}`);
        summary.push([`remoteEntry.js ${r.package}`, `≤ ${GOALS.remoteEntryKb} KB`, `${kb(gz)} KB`]);
      } catch (err) {
        console.log(`  ${r.package.padEnd(20)} n/a (${url}: ${err.message})`);
        summary.push([`remoteEntry.js ${r.package}`, `≤ ${GOALS.remoteEntryKb} KB`, 'n/a']);
      }
    }

    // --- one copy of each shared library ----------------------------------------------------------
    console.log('\ndownloads on / of libraries that must reach the browser once (script files carrying a copy):');
    const libs = await librariesIn(mf.files);
    printLibraries(libs);
    console.log(`react-dom copies that ran (renderers registered with the DevTools hook): ${renderers}`);
    for (const [name, { files }] of Object.entries(libs)) summary.push([`${name} downloads`, '1', String(files.length)]);
    summary.push(['react-dom copies (renderers)', '1', String(renderers)]);
    console.log(`page ready (network idle + search box visible): ${mf.readyMs} ms; LCP (unthrottled, page's own observer) ${lcp ?? 'n/a'} ms`);
    summary.push(['page ready on / (unthrottled)', '—', `${mf.readyMs} ms`]);

    // --- first-load JS of the offers and flyer pages -------------------------------------------------
    for (const [pagePath, who] of [['/offers', 'anonymous visitor: the sign-in prompt'], ['/flyer', 'store 3299, with the flyer provider\'s script and its iframe']]) {
      try {
        const pctx = await browser.newContext();
        const ppage = await pctx.newPage();
        const measured = await measureFirstLoad(ppage, `${platform.url}${pagePath}`);
        await pctx.close();
        printFiles(`first-load JavaScript on ${pagePath} (${who})`, measured);
        summary.push([`first-load JS on ${pagePath} (gzip)`, '—', `${kb(measured.totalGzip)} KB in ${measured.files.length} files`]);
      } catch (err) {
        console.log(`first-load JS on ${pagePath}: failed: ${err.message}`);
      }
    }

    // --- shopping list: add-to-badge latency --------------------------------------------------------
    try {
      const lat = await measureAddToBadge(browser, platform.url, { adds: 20 });
      console.log(`\nadd-to-badge latency (click 'Add to list' on the results page → the list badge changes), ${lat.samples.length} adds of distinct products: first add ${lat.first.toFixed(1)} ms (may include loading the list service); the other ${lat.samples.length - 1}: p50 ${lat.p50.toFixed(1)} ms, p95 ${lat.p95.toFixed(1)} ms, max ${lat.max.toFixed(1)} ms (goal p95 ≤ ${GOALS.addToBadgeMs} ms)`);
      summary.push(['add-to-badge latency p95', `≤ ${GOALS.addToBadgeMs} ms`, `${lat.p95.toFixed(1)} ms (first add ${lat.first.toFixed(0)} ms)`]);
    } catch (err) {
      console.log(`add-to-badge latency: failed: ${err.message}`);
      summary.push(['add-to-badge latency p95', `≤ ${GOALS.addToBadgeMs} ms`, 'n/a']);
    }

    // --- the monolith, served by the same edge against the same platform -------------------------
    if (monolith) {
      const { startEdge } = await import('../shell/server/edge.mjs');
      const remotes = JSON.parse(fs.readFileSync(path.join(platform.dataDir, 'remotes.json'), 'utf8'));
      const identityOrigin = `http://localhost:${platform.ports.identity}`;
      const edge = await startEdge({
        port: MONOLITH_PORT,
        distDir: monolith.outDir,
        remotes,
        // the RuntimeConfig the composed site's edge serves (vendors included: the consent tool loads on
        // both pages, so both first-load figures count it)
        config: await (await fetch(`${platform.url}/config.json`)).json(),
        bffUrl: `http://127.0.0.1:${platform.ports.bff}`,
        identityOrigin,
      });
      try {
        const url = `http://localhost:${edge.server.address().port}`;
        const mctx = await browser.newContext();
        const mpage = await mctx.newPage();
        await installRendererProbe(mpage);
        const mono = await measureFirstLoad(mpage, `${url}/`, { keepBodies: true });
        await mctx.close();
        printFiles(`first-load JavaScript on / (MONOLITH, ${path.relative(process.cwd(), monolith.outDir)} at ${url})`, mono);
        console.log('monolith: script files carrying a copy of each library:');
        printLibraries(await librariesIn(mono.files));
        const ratio = mf.totalGzip / mono.totalGzip;
        console.log(`first-load JS, MF ÷ monolith: ${kb(mf.totalGzip)} KB ÷ ${kb(mono.totalGzip)} KB = ${ratio.toFixed(2)} (goal ≤ ${GOALS.ratio})`);
        summary.push(['first-load JS monolith (gzip)', '—', `${kb(mono.totalGzip)} KB in ${mono.files.length} files`]);
        summary.push(['first-load JS MF ÷ monolith', `≤ ${GOALS.ratio} (stricter: ≤ ${STRICT_GOALS.ratio})`, ratio.toFixed(2)]);
      } catch (err) {
        console.log(`monolith: measurement failed: ${err.message}`);
        summary.push(['first-load JS MF ÷ monolith', `≤ ${GOALS.ratio}`, 'n/a']);
      } finally {
        await edge.close();
      }
    } else {
      summary.push(['first-load JS MF ÷ monolith', `≤ ${GOALS.ratio}`, 'n/a (no monolith build)']);
    }

    // --- load: 100 connections × 20 s on bannerAlert, the list read, a search query ---
    if (process.env.BENCH_SKIP_LOAD !== '1') {
      console.log('');
      try {
        const load = await measureLoad({ edgeUrl: platform.url, searchUrl: `http://127.0.0.1:${platform.ports.search}`, browser });
        const b = load.bannerAlert;
        summary.push(['bannerAlert through the edge, 100 conn.', '≥ 2000 req/s, p99 ≤ 50 ms, 0 errors', `${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms, ${b.errors} errors`]);
      } catch (err) {
        console.log(`load: failed: ${err.message}`);
      }
    }
  } finally {
    await browser.close();
  }

  // --- Lighthouse (own Chromium; the Playwright browser is closed so it does not compete) ----------
  if (LIGHTHOUSE_RUNS > 0) {
    console.log(`\nLighthouse ${require('lighthouse/package.json').version} mobile (simulated throttling), ${LIGHTHOUSE_RUNS} runs per page:`);
    try {
      const lighthouseResults = await runLighthouse(platform.url, LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS);
      console.log(`Lighthouse medians (of ${LIGHTHOUSE_RUNS}):`);
      for (const r of lighthouseResults) {
        const m = r.median;
        console.log(`  ${r.path.padEnd(28)} score ${pad(m.score ?? 'n/a', 3)}  LCP ${pad(fmtMs(m.lcp), 7)}  TBT ${pad(fmtMs(m.tbt), 6)}  CLS ${fmtCls(m.cls)}`);
        const inStrict = STRICT_GOALS.pages.includes(r.path);
        summary.push([`LH ${r.path} performance`, `≥ ${GOALS.lighthouseScore}${inStrict ? ` (stricter: ≥ ${STRICT_GOALS.lighthouseScore})` : ''}`, String(m.score ?? 'n/a')]);
        summary.push([`LH ${r.path} LCP`, '—', fmtMs(m.lcp)]);
        summary.push([`LH ${r.path} TBT`, `≤ ${GOALS.tbtMs} ms${inStrict ? ` (stricter: ≤ ${STRICT_GOALS.tbtMs})` : ''}`, fmtMs(m.tbt)]);
        summary.push([`LH ${r.path} CLS`, `≤ ${GOALS.cls}${inStrict ? ` (stricter: ≤ ${STRICT_GOALS.cls})` : ''}`, fmtCls(m.cls)]);
      }
    } catch (err) {
      console.log(`Lighthouse failed: ${err.message}`);
    }
  }
} finally {
  await platform.stop();
}

// --- BFF list read of 1,000 items, its own process and data folder ---------------------------------
{
  const out = spawnSync('npm', ['run', '--silent', 'bench', '-w', '@storefront/bff'], { encoding: 'utf8', cwd: path.join(here, '..') });
  process.stdout.write(`\n${out.stdout}`);
  if (out.status !== 0) process.stdout.write(out.stderr);
  const p95Of = (label) => new RegExp(`${label}[^\\n]*p95 ([\\d.]+) ms`).exec(out.stdout ?? '')?.[1];
  const list = p95Of('list read');
  const offers = p95Of('offers fetch');
  summary.push(['BFF list read, 1,000 items, p95', `≤ ${GOALS.listReadP95Ms} ms`, list ? `${list} ms` : 'n/a']);
  summary.push(['BFF offers fetch, 200 offers, p95', `≤ ${GOALS.offersReadP95Ms} ms`, offers ? `${offers} ms` : 'n/a']);
}

// --- the production topology through HAProxy, 1 and 2 replicas (./cluster.mjs) --------------------
if (process.env.BENCH_SKIP_CLUSTER !== '1') {
  try {
    const one = await measureCluster({ replicas: 1 });
    const two = await measureCluster({ replicas: 2, chaos: true });
    for (const key of Object.keys(one).filter((k) => k.includes('@'))) {
      summary.push([`cluster ${key} req/s (1 → 2 replicas)`, '—', `${one[key].rps.toFixed(0)} → ${two[key].rps.toFixed(0)} (p99 ${one[key].p99} → ${two[key].p99} ms)`]);
    }
    if (two.chaos) summary.push(['cluster: SIGKILLs under load, failed / lost writes', '0 / 0', `${two.chaos.failures.length} / ${two.chaos.lostWrites.length} (of ${two.chaos.requests} requests, ${two.chaos.acknowledgedWrites} writes)`]);
  } catch (err) {
    console.log(`cluster: not measured (${err.message})`);
  }
}

console.log('\nsummary (goal, stricter goal in brackets):');
const w0 = Math.max(...summary.map((r) => r[0].length));
const w1 = Math.max(4, ...summary.map((r) => r[1].length));
console.log(`  ${'figure'.padEnd(w0)}  ${'goal'.padEnd(w1)}  measured`);
for (const [figure, goal, measured] of summary) console.log(`  ${figure.padEnd(w0)}  ${goal.padEnd(w1)}  ${measured}`);

if (process.env.BENCH_SKIP_SEARCH !== '1') {
  console.log('\nsearch engine:');
  spawnSync('npm', ['run', 'bench', '-w', '@storefront/search-engine'], { stdio: 'inherit', cwd: path.join(here, '..') });
}
