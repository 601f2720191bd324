import type { FlyerItemRecord, FlyerPageRecord, FlyerPublicationRecord, ProductRecord, StoreRecord } from '../types';
import { intBetween, pick, rngFor, type Rng } from './prng';

/** Merchant code of the banner at the flyer provider (RuntimeConfig `flyer.merchant`). */
export const FLYER_MERCHANT = 'harbour-market' as const;

/** Department groups, in flyer order: heading, categories, share of the flyer's items. */
const DEPARTMENTS: Array<{ title: string; categories: string[]; share: number }> = [
  { title: 'Fresh this week', categories: ['Fruits & Vegetables', 'Meat & Seafood'], share: 0.32 },
  { title: 'Dairy, deli and bakery', categories: ['Dairy & Eggs', 'Deli', 'Bakery'], share: 0.25 },
  { title: 'Pantry and breakfast', categories: ['Pantry', 'Breakfast'], share: 0.23 },
  { title: 'Frozen, snacks and drinks', categories: ['Frozen', 'Snacks & Candy', 'Beverages'], share: 0.2 },
];

/** Page headings when departments share a page (2 or 3 pages). */
const MERGED_TITLES: Record<string, string> = {
  '0+1': 'Fresh, dairy and bakery',
  '2+3': 'Pantry, frozen and snacks',
};

/** Products a weekly flyer would not feature. */
const NOT_FLYER_WORTHY = /separable|gizzard|\bneck\b|giblet|variety meats|mechanically|\bfat\b|\bflavor\b|\bheart\b|sauteed|dry mix|, skin$|skin only/i;

/** How many of a department's most popular products (at the store) the flyer picks from. */
const POOL_SIZE = 60;

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
/** '$2' for whole dollars, else '$1.50'. */
const shortDollars = (cents: number): string => (cents % 100 === 0 ? `$${cents / 100}` : dollars(cents));
/** Ends in 9 cents, at least 49 cents (like the catalogue's prices). */
const psych = (cents: number): number => Math.max(49, Math.floor(cents / 10) * 10 + 9);

const LB_PER_KG = 2.20462;

/**
 * Price text and sale story of one item from the store's price `cents` (spec §2 flyer; examples of the
 * issue): loose produce by weight → '$X /kg' and '$Y /lb'; otherwise one of a saving ('$3.49',
 * 'Save $1.50'), a multi-buy ('$2.99', '2 for $5'), or bonus points ('$4.99', 'Earn 500 points').
 */
export function saleFor(product: Pick<ProductRecord, 'plu' | 'uom'>, cents: number, rng: Rng): { priceText: string; saleStory: string } {
  if (product.plu && product.uom === 'KG') {
    const perKg = psych(cents * (0.7 + rng() * 0.15));
    const perLb = psych(perKg / LB_PER_KG);
    return { priceText: `${dollars(perKg)} /kg`, saleStory: `${dollars(perLb)} /lb` };
  }
  const roll = rng();
  if (roll < 0.25 && cents <= 900) {
    const n = cents <= 300 && rng() < 0.5 ? 3 : 2;
    const total = Math.max(1, Math.floor((n * cents * 0.85) / 100));
    if (total * 100 < n * cents) return { priceText: dollars(cents), saleStory: `${n} for $${total}` };
  }
  if (roll < 0.5) {
    const points = pick(rng, cents < 400 ? [100, 200, 300] : cents < 1000 ? [300, 500] : [500, 1000]);
    return { priceText: dollars(cents), saleStory: `Earn ${points} points` };
  }
  // a saving of 10-30 %, in tens of cents (flyers say 'Save $1.50', not 'Save $1.47')
  const saving = Math.max(20, Math.round((cents * (0.1 + rng() * 0.2)) / 10) * 10);
  if (saving >= cents - 20) return { priceText: dollars(cents), saleStory: 'Earn 100 points' };
  return { priceText: dollars(cents - saving), saleStory: `Save ${shortDollars(saving)}` };
}

/** Picks `count` distinct items of `pool` (deterministic for `rng`). */
function sample<T>(pool: T[], count: number, rng: Rng): T[] {
  const rest = [...pool];
  const out: T[] = [];
  while (out.length < count && rest.length) out.push(rest.splice(Math.floor(rng() * rest.length), 1)[0] as T);
  return out;
}

/**
 * One weekly publication per store: 24–40 items over 2–4 pages, products available at that store
 * (picked among its department's most popular), priced from the store's price. Pure and deterministic
 * (seeded per store number); no dates (the flyer provider computes the current week).
 */
export function buildFlyers(products: ProductRecord[], stores: StoreRecord[]): FlyerPublicationRecord[] {
  const byPopularity = [...products].sort((a, b) => b.popularity - a.popularity || a.articleNumber.localeCompare(b.articleNumber));
  return stores.map((store) => {
    const rng = rngFor(`flyer-${store.storeNumber}`);
    const pageCount = intBetween(rng, 2, 4);
    const total = intBetween(rng, 24, 40);
    const groups = DEPARTMENTS.map((dept, d) => {
      const pool = byPopularity
        .filter((p) => dept.categories.includes(p.category) && p.storeIds.includes(store.storeNumber) && !NOT_FLYER_WORTHY.test(p.title))
        .slice(0, POOL_SIZE);
      const count = d === DEPARTMENTS.length - 1
        ? total - DEPARTMENTS.slice(0, d).reduce((n, x) => n + Math.round(total * x.share), 0)
        : Math.round(total * dept.share);
      const picked = sample(pool, count, rng).sort((a, b) => dept.categories.indexOf(a.category) - dept.categories.indexOf(b.category));
      return picked.map((p): FlyerItemRecord => {
        const cents = p.storePrices[store.storeNumber] ?? p.price;
        return {
          id: `${store.storeNumber}-${p.articleNumber}`,
          articleNumber: p.articleNumber,
          uom: p.uom,
          name: p.title,
          category: p.category,
          size: p.plu ? null : p.size,
          ...saleFor(p, cents, rng),
        };
      });
    });
    const layout: number[][] = pageCount === 4 ? [[0], [1], [2], [3]] : pageCount === 3 ? [[0], [1], [2, 3]] : [[0, 1], [2, 3]];
    const pages: FlyerPageRecord[] = layout.map((ds, i) => ({
      number: i + 1,
      title: ds.length === 1 ? (DEPARTMENTS[ds[0] as number] as { title: string }).title : (MERGED_TITLES[ds.join('+')] as string),
      items: ds.flatMap((d) => groups[d] as FlyerItemRecord[]),
    }));
    return { storeCode: store.storeNumber, merchant: FLYER_MERCHANT, title: 'Weekly Flyer', pages };
  });
}

/**
 * Sets `onFlyer` (in place): true for a product that is an item of at least one store's weekly flyer
 * (the 'On flyer' facet of the category pages). Returns how many products are on a flyer.
 */
export function applyFlyerFlags(products: ProductRecord[], flyers: FlyerPublicationRecord[]): number {
  const onFlyer = new Set(flyers.flatMap((f) => f.pages.flatMap((pg) => pg.items.map((it) => it.articleNumber))));
  let n = 0;
  for (const p of products) {
    p.onFlyer = onFlyer.has(p.articleNumber);
    if (p.onFlyer) n += 1;
  }
  return n;
}
