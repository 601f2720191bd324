/**
 * GET /embed, storefront.js and the security headers over real HTTP (contract §1, §3): the flyer page
 * may be framed only by the allowed host origins, and nothing from the query string reaches the HTML
 * unvalidated or unescaped.
 */
import { type Harness, embedQuery, HOST, PUBLIC_ORIGIN, startHarness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.app.close();
});

const embed = (parts: Record<string, string | undefined> = {}) => fetch(`${h.base}/embed?${embedQuery(parts)}`);

/** The JSON island of the flyer page. */
function island(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="flyer-data">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('no #flyer-data');
  return JSON.parse(m[1] as string);
}

describe('GET /embed', () => {
  it('serves the flyer page with its data island, no-cache', async () => {
    const res = await embed();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Weekly flyer · Halifax Quinpool</title>');
    expect(html).toMatch(/<script src="\/embed\.js\?v=[0-9a-f]{10}" defer><\/script>/);
    const data = island(html);
    expect(data).toMatchObject({ hostOrigin: HOST, merchant: 'harbour-market', storeCode: '3299', locale: 'en-CA', store: { name: 'Halifax Quinpool', city: 'Halifax', province: 'NS' } });
    expect((data.publication as { id: string }).id).toBe('3299-20261119');
    expect(data.image).toEqual({ width: 240, height: 180 });
  });

  it('may be framed only by the allowed host origins (frame-ancestors), nosniff, a strict CSP', async () => {
    const res = await embed();
    const csp = res.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(directives['frame-ancestors']).toEqual([HOST, 'https://shop.example.com']);
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", PUBLIC_ORIGIN]);
    expect(csp).not.toMatch(/unsafe|\*/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBeNull();
    // the error pages carry the same frame-ancestors
    expect((await embed({ storeCode: '42' })).headers.get('content-security-policy')).toBe(csp);
  });

  it('opens store 0042', async () => {
    const res = await embed({ storeCode: '0042', publicationId: '0042-20261119' });
    expect(res.status).toBe(200);
    expect(island(await res.text()).store).toEqual({ name: 'Wolfville Main Street', city: 'Wolfville', province: 'NS' });
  });

  const INJECTIONS = [
    { hostOrigin: 'http://localhost:18080"><script>alert(1)</script>' },
    { hostOrigin: 'javascript:alert(1)' },
    { hostOrigin: 'http://localhost:18080/path' },
    { hostOrigin: 'data:text/html,<script>alert(1)</script>' },
    { storeCode: '<script>alert(1)</script>' },
    { storeCode: '3299"><img src=x onerror=alert(1)>' },
    { merchant: '</script><script>alert(1)</script>' },
    { locale: '<svg onload=alert(1)>' },
    { publicationId: '3299-20261119</script><script>alert(1)</script>' },
  ];
  it.each(INJECTIONS)('refuses %o with 400 and never echoes it', async (parts) => {
    const res = await embed(parts);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toMatch(/alert\(|onerror|onload|javascript:/);
    expect(html.match(/<script/g)).toBeNull(); // the error page has no script at all
    expect(html).toContain('role="alert"');
  });

  it('ignores unknown parameters: nothing of them reaches the page', async () => {
    const res = await fetch(`${h.base}/embed?${embedQuery({})}&x=${encodeURIComponent('</script><script>alert(1)</script>')}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("alert(");
    expect(html.match(/<script/g)).toHaveLength(2); // embed.js and the JSON island
  });

  it('refuses a host origin that is not allowed to embed the flyer', async () => {
    const res = await embed({ hostOrigin: 'https://evil.example' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('hostOrigin is not a host allowed to embed this flyer');
  });

  it.each([
    [{ merchant: undefined }, 400, 'merchant is required'],
    [{ storeCode: '42' }, 400, 'storeCode must be 4 digits'],
    [{ locale: 'fr-FR' }, 400, 'locale must be one of en-CA'],
    [{ publicationId: undefined }, 400, 'publicationId is required'],
    [{ hostOrigin: undefined }, 400, 'hostOrigin must be the http(s) origin'],
    [{ merchant: 'other-grocer' }, 404, 'Unknown merchant'],
    [{ storeCode: '9999', publicationId: '9999-20261119' }, 404, 'Unknown store'],
    [{ publicationId: '0042-20261119' }, 404, 'This publication is not available'],
    [{ publicationId: '3299-20261029' }, 404, 'This publication is not available'],
  ])('answers %o with %i and says why', async (parts, status, reason) => {
    const res = await embed(parts);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(reason);
  });

  it('escapes the JSON island: store names and item names cannot close the script element', async () => {
    const { jsonForHtml } = await import('../src/embed');
    const text = jsonForHtml({ name: '</script><script>alert(1)</script>', sep: '\u2028', amp: 'A & B' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', sep: '\u2028', amp: 'A & B' });
  });
});

describe('GET /storefront.js, /embed.js, /embed.css', () => {
  it('serves the embed script with the provider origin written in, no-cache, as JavaScript', async () => {
    const res = await fetch(`${h.base}/storefront.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const js = await res.text();
    expect(js).toContain(`var ORIGIN = "${PUBLIC_ORIGIN}";`);
    expect(js).not.toContain('__FLYER_ORIGIN__');
    expect(js).toContain('window.FlyerStorefront = { version: 1, create: create };');
  });

  it('serves the page script and styles', async () => {
    expect((await fetch(`${h.base}/embed.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${h.base}/embed.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers unknown paths with 404 JSON', async () => {
    const res = await fetch(`${h.base}/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found: GET /nothing' });
  });
});

describe('allowed hosts configuration', () => {
  it('defaults to the edge of npm start and refuses a malformed FLYER_ALLOWED_HOSTS', async () => {
    const { parseAllowedHosts } = await import('../src/origins');
    expect(parseAllowedHosts(undefined)).toEqual(['http://localhost:8080']);
    expect(parseAllowedHosts('http://localhost:18080, https://shop.example.com')).toEqual(['http://localhost:18080', 'https://shop.example.com']);
    expect(() => parseAllowedHosts('http://localhost:8080,*')).toThrow("'*' is not an http(s) origin");
    expect(() => parseAllowedHosts('localhost:8080')).toThrow(/not an http\(s\) origin/);
  });
});
