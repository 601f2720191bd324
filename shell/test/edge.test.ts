/**
 * @jest-environment node
 *
 * The edge over real HTTP on loopback (ARCHITECTURE §2): cache policy per file kind, security headers,
 * /remotes.json and /config.json, the /api proxy, 200 for app routes and 404 (still the HTML) otherwise.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { cspDirectives, startEdge, withCspNonce, withLoyaltySite, withVendors } from '../server/edge.mjs';
import defaults from '../server/defaults.cjs';
import { expectBffDownAnswer, portOf } from './helpers';

// not 'dist': the root .gitignore drops every dist/ folder
const distDir = path.join(__dirname, 'fixtures', 'shell-build');
const remotes = {
  'mf-header': 'http://localhost:3001/mf-header/1.0.0/mf-manifest.json',
  'mf-search': 'http://localhost:3002/mf-search/1.0.0/mf-manifest.json',
  'mf-store-selector': 'http://localhost:3003/mf-store-selector/1.0.0/mf-manifest.json',
};

let upstream: FastifyInstance;
let edge: FastifyInstance;
let base: string;


beforeAll(async () => {
  upstream = Fastify();
  upstream.post('/api/bannerAlert', async (req) => ({ upstreamSaw: req.url, body: req.body, contentType: req.headers['content-type'] }));
  upstream.get('/api/stores/3299', async (req, reply) => reply.header('x-upstream', 'bff').send({ storeNumber: '3299', query: req.query }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  edge = await startEdge({ port: 0, host: '127.0.0.1', distDir, remotes, config: DEFAULT_RUNTIME_CONFIG, bffUrl: `http://127.0.0.1:${portOf(upstream)}` });
  base = `http://127.0.0.1:${portOf(edge)}`;
});

afterAll(async () => {
  await edge?.close();
  await upstream?.close();
});

describe('cache policy (tooling/serve/cache-policy.mjs)', () => {
  it.each([
    ['/main.js', 'no-cache'],
    ['/remoteEntry.js', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/512.0123456789.js', 'public, max-age=31536000, immutable'],
    ['/logo.svg', 'public, max-age=300'],
  ])('%s is served with Cache-Control: %s', async (file, cacheControl) => {
    const res = await fetch(base + file);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(cacheControl);
  });
});

describe('HTML routes', () => {
  it('answers / with the shell HTML, 200, no-cache', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('Skip to main content');
  });

  it('serves / with the home page pre-rendered: its <h1> is in the HTML (first paint)', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('data-prerendered="home"');
    expect(html).toContain('<h1>Welcome to Harbour Market</h1>');
  });

  it('answers the search results route /?query=milk&tab=product with 200 and the page frame (no home page)', async () => {
    const res = await fetch(`${base}/?query=milk&tab=product`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="shell-root"');
    expect(html).not.toContain('Welcome to Harbour Market');
  });

  it.each([
    '/auth/callback', '/auth/callback?code=abc&state=xyz', '/store-locator', '/stores/halifax-quinpool-road-3299', '/stores/no-such-store', '/verify-card', '/scene',
    '/privacy-policy', '/shopping-list', '/shopping-list/weekly', '/offers', '/favourites', '/flyer', '/my-profile', '/preferences-centre', '/products/butter-salted-20010010',
  ])(
    'answers the app route %s with 200 and the shell HTML (wave-2 shell wiring)',
    async (p) => {
      const res = await fetch(base + p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('id="shell-root"');
    },
  );

  it.each([
    '/about/our-story', '/about/co-op-stores', '/about/community', '/about/careers', '/customer-service/contact-us',
    '/customer-service/help', '/customer-service/live-chat', '/legal/terms-of-use', '/legal/accessibility',
  ])('answers the footer\'s info page %s with 200 and the page frame (spec §2 Footer; a managed content page like /privacy-policy)', async (p) => {
    const res = await fetch(base + p);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="shell-root"');
    expect(html).not.toContain('<h1>Page not found</h1>');
  });

  it.each(['/no/such/page', '/offerz', '/stores/x/y', '/stores', '/auth', '/scene/x', '/about', '/about/x', '/legal/terms', '/customer-service/help/x'])('answers %s with 404 and still the HTML (the shell shows Page not found)', async (p) => {
    const res = await fetch(base + p);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('data-prerendered="not-found"');
    expect(html).toContain('<h1>Page not found</h1>');
  });

  it('answers a missing file with a plain 404, not the HTML', async () => {
    const res = await fetch(`${base}/missing.0123456789.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });
});

describe('runtime documents', () => {
  it('serves /remotes.json no-cache', async () => {
    const res = await fetch(`${base}/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual(remotes);
  });

  it('serves /config.json no-cache', async () => {
    const res = await fetch(`${base}/config.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it("carries the flyer provider { origin, scriptUrl, merchant } from the flyer origin (the launcher's FLYER_ORIGIN)", () => {
    expect(defaults.defaultRuntimeConfig({ flyerOrigin: 'http://localhost:14300' }).flyer).toEqual({
      origin: 'http://localhost:14300',
      scriptUrl: 'http://localhost:14300/storefront.js',
      merchant: 'harbour-market',
    });
  });

  it("carries the shell's oidc block { issuer, clientId } from OIDC_ISSUER / OIDC_CLIENT_ID", () => {
    expect(defaults.defaultRuntimeConfig({ oidcIssuer: 'https://login.example.com', oidcClientId: 'web' }).oidc).toEqual({ issuer: 'https://login.example.com', clientId: 'web' });
  });

  it('defaults mirror shared-events and point at each remote\'s versioned build', () => {
    const { oidc, ...shared } = defaults.defaultRuntimeConfig({ searchHost: 'localhost:7700', searchProtocol: 'http', oidcIssuer: 'http://localhost:4100', oidcClientId: 'storefront', flyerOrigin: 'http://localhost:4300' });
    expect(shared).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(oidc).toEqual({ issuer: 'http://localhost:4100', clientId: 'storefront' });
    expect(defaults.defaultRemotes()).toEqual({
      'mf-header': `http://localhost:3001/mf-header/${defaults.remoteVersion('mf-header')}/mf-manifest.json`,
      'mf-search': `http://localhost:3002/mf-search/${defaults.remoteVersion('mf-search')}/mf-manifest.json`,
      'mf-store-selector': `http://localhost:3003/mf-store-selector/${defaults.remoteVersion('mf-store-selector')}/mf-manifest.json`,
      'mf-loyalty': `http://localhost:3004/mf-loyalty/${defaults.remoteVersion('mf-loyalty')}/mf-manifest.json`,
      'mf-shopping-list': `http://localhost:3005/mf-shopping-list/${defaults.remoteVersion('mf-shopping-list')}/mf-manifest.json`,
      'mf-offers': `http://localhost:3006/mf-offers/${defaults.remoteVersion('mf-offers')}/mf-manifest.json`,
      'mf-flyer': `http://localhost:3007/mf-flyer/${defaults.remoteVersion('mf-flyer')}/mf-manifest.json`,
      'mf-tours': `http://localhost:3008/mf-tours/${defaults.remoteVersion('mf-tours')}/mf-manifest.json`,
    });
  });
});

describe('/api proxy to the BFF', () => {
  it('forwards POST /api/bannerAlert unchanged with its JSON body', async () => {
    const res = await fetch(`${base}/api/bannerAlert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageUrl: '/' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ upstreamSaw: '/api/bannerAlert', body: { pageUrl: '/' }, contentType: 'application/json' });
  });

  it('forwards GET with the query string and the upstream headers', async () => {
    const res = await fetch(`${base}/api/stores/3299?lang=en`);
    expect(res.headers.get('x-upstream')).toBe('bff');
    expect(await res.json()).toEqual({ storeNumber: '3299', query: { lang: 'en' } });
  });

  it('passes an upstream 404 through instead of answering with the HTML', async () => {
    const res = await fetch(`${base}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/html/);
  });
});

describe('/api when the BFF is down', () => {
  it('answers 502 Bad Gateway as JSON', async () => {
    const gone = Fastify();
    await gone.listen({ port: 0, host: '127.0.0.1' });
    const deadPort = portOf(gone);
    await gone.close();
    const lonely = await startEdge({ port: 0, distDir, remotes, config: DEFAULT_RUNTIME_CONFIG, bffUrl: `http://127.0.0.1:${deadPort}` });
    try {
      await expectBffDownAnswer(lonely);
    } finally {
      await lonely.close();
    }
  });
});

describe('security headers', () => {
  /** The directives of a CSP header value, e.g. { 'script-src': ["'self'"] }. */
  const parseCsp = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

  it('sends a CSP naming only the site, its remotes, the search engine and the flyer provider', async () => {
    const res = await fetch(`${base}/`);
    const csp = res.headers.get('content-security-policy')!;
    const directives = parseCsp(csp);
    const remoteOrigins = ['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003'];
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/), "'strict-dynamic'", "'self'", ...remoteOrigins, 'http://localhost:4300']);
    expect(directives['style-src']).toEqual(["'self'", directives['script-src'][0]]);
    expect(directives['connect-src']).toEqual(["'self'", ...remoteOrigins, 'http://localhost:7700', 'http://localhost:4300']);
    expect(directives['frame-src']).toEqual(["'self'", 'http://localhost:4300']);
    expect(directives['img-src']).toEqual(["'self'", 'data:', ...remoteOrigins, 'http://localhost:4300']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  });

  it("requires Trusted Types for script sinks and allows one policy, 'default' (shell/src/trusted-types.ts)", async () => {
    const directives = parseCsp((await fetch(`${base}/`)).headers.get('content-security-policy')!);
    expect(directives['require-trusted-types-for']).toEqual(["'script'"]);
    expect(directives['trusted-types']).toEqual(['default']);
  });

  it.each(['/', '/store-locator', '/no/such/page'])('gives %s a nonce of its own, on its scripts and styles and in <meta name="csp-nonce">', async (p) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(base + p);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
      const html = await res.text();
      expect(html).toContain(`<meta name="csp-nonce" nonce="${nonce}">`);
      // every executable script of the build's HTML carries it (the data block is not executed)
      const scripts = html.match(/<script\b[^>]*>/g)!.filter((t) => !/type="application\/json"/.test(t));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      for (const tag of html.match(/<style\b[^>]*>/g) || []) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('moves style attributes of the served HTML into a nonced <style> (the CSP refuses style="…")', () => {
    const html = '<html><head><meta charset="utf-8"><style>a{}</style></head><body><div class="ad-slot" style="width:100%;aspect-ratio:728 / 90;font-family:&quot;A&quot;">x</div><p>style="text stays"</p><script>var s = \'<b style="y">\';</script></body></html>';
    const out = withCspNonce(html, 'Tm9uY2U=');
    expect(out).toBe('<html><head><meta charset="utf-8"><meta name="csp-nonce" nonce="Tm9uY2U="><style nonce="Tm9uY2U=">a{}</style>'
      + '<style nonce="Tm9uY2U=">[data-csp-style="0"]{width:100%;aspect-ratio:728 / 90;font-family:"A"}</style></head>'
      + '<body><div class="ad-slot" data-csp-style="0">x</div><p>style="text stays"</p><script nonce="Tm9uY2U=">var s = \'<b style="y">\';</script></body></html>');
    // a value that could leave its rule is left alone
    expect(withCspNonce('<head></head><i style="a:b}body{x:y">', 'N')).toContain('<i style="a:b}body{x:y">');
  });

  it('CSP_MODE report-only: enforces the host allowlist and only reports the strict policy', async () => {
    const app = await startEdge({ port: 0, distDir, remotes, config: DEFAULT_RUNTIME_CONFIG, bffUrl: 'http://127.0.0.1:9', cspMode: 'report-only' });
    try {
      const res = await fetch(`http://127.0.0.1:${portOf(app)}/`);
      const enforced = parseCsp(res.headers.get('content-security-policy')!);
      const reported = parseCsp(res.headers.get('content-security-policy-report-only')!);
      expect(enforced['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      // the HTML's inline Trusted Types policy runs under both
      expect(enforced['script-src'][0]).toBe(reported['script-src'][0]);
      expect(enforced['script-src'][0]).toMatch(/^'nonce-/);
      expect(enforced['require-trusted-types-for']).toBeUndefined();
      expect(reported['script-src'].slice(1, 3)).toEqual(["'strict-dynamic'", "'self'"]);
      expect(reported['require-trusted-types-for']).toEqual(["'script'"]);
      expect(reported['report-uri']).toEqual(['/csp-report']);
    } finally {
      await app.close();
    }
    await expect(startEdge({ port: 0, distDir, remotes, config: DEFAULT_RUNTIME_CONFIG, cspMode: 'lax' as never })).rejects.toThrow(/cspMode/);
  });

  it.each(['/', '/main.js', '/remotes.json', '/no/such/page'])('sends nosniff and the referrer policy on %s', async (p) => {
    const res = await fetch(base + p);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('names the flyer provider (config.flyer.origin) in script-src, frame-src, connect-src and img-src only', () => {
    const config = { search: { hosts: [] }, flyer: { origin: 'https://flyers.example.com', scriptUrl: 'https://flyers.example.com/storefront.js', merchant: 'harbour-market' } };
    const d = cspDirectives({ remotes: {}, config });
    expect(d.scriptSrc).toEqual(["'self'", 'https://flyers.example.com']);
    expect(d.frameSrc).toEqual(["'self'", 'https://flyers.example.com']);
    expect(d.connectSrc).toEqual(["'self'", 'https://flyers.example.com']);
    // the item dialog of mf-flyer shows the flyer's own pictures in the page
    expect(d.imgSrc).toEqual(["'self'", 'data:', 'https://flyers.example.com']);
    for (const [name, values] of Object.entries(d)) {
      if (!['scriptSrc', 'frameSrc', 'connectSrc', 'imgSrc'].includes(name)) expect(values).not.toContain('https://flyers.example.com');
    }
    expect(d.frameAncestors).toEqual(["'none'"]);
    // without a flyer block, frames stay same-origin only (as default-src 'self' had them)
    const none = cspDirectives({ remotes: {}, config: { search: { hosts: [] } } });
    expect(none.frameSrc).toEqual(["'self'"]);
    expect(none.scriptSrc).toEqual(["'self'"]);
    // a flyer origin that is not http(s) adds nothing
    expect(cspDirectives({ remotes: {}, config: { search: { hosts: [] }, flyer: { origin: 'javascript:alert(1)' } } }).frameSrc).toEqual(["'self'"]);
  });

  it('takes the search origin from the config hosts (real Algolia over https)', () => {
    const d = cspDirectives({ remotes: { 'mf-header': 'https://cdn.example.com/mf-header/2.0.0/mf-manifest.json' }, config: { search: { hosts: [{ url: 'abc-dsn.algolia.net', protocol: 'https' }] } } });
    expect(d.connectSrc).toEqual(["'self'", 'https://cdn.example.com', 'https://abc-dsn.algolia.net']);
    expect(d.scriptSrc).toEqual(["'self'", 'https://cdn.example.com']);
    expect(d.formAction).toEqual(["'self'"]);
  });

  it('names the identity provider (IDENTITY_ORIGIN and the oidc issuer) in connect-src and form-action only', async () => {
    const d = cspDirectives({
      remotes: {},
      config: { search: { hosts: [] }, oidc: { issuer: 'https://login.example.com/realms/shop' } },
      identityOrigin: 'http://localhost:4100',
    });
    expect(d.connectSrc).toEqual(["'self'", 'http://localhost:4100', 'https://login.example.com']);
    expect(d.formAction).toEqual(["'self'", 'http://localhost:4100', 'https://login.example.com']);
    expect(d.scriptSrc).toEqual(["'self'"]);

    const withIdp = await startEdge({ port: 0, distDir, remotes, config: DEFAULT_RUNTIME_CONFIG, bffUrl: 'http://127.0.0.1:9', identityOrigin: 'http://localhost:4100' });
    try {
      const csp = (await fetch(`http://127.0.0.1:${portOf(withIdp)}/auth/callback?code=x`)).headers.get('content-security-policy')!;
      expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:4100/);
      expect(csp).toMatch(/form-action 'self' http:\/\/localhost:4100/);
    } finally {
      await withIdp.close();
    }
  });
});

describe("the vendors' scripts (consent tool, tag manager, ads, chat)", () => {
  const vendors = withVendors({ search: { hosts: [] } }, 'https://vendors.example.com');

  it('withVendors adds the four script URLs on the origin; an empty or non-http(s) origin adds nothing', () => {
    expect(vendors.vendors).toEqual({
      origin: 'https://vendors.example.com',
      consentScriptUrl: 'https://vendors.example.com/consent.js',
      tagManagerUrl: 'https://vendors.example.com/gtm.js',
      adsScriptUrl: 'https://vendors.example.com/ads.js',
      chatScriptUrl: 'https://vendors.example.com/chat.js',
    });
    expect(withVendors({ apiBase: '/api' }, '')).toEqual({ apiBase: '/api' });
    expect(withVendors({ apiBase: '/api' }, 'javascript:alert(1)')).toEqual({ apiBase: '/api' });
  });

  it('names config.vendors.origin in script-src, connect-src and img-src only (no frames)', () => {
    const d = cspDirectives({ remotes: {}, config: vendors });
    expect(d.scriptSrc).toEqual(["'self'", 'https://vendors.example.com']);
    expect(d.connectSrc).toEqual(["'self'", 'https://vendors.example.com']);
    expect(d.imgSrc).toEqual(["'self'", 'data:', 'https://vendors.example.com']);
    for (const [name, values] of Object.entries(d)) {
      if (!['scriptSrc', 'connectSrc', 'imgSrc'].includes(name)) expect(values).not.toContain('https://vendors.example.com');
    }
    const without = cspDirectives({ remotes: {}, config: { search: { hosts: [] } } });
    expect(without.imgSrc).toEqual(["'self'", 'data:']);
  });

  it('serves the vendors block in /config.json and names its origin in the CSP header', async () => {
    const config = withVendors(DEFAULT_RUNTIME_CONFIG, 'http://localhost:4400');
    const app = await startEdge({ port: 0, distDir, remotes, config, bffUrl: 'http://127.0.0.1:9' });
    try {
      const res = await fetch(`http://127.0.0.1:${portOf(app)}/config.json`);
      expect((await res.json()).vendors.consentScriptUrl).toBe('http://localhost:4400/consent.js');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toMatch(/script-src [^;]*http:\/\/localhost:4400/);
      expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:4400/);
      expect(csp).toMatch(/img-src [^;]*http:\/\/localhost:4400/);
      expect(csp).not.toMatch(/frame-src [^;]*http:\/\/localhost:4400/);
    } finally {
      await app.close();
    }
  });
});

describe('loyaltySite in /config.json (spec §2 "/register External loyalty site")', () => {
  it('withLoyaltySite adds the registration page on the origin; an empty or non-http(s) origin adds nothing', () => {
    expect(withLoyaltySite({ apiBase: '/api' }, 'http://localhost:4500/')).toEqual({ apiBase: '/api', loyaltySite: { url: 'http://localhost:4500/register' } });
    expect(withLoyaltySite({ apiBase: '/api' }, 'https://scene.example.com/some/path')).toEqual({ apiBase: '/api', loyaltySite: { url: 'https://scene.example.com/register' } });
    expect(withLoyaltySite({ apiBase: '/api' }, '')).toEqual({ apiBase: '/api' });
    expect(withLoyaltySite({ apiBase: '/api' }, 'javascript:alert(1)')).toEqual({ apiBase: '/api' });
  });

  it('the edge serves it to the remotes', async () => {
    const app = await startEdge({
      port: 0, host: '127.0.0.1', distDir, remotes, bffUrl: 'http://127.0.0.1:9', pageLookup: async () => ({ exists: true, record: null }),
      config: withLoyaltySite(DEFAULT_RUNTIME_CONFIG, 'http://localhost:4500'),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${portOf(app)}/config.json`);
      expect((await res.json()).loyaltySite).toEqual({ url: 'http://localhost:4500/register' });
    } finally {
      await app.close();
    }
  });
});
