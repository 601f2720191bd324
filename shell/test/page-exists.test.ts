/**
 * @jest-environment node
 *
 * Issue 16: "unknown slugs show the not-found page with status 404" — the edge asks the owner of the
 * data (search engine for product and recipe slugs, the header menu for categories); an owner that does
 * not answer never turns a page into a 404.
 */
import { createPageExists } from '../server/page-exists.mjs';

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
    return new Response(JSON.stringify({ nbHits: KNOWN.has(slug) ? 1 : 0, hits: [] }), { status: 200 });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe('createPageExists (issue 16: unknown slugs answer 404)', () => {
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
    const pageExists = createPageExists(config, 'http://bff.test', { fetchImpl: fakeFetch().impl });
    await expect(pageExists(urlPath)).resolves.toBe(expected);
  });

  it('answers "exists" when the search engine and the BFF are down (an outage is not a 404)', async () => {
    const pageExists = createPageExists(config, 'http://bff.test', { fetchImpl: fakeFetch(true).impl });
    await expect(pageExists('/products/no-such-product-1')).resolves.toBe(true);
    await expect(pageExists('/products/category/nowhere')).resolves.toBe(true);
  });

  it('asks the search engine once a minute per path', async () => {
    let t = 0;
    const net = fakeFetch();
    const pageExists = createPageExists(config, 'http://bff.test', { fetchImpl: net.impl, now: () => t });
    await pageExists('/products/no-such-product-1');
    await pageExists('/products/no-such-product-1');
    expect(net.calls).toHaveLength(1);
    t += 61_000;
    await pageExists('/products/no-such-product-1');
    expect(net.calls).toHaveLength(2);
  });
});
