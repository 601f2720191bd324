import { buildRequests, formatCents, priceFor, productFilters, scopeFrom, searchCombined } from './queries';
import { cardsForWidth } from '../state/layout';
import { firstTabWithResults, parseResultsLocation, resultsUrl } from '../state/navigation';
import { MAX_QUERY_LENGTH, sanitizeQuery, toSearchText } from '../state/query';
import { fixtures } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { fakeClient, product, recipe, suggestion } from '../test-utils';

const indices = DEFAULT_RUNTIME_CONFIG.search.indices;

describe('spec §5 Validation rules: search input', () => {
  it('sanitises: trims, collapses whitespace, strips control characters and < >', () => {
    expect(sanitizeQuery('  fresh \t\n  milk  ')).toBe('fresh milk');
    expect(sanitizeQuery('milk\u0000\u0007\u001b2%')).toBe('milk 2%');
    expect(sanitizeQuery('<img src=x onerror=alert(1)>')).toBe('img src=x onerror=alert(1)');
    expect(sanitizeQuery('   ')).toBe('');
  });

  it(`caps a sanitised query at ${MAX_QUERY_LENGTH} characters`, () => {
    expect(sanitizeQuery('a'.repeat(150))).toHaveLength(100);
  });

  it('removes hyphens and spaces from a query made only of digits, hyphens and spaces', () => {
    expect(toSearchText(' 060-383 00 ')).toBe('06038300');
    expect(toSearchText('4011')).toBe('4011');
    expect(toSearchText('2-4 apples')).toBe('2-4 apples');
    expect(toSearchText('- -')).toBe('- -');
  });
});

describe('spec §9 dropdown cards by width: cardsForWidth', () => {
  it.each([
    [1366, 5, 4], [1365, 4, 4], [1024, 4, 4], [1023, 3, 2],
    [834, 3, 2], [833, 2, 2], [414, 2, 2], [413, 1, 2], [320, 1, 2],
  ])('width %ipx → %i product cards and %i recipe cards', (width, products, recipes) => {
    expect(cardsForWidth(width)).toEqual({ products, recipes });
  });
});

describe('spec §2 Search dropdown: submit target', () => {
  it('opens the first type with results, products first, product when none', () => {
    expect(firstTabWithResults({ products: 3, recipes: 5 })).toBe('product');
    expect(firstTabWithResults({ products: 0, recipes: 5 })).toBe('recipe');
    expect(firstTabWithResults({ products: 0, recipes: 0 })).toBe('product');
  });

  it('encodes the query in /?query=…&tab=…', () => {
    expect(resultsUrl('mac & cheese?', 'recipe')).toBe('/?query=mac%20%26%20cheese%3F&tab=recipe');
    expect(parseResultsLocation('?query=mac%20%26%20cheese%3F&tab=recipe')).toEqual({ query: 'mac & cheese?', tab: 'recipe' });
    expect(parseResultsLocation('?query=milk&tab=bogus')).toEqual({ query: 'milk', tab: 'product' });
  });
});

describe('spec §7 combined query filtered by store and banner', () => {
  it('filters products by store and banner, recipes by banner, with click analytics', () => {
    const scope = scopeFrom(fixtures.store({ storeNumber: '1234', bannerCode: 'coop' }));
    expect(productFilters(scope)).toBe('storeIds:"1234" AND banners:"coop"');
    const requests = buildRequests(indices, {
      text: 'milk', scope, products: { hitsPerPage: 5 }, recipes: { hitsPerPage: 4 }, suggestions: 6,
    });
    expect(requests).toEqual([
      { indexName: 'products', query: 'milk', filters: 'storeIds:"1234" AND banners:"coop"', hitsPerPage: 5, page: 0, clickAnalytics: true },
      { indexName: 'recipes', query: 'milk', filters: 'banners:"coop"', hitsPerPage: 4, page: 0, clickAnalytics: true },
      { indexName: 'products_query_suggestions', query: 'milk', hitsPerPage: 6, analytics: false }, // suggestions never count as searches
    ]);
  });

  it('takes store and banner from bus.state.store only; standard when the store names no banner', () => {
    expect(scopeFrom(fixtures.store())).toEqual({ storeNumber: '3299', bannerCode: 'standard' });
    expect(scopeFrom(null)).toEqual({ storeNumber: null, bannerCode: 'standard' });
    expect(productFilters({ storeNumber: null, bannerCode: 'standard' })).toBe('banners:"standard"');
  });

  it('sends ONE multi-index request and parses hits with queryID and positions', async () => {
    const client = fakeClient({
      products: [product('p1', 'Milk 2%'), product('p2', 'Chocolate milk')],
      recipes: [recipe('r1', 'Milk tart')],
      products_query_suggestions: [suggestion('milk 2%')],
    });
    const r = await searchCombined(client, indices, {
      text: 'milk', scope: { storeNumber: '3299', bannerCode: 'standard' },
      products: { hitsPerPage: 5 }, recipes: { hitsPerPage: 4 }, suggestions: 6,
    });
    expect(client.search).toHaveBeenCalledTimes(1);
    expect(r.products.nbHits).toBe(2);
    expect(r.products.hits.map((h) => [h.objectID, h.queryID, h.position])).toEqual([
      ['p1', 'qid-products-milk', 1], ['p2', 'qid-products-milk', 2],
    ]);
    expect(r.recipes.hits.map((h) => h.title)).toEqual(['Milk tart']);
    expect(r.suggestions.map((s) => s.query)).toEqual(['milk 2%']);
  });
});

describe('prices (integer cents, CAD)', () => {
  it('uses the store price when the store has one, else the base price', () => {
    const hit = { objectID: 'p', title: 'Milk', price: 499, storePrices: { '3299': 449 } };
    expect(priceFor(hit, '3299')).toBe(449);
    expect(priceFor(hit, '1111')).toBe(499);
    expect(priceFor({ objectID: 'p', title: 'Milk' }, '3299')).toBeNull();
    expect(formatCents(449)).toBe('$4.49');
  });
});
