/**
 * The catalogue pages (spec §2 Routes): the facet state ⇄ URL, the engine requests (facets, disjunctive
 * brand counts, price bands, sort), and the listing as a shopper uses it — counts next to every facet
 * value, choosing a brand and a price band changes the URL and the list, the URL alone restores it,
 * pictures with width/height/alt, empty, error and not-found states, and `/products`.
 */
import { act, screen, within } from '@testing-library/react';
import { unitPrice } from '@storefront/remote-kit/unit-price';
import type { TestBus } from 'shared-events/testing';
import { listingRequests, priceClause } from '../api/catalogue';
import type { IndexRequest, SearchClient } from '../api/types';
import { CatalogueApp } from './CatalogueApp';
import { CATALOGUE_ERROR } from './CatalogueParts';
import { STORE_WAIT_MS } from '../hooks/useStoreGate';
import { pictureSrc } from '../components/Cards';
import { EMPTY_LISTING, listingSearch, parseCataloguePath, parseListingSearch } from '../state/catalogue';
import { flush, mountApp } from '../test-utils';

jest.mock('../api/insights');
jest.mock('../api/searchClient');

type Rec = Record<string, unknown> & { objectID: string; title: string };

const cheese = (id: string, title: string, brand: string, cents: number, extra: Partial<Rec> = {}): Rec => {
  const rec: Rec = {
    objectID: id, title, brand, price: cents, storePrices: { '3299': cents }, storeIds: ['3299'], banners: ['standard'],
    category: 'Dairy & Eggs', subcategory: 'Cheese', categorySlug: 'dairy-eggs', subcategorySlug: 'cheese',
    hierarchicalCategories: { lvl0: 'Dairy & Eggs', lvl1: 'Dairy & Eggs > Cheese' },
    dietary: ['gluten-free'], onFlyer: false, pageSlug: `products/${id}`, size: '400 g', featuredImage: '/media/cheese-wedge.svg', ...extra,
  };
  // what the seed adds when it indexes (services/seed unitPriceFields)
  const per = (c: number) => unitPrice(c, rec.size as string)?.cents;
  const storePrices = rec.storePrices as Record<string, number>;
  return { ...rec, unitPrice: per(cents), unitPrices: Object.fromEntries(Object.entries(storePrices).map(([s, c]) => [s, per(c)])) };
};

const PRODUCTS: Rec[] = [
  cheese('c1', 'Cheddar Cheese', 'Harbour Pantry', 649, { onFlyer: true }),
  cheese('c2', 'Brie Cheese', 'Harbour Pantry', 1099, { size: '2 kg' }),
  cheese('c3', 'Feta Cheese', 'Co-op Gold', 549, { dietary: ['gluten-free', 'vegetarian'] }),
  cheese('c4', 'Gouda Cheese', 'Co-op Gold', 2199, { size: '1 kg' }),
  cheese('c5', 'Swiss Cheese', 'Harbour Pantry', 399, { featuredImage: null }),
  cheese('c6', 'Cottage Cheese', 'Harbour Pantry', 899, { storeIds: ['9999'], storePrices: { '9999': 899 } }),
  cheese('m1', 'Skim Milk', 'Harbour Pantry', 529, { subcategory: 'Milk & Cream', subcategorySlug: 'milk-cream', hierarchicalCategories: { lvl0: 'Dairy & Eggs', lvl1: 'Dairy & Eggs > Milk & Cream' }, onFlyer: true }),
  cheese('b1', 'Bagels', 'Harbour Pantry', 349, { category: 'Bakery', subcategory: 'Bread & Rolls', categorySlug: 'bakery', subcategorySlug: 'bread-rolls', hierarchicalCategories: { lvl0: 'Bakery', lvl1: 'Bakery > Bread & Rolls' } }),
];

/** Reads a dotted attribute. */
function valueAt(rec: Rec, attr: string): unknown {
  return attr.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), rec);
}
const has = (rec: Rec, attr: string, value: string) => {
  const v = valueAt(rec, attr);
  return Array.isArray(v) ? v.map(String).includes(value) : String(v) === value;
};

