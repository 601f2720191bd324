/**
 * Start-up hints in the served HTML (LCP of remote-owned pages must not wait for a chain of
 * round trips). Without them a page learns what to load one step at a time:
 *   HTML → main.js → /remotes.json + /config.json → each remote's mf-manifest.json → remoteEntry.js and
 *   the expose's chunks → the page's data.
 * The edge already knows the first three answers, so it writes them into the page:
 *   - `<script type="application/json" id="shell-startup">{"remotes":…,"config":…,"manifests":…}</script>`:
 *     the remote map and RuntimeConfig the edge serves at /remotes.json and /config.json (a data block:
 *     not executed, so the CSP's script-src is unaffected), which the shell uses instead of fetching
 *     them, and the mf-manifest.json of every remote the page mounts at start (the header and footer
 *     bands that need no sign-in, plus the route's page), keyed by its URL, which the MF runtime gets
 *     from there instead of one cross-origin fetch per remote (shell/src/mf/startup-manifests-plugin.ts);
 *     The block's `integrity` gives the published hash of each of those scripts that has one.
 *     The block's `preload` lists those remotes' remoteEntry.js and the sync chunks of the exposes
 *     mounted: the shell's paint-first.js preloads them once the first paint is on screen, with its own
 *     start-up chunks (shell/webpack.preload.js), so no script download competes with the first paint.
 * Manifests are read from the remotes' servers and kept 10 s; a remote that does not answer gets no
 * hint (the page still works: the shell loads it the slow way and its fallback applies if it is down).
 *   - the first view of the route's page remote (its `first-view.json`, next to its manifest, kept 10 s)
 *     written into the empty `#slot-page`: the page's heading and lead paint with the HTML, before
 *     any script (see {@link firstViewHtml}); a remote without the file, or that does not answer, gets none.
 * A page with a tester override (`?remote.<name>=`) gets the data block but no remote hints and no first view.
 */

import crypto from 'node:crypto';

const MANIFEST_TTL_MS = 10_000;
/** A remote file that did not answer is asked for again after this long (a remote starting up gets its hints and first view soon). */
const MISS_TTL_MS = 2_000;
const TIMEOUT_MS = 800;

/** Same rule as the shell's `matchesRoute` (shell/src/apps.ts): '/a/:b', trailing '/*', '?key'. */
export function matchesRoute(pattern, pathname, query) {
  const [pathPattern, requiredKey] = pattern.split('?');
  if (requiredKey && !query.has(requiredKey)) return false;
  const want = pathPattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const splat = want[want.length - 1] === '*';
  if (splat) want.pop();
  if (splat ? have.length < want.length : have.length !== want.length) return false;
  return want.every((seg, i) => (seg.startsWith(':') ? have[i].length > 0 : seg === have[i]));
}

/**
 * The values of a route pattern's `:params` in a path (the pattern must match it), e.g.
 * ('/products/category/:category', '/products/category/bakery') → { category: 'bakery' }.
 * @param {string} pattern a registry route pattern
 * @param {string} pathname the page's path
 * @returns {Record<string, string>}
 */
export function routeParams(pattern, pathname) {
  const want = pattern.split('?')[0].split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const out = {};
  want.forEach((seg, i) => {
    if (seg.startsWith(':') && have[i] !== undefined) {
      try {
        out[seg.slice(1)] = decodeURIComponent(have[i]);
      } catch {
        out[seg.slice(1)] = have[i];
      }
    }
  });
  return out;
}

/** Route specificity as in shell/src/apps.ts `routeSpecificity`: literal 2, ':param' 1, '*' 0. */
function specificity(pattern) {
  return pattern.split('?')[0].split('/').filter(Boolean).reduce((n, seg) => n + (seg === '*' ? 0 : seg.startsWith(':') ? 1 : 2), 0);
}

/**
 * The exposes mounted at start on a page: every band of the header and footer regions without a
 * `when` condition, plus the page expose whose route matches most specifically (none on home).
 * @param {Array<{ package: string, exposes: Array<{ expose: string, kind: string, region?: string, when?: string, routes?: string[] }> }>} remotes the registry's remotes
 * @returns {Array<{ remote: string, expose: string, route?: string }>} `route`: the matched route pattern of the page expose
 */
export function startupExposes(remotes, pathname, query) {
  const out = [];
  for (const r of remotes) {
    for (const e of r.exposes) if (e.kind === 'band' && !e.when && (e.region === 'header' || e.region === 'footer')) out.push({ remote: r.package, expose: e.expose });
  }
  let best = null;
  for (const r of remotes) {
    for (const e of r.exposes) {
      if (e.kind !== 'page') continue;
      for (const route of e.routes || []) {
        if (!matchesRoute(route, pathname, query)) continue;
        const s = specificity(route);
        if (!best || s > best.s) best = { s, remote: r.package, expose: e.expose, route };
      }
    }
  }
  if (best) out.push({ remote: best.remote, expose: best.expose, route: best.route });
  return out;
}

