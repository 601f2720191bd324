import type { ProductRecord, QuerySuggestionRecord, RecipeRecord, SettingsFile } from '../types';
import { slugify } from './prng';

const STOP = new Set(['harbour', 'pantry', 'co-op', 'gold', 'with', 'and', 'or', 'in', 'of', 'the', 'canned', 'frozen', 'fluid', 'condensed', 'raw']);

function normalise(s: string): string {
  return s
    .toLowerCase()
    .replace(/^(harbour pantry|co-op gold)\s+/, '')
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z0-9%&' -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Algolia Query Suggestions records (spec §3 Search response), derived from the catalogue:
 * product title heads (the part before the first comma), subcategories, categories and recipe titles.
 * `popularity` sums the popularity of the products the query covers; recipes count 2,000.
 * @param limit maximum number of records (most popular first).
 */
export function buildSuggestions(products: ProductRecord[], recipes: RecipeRecord[], limit = 300): QuerySuggestionRecord[] {
  const score = new Map<string, number>();
  const add = (q: string, points: number) => {
    const query = normalise(q);
    const words = query.split(' ').filter(Boolean);
    if (query.length < 3 || words.length > 4 || words.every((w) => STOP.has(w))) return;
    score.set(query, (score.get(query) ?? 0) + points);
  };
  for (const p of products) {
    const head = p.title.split(',')[0] as string;
    add(head, p.popularity);
    add(p.subcategory, Math.round(p.popularity / 4));
  }
  for (const p of products) add(p.category, Math.round(p.popularity / 10));
  for (const r of recipes) add(r.title, 2000);
  const seenIds = new Set<string>();
  return [...score.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .filter(([query]) => {
      const id = slugify(query);
      if (!id || seenIds.has(id)) return false;
      seenIds.add(id);
      return true;
    })
    .slice(0, limit)
    .map(([query, popularity]) => ({
      objectID: slugify(query),
      query,
      popularity,
      nb_words: query.split(' ').length,
    }));
}

/** Index settings (data/settings.json) for the four indices the storefront searches. */
export function buildSettings(): SettingsFile {
  return {
    products: {
      searchableAttributes: ['title', 'brand', 'category', 'subcategory', 'aisle'],
      // Category pages: facets brand, dietary, onFlyer; listings filter on the slugs; the
      // price range is a numericFilter on storePrices.<store> (numeric filters need no facet entry).
      attributesForFaceting: ['filterOnly(storeIds)', 'filterOnly(banners)', 'filterOnly(pageSlug)', 'category', 'subcategory', 'categorySlug', 'subcategorySlug', 'hierarchicalCategories.lvl0', 'hierarchicalCategories.lvl1', 'aisle', 'brand', 'dietary', 'onFlyer'],
      customRanking: ['desc(popularity)'],
    },
    recipes: {
      searchableAttributes: ['title', 'tags', 'ingredients.name'],
      attributesForFaceting: ['filterOnly(banners)', 'filterOnly(pageSlug)', 'tags'],
      customRanking: [],
    },
    products_query_suggestions: {
      searchableAttributes: ['query'],
      attributesForFaceting: [],
      customRanking: ['desc(popularity)'],
    },
    stores: {
      searchableAttributes: ['locationName', 'address.city', 'address.postalCode', 'address.province'],
      attributesForFaceting: ['filterOnly(storeNumber)', 'filterOnly(bannerCode)', 'address.province'],
      customRanking: [],
    },
  };
}
