import { articleNumberFor, buildFlyers, buildStores, cleanTitle, mapFoods, mulberry32, ORIGINAL_STORE_COUNT, parseFoodDes, saleFor, type CityInput, type FsaInput } from '../src/generator';
import type { StoreRecord } from '../src/types';

// FOOD_DES format (USDA SR21): ^-separated, text wrapped in ~. Written here; tests never read ../shared.
const SAMPLE = [
  '~01009~^~0100~^~Cheese, cheddar~^~CHEESE,CHEDDAR~^~~^~~^~Y~^~~^0^~~^6.38^4.27^8.79^3.87',
  '~01123~^~0100~^~Egg, whole, raw, fresh~^~EGG,WHL,RAW,FRSH~^~~^~~^~Y~^~Shell~^12^~~^6.25^4.36^9.02^3.68',
  '~09003~^~0900~^~Apples, raw, with skin~^~APPLES,RAW,WITH SKIN~^~~^~~^~Y~^~Core and stem~^10^~Malus domestica~^^3.36^8.37^3.60',
  '~09040~^~0900~^~Bananas, raw~^~BANANAS,RAW~^~~^~~^~Y~^~Skin~^36^~Musa acuminata Colla~^^3.36^8.37^3.60',
  '~05062~^~0500~^~Chicken, broilers or fryers, breast, meat only, raw~^~CHICKEN,BROILERS OR FRYERS,BREAST,MEAT ONLY,RAW~^~~^~~^~Y~^~~^0^~~^6.25^4.27^9.02^3.87',
  '~05064~^~0500~^~Chicken, broilers or fryers, breast, meat only, cooked, roasted~^~CHICKEN,BROILERS OR FRYERS,BREAST,MEAT ONLY,CKD,RSTD~^~~^~~^~Y~^~~^0^~~^6.25^4.27^9.02^3.87',
  '~03000~^~0300~^~Babyfood, carrots, strained~^~BABYFOOD,CARROTS,STR~^~~^~~^~~^~~^0^~~^6.25^4^9^4',
  '~08020~^~0800~^~Cereals ready-to-eat, KELLOGG, KELLOGG\'S CORN FLAKES~^~KELLOGG\'S CORN FLAKES~^~~^~Kellogg, Co.~^~~^~~^0^~~^6.25^4^9^4',
  '~11124~^~1100~^~Carrots, raw~^~CARROTS,RAW~^~~^~~^~Y~^~Crown, tops and scrapings~^11^~Daucus carota~^6.25^2.78^8.37^3.84',
  '~19296~^~1900~^~Honey~^~HONEY~^~~^~~^~Y~^~~^0^~~^6.25^3.36^8.37^3.60',
  'not a food line',
];

const CITIES: CityInput[] = [
  { name: 'Halifax', adminCode: '07', population: 359111, loc: { coordinates: [-63.57291, 44.6464] } },
  { name: 'Antigonish', adminCode: '07', population: 5003, loc: { coordinates: [-61.99858, 45.61685] } },
  { name: 'Toronto', adminCode: '08', population: 2600000, loc: { coordinates: [-79.4163, 43.70011] } },
];
const FSAS: FsaInput[] = [
  { zip: 'B3H', latitude: 44.64, longitude: -63.58, state: 'Nova Scotia' },
  { zip: 'B2G', latitude: 45.62, longitude: -61.99, state: 'Nova Scotia' },
  { zip: 'XXX', latitude: null, longitude: null, state: 'Nova Scotia' },
  { zip: 'M5V', latitude: 43.64, longitude: -79.4, state: 'Ontario' },
];
const PLAN = [
  { city: 'Halifax', admin: '07', name: 'Quinpool', banner: 'standard' as const, storeNumber: '3299' },
  { city: 'Antigonish', admin: '07', name: 'Antigonish Co-op', banner: 'coop' as const },
  { city: 'Toronto', admin: '08', name: 'Danforth', banner: 'standard' as const, is24Hours: true },
];

