/**
 * Catalogue facets (category listings with brand, dietary, price range and on-flyer facets,
 * sort by price): facet counts with facetFilters and numericFilters on dotted per-store prices,
 * disjunctive counts (the same query without one facet's refinements), boolean facets,
 * `facets_stats`, and the engine's `sort` extension — over real HTTP with the real algoliasearch client.
 */
import type { SearchResponse as AlgoliaSearchResponse } from 'algoliasearch';
import { type Harness, raw, startHarness } from './helpers';

type Hit = Record<string, unknown> & { objectID: string };
type Resp = AlgoliaSearchResponse<Hit> & { facets_stats?: Record<string, { min: number; max: number; avg: number; sum: number }> };

/** Prices in cents; `storePrices` per store number, as the seed writes them. */
const catalogue = [
  { objectID: 'a', title: 'Salted Butter', brand: 'Harbour Pantry', subcategory: 'Butter', dietary: ['vegetarian', 'gluten-free'], onFlyer: true, price: 599, storePrices: { '3299': 629, '0042': 589 }, popularity: 90 },
  { objectID: 'b', title: 'Whipped Butter', brand: 'Co-op Gold', subcategory: 'Butter', dietary: ['vegetarian', 'gluten-free'], onFlyer: false, price: 449, storePrices: { '3299': 459 }, popularity: 70 },
  { objectID: 'c', title: 'Margarine Spread', brand: 'Harbour Pantry', subcategory: 'Butter', dietary: ['vegan', 'vegetarian', 'dairy-free', 'gluten-free'], onFlyer: false, price: 349, storePrices: { '3299': 339 }, popularity: 50 },
  { objectID: 'd', title: 'Cheddar Cheese', brand: 'Harbour Pantry', subcategory: 'Cheese', dietary: ['vegetarian'], onFlyer: true, price: 999, storePrices: { '3299': 1049 }, popularity: 95 },
  { objectID: 'e', title: 'Ghee', brand: 'Co-op Gold', subcategory: 'Butter', dietary: [], onFlyer: true, price: 1299, storePrices: {}, popularity: 10 },
];

let h: Harness;

async function search(params: Record<string, unknown>): Promise<Resp> {
  return (await h.reader.searchSingleIndex<Hit>({ indexName: 'catalogue', searchParams: params })) as Resp;
}

beforeAll(async () => {
  h = await startHarness();
  const { taskID } = await h.admin.setSettings({
    indexName: 'catalogue',
    indexSettings: { searchableAttributes: ['title', 'brand'], attributesForFaceting: ['brand', 'dietary', 'onFlyer', 'subcategory', 'price'], customRanking: ['desc(popularity)'] },
  });
  await h.admin.waitForTask({ indexName: 'catalogue', taskID });
  await h.admin.saveObjects({ indexName: 'catalogue', objects: catalogue, waitForTasks: true });
});

afterAll(async () => {
  await h.app.close();
});