/** One condition of the filter strings the catalogue sends: `a:"x"`, `a:lo TO hi`, `a >= n`, `(… OR …)`. */
function cond(rec: Rec, c: string): boolean {
  const s = c.trim();
  if (s.startsWith('(') && s.endsWith(')')) return s.slice(1, -1).split(' OR ').some((x) => cond(rec, x));
  let m = /^([\w.]+):"([^"]*)"$/.exec(s);
  if (m) return has(rec, m[1]!, m[2]!);
  m = /^([\w.]+):(true|false)$/.exec(s);
  if (m) return has(rec, m[1]!, m[2]!);
  m = /^([\w.]+):(\d+) TO (\d+)$/.exec(s);
  if (m) { const v = Number(valueAt(rec, m[1]!)); return v >= Number(m[2]) && v <= Number(m[3]); }
  m = /^([\w.]+) >= (\d+)$/.exec(s);
  if (m) return Number(valueAt(rec, m[1]!)) >= Number(m[2]);
  throw new Error(`fake engine: unsupported filter ${s}`);
}

type Req = IndexRequest & { facetFilters?: Array<string | string[]>; facets?: string[]; sort?: string };

/** A small engine over PRODUCTS with the semantics of services/search-engine (filters, facets, sort, pages). */
function answer(req: Req) {
  let hits = PRODUCTS.filter((r) => (req.filters ? req.filters.split(' AND ').every((c) => cond(r, c)) : true));
  for (const f of req.facetFilters ?? []) {
    const any = Array.isArray(f) ? f : [f];
    hits = hits.filter((r) => any.some((x) => { const i = x.indexOf(':'); return has(r, x.slice(0, i), x.slice(i + 1)); }));
  }
  if (req.sort) {
    const [, dir, attr] = /^(asc|desc)\(([\w.]+)\)$/.exec(req.sort)!;
    hits = [...hits].sort((a, b) => (Number(valueAt(a, attr!)) - Number(valueAt(b, attr!))) * (dir === 'asc' ? 1 : -1));
  }
  const facets: Record<string, Record<string, number>> = {};
  for (const attr of req.facets ?? []) {
    const counts: Record<string, number> = {};
    for (const r of hits) {
      const v = valueAt(r, attr);
      for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined && x !== null) counts[String(x)] = (counts[String(x)] ?? 0) + 1;
    }
    facets[attr] = counts;
  }
  const per = req.hitsPerPage ?? 20;
  const page = req.page ?? 0;
  return { hits: per === 0 ? [] : hits.slice(page * per, page * per + per), nbHits: hits.length, nbPages: per === 0 ? 0 : Math.ceil(hits.length / per), page, facets };
}

let kit: TestBus;
let calls: Req[][];
let failNext = 0;

function setup(url: string, { store = true }: { store?: boolean } = {}) {
  window.history.replaceState(null, '', url);
  calls = [];
  const client: SearchClient = {
    search: jest.fn(async ({ requests }: { requests: IndexRequest[] }) => {
      calls.push(requests as Req[]);
      if (failNext > 0) { failNext -= 1; throw new Error('engine down'); }
      return { results: requests.map((r) => answer(r as Req)) };
    }),
  };
  // The shell's navigate: pushState + popstate (the kit's `navigate`), so the URL really changes.
  const app = mountApp(CatalogueApp, { client, store: store ? {} : false, navigate: 'kit' });
  kit = app.kit;
  return { user: app.user, view: app.view };
}

const option = (legend: string, label: RegExp | string) =>
  within(screen.getByRole('group', { name: legend })).getByRole('checkbox', { name: label });
const productTitles = () => within(screen.getByRole('list', { name: /^Products in / })).getAllByRole('link').map((a) => a.querySelector('.mfs-card__title')?.textContent);

beforeEach(() => { jest.useFakeTimers(); failNext = 0; });
afterEach(() => { jest.useRealTimers(); window.history.replaceState(null, '', '/'); });