/** Text or a double-quoted attribute value, escaped (& < > "). */
export const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
/** JSON safe inside a <script> data block: no '<' (so no '</script>'), no U+2028/9. */
const jsonForHtml = (value) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const MAX_FIRST_VIEW_TEXT = 400;

/**
 * A picture the first view may carry: a same-origin image path (CSP img-src 'self'), by the rule the
 * page's own render uses (mf-search `pictureSrc`), so the picture the edge serves is the one the page keeps.
 */
const safePicture = (url) => /^\/(?!\/)(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:svg|png|jpe?g|webp|avif)$/.test(url);

/** Intrinsic size of the first view's picture, px: the kit's `PAGE_INTRO_PICTURE_PX`. */
const PICTURE_PX = 240;

/**
 * The first view of a remote page ("a stable, fast first paint"; performance at eight
 * remotes; a product page's picture): the page intro of @storefront/remote-kit/page-intro as
 * HTML, the same markup React renders for `PageIntro` (shell/test/startup-hints.test.ts checks both),
 * marked `data-first-view="<remote>"`. `{name}` in a text is filled from, in order: the route's path
 * parameter `name` ('-' read as a space, e.g. a category slug, as the remote shows it until its data
 * arrives; not in `picture`), the page's record field `name` (e.g. a product's `{title}`,
 * `{featuredImage}`; ./page-lookup.mjs), the URL's query parameter `name` (e.g. the search terms). A name
 * none of them has means no first view (the page would not show that text either). Every text is
 * escaped, never HTML; a `picture` that is not a same-origin image path is left out.
 * @param {unknown} view an entry of the remote's first-view.json: `{ heading: string, lead: string, picture?: string }`
 * @param {string} remote the remote's package name
 * @param {URLSearchParams} query the page URL's query
 * @param {Record<string, string>} [params] the route's path parameters ({@link routeParams})
 * @param {Record<string, string | number> | null} [record] the page's record (./page-lookup.mjs), if any
 * @returns {string} the HTML, or '' when `view` is not a valid entry (strings of 1–400 characters) or names a value there is not
 */
export function firstViewHtml(view, remote, query, params = {}, record = null) {
  const ok = (v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_FIRST_VIEW_TEXT;
  if (!view || typeof view !== 'object' || !ok(view.heading) || !ok(view.lead) || (view.picture !== undefined && !ok(view.picture))) return '';
  let missing = false;
  const fill = (text, fromPath) => text.replace(/\{([A-Za-z][\w-]*)\}/g, (_, name) => {
    if (fromPath && Object.hasOwn(params, name)) return params[name].replace(/-/g, ' ');
    if (record && Object.hasOwn(record, name)) return String(record[name]);
    const value = query.get(name);
    if (value === null) missing = true;
    return value ?? '';
  });
  const heading = fill(view.heading, true);
  const lead = fill(view.lead, true);
  const picture = view.picture ? fill(view.picture, false) : '';
  if (missing) return '';
  const img = picture && safePicture(picture)
    ? `<img class="sf-intro__picture" src="${escapeHtml(picture)}" alt="" width="${PICTURE_PX}" height="${PICTURE_PX}" fetchpriority="high"/>`
    : '';
  return `<header class="${img ? 'sf-intro sf-intro--picture' : 'sf-intro'}" data-first-view="${escapeHtml(remote)}">${img}<h1 class="sf-intro__heading" tabindex="-1">${escapeHtml(heading)}</h1><p class="sf-intro__lead">${escapeHtml(lead)}</p></header>`;
}

/** The empty page slot of frame.html, as html-webpack-plugin's minifier writes it (quotes optional). */
const EMPTY_PAGE_SLOT = /<div id="?slot-page"?><\/div>/;

/**
 * The scripts of one remote's exposes to preload (remoteEntry.js and the exposes' sync chunks) and
 * its manifest, or none when the manifest is unavailable or odd.
 * @param {(url: string, pinned?: string) => Promise<object | null>} manifest the cached reader of a remote's JSON file
 * @returns {Promise<{ scripts: string[], integrity?: Record<string, string>, manifest?: { url: string, json: object } }>}
 */
async function startupOf(manifest, remotes, remote, exposes) {
  const manifestUrl = remotes[remote];
  if (!manifestUrl) return { scripts: [] };
  const pins = remotes.$integrity && typeof remotes.$integrity === 'object' ? remotes.$integrity : {};
  const m = await manifest(manifestUrl, typeof pins[manifestUrl] === 'string' ? pins[manifestUrl] : undefined);
  const meta = m && m.metaData;
  if (!meta || !meta.remoteEntry || typeof meta.remoteEntry.name !== 'string') return { scripts: [] };
  let base;
  try {
    base = meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, manifestUrl).href : new URL('.', manifestUrl).href;
  } catch {
    return { scripts: [] };
  }
  const abs = (file) => new URL(file, base).href;
  const scripts = [abs(`${meta.remoteEntry.path || ''}${meta.remoteEntry.name}`)];
  for (const expose of exposes) {
    const entry = (m.exposes || []).find((e) => e.path === expose || `./${e.name}` === expose || e.name === expose);
    for (const file of entry?.assets?.js?.sync || []) scripts.push(abs(file));
  }
  // the published files' hashes (tooling/deploy/store.mjs seals them into the manifest): paint-first.js
  // preloads with the same integrity the shell's script will carry, so the preload is reused
  const integrity = {};
  const sealed = m.integrity && typeof m.integrity === 'object' ? m.integrity : {};
  for (const [file, sri] of Object.entries(sealed)) {
    if (typeof sri !== 'string') continue;
    const url = abs(file);
    if (scripts.includes(url)) integrity[url] = sri;
  }
  return { scripts, integrity, manifest: { url: manifestUrl, json: m } };
}