describe('generator (pure mapping functions)', () => {
  test('mulberry32 is deterministic per seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  test('parses FOOD_DES lines and skips malformed ones', () => {
    const foods = parseFoodDes(SAMPLE);
    expect(foods).toHaveLength(10);
    expect(foods[0]).toEqual({ ndbNo: '01009', groupCode: '0100', longDesc: 'Cheese, cheddar', manufacturer: '' });
  });

  test('builds shopper-friendly titles', () => {
    expect(cleanTitle('Cheese, cheddar')?.title).toBe('Cheddar Cheese');
    expect(cleanTitle('Apples, raw, fuji, with skin')?.title).toBe('Apples, Fuji, with Skin');
    expect(cleanTitle('Chicken, broilers or fryers, breast, meat only, raw')?.title).toBe('Chicken Breast');
    expect(cleanTitle("Cereals ready-to-eat, KELLOGG, KELLOGG'S CORN FLAKES", 'Kellogg, Co.')?.branded).toBe(true);
  });

  test('article numbers are 8 digits and unique per NDB number', () => {
    expect(articleNumberFor('01009')).toMatch(/^2001009\d$/);
    expect(articleNumberFor('01009')).not.toBe(articleNumberFor('01010'));
  });

  test('stores: real FSA of the nearest area, demo LDU, 3299 kept, deterministic', () => {
    const a = buildStores(CITIES, FSAS, PLAN);
    const b = buildStores(CITIES, FSAS, PLAN);
    expect(a).toEqual(b);
    expect(a[0]).toMatchObject({ storeNumber: '3299', slug: 'halifax-quinpool-3299', address: { province: 'NS' } });
    expect(a[0]?.address.postalCode.startsWith('B3H ')).toBe(true);
    expect(a[1]).toMatchObject({ bannerCode: 'coop', locationName: 'Antigonish Co-op' });
    expect(a[2]?.hours).toEqual({ is24Hours: true, storeHours: [] });
  });

  test('mapFoods is deterministic and maps sample foods to products', () => {
    const stores = buildStores(CITIES, FSAS, PLAN);
    const first = mapFoods(SAMPLE, stores);
    const second = mapFoods(SAMPLE, stores);
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    const titles = first.map((p) => p.title);
    expect(titles).toEqual(expect.arrayContaining(['Cheddar Cheese', 'Bananas', 'Chicken Breast', 'Carrots', 'Honey']));
    expect(titles.some((t) => /babyfood/i.test(t))).toBe(false); // baby foods skipped
    expect(first.filter((p) => p.title === 'Chicken Breast')).toHaveLength(1); // cooked variant skipped
    expect(titles.some((t) => /kellogg/i.test(t))).toBe(false); // US brand replaced
    const bananas = first.find((p) => p.title === 'Bananas');
    expect(bananas).toMatchObject({ uom: 'KG', size: '1 kg', category: 'Fruits & Vegetables' });
    expect(bananas?.plu).toMatch(/^\d{4}$/);
    expect(first.find((p) => p.title === 'Cheddar Cheese')?.plu).toBeNull();
    for (const p of first) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.storeIds.every((s) => stores.some((st) => st.storeNumber === s))).toBe(true);
      if (p.brand === 'Co-op Gold') expect(p.banners).toEqual(['coop']);
    }
  });

  test('a store appended after the original ones changes no other store\'s availability, price or popularity', () => {
    const [halifax] = buildStores(CITIES, FSAS, PLAN) as [StoreRecord];
    const original = Array.from({ length: ORIGINAL_STORE_COUNT }, (_, i) => ({ ...halifax, storeNumber: String(1000 + i), objectID: String(1000 + i) }));
    const appended = { ...halifax, storeNumber: '0042', objectID: '0042' };
    const before = mapFoods(SAMPLE, original);
    const after = mapFoods(SAMPLE, [...original, appended]);
    expect(after.some((p) => p.storeIds.includes('0042'))).toBe(true);
    const without42 = after.map((p) => {
      const { '0042': _dropped, ...storePrices } = p.storePrices;
      return { ...p, storeIds: p.storeIds.filter((s) => s !== '0042'), storePrices };
    });
    expect(without42).toEqual(before);
  });

  test('weekly flyers: one per store, products of that store, deterministic', () => {
    const stores = buildStores(CITIES, FSAS, PLAN);
    const products = mapFoods(SAMPLE, stores);
    const flyers = buildFlyers(products, stores);
    expect(flyers.map((f) => f.storeCode)).toEqual(stores.map((s) => s.storeNumber));
    expect(JSON.stringify(buildFlyers(products, stores))).toBe(JSON.stringify(flyers));
    for (const f of flyers) {
      for (const item of f.pages.flatMap((p) => p.items)) {
        expect(products.find((p) => p.articleNumber === item.articleNumber)?.storeIds).toContain(f.storeCode);
      }
    }
  });

  test('sale stories from the store price', () => {
    const rng = mulberry32(7);
    expect(saleFor({ plu: '4011', uom: 'KG' }, 339, rng)).toEqual({ priceText: expect.stringMatching(/^\$\d\.\d9 \/kg$/), saleStory: expect.stringMatching(/^\$\d\.\d9 \/lb$/) });
    const stories = Array.from({ length: 200 }, () => saleFor({ plu: null, uom: 'G' }, 499, rng).saleStory.replace(/[\d.$]+/g, 'n'));
    expect(new Set(stories)).toEqual(new Set(['Save n', 'n for n', 'Earn n points']));
  });
});