describe('catalogue state ⇄ URL', () => {
  it('round-trips every facet, the sort and the page in one canonical order', () => {
    const state = { brands: ['Harbour Pantry', 'Co-op Gold'], dietary: ['vegan' as const, 'gluten-free' as const], price: ['5-10', 'under-5'], onFlyer: true, sort: 'price-desc' as const, page: 2 };
    const search = listingSearch(state);
    expect(search).toBe('?brand=Co-op%20Gold&brand=Harbour%20Pantry&dietary=vegan&dietary=gluten-free&price=under-5&price=5-10&flyer=1&sort=price-desc&page=3');
    expect(parseListingSearch(search)).toEqual({ ...state, brands: ['Co-op Gold', 'Harbour Pantry'], price: ['under-5', '5-10'] });
    expect(listingSearch(EMPTY_LISTING)).toBe('');
  });

  it('drops what it does not know instead of breaking the page', () => {
    expect(parseListingSearch('?dietary=keto&price=free&sort=random&page=0&flyer=yes&brand=')).toEqual(EMPTY_LISTING);
    expect(parseListingSearch('?page=43').page).toBe(0);
    expect(parseListingSearch('?page=2.5').page).toBe(0);
    expect(parseListingSearch(`?brand=${'x'.repeat(61)}`).brands).toEqual([]);
  });

  it('reads catalogue paths (slugs only) and nothing else', () => {
    expect(parseCataloguePath('/products')).toEqual({ kind: 'index' });
    expect(parseCataloguePath('/products/category/bakery/')).toEqual({ kind: 'category', category: 'bakery', subcategory: null });
    expect(parseCataloguePath('/products/category/bakery/bread-rolls')).toEqual({ kind: 'category', category: 'bakery', subcategory: 'bread-rolls' });
    expect(parseCataloguePath('/products/category/Bakery')).toBeNull();
    expect(parseCataloguePath('/products/category/a/b/c')).toBeNull();
    expect(parseCataloguePath('/products/category/%E0%A4%A')).toBeNull();
  });
});

describe('engine requests', () => {
  const path = { kind: 'category' as const, category: 'dairy-eggs', subcategory: 'cheese' };
  const scope = { storeNumber: '3299', bannerCode: 'standard' };

  it('listing, disjunctive brand counts, one count per price band, the category, the category at the store', () => {
    const reqs = listingRequests('products', path, { ...EMPTY_LISTING, brands: ['Co-op Gold'], price: ['5-10'], dietary: ['vegan'], sort: 'price-asc', page: 1 }, scope);
    const base = 'categorySlug:"dairy-eggs" AND subcategorySlug:"cheese" AND storeIds:"3299" AND banners:"standard"';
    expect(reqs[0]).toEqual(expect.objectContaining({
      filters: `${base} AND (storePrices.3299:500 TO 999)`, facetFilters: [['brand:Co-op Gold'], 'dietary:vegan'],
      facets: ['brand', 'dietary', 'onFlyer'], hitsPerPage: 24, page: 1, sort: 'asc(storePrices.3299)',
    }));
    expect(reqs[1]).toEqual(expect.objectContaining({ facetFilters: ['dietary:vegan'], facets: ['brand'], hitsPerPage: 0 }));
    expect(reqs.slice(2, 6).map((r) => r.filters)).toEqual([
      `${base} AND storePrices.3299:0 TO 499`, `${base} AND storePrices.3299:500 TO 999`, `${base} AND storePrices.3299:1000 TO 1999`, `${base} AND storePrices.3299 >= 2000`,
    ]);
    expect(reqs[6]).toEqual(expect.objectContaining({ filters: 'categorySlug:"dairy-eggs" AND subcategorySlug:"cheese"', hitsPerPage: 0 }));
    expect(reqs[7]).toEqual(expect.objectContaining({ filters: base, facets: ['hierarchicalCategories.lvl1'] }));
    expect(reqs.every((r) => r.analytics === false)).toBe(true);
  });

  it('unit price, low to high: the unit price of the store price (the one the cards show), else of the base price', () => {
    const state = { ...EMPTY_LISTING, sort: 'unit-price-asc' as const };
    expect(listingRequests('products', path, state, scope)[0]).toEqual(expect.objectContaining({ sort: 'asc(unitPrices.3299)' }));
    expect(listingRequests('products', path, state, { storeNumber: null, bannerCode: 'standard' })[0]).toEqual(expect.objectContaining({ sort: 'asc(unitPrice)' }));
    expect(parseListingSearch('?sort=unit-price-asc').sort).toBe('unit-price-asc');
  });

  it('price bands OR together; relevance sends no sort', () => {
    expect(priceClause('price', ['under-5', '20-plus'])).toBe('(price:0 TO 499 OR price >= 2000)');
    expect(listingRequests('products', path, EMPTY_LISTING, scope)[0]).not.toHaveProperty('sort');
  });

  it('pictures only from same-origin image paths', () => {
    expect(pictureSrc({ featuredImage: '/media/cheese-wedge.svg' })).toBe('/media/cheese-wedge.svg');
    for (const bad of ['https://evil.example/x.svg', '//evil.example/x.svg', 'javascript:alert(1)', '/media/../x.svg', 'data:image/svg+xml,<svg/>', null]) {
      expect(pictureSrc({ featuredImage: bad })).toBeNull();
    }
  });
});