describe('facet counts (category facets)', () => {
  it('counts brand, dietary (array) and onFlyer (boolean) values over the filtered hits', async () => {
    const res = await search({ facetFilters: ['subcategory:Butter'], facets: ['brand', 'dietary', 'onFlyer'] });
    expect(res.nbHits).toBe(4);
    expect(res.facets).toEqual({
      brand: { 'Co-op Gold': 2, 'Harbour Pantry': 2 },
      dietary: { 'gluten-free': 3, vegetarian: 3, 'dairy-free': 1, vegan: 1 },
      onFlyer: { false: 2, true: 2 },
    });
  });

  it('counts equal the hits of the refined query (a facet count is a promise about the results)', async () => {
    const base = await search({ facetFilters: ['subcategory:Butter'], facets: ['brand', 'dietary'] });
    for (const [brand, count] of Object.entries(base.facets!.brand!)) {
      const refined = await search({ facetFilters: ['subcategory:Butter', `brand:${brand}`] });
      expect(refined.nbHits).toBe(count);
    }
    const vegan = await search({ facetFilters: ['subcategory:Butter', 'dietary:vegan'] });
    expect(vegan.hits.map((x) => x.objectID)).toEqual(['c']);
    const flyer = await search({ facetFilters: ['onFlyer:true'] });
    expect(flyer.hits.map((x) => x.objectID)).toEqual(['d', 'a', 'e']);
  });

  it('numericFilters on a per-store price (dotted path) narrow the hits and the counts', async () => {
    const res = await search({ numericFilters: ['storePrices.3299>=400', 'storePrices.3299<700'], facets: ['brand'] });
    expect(res.hits.map((x) => x.objectID)).toEqual(['a', 'b']);
    expect(res.facets).toEqual({ brand: { 'Co-op Gold': 1, 'Harbour Pantry': 1 } });
    // A product not sold at the store (no price there) never falls in a price range of that store.
    expect((await search({ numericFilters: ['storePrices.3299>=0'] })).nbHits).toBe(4);
  });

  it('price bands as the catalogue sends them: OR of inclusive ranges and an open band on storePrices.<store>', async () => {
    const res = await search({ filters: '(storePrices.3299:0 TO 499 OR storePrices.3299 >= 1000)', facets: ['brand'] });
    expect(res.hits.map((x) => x.objectID)).toEqual(['d', 'b', 'c']);
    expect(res.facets).toEqual({ brand: { 'Harbour Pantry': 2, 'Co-op Gold': 1 } });
  });

  it('disjunctive counts: the query without the brand refinement gives the other brands their counts', async () => {
    const [refined, disjunctive] = (
      await h.reader.search<Hit>({
        requests: [
          { indexName: 'catalogue', facetFilters: ['subcategory:Butter', ['brand:Co-op Gold']], facets: ['dietary'] },
          { indexName: 'catalogue', facetFilters: ['subcategory:Butter'], facets: ['brand'], hitsPerPage: 0 },
        ],
      })
    ).results as Resp[];
    expect(refined.hits.map((x) => x.objectID)).toEqual(['b', 'e']);
    expect(refined.facets).toEqual({ dietary: { 'gluten-free': 1, vegetarian: 1 } });
    expect(disjunctive.hits).toEqual([]);
    expect(disjunctive.facets).toEqual({ brand: { 'Co-op Gold': 2, 'Harbour Pantry': 2 } });
  });

  it('facets_stats gives min, max, avg and sum of a numeric facet over the hits', async () => {
    const res = await search({ facetFilters: ['subcategory:Butter'], facets: ['price', 'brand'] });
    expect(res.facets_stats).toEqual({ price: { min: 349, max: 1299, avg: (599 + 449 + 349 + 1299) / 4, sum: 599 + 449 + 349 + 1299 } });
    const none = await search({ facets: ['brand'] });
    expect(none.facets_stats).toBeUndefined();
  });
});

describe('sort (engine extension: Algolia replica order at query time)', () => {
  it('asc/desc by a per-store price; products without a price at the store come last', async () => {
    const asc = await search({ sort: 'asc(storePrices.3299)' } as Record<string, unknown>);
    expect(asc.hits.map((x) => x.objectID)).toEqual(['c', 'b', 'a', 'd', 'e']);
    const desc = await search({ sort: 'desc(storePrices.3299)' } as Record<string, unknown>);
    expect(desc.hits.map((x) => x.objectID)).toEqual(['d', 'a', 'b', 'c', 'e']);
  });

  it('sorts before paging and with filters and a text query', async () => {
    const page1 = await search({ sort: 'asc(price)', hitsPerPage: 2, page: 1, facetFilters: ['subcategory:Butter'] } as Record<string, unknown>);
    expect(page1).toMatchObject({ nbHits: 4, nbPages: 2, page: 1 });
    expect(page1.hits.map((x) => x.objectID)).toEqual(['a', 'e']);
    const text = await search({ query: 'butter', sort: 'desc(price)' } as Record<string, unknown>);
    expect(text.hits.map((x) => x.objectID)).toEqual(['a', 'b']);
  });

  it('without sort the order stays customRanking (relevance)', async () => {
    expect((await search({})).hits.map((x) => x.objectID)).toEqual(['d', 'a', 'b', 'c', 'e']);
  });

  it('a malformed sort answers 400 with a reason', async () => {
    const res = await raw(h.port, 'POST', '/1/indexes/catalogue/query', JSON.stringify({ sort: 'price asc' }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/sort must be asc\(attribute\) or desc\(attribute\)/);
  });
});
