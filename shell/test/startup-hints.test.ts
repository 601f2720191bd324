/**
 * @jest-environment node
 *
 * Issue 12: the edge writes what the page will need at start into its HTML — the remote map and config
 * as a data block, preloads of the manifests and scripts of the remotes mounted at start — so LCP does
 * not wait for a chain of round trips. A remote that does not answer gets no hint; a tester override
 * gets no remote hints.
 */
import { createStartupHints, startupExposes } from '../server/startup-hints.mjs';

const registryRemotes = [
  { package: 'mf-header', exposes: [{ expose: './spa', kind: 'band', region: 'header' }, { expose: './footer', kind: 'band', region: 'footer' }] },
  { package: 'mf-loyalty', exposes: [{ expose: './spa', kind: 'band', region: 'overlay', when: 'signed-in' }, { expose: './pages', kind: 'page', routes: ['/scene'] }] },
  { package: 'mf-search', exposes: [{ expose: './results', kind: 'page', routes: ['/?query'] }, { expose: './recipes', kind: 'page', routes: ['/recipes', '/recipes/:slug'] }] },
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
const fetchImpl = (async (url: string) => (MANIFESTS[url] ? new Response(JSON.stringify(MANIFESTS[url])) : new Response('no', { status: 503 }))) as unknown as typeof fetch;
const HTML = '<html><head><title>t</title></head><body></body></html>';
const q = (s = '') => new URLSearchParams(s);

describe('startupExposes', () => {
  it('mounts the header and footer bands without a sign-in condition, plus the most specific page', () => {
    expect(startupExposes(registryRemotes, '/recipes/meal-plan', q())).toEqual([
      { remote: 'mf-header', expose: './spa' }, { remote: 'mf-header', expose: './footer' }, { remote: 'mf-shopping-list', expose: './recipe-plans' },
    ]);
    expect(startupExposes(registryRemotes, '/', q('query=milk')).map((e) => e.expose)).toEqual(['./spa', './footer', './results']);
    expect(startupExposes(registryRemotes, '/', q()).map((e) => e.remote)).toEqual(['mf-header', 'mf-header']);
  });
});

describe('createStartupHints (issue 12)', () => {
  const hints = createStartupHints({ remotes, config: { apiBase: '/api', note: '</script><b>' }, registryRemotes, fetchImpl });

  it('writes the remote map and config as a data block that cannot close the script element', async () => {
    const html = await hints.inject(HTML, '/', q());
    const block = /<script type="application\/json" id="shell-startup">(.*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(block)).toEqual({ remotes, config: { apiBase: '/api', note: '</script><b>' } });
    expect(block).not.toContain('</script>');
    expect(html.indexOf('shell-startup')).toBeLessThan(html.indexOf('</head>'));
  });

  it('preloads the manifest, remoteEntry.js and the sync chunks of the exposes mounted on the route, nothing async', async () => {
    const html = await hints.inject(HTML, '/', q('query=milk&tab=product'));
    const hrefs = [...html.matchAll(/<link rel="preload" as="(\w+)"( crossorigin)? href="([^"]+)">/g)].map((m) => `${m[1]}${m[2] ? '+cors' : ''} ${m[3]}`);
    expect(hrefs).toEqual([
      `fetch+cors ${remotes['mf-header']}`,
      'script http://h.test/mf-header/1.0.0/remoteEntry.js',
      'script http://h.test/mf-header/1.0.0/1.js',
      'script http://h.test/mf-header/1.0.0/expose_spa.js',
      'script http://h.test/mf-header/1.0.0/expose_footer.js',
      `fetch+cors ${remotes['mf-search']}`,
      'script http://s.test/mf-search/1.0.0/remoteEntry.js',
      'script http://s.test/mf-search/1.0.0/9.js',
      'script http://s.test/mf-search/1.0.0/expose_results.js',
    ]);
    expect(html).not.toContain('never.js');
    expect(html).not.toContain('href="http://l.test'); // the signed-in overlay band is not mounted at start
  });

  it('gives no hint for a remote whose manifest does not answer, and none for a page with a tester override', async () => {
    const down = createStartupHints({ remotes: { ...remotes, 'mf-header': 'http://down.test/m.json' }, config: {}, registryRemotes, fetchImpl });
    expect(await down.inject(HTML, '/', q())).not.toContain('rel="preload"');
    const overridden = await hints.inject(HTML, '/', q('query=milk&remote.mf-search=http://localhost:9999/m.json'));
    expect(overridden).not.toContain('rel="preload"');
    expect(overridden).toContain('id="shell-startup"');
  });
});