/**
 * @param {{ remotes: Record<string,string> | (() => Record<string,string>), config: object, registryRemotes: Array<object>, fetchImpl?: typeof fetch, now?: () => number }} o
 *   `remotes` the map served at /remotes.json (package → mf-manifest.json URL), or a function answering
 *   the current one; `config` the RuntimeConfig
 * @returns {{ inject: (html: string, pathname: string, query: URLSearchParams, record?: Record<string, string | number> | null) => Promise<string> }}
 */
export function createStartupHints({ remotes: remotesOrGetter, config, registryRemotes, fetchImpl = fetch, now = Date.now }) {
  const cache = new Map(); // manifest URL → { until, manifest | null }
  // the map may change while the edge runs (a promotion of the deploy store's pointer)
  const currentRemotes = typeof remotesOrGetter === 'function' ? remotesOrGetter : () => remotesOrGetter;

  /**
   * A remote's JSON file (manifest or first view), kept MANIFEST_TTL_MS (a miss MISS_TTL_MS); null when it
   * does not answer 200 with JSON, or when `pinned` (the map's `$integrity`, `sha384-…`) is given and its
   * bytes do not have that hash: a changed manifest is never written into the page (the shell then
   * fetches it, checks it and shows the remote's fallback, SHELL-009).
   */
  async function manifest(url, pinned) {
    const key = pinned ? `${url}\n${pinned}` : url;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.manifest;
    let value = null;
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (res.ok) {
        const bytes = Buffer.from(await res.arrayBuffer());
        const actual = `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
        if (pinned && actual !== pinned) console.warn(`[edge] ${url} does not match its pinned hash (${pinned}); not written into the page`);
        else value = JSON.parse(bytes.toString('utf8'));
      }
    } catch {
      value = null;
    }
    cache.set(key, { until: now() + (value ? MANIFEST_TTL_MS : MISS_TTL_MS), manifest: value });
    return value;
  }

  /** A remote's first-view.json (beside its manifest), or null. */
  function firstViews(manifestUrl) {
    let url;
    try {
      url = new URL('first-view.json', manifestUrl).href;
    } catch {
      return null;
    }
    return manifest(url);
  }

  return {
    /**
     * The HTML with the start-up data block and, for a remote page, its first view.
     * @param {string} html the shell's HTML for the page
     * @param {string} pathname
     * @param {URLSearchParams} query
     * @param {Record<string, string | number> | null} [record] the page's record (./page-lookup.mjs), which fills its first view
     * @returns {Promise<string>}
     */
    async inject(html, pathname, query, record = null) {
      const remotes = currentRemotes();
      /** The data block: the remote map and config, and (without a tester override) the start-up remotes' manifests and scripts. */
      let data = { remotes, config };
      let firstView = '';
      const overridden = [...query.keys()].some((k) => k.startsWith('remote.'));
      if (!overridden) {
        const exposes = startupExposes(registryRemotes, pathname, query);
        const byRemote = new Map();
        for (const { remote, expose } of exposes) byRemote.set(remote, [...(byRemote.get(remote) || []), expose]);
        const page = exposes.find((e) => e.route);
        const [lists, views] = await Promise.all([
          Promise.all([...byRemote].map(([remote, list]) => startupOf(manifest, remotes, remote, list))),
          page && EMPTY_PAGE_SLOT.test(html) ? firstViews(remotes[page.remote]) : null,
        ]);
        const manifests = Object.fromEntries(lists.filter((l) => l.manifest).map((l) => [l.manifest.url, l.manifest.json]));
        const preload = Array.from(new Set(lists.flatMap((l) => l.scripts)));
        const integrity = Object.assign({}, ...lists.map((l) => l.integrity || {}));
        data = { remotes, config, manifests, preload, ...(Object.keys(integrity).length ? { integrity } : {}) };
        if (page && views) firstView = firstViewHtml(views[page.route], page.remote, query, routeParams(page.route, pathname), record);
      }
      const block = `<script type="application/json" id="shell-startup">${jsonForHtml(data)}</script>`;
      const withView = firstView ? html.replace(EMPTY_PAGE_SLOT, () => `<div id="slot-page">${firstView}</div>`) : html;
      const at = withView.indexOf('</head>');
      return at < 0 ? withView : `${withView.slice(0, at)}${block}${withView.slice(at)}`;
    },
  };
}
