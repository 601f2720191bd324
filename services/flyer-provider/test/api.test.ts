/**
 * The publications API and the images over real HTTP on loopback (contract §2: current week first,
 * 4-digit store codes, 400 with a reason, 404 for unknown stores and publications, CORS for any origin).
 */
import { loadFlyers, loadProducts } from '@storefront/seed';
import { type Harness, PUBLIC_ORIGIN, startHarness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.app.close();
});

beforeEach(() => h.setNow('2026-11-25T15:00:00Z'));

const get = (path: string, init?: RequestInit) => fetch(h.base + path, init);
const list = (storeCode: string, merchant = 'harbour-market') => get(`/api/publications?merchant=${merchant}&storeCode=${storeCode}`);

describe('GET /api/publications', () => {
  it("lists the store's publication of the current week (Thursday to Wednesday), current first", async () => {
    const res = await list('3299');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = await res.json();
    expect(body).toEqual({ publications: [{ id: '3299-20261119', storeCode: '3299', title: 'Weekly Flyer', validFrom: '2026-11-19', validTo: '2026-11-25' }] });
  });

  it('is always current: the week turns over on Thursday at the store\'s midnight', async () => {
    h.setNow('2026-11-26T12:00:00Z'); // Thursday
    expect((await (await list('3299')).json()).publications[0]).toMatchObject({ id: '3299-20261126', validFrom: '2026-11-26', validTo: '2026-12-02' });
    h.setNow('2026-11-26T03:30:00Z'); // Thursday in UTC, still Wednesday 23:30 in Halifax (UTC-4)
    expect((await (await list('3299')).json()).publications[0].validFrom).toBe('2026-11-19');
    h.setNow('2026-11-26T04:30:00Z'); // Thursday 00:30 in Halifax, Wednesday 23:30 in Toronto (UTC-5)
    expect((await (await list('3299')).json()).publications[0].validFrom).toBe('2026-11-26');
    expect((await (await list('4594')).json()).publications[0].validFrom).toBe('2026-11-19'); // Toronto
  });

  it('knows store 0042 (Wolfville) and every store of the seed', async () => {
    expect((await (await list('0042')).json()).publications[0].id).toBe('0042-20261119');
    for (const f of loadFlyers()) expect((await list(f.storeCode)).status).toBe(200);
  });

  it.each([
    ['/api/publications?merchant=harbour-market', /storeCode is required/],
    ['/api/publications?merchant=harbour-market&storeCode=42', /4 digits/],
    ['/api/publications?merchant=harbour-market&storeCode=12345', /4 digits/],
    ['/api/publications?merchant=harbour-market&storeCode=abcd', /4 digits/],
    ['/api/publications?merchant=harbour-market&storeCode=3299&storeCode=0042', /storeCode is required \(one value\)/],
    ['/api/publications?storeCode=3299', /merchant is required/],
    ['/api/publications?merchant=Harbour%20Market&storeCode=3299', /merchant must be/],
  ])('answers %s with 400 and a reason', async (path, reason) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(reason);
  });

  it('answers 404 for an unknown store or merchant', async () => {
    const store = await list('9999');
    expect(store.status).toBe(404);
    expect((await store.json()).message).toBe('No store 9999 at harbour-market');
    const merchant = await list('3299', 'other-grocer');
    expect(merchant.status).toBe(404);
    expect((await merchant.json()).message).toBe('Unknown merchant');
  });

  it('answers a CORS preflight for GET', async () => {
    const pre = await get('/api/publications', { method: 'OPTIONS', headers: { origin: 'http://localhost:18080', 'access-control-request-method': 'GET' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET');
  });

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s with 405, the allowed methods and a reason', async (method) => {
    const res = await get('/api/publications?merchant=harbour-market&storeCode=3299', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, OPTIONS');
    expect((await res.json()).message).toMatch(/read-only \(GET\)/);
  });
});

describe('GET /api/publications/:id', () => {
  it('returns the pages of items with exactly the contract fields, the week on every item', async () => {
    const res = await get('/api/publications/0042-20261119');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const pub = await res.json();
    expect(Object.keys(pub).sort()).toEqual(['id', 'pages', 'storeCode', 'title', 'validFrom', 'validTo']);
    expect(pub).toMatchObject({ id: '0042-20261119', storeCode: '0042', validFrom: '2026-11-19', validTo: '2026-11-25' });
    expect(pub.pages.length).toBeGreaterThanOrEqual(2);
    const products = new Map(loadProducts().map((p) => [p.articleNumber, p]));
    const items = pub.pages.flatMap((p: { number: number; items: unknown[] }) => p.items);
    expect(items.length).toBeGreaterThanOrEqual(24);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['articleNumber', 'id', 'image', 'name', 'priceText', 'saleStory', 'uom', 'validFrom', 'validTo']);
      expect(item.image).toBe(`${PUBLIC_ORIGIN}/images/${item.id}.svg`);
      expect(item).toMatchObject({ validFrom: '2026-11-19', validTo: '2026-11-25' });
      expect(products.get(item.articleNumber)?.storeIds).toContain('0042');
      expect(['EA', 'G', 'KG', 'L', 'ML', 'LB']).toContain(item.uom);
    }
    expect(pub.pages.map((p: { number: number }) => p.number)).toEqual(pub.pages.map((_: unknown, i: number) => i + 1));
  });

  it("still serves last week's publication (a page opened before the turnover), not older or future ones", async () => {
    h.setNow('2026-11-26T12:00:00Z');
    expect((await (await get('/api/publications/3299-20261119')).json()).validTo).toBe('2026-11-25');
    expect((await get('/api/publications/3299-20261112')).status).toBe(404);
    expect((await get('/api/publications/3299-20261203')).status).toBe(404);
  });

  it.each(['3299-20261120', '9999-20261119', '3299-20261319'])('answers %s with 404', async (id) => {
    const res = await get(`/api/publications/${id}`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Unknown or ended publication');
  });

  it.each(['3299-2026111', 'nope', '3299_20261119', '%3Cscript%3E'])('answers the malformed id %s with 400 and the expected shape', async (id) => {
    const res = await get(`/api/publications/${id}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { message } = await res.json();
    expect(message).toBe('publication id must be <storeCode>-<YYYYMMDD>, e.g. 3299-20261119');
  });
});

describe('images and health', () => {
  it('serves a generated SVG per item, nosniff, cacheable', async () => {
    const item = loadFlyers()[0]!.pages[0]!.items[0]!;
    const res = await get(`/images/${item.id}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="240" height="180"/);
    expect(svg).not.toMatch(/<script/i);
  });

  it.each(['/images/3299-00000000.svg', '/images/3299-20090401.png', '/images/..%2Fpackage.json'])('answers %s with 404', async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it('answers /health', async () => {
    const res = await get('/health');
    expect(await res.json()).toEqual({ status: 'ok', publications: loadFlyers().length });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
