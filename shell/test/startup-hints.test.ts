/**
 * @jest-environment node
 *
 * The edge writes what the page will need at start into its HTML — the remote map and config
 * as a data block, preloads of the manifests and scripts of the remotes mounted at start — so LCP does
 * not wait for a chain of round trips. A remote that does not answer gets no hint; a tester override
 * gets no remote hints.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageIntro } from '@storefront/remote-kit/page-intro';
import { createStartupHints, firstViewHtml, routeParams, startupExposes } from '../server/startup-hints.mjs';

const registryRemotes = [
  { package: 'mf-header', exposes: [{ expose: './spa', kind: 'band', region: 'header' }, { expose: './footer', kind: 'band', region: 'footer' }] },
  { package: 'mf-loyalty', exposes: [{ expose: './spa', kind: 'band', region: 'overlay', when: 'signed-in' }, { expose: './pages', kind: 'page', routes: ['/scene'] }] },
  { package: 'mf-search', exposes: [{ expose: './results', kind: 'page', routes: ['/?query'] }, { expose: './recipes', kind: 'page', routes: ['/recipes', '/recipes/:slug'] }, { expose: './product', kind: 'page', routes: ['/products/:slug'] }] },
  { package: 'mf-shopping-list', exposes: [{ expose: './recipe-plans', kind: 'page', routes: ['/recipes/meal-plan'] }] },
];
const remotes = {
  'mf-header': 'http://h.test/mf-header/1.0.0/mf-manifest.json',
  'mf-loyalty': 'http://l.test/mf-loyalty/1.0.0/mf-manifest.json',
  'mf-search': 'http://s.test/mf-search/1.0.0/mf-manifest.json',
};
const manifest = (exposes: Record<string, string[]>) => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: Object.entries(exposes).map(([name, sync]) => ({ name, path: `./${name}`, assets: { js: { sync, async: ['never.js'] } } })),
});
const MANIFESTS: Record<string, unknown> = {
  [remotes['mf-header']]: manifest({ spa: ['1.js', 'expose_spa.js'], footer: ['expose_footer.js'] }),
  [remotes['mf-search']]: manifest({ results: ['9.js', 'expose_results.js'], recipes: ['expose_recipes.js'] }),
};
const FIRST_VIEWS: Record<string, unknown> = {
  'http://s.test/mf-search/1.0.0/first-view.json': {
    '/?query': { heading: 'Results for “{query}”', lead: 'Products & recipes <for> you.' },
    '/recipes/:slug': { heading: 'Recipe', lead: '' },
    '/products/:slug': { heading: '{title}', lead: '{size} · {brand}', picture: '{featuredImage}' },
  },
};
const fetchImpl = (async (url: string) => {
  const body = MANIFESTS[url] ?? FIRST_VIEWS[url];
  return body ? new Response(JSON.stringify(body)) : new Response('no', { status: 503 });
}) as unknown as typeof fetch;
const FRAME = '<html><head><title>t</title></head><body><main><div id=slot-page></div></main></body></html>';
const HTML = '<html><head><title>t</title></head><body></body></html>';
const q = (s = '') => new URLSearchParams(s);

describe('createStartupHints with published (sealed) manifests', () => {
  const sri = (text: string) => `sha384-${require('node:crypto').createHash('sha384').update(text).digest('base64')}`;
  const url = 'http://d.test/mf-header/1.1.0/mf-manifest.json';
  const sealed = JSON.stringify({ ...manifest({ spa: ['expose_spa.js'], footer: [] }), integrity: { 'remoteEntry.js': sri('entry'), 'expose_spa.js': sri('spa'), 'lazy.js': sri('lazy') } });
  const serve = (body: string) => (async (u: string) => (u === url ? new Response(body) : new Response('no', { status: 503 }))) as unknown as typeof fetch;
  const block = async (h: ReturnType<typeof createStartupHints>) => JSON.parse(/id="shell-startup">(.*?)<\/script>/.exec(await h.inject(HTML, '/', q()))![1]);

  it('writes a pinned manifest that has its hash, with the hashes of the scripts to preload', async () => {
    const h = createStartupHints({ remotes: { 'mf-header': url, $integrity: { [url]: sri(sealed) } } as unknown as Record<string, string>, config: {}, registryRemotes, fetchImpl: serve(sealed) });
    const data = await block(h);
    expect(Object.keys(data.manifests)).toEqual([url]);
    expect(data.integrity).toEqual({ 'http://d.test/mf-header/1.1.0/remoteEntry.js': sri('entry'), 'http://d.test/mf-header/1.1.0/expose_spa.js': sri('spa') });
  });

  it('never writes a pinned manifest whose bytes changed into the page, nor preloads its scripts', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = createStartupHints({ remotes: { 'mf-header': url, $integrity: { [url]: sri(sealed) } } as unknown as Record<string, string>, config: {}, registryRemotes, fetchImpl: serve(`${sealed} `) });
    const data = await block(h);
    expect(data.manifests).toEqual({});
    expect(data.preload).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('does not match its pinned hash'));
    warn.mockRestore();
  });
});

describe('startupExposes', () => {
  it('mounts the header and footer bands without a sign-in condition, plus the most specific page', () => {
    expect(startupExposes(registryRemotes, '/recipes/meal-plan', q())).toEqual([
      { remote: 'mf-header', expose: './spa' }, { remote: 'mf-header', expose: './footer' }, { remote: 'mf-shopping-list', expose: './recipe-plans', route: '/recipes/meal-plan' },
    ]);
    expect(startupExposes(registryRemotes, '/', q('query=milk')).map((e) => e.expose)).toEqual(['./spa', './footer', './results']);
    expect(startupExposes(registryRemotes, '/', q()).map((e) => e.remote)).toEqual(['mf-header', 'mf-header']);
  });
});

describe('createStartupHints', () => {
  const hints = createStartupHints({ remotes, config: { apiBase: '/api', note: '</script><b>' }, registryRemotes, fetchImpl });

  it('writes the remote map and config as a data block that cannot close the script element', async () => {
    const html = await hints.inject(HTML, '/', q());
    const block = /<script type="application\/json" id="shell-startup">(.*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(block)).toEqual({
      remotes,
      config: { apiBase: '/api', note: '</script><b>' },
      manifests: { [remotes['mf-header']]: MANIFESTS[remotes['mf-header']] },
      preload: ['remoteEntry.js', '1.js', 'expose_spa.js', 'expose_footer.js'].map((f) => `http://h.test/mf-header/1.0.0/${f}`),
    });
    expect(block).not.toContain('</script>');
    expect(html.indexOf('shell-startup')).toBeLessThan(html.indexOf('</head>'));
  });

  it('lists remoteEntry.js and the sync chunks of the exposes mounted on the route to preload after the first paint, nothing async, with their manifests; no preload link', async () => {
    const html = await hints.inject(HTML, '/', q('query=milk&tab=product'));
    const block = JSON.parse(/<script type="application\/json" id="shell-startup">(.*?)<\/script>/.exec(html)![1]);
    expect(block.preload).toEqual([
      'http://h.test/mf-header/1.0.0/remoteEntry.js',
      'http://h.test/mf-header/1.0.0/1.js',
      'http://h.test/mf-header/1.0.0/expose_spa.js',
      'http://h.test/mf-header/1.0.0/expose_footer.js',
      'http://s.test/mf-search/1.0.0/remoteEntry.js',
      'http://s.test/mf-search/1.0.0/9.js',
      'http://s.test/mf-search/1.0.0/expose_results.js',
    ]);
    expect(Object.keys(block.manifests)).toEqual([remotes['mf-header'], remotes['mf-search']]);
    expect(html).not.toContain('rel="preload"'); // nothing downloads before the first paint (shell paint-first.js)
    expect(block.preload.join(' ')).not.toContain('l.test'); // the signed-in overlay band is not mounted at start
  });

  it('gives no hint for a remote whose manifest does not answer, and none for a page with a tester override', async () => {
    const down = createStartupHints({ remotes: { ...remotes, 'mf-header': 'http://down.test/m.json' }, config: {}, registryRemotes, fetchImpl });
    const listed = async (h: typeof hints, query: URLSearchParams) => JSON.parse(/id="shell-startup">(.*?)<\/script>/.exec(await h.inject(HTML, '/', query))![1]).preload ?? [];
    expect(await listed(down, q())).toEqual([]);
    expect(await listed(hints, q('query=milk&remote.mf-search=http://localhost:9999/m.json'))).toEqual([]);
    const overridden = await hints.inject(HTML, '/', q('query=milk&remote.mf-search=http://localhost:9999/m.json'));
    expect(overridden).toContain('id="shell-startup"');
  });
});

describe('the first view of a remote page ("a stable, fast first paint")', () => {
  const hints = createStartupHints({ remotes, config: {}, registryRemotes, fetchImpl });
  const slot = (html: string) => /<div id="?slot-page"?>(.*?)<\/div><\/main>/.exec(html)?.[1] ?? null;

  it("writes the route's intro from the remote's first-view.json into the empty #slot-page, the query's terms as text", async () => {
    const html = await hints.inject(FRAME, '/', q(`query=${encodeURIComponent('<img src=x onerror=alert(1)>$&')}`));
    expect(slot(html)).toBe(
      '<header class="sf-intro" data-first-view="mf-search"><h1 class="sf-intro__heading" tabindex="-1">Results for “&lt;img src=x onerror=alert(1)&gt;$&amp;”</h1>'
      + '<p class="sf-intro__lead">Products &amp; recipes &lt;for&gt; you.</p></header>',
    );
  });

  it("fills {name} from the route's path parameters (slug '-' as spaces), else from the query", () => {
    expect(routeParams('/products/category/:category/:subcategory', '/products/category/bakery/bread-rolls')).toEqual({ category: 'bakery', subcategory: 'bread-rolls' });
    const html = firstViewHtml({ heading: '{subcategory} in {category} ({sort})', lead: 'Aisle' }, 'mf-search', q('sort=price&category=x'), routeParams('/products/category/:category/:subcategory', '/products/category/bakery/bread-rolls'));
    expect(html).toContain('>bread rolls in bakery (price)</h1>');
  });

  it('is the markup React renders for the kit\'s PageIntro, so the hand-over to the remote changes nothing', () => {
    const edge = firstViewHtml({ heading: 'Weekly flyer', lead: 'Deals & more' }, 'mf-flyer', q()).replace(' data-first-view="mf-flyer"', '');
    expect(edge).toBe(renderToStaticMarkup(createElement(PageIntro, { heading: 'Weekly flyer', lead: 'Deals & more' })));
  });

  it("fills a record page's intro from its record: picture, name and details, as text", async () => {
    const record = { title: 'Salted <b>Butter</b>', size: '454 g', brand: 'Harbour Pantry', featuredImage: '/media/butter.svg', price: 739 };
    const html = await hints.inject(FRAME, '/products/salted-butter-20010010', q(), record);
    expect(slot(html)).toBe(
      '<header class="sf-intro sf-intro--picture" data-first-view="mf-search">'
      + '<img class="sf-intro__picture" src="/media/butter.svg" alt="" width="240" height="240" fetchpriority="high"/>'
      + '<h1 class="sf-intro__heading" tabindex="-1">Salted &lt;b&gt;Butter&lt;/b&gt;</h1><p class="sf-intro__lead">454 g · Harbour Pantry</p></header>',
    );
    // no record (the search engine did not answer): the name is unknown, so no first view at all
    expect(slot(await hints.inject(FRAME, '/products/salted-butter-20010010', q()))).toBe('');
  });

  it('leaves out a picture that is not a same-origin image path (CSP img-src \'self\'; the page keeps the same rule)', () => {
    const view = { heading: '{title}', lead: 'x', picture: '{featuredImage}' };
    for (const bad of ['javascript:alert(1)', '//evil.test/x.svg', '/a.svg" onerror="x', 'data:image/svg+xml,<svg/>', 'https://cdn.test/a.svg', '/media/../x.svg']) {
      const html = firstViewHtml(view, 'mf-search', q(), {}, { title: 'T', featuredImage: bad });
      expect(html).toContain('<h1 class="sf-intro__heading" tabindex="-1">T</h1>');
      expect(html).not.toContain('<img');
    }
    expect(firstViewHtml(view, 'mf-search', q(), {}, { title: 'T', featuredImage: '/media/butter.svg' })).toContain('src="/media/butter.svg"');
  });

  it("with a picture it is still the markup of the kit's PageIntro", () => {
    const edge = firstViewHtml({ heading: '{title}', lead: '{size}', picture: '{featuredImage}' }, 'mf-search', q(), {}, { title: 'Salted Butter', size: '454 g', featuredImage: '/media/butter.svg' })
      .replace(' data-first-view="mf-search"', '');
    // React's server render also hoists a preload link for a high-priority image, and spells the
    // attribute fetchPriority (HTML attribute names are case-insensitive): the element is the same.
    const react = renderToStaticMarkup(createElement(PageIntro, { heading: 'Salted Butter', lead: '454 g', picture: '/media/butter.svg' }))
      .replace(/^<link rel="preload"[^>]*>/, '').replace('fetchPriority=', 'fetchpriority=');
    expect(edge).toBe(react);
  });

  it('writes nothing without a valid entry, without the file, on a page the edge renders itself, or with a tester override', async () => {
    expect(slot(await hints.inject(FRAME, '/recipes/pancakes', q()))).toBe(''); // entry with an empty lead
    expect(slot(await hints.inject(FRAME, '/scene', q()))).toBe(''); // mf-loyalty has no first-view.json
    expect(slot(await hints.inject(FRAME, '/', q()))).toBe(''); // home: no page remote
    expect(slot(await hints.inject(FRAME, '/', q('query=milk&remote.mf-search=http://localhost:9999/m.json')))).toBe('');
    expect(await hints.inject(HTML, '/', q('query=milk'))).not.toContain('sf-intro'); // no empty slot to fill
  });
});
