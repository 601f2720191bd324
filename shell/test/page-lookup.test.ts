/**
 * @jest-environment node
 *
 * "unknown slugs show the not-found page with status 404" — the edge asks the owner of the
 * data (search engine for product and recipe slugs, the header menu for categories); an owner that does
 * not answer never turns a page into a 404. A product's or recipe's hit is the page's record, which
 * fills its first view.
 */
import { createPageLookup } from '../server/page-lookup.mjs';

const config = {
  search: { appId: 'app', apiKey: 'key', hosts: [{ url: 'search.test', protocol: 'http' }], indices: { products: 'products', recipes: 'recipes' } },
};
const MENU = { items: [{ label: 'Products', link: '/products', dropdown: [{ label: 'Bakery', link: '/products/category/bakery', dropdown: [{ label: 'Bread', link: '/products/category/bakery/bread-rolls' }] }] }] };
const KNOWN = new Set(['products/butter-salted-20010010', 'recipes/haddock-chowder']);

/** A fake network: the search engine knows KNOWN, the BFF serves MENU; `down` makes every call fail. */
function fakeFetch(down = false) {
  const calls: string[] = [];
  const impl = jest.fn(async (url: string, init?: { body?: string }) => {
    calls.push(url);
    if (down) throw new Error('ECONNREFUSED');
    // the BFF's envelope around the content document (spec §7), as services/bff/src/routes/content.ts answers
    if (url.endsWith('/api/content/menu')) return new Response(JSON.stringify({ status: 'success', code: 200, message: 'OK', data: MENU }), { status: 200 });
    const { filters } = JSON.parse(init?.body ?? '{}') as { filters: string };
    const slug = JSON.parse(filters.replace(/^pageSlug:/, '')) as string;
    const hits = KNOWN.has(slug)
      ? [{ objectID: '1', pageSlug: slug, title: 'Salted Butter', price: 739, featuredImage: '/media/butter.svg', storePrices: { 3299: 819 }, banners: ['standard'], bannerImage: null }]
      : [];
    return new Response(JSON.stringify({ nbHits: hits.length, hits }), { status: 200 });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe('createPageLookup (unknown slugs answer 404)', () => {
  it.each([
    ['/products/butter-salted-20010010', true],
    ['/products/no-such-product-1', false],
    ['/recipes/haddock-chowder', true],
    ['/recipes/no-such-recipe', false],
    ['/recipes/meal-plan', true],
    ['/recipes/my-recipe-lists', true],
    ['/products/category/bakery', true],
    ['/products/category/bakery/bread-rolls', true],
    ['/products/category/bakery/no-such-aisle', false],
    ['/products/category/no-such-department', false],
    ['/store-locator', true],
  ])('%s exists: %s', async (urlPath, expected) => {
    const pageLookup = createPageLookup(config, 'http://bff.test', { fetchImpl: fakeFetch().impl });
    await expect(pageLookup(urlPath)).resolves.toMatchObject({ exists: expected });
  });

  it('gives a product page its hit as the record: text and number fields only', async () => {
    const pageLookup = createPageLookup(config, 'http://bff.test', { fetchImpl: fakeFetch().impl });
    const page = await pageLookup('/products/butter-salted-20010010');
    expect(page.record).toEqual({ objectID: '1', pageSlug: 'products/butter-salted-20010010', title: 'Salted Butter', price: 739, featuredImage: '/media/butter.svg' });
    await expect(pageLookup('/products/category/bakery')).resolves.toEqual({ exists: true, record: null });
    await expect(pageLookup('/products/no-such-product-1')).resolves.toEqual({ exists: false, record: null });
  });

  it('answers "exists" when the search engine and the BFF are down (an outage is not a 404)', async () => {
    const pageLookup = createPageLookup(config, 'http://bff.test', { fetchImpl: fakeFetch(true).impl });
    await expect(pageLookup('/products/no-such-product-1')).resolves.toEqual({ exists: true, record: null });
    await expect(pageLookup('/products/category/nowhere')).resolves.toEqual({ exists: true, record: null });
  });

  it('answers "exists" for a path that is not percent-encoded UTF-8', async () => {
    const pageLookup = createPageLookup(config, 'http://bff.test', { fetchImpl: fakeFetch().impl });
    await expect(pageLookup('/products/%E0%A4%A')).resolves.toEqual({ exists: true, record: null });
  });

  it('asks the search engine once a minute per path', async () => {
    let t = 0;
    const net = fakeFetch();
    const pageLookup = createPageLookup(config, 'http://bff.test', { fetchImpl: net.impl, now: () => t });
    await pageLookup('/products/no-such-product-1');
    await pageLookup('/products/no-such-product-1');
    expect(net.calls).toHaveLength(1);
    t += 61_000;
    await pageLookup('/products/no-such-product-1');
    expect(net.calls).toHaveLength(2);
  });
});