describe('category listing', () => {
  it('shows the category, facet counts from the engine, cards with pictures and the letter tile only when there is none', async () => {
    setup('/products/category/dairy-eggs/cheese');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cheese' })).toBeInTheDocument();
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('5 products');
    expect(option('Brand', /Harbour Pantry/)).toHaveAccessibleName('Harbour Pantry (3)');
    expect(option('Brand', /Co-op Gold/)).toHaveAccessibleName('Co-op Gold (2)');
    expect(option('Dietary', /Vegetarian/)).toHaveAccessibleName('Vegetarian (1)');
    expect(option('Dietary', /Vegan/)).toBeDisabled();
    expect(option('Price', /Under \$5/)).toHaveAccessibleName('Under $5 (1)');
    expect(option('Price', /\$5 to \$10/)).toHaveAccessibleName('$5 to $10 (2)');
    expect(option('Price', /\$20 and up/)).toHaveAccessibleName('$20 and up (1)');
    expect(option('Flyer', /On flyer/)).toHaveAccessibleName('On flyer this week (1)');
    const img = screen.getByRole('img', { name: 'Cheddar Cheese' });
    expect(img).toHaveAttribute('src', '/media/cheese-wedge.svg');
    expect(img).toHaveAttribute('width', '96');
    expect(img).toHaveAttribute('height', '96');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(screen.queryByRole('img', { name: 'Swiss Cheese' })).toBeNull();
    expect(screen.getByRole('link', { name: /Swiss Cheese/ }).querySelector('.mfs-card__media')).toHaveTextContent('S');
    expect(screen.getByRole('button', { name: 'Add to list: Cheddar Cheese' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('ProductsDairy & EggsCheese');
  });

  it('a brand and a price band: the URL changes, the list and the counts follow, and the URL alone restores them', async () => {
    const { user, view } = setup('/products/category/dairy-eggs/cheese');
    await screen.findByRole('heading', { level: 1, name: 'Cheese' });
    await flush();
    await user.click(option('Brand', /Harbour Pantry/));
    await flush();
    expect(window.location.search).toBe('?brand=Harbour%20Pantry');
    await user.click(option('Price', /\$5 to \$10/));
    await flush();
    expect(window.location.search).toBe('?brand=Harbour%20Pantry&price=5-10');
    expect(productTitles()).toEqual(['Cheddar Cheese']);
    expect(screen.getByRole('status')).toHaveTextContent('1 product');
    // Counts match the results: the selected brand and band count what is listed; the other brand keeps its own count.
    expect(option('Brand', /Harbour Pantry/)).toHaveAccessibleName('Harbour Pantry (1)');
    expect(option('Brand', /Co-op Gold/)).toHaveAccessibleName('Co-op Gold (1)');
    expect(option('Price', /\$5 to \$10/)).toHaveAccessibleName('$5 to $10 (1)');
    expect(option('Price', /\$10 to \$20/)).toHaveAccessibleName('$10 to $20 (1)');

    // A reload: a new app on the same URL shows the same list with the same boxes ticked.
    view.unmount();
    setup(`/products/category/dairy-eggs/cheese${window.location.search}`);
    await screen.findByRole('heading', { level: 1, name: 'Cheese' });
    await flush();
    expect(productTitles()).toEqual(['Cheddar Cheese']);
    expect(option('Brand', /Harbour Pantry/)).toBeChecked();
    expect(option('Price', /\$5 to \$10/)).toBeChecked();
    expect(option('Brand', /Co-op Gold/)).not.toBeChecked();

    // Back: the browser's previous URL, the list without the price band.
    await act(async () => {
      window.history.pushState(null, '', '/products/category/dairy-eggs/cheese?brand=Harbour%20Pantry');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await flush();
    expect(productTitles()).toEqual(['Cheddar Cheese', 'Brie Cheese', 'Swiss Cheese']);
  });

  it('sorts by the store price and clears filters back to the first page', async () => {
    const { user } = setup('/products/category/dairy-eggs/cheese?dietary=gluten-free');
    await screen.findByRole('heading', { level: 1, name: 'Cheese' });
    await flush();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    await flush();
    expect(window.location.search).toBe('?dietary=gluten-free&sort=price-asc');
    expect(productTitles()).toEqual(['Swiss Cheese', 'Feta Cheese', 'Cheddar Cheese', 'Brie Cheese', 'Gouda Cheese']);
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await flush();
    expect(window.location.search).toBe('?sort=price-asc');
  });

  it('a department lists its categories with counts; an empty refinement says so', async () => {
    setup('/products/category/dairy-eggs?dietary=vegan');
    await screen.findByRole('heading', { level: 1, name: 'Dairy & Eggs' });
    await flush();
    const subnav = screen.getByRole('navigation', { name: 'Categories in Dairy & Eggs' });
    expect(within(subnav).getByRole('link', { name: 'Cheese' })).toHaveAttribute('href', '/products/category/dairy-eggs/cheese');
    expect(subnav).toHaveTextContent('Cheese (5)');
    expect(subnav).toHaveTextContent('Milk & Cream (1)');
    expect(screen.getByRole('heading', { name: 'No products match' })).toBeInTheDocument();
    expect(screen.getByText('Try removing a filter.')).toBeInTheDocument();
  });

  it('an unknown category shows Page not found in the page', async () => {
    setup('/products/category/dairy-eggs/marmalade-sandwiches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/products');
  });

  it('loading shows a status and a skeleton; a failure shows the error with Try again, which recovers', async () => {
    failNext = 1;
    const { user } = setup('/products/category/bakery');
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    await flush();
    await flush();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CATALOGUE_ERROR);
    expect(CATALOGUE_ERROR).toBe('Products are unavailable right now. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await flush();
    expect(productTitles()).toEqual(['Bagels']);
  });

  it('no store yet: one probe of the engine (no listing request); the store comes → the listing', async () => {
    setup('/products/category/bakery', { store: false });
    await flush();
    expect(calls).toEqual([[{ indexName: 'products', query: '', hitsPerPage: 0, analytics: false }]]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    act(() => { kit.bus.emit('store/changed', { store: kit.fixtures.store(), source: 'default' }); });
    await flush();
    expect(productTitles()).toEqual(['Bagels']);
  });

  it('no store and the engine does not answer the probe: unavailable at once (no 5 s wait, no skeleton); Try again asks again and recovers', async () => {
    failNext = 1;
    const { user } = setup('/products/category/bakery', { store: false });
    await flush();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(CATALOGUE_ERROR);
    expect(screen.queryByText('Loading products…')).not.toBeInTheDocument();
    // the engine is back; no store came meanwhile (its lookup failed too): after STORE_WAIT_MS by banner only
    await act(async () => { jest.advanceTimersByTime(STORE_WAIT_MS); });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(productTitles()).toEqual(['Bagels']);
    expect(calls.at(-1)![0]).toEqual(expect.objectContaining({ filters: expect.stringContaining('banners:"standard"') }));
  });
});

describe('/products', () => {
  it('departments and categories with counts at the store, and the featured flyer products', async () => {
    setup('/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    await flush();
    const dept = screen.getByRole('link', { name: 'Dairy & Eggs' });
    expect(dept).toHaveAttribute('href', '/products/category/dairy-eggs');
    expect(dept.closest('h3')).toHaveTextContent('Dairy & Eggs (6)');
    expect(screen.getByRole('link', { name: 'Milk & Cream' })).toHaveAttribute('href', '/products/category/dairy-eggs/milk-cream');
    expect(screen.getByRole('link', { name: 'Bread & Rolls' }).parentElement).toHaveTextContent('Bread & Rolls (1)');
    const featured = screen.getByRole('list', { name: 'Featured products' });
    expect(within(featured).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Cheddar Cheese', 'Skim Milk']);
    expect(calls[0]![1]).toEqual(expect.objectContaining({ filters: 'storeIds:"3299" AND banners:"standard" AND onFlyer:true' }));
  });

});

describe('unit prices and the unit-price sort', () => {
  const unitPrices = () => within(screen.getByRole('list', { name: /^Products in / })).getAllByRole('listitem')
    .map((li) => li.querySelector('.mfs-card__unit-price')?.textContent ?? null);

  it('every card shows the unit price of its store price, read as words by screen readers', async () => {
    setup('/products/category/dairy-eggs/cheese');
    await screen.findByRole('heading', { level: 1, name: 'Cheese' });
    await flush();
    const cheddar = screen.getByRole('link', { name: /Cheddar Cheese/ });
    // $6.49 for 400 g → $1.62 /100 g; the label is hidden from screen readers, the words are not
    expect(cheddar).toHaveTextContent('$6.49');
    expect(cheddar.querySelector('[aria-hidden="true"]')).toHaveTextContent('$1.62 /100 g');
    expect(cheddar).toHaveAccessibleName(expect.stringContaining('$1.62 per 100 g'));
    expect(unitPrices().every((u) => u !== null)).toBe(true);
  });

  it('"Unit price: low to high" orders the cards by the unit prices they show, not by shelf price', async () => {
    const { user } = setup('/products/category/dairy-eggs/cheese');
    await screen.findByRole('heading', { level: 1, name: 'Cheese' });
    await flush();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Unit price: low to high');
    await flush();
    expect(window.location.search).toBe('?sort=unit-price-asc');
    expect(calls.at(-1)![0]).toEqual(expect.objectContaining({ sort: 'asc(unitPrices.3299)' }));
    // Brie $10.99 for 2 kg ($0.55 /100 g) comes first though its shelf price is the second highest
    expect(productTitles()[0]).toBe('Brie Cheese');
    const cents = unitPrices().map((u) => Number(/\$(\d+\.\d\d)/.exec(u!)![1]));
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
  });
});

describe('filters in a sheet (narrow screens)', () => {
  const filtersButton = () => screen.getByRole('button', { name: /^Filters \(\d+\)$/ });

  it("'Filters (N)' counts the refinements and opens a sheet with the facets; focus goes in, Escape brings it back", async () => {
    const { user } = setup('/products/category/dairy-eggs/cheese?brand=Harbour%20Pantry&flyer=1');
    await screen.findByRole('heading', { level: 1, name: 'Cheese' });
    await flush();
    expect(filtersButton()).toHaveAccessibleName('Filters (2)');
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(filtersButton());
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    expect(within(sheet).getByRole('group', { name: 'Brand' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Show 1 product' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(filtersButton()).toHaveFocus();
  });

  it("a change in the sheet applies at once: 'Show N products' follows the hits; 'Clear all' drops every refinement; Show closes it", async () => {
    const { user } = setup('/products/category/dairy-eggs/cheese');
    await screen.findByRole('heading', { level: 1, name: 'Cheese' });
    await flush();
    await user.click(filtersButton());
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('button', { name: 'Show 5 products' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Clear all' })).toBeDisabled();
    await user.click(within(within(sheet).getByRole('group', { name: 'Brand' })).getByRole('checkbox', { name: /Co-op Gold/ }));
    await flush();
    expect(window.location.search).toBe('?brand=Co-op%20Gold');
    expect(within(sheet).getByRole('button', { name: 'Show 2 products' })).toBeInTheDocument();
    expect(filtersButton()).toHaveAccessibleName('Filters (1)');
    await user.click(within(sheet).getByRole('button', { name: 'Clear all' }));
    await flush();
    expect(window.location.search).toBe('');
    expect(within(sheet).getByRole('button', { name: 'Show 5 products' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Show 5 products' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(filtersButton()).toHaveAccessibleName('Filters (0)');
    expect(filtersButton()).toHaveFocus();
  });
});
