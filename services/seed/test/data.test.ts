import { loadFlyers, loadProducts, loadRecipes, loadSettings, loadStores, loadSuggestions } from '../src';

const ATLANTIC_ON = ['NS', 'NB', 'PE', 'NL', 'ON'];

describe('committed seed data: invariants squads rely on', () => {
  const products = loadProducts();
  const stores = loadStores();
  const recipes = loadRecipes();
  const storeNumbers = new Set(stores.map((s) => s.storeNumber));

  test('at least 1,500 products with unique 8-digit article numbers', () => {
    expect(products.length).toBeGreaterThanOrEqual(1500);
    const numbers = products.map((p) => p.articleNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.filter((n) => !/^\d{8}$/.test(n))).toEqual([]);
    expect(products.filter((p) => p.objectID !== p.articleNumber)).toEqual([]);
  });

  test('prices are positive integer cents, per store too', () => {
    const cents = (v: number) => Number.isInteger(v) && v > 0;
    const bad = products.filter(
      (p) =>
        !cents(p.price) ||
        Object.entries(p.storePrices).some(([store, v]) => !storeNumbers.has(store) || !cents(v)) ||
        Object.keys(p.storePrices).sort().join() !== [...p.storeIds].sort().join(),
    );
    expect(bad.map((p) => p.articleNumber)).toEqual([]);
  });

  test('products are sold in some stores, not every product in every store', () => {
    const bad = products.filter((p) => p.storeIds.length === 0 || p.storeIds.some((s) => !storeNumbers.has(s)));
    expect(bad.map((p) => p.articleNumber)).toEqual([]);
    expect(products.some((p) => p.storeIds.length < stores.length)).toBe(true);
  });

  test('product fields are well-formed (uom, PLU, slug, banners, no US brand names)', () => {
    const bad = products.filter(
      (p) =>
        !['EA', 'KG', 'LB', 'G', 'L', 'ML'].includes(p.uom) ||
        (p.plu !== null && (!/^\d{4}$/.test(p.plu) || p.uom !== 'KG')) ||
        !p.pageSlug.startsWith('products/') ||
        !p.pageSlug.endsWith(`-${p.articleNumber}`) ||
        /[^a-z0-9/-]/.test(p.pageSlug) ||
        !['Harbour Pantry', 'Co-op Gold'].includes(p.brand) ||
        p.banners.length === 0 ||
        /\b(KELLOGG|KRAFT|CAMPBELL|GENERAL MILLS|QUAKER|NABISCO|HORMEL|OSCAR MAYER)/i.test(p.title),
    );
    expect(bad.map((p) => `${p.articleNumber} ${p.title}`)).toEqual([]);
    const plus = products.map((p) => p.plu).filter((x): x is string => x !== null);
    expect(plus.length).toBeGreaterThan(0);
    expect(new Set(plus).size).toBe(plus.length);
  });

  test('store 3299 exists in Halifax, NS', () => {
    const s = stores.find((x) => x.storeNumber === '3299');
    expect(s).toMatchObject({ objectID: '3299', address: { city: 'Halifax', province: 'NS' }, region: ['atlantic', 'ns'] });
  });

  test('store 0042 exists in Wolfville, NS (set_preferred_store_number=42 pads to 0042)', () => {
    const s = stores.find((x) => x.storeNumber === '0042');
    expect(s).toMatchObject({ objectID: '0042', slug: 'wolfville-main-street-0042', bannerCode: 'standard', address: { city: 'Wolfville', province: 'NS' }, region: ['atlantic', 'ns'] });
    expect(products.filter((p) => p.storeIds.includes('0042')).length).toBeGreaterThan(1000);
  });

  test('at least 2 co-op stores named Co-op with bannerCode coop', () => {
    const coop = stores.filter((s) => s.bannerCode === 'coop');
    expect(coop.length).toBeGreaterThanOrEqual(2);
    for (const s of coop) expect(s.locationName).toContain('Co-op');
  });

  test('at least 25 stores in NS/NB/PE/NL/ON, unique 4-digit numbers, demo-flagged', () => {
    expect(stores.length).toBeGreaterThanOrEqual(25);
    expect(storeNumbers.size).toBe(stores.length);
    for (const s of stores) {
      expect(ATLANTIC_ON).toContain(s.address.province);
      expect(s.storeNumber).toMatch(/^\d{4}$/);
      expect(s.objectID).toBe(s.storeNumber);
      expect(s.slug).toMatch(new RegExp(`^[a-z0-9-]+-${s.storeNumber}$`));
      expect(s.address.postalCode).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
      expect(s.demo).toBe(true);
    }
  });

  test('every store has 7 days of hours or is 24 hours; some are 24 hours', () => {
    for (const s of stores) {
      if (s.hours.is24Hours) expect(s.hours.storeHours).toEqual([]);
      else {
        expect(s.hours.storeHours.map((d) => d.day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
        for (const d of s.hours.storeHours) {
          expect(d.open).toMatch(/^\d{2}:\d{2}$/);
          expect(d.close).toMatch(/^\d{2}:\d{2}$/);
        }
      }
    }
    expect(stores.some((s) => s.hours.is24Hours)).toBe(true);
  });

  test('store coordinates are in Canada', () => {
    for (const { _geoloc } of stores) {
      expect(_geoloc.lat).toBeGreaterThan(41.6);
      expect(_geoloc.lat).toBeLessThan(83.2);
      expect(_geoloc.lng).toBeGreaterThan(-141.1);
      expect(_geoloc.lng).toBeLessThan(-52.5);
    }
  });

  test('at least 12 recipes; every ingredient resolves to a product', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(12);
    const byNumber = new Set(products.map((p) => p.articleNumber));
    for (const r of recipes) {
      expect(r.pageSlug).toBe(`recipes/${r.slug}`);
      expect(r.steps.length).toBeGreaterThan(0);
      expect(r.ingredients.length).toBeGreaterThan(0);
      for (const ing of r.ingredients) expect(byNumber.has(ing.articleNumber)).toBe(true);
    }
  });

  test('query suggestions are Algolia-shaped, unique, about 300', () => {
    const s = loadSuggestions();
    expect(s.length).toBeGreaterThanOrEqual(250);
    expect(new Set(s.map((x) => x.objectID)).size).toBe(s.length);
    for (const x of s) {
      expect(x.nb_words).toBe(x.query.split(' ').length);
      expect(Number.isInteger(x.popularity)).toBe(true);
    }
    expect(s.map((x) => x.query)).toEqual(expect.arrayContaining(['apples', 'chicken breast']));
  });

  test('index settings for the four indices', () => {
    const settings = loadSettings();
    expect(Object.keys(settings).sort()).toEqual(['products', 'products_query_suggestions', 'recipes', 'stores']);
    expect(settings.products?.attributesForFaceting).toContain('filterOnly(storeIds)');
    expect(settings.products?.customRanking).toEqual(['desc(popularity)']);
  });
});

describe('committed weekly flyers (data/flyers.json)', () => {
  const flyers = loadFlyers();
  const stores = loadStores();
  const products = new Map(loadProducts().map((p) => [p.articleNumber, p]));

  test('every store has exactly one publication of the harbour-market merchant', () => {
    expect(flyers.map((f) => f.storeCode).sort()).toEqual(stores.map((s) => s.storeNumber).sort());
    for (const f of flyers) expect(f.merchant).toBe('harbour-market');
  });

  test('24 to 40 items over 2 to 4 numbered pages, unique item ids', () => {
    const ids = new Set<string>();
    for (const f of flyers) {
      expect(f.pages.length).toBeGreaterThanOrEqual(2);
      expect(f.pages.length).toBeLessThanOrEqual(4);
      expect(f.pages.map((p) => p.number)).toEqual(f.pages.map((_, i) => i + 1));
      const items = f.pages.flatMap((p) => p.items);
      expect(items.length).toBeGreaterThanOrEqual(24);
      expect(items.length).toBeLessThanOrEqual(40);
      for (const p of f.pages) expect(p.items.length).toBeGreaterThan(0);
      for (const i of items) {
        expect(ids.has(i.id)).toBe(false);
        ids.add(i.id);
      }
    }
  });

  test('every item is a catalogue product available at its store, named and priced from that store', () => {
    const bad: string[] = [];
    for (const f of flyers) {
      for (const i of f.pages.flatMap((p) => p.items)) {
        const p = products.get(i.articleNumber);
        if (!p || !p.storeIds.includes(f.storeCode) || i.id !== `${f.storeCode}-${p.articleNumber}` || i.uom !== p.uom || i.name !== p.title || i.category !== p.category) {
          bad.push(`${f.storeCode} ${i.id}`);
          continue;
        }
        const storeCents = p.storePrices[f.storeCode] as number;
        const price = Math.round(Number(/^\$(\d+\.\d{2})/.exec(i.priceText)?.[1]) * 100);
        if (!(price > 0 && price <= storeCents)) bad.push(`${f.storeCode} ${i.id} ${i.priceText} vs ${storeCents}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('price texts and sale stories have the flyer shapes', () => {
    for (const i of flyers.flatMap((f) => f.pages.flatMap((p) => p.items))) {
      expect(i.priceText).toMatch(/^\$\d+\.\d{2}( \/kg)?$/);
      expect(i.saleStory).toMatch(/^(Save \$\d+(\.\d{2})?|\d for \$\d+|Earn \d+ points|\$\d+\.\d{2} \/lb)$/);
      if (i.priceText.endsWith('/kg')) expect(i.saleStory).toMatch(/\/lb$/);
    }
    const kinds = new Set(flyers.flatMap((f) => f.pages.flatMap((p) => p.items)).map((i) => i.saleStory.replace(/[\d.$]+/g, 'n')));
    expect([...kinds].sort()).toEqual(['Earn n points', 'Save n', 'n /lb', 'n for n']);
  });
});
