import type { BannerCode, CategoryRecord, ProductRecord, StoreRecord, Uom } from '../types';
import { dietaryFor, notSoldReason, shopperName } from './curation';
import { placementFor, type Placement } from './placement';
import { hashString, intBetween, pick, rngFor, slugify, type Rng } from './prng';
import { brandedShelfTitle, cleanTitle, genericTitle, genericVocabulary } from './titles';

/** One parsed FOOD_DES row (USDA SR21). */
export interface FoodDes {
  ndbNo: string;
  groupCode: string;
  longDesc: string;
  manufacturer: string;
}

/** Store brands replacing the US brand names of SR21 (ARCHITECTURE / data README). */
export const STORE_BRANDS = { standard: 'Harbour Pantry', coop: 'Co-op Gold' } as const;

/**
 * Parses FOOD_DES.txt lines (`^`-separated, text wrapped in `~`). Malformed lines are skipped.
 * Fields: NDB_No, FdGrp_Cd, Long_Desc, Shrt_Desc, ComName, ManufacName, ...
 */
export function parseFoodDes(lines: string[]): FoodDes[] {
  const out: FoodDes[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) continue;
    const f = line.split('^').map((v) => v.replace(/^~|~$/g, ''));
    if (f.length < 6 || !/^\d{5}$/.test(f[0] ?? '') || !/^\d{4}$/.test(f[1] ?? '')) continue;
    out.push({ ndbNo: f[0] as string, groupCode: f[1] as string, longDesc: (f[2] as string).trim(), manufacturer: (f[5] as string).trim() });
  }
  return out;
}

const SKIP_GROUPS = new Set(['0300', '2100', '3500']); // baby foods, fast foods, Alaska Native / regional foods
const SKIP_ALWAYS = /\b(infant|toddler|baby|by-products|mechanically separated|variety meats|industrial|alcoholic|from recipe|reconstituted|(?<!commercially )prepared|dehydrated|USDA commodity|school lunch|imitation|formulated|nfs|ns as to|composite|home-prepared|restaurant|fast food|meal replacement|protein powder|with added nutrients|dry form|acerola|stabilized|glandular|oogruk)\b/i;
const COOKED = /\b(cooked|boiled|roasted|braised|broiled|stewed|simmered|microwaved|heated|fried|grilled|steamed|pan-browned|pan-fried|scrambled|poached|rotisserie|baked|toasted|drained)\b/;
const COOKED_CHECK_GROUPS = new Set(['0100', '0500', '0700', '1000', '1100', '1300', '1500', '1600', '1700', '2000', '0900']);

/** Produce sold by the unit rather than by weight (no PLU by weight). */
const SOLD_EACH = /\b(lettuce|melons?|cantaloupe|honeydew|watermelon|pineapple|avocados?|cauliflower|cabbage|squash|coconut|mangos?|celery|corn|cucumber|eggplant|grapefruit|pumpkin|broccoli|artichokes?|papayas?|kohlrabi|fennel|romaine|endive|radicchio|jicama)\b/i;

/** UOM code for a human size string: '500 g' → 'G', '1.5 kg' → 'KG', '2 L' → 'L', '12 ea' → 'EA'. */
export function uomForSize(size: string): Uom {
  if (/\bx\b/.test(size) || /\bea$/.test(size)) return 'EA';
  if (/\bkg$/.test(size)) return 'KG';
  if (/\bmL$/.test(size)) return 'ML';
  if (/\bL$/.test(size)) return 'L';
  if (/\blb$/.test(size)) return 'LB';
  return 'G';
}

/** Shelf price ending in 9 cents: 512 → 519. Input and output in cents. */
function psychPrice(cents: number): number {
  return Math.max(49, Math.floor(cents / 10) * 10 + 9);
}

const POPULAR = /\b(milk|eggs?|bread|bananas?|apples?|chicken|ground|cheddar|butter|potatoes|onions|carrots|tomatoes|lettuce|rice|spaghetti|pasta|yogurt|oranges|coffee|strawberries|blueberries|salmon|bacon|broccoli|grapes|avocados|peppers|cereal|peanut|flour|sugar|oil)\b/i;

/** Article number: '20' + NDB number + a check digit (8 digits, unique per NDB number). */
export function articleNumberFor(ndbNo: string): string {
  const base = `20${ndbNo}`;
  let sum = 0;
  for (let i = 0; i < base.length; i += 1) sum += Number(base[i]) * (i % 2 === 0 ? 3 : 1);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/**
 * How many stores the catalogue was first generated with (the first 30 of STORE_PLAN). Their availability
 * and prices come from the product's PRNG, in store order; a store appended after them (0042)
 * draws from a PRNG of its own (`<NDB number>-store-<store number>`), so appending a store never changes
 * the other stores' availability, prices or the products' popularity.
 */
export const ORIGINAL_STORE_COUNT = 30;

/** Drops what the catalogue never lists (README "Mapping rules": skipped groups, cooked variants, `NOT_SOLD`). */
function sellableFoods(lines: string[]): FoodDes[] {
  return parseFoodDes(lines).filter(
    (food) =>
      !SKIP_GROUPS.has(food.groupCode) &&
      !SKIP_ALWAYS.test(food.longDesc) &&
      !(COOKED_CHECK_GROUPS.has(food.groupCode) && COOKED.test(food.longDesc.toLowerCase())) &&
      !(food.groupCode === '1800' && /\btoasted\b/i.test(food.longDesc)) &&
      // Curation: what a grocer would not list (rules and reasons in curation.ts NOT_SOLD).
      notSoldReason(food.longDesc) === null,
  );
}

/** A 4-digit PLU (3000–4999) for produce sold by weight, unique across the catalogue (`used` is updated). */
function pluFor(ndbNo: string, used: Set<string>): string {
  let n = 3000 + (hashString(`plu-${ndbNo}`) % 2000);
  while (used.has(String(n))) n = n >= 4999 ? 3000 : n + 1;
  const plu = String(n);
  used.add(plu);
  return plu;
}

/** Pack size and regular price (cents) of a product; draws from `rng` in the catalogue's fixed order. */
function sizeAndPrice(rng: Rng, placement: Placement, byWeight: boolean): { size: string; price: number } {
  const size = placement.loose ? (byWeight ? '1 kg' : '1 ea') : pick(rng, placement.sizes);
  const [lo, hi] = placement.priceRange;
  let price = psychPrice(intBetween(rng, lo, hi));
  if (!placement.loose && /kg$|L$/.test(size) && /^[2-4]/.test(size)) price = psychPrice(price * 1.6);
  if (placement.loose && !byWeight) price = psychPrice(intBetween(rng, 129, 499));
  return { size, price };
}

/** Which stores carry a product and at what price (cents), keyed by store number. */
interface Stocking {
  inStores: StoreRecord[];
  storePrices: Record<string, number>;
}

/** Stocks a product at `store` with a price drawn from `rng` around `price` (Atlantic stores +2 %). */
function stockAt(stocking: Stocking, store: StoreRecord, price: number, rng: Rng): void {
  const factor = 1 + (rng() * 0.13 - 0.05) + (store.region[0] === 'atlantic' ? 0.02 : 0);
  stocking.storePrices[store.storeNumber] = psychPrice(price * factor);
}

/** Availability in the original stores, drawn from the product's PRNG (at least one eligible store). */
function stockOriginalStores(rng: Rng, stores: StoreRecord[], banners: BannerCode[], availability: number, price: number): Stocking {
  const eligible = stores.filter((s) => banners.includes(s.bannerCode));
  let inStores = eligible.filter(() => rng() < availability);
  if (inStores.length === 0 && eligible.length > 0) inStores = [eligible[0] as StoreRecord];
  const stocking: Stocking = { inStores, storePrices: {} };
  for (const s of inStores) stockAt(stocking, s, price, rng);
  return stocking;
}

/** Stores appended after ORIGINAL_STORE_COUNT draw from a PRNG of their own, so they change no other draw. */
function stockAppendedStores(stocking: Stocking, ndbNo: string, stores: StoreRecord[], banners: BannerCode[], availability: number, price: number): void {
  for (const s of stores) {
    if (!banners.includes(s.bannerCode)) continue;
    const own = rngFor(`${ndbNo}-store-${s.storeNumber}`);
    if (own() >= availability) continue;
    stocking.inStores.push(s);
    stockAt(stocking, s, price, own);
  }
}

/** A food's catalogue name, store brand and placement. */
interface Named {
  title: string;
  sourceTitle: string;
  brand: string;
  coop: boolean;
  branded: boolean;
  placement: Placement;
}

/**
 * Names and places one food: brand words removed (`vocabulary`), placement, store brand (first PRNG
 * draw), shopper name. Null when the title is unusable.
 */
function nameFood(food: FoodDes, vocabulary: Set<string>, rng: Rng): Named | null {
  const cleaned = cleanTitle(food.longDesc, food.manufacturer);
  if (!cleaned) return null;
  const placement = placementFor(food, cleaned.head);
  let shelfTitle = cleaned.title;
  if (cleaned.branded) {
    const t = brandedShelfTitle(genericTitle(cleaned.title, vocabulary), placement.subcategory);
    if (t === null) return null;
    shelfTitle = t;
  }
  const coop = rng() < 0.2;
  const brand = coop ? STORE_BRANDS.coop : STORE_BRANDS.standard;
  // The name a shopper recognises ('Butter, Salted' → 'Salted Butter'); usdaNdbNo keeps the source row.
  const sourceTitle = cleaned.branded ? `${brand} ${shelfTitle}` : shelfTitle;
  return { title: shopperName(sourceTitle, food.longDesc), sourceTitle, brand, coop, branded: cleaned.branded, placement };
}

/**
 * Maps FOOD_DES lines to catalogue products (pure, deterministic; randomness is seeded per NDB number).
 * Filters baby/fast/regional foods, cooked variants, odd entries and what a grocer would not list
 * (`NOT_SOLD`); names products as a shopper would (`shopperName`); dedupes by that name; labels
 * `dietary` (`dietaryFor`). `onFlyer` and the picture fields start false/null (see applyFlyerFlags, applyPictures).
 * @param lines raw FOOD_DES.txt lines.
 * @param stores stores used for availability (storeIds), per-store prices (cents) and regions
 *   (see ORIGINAL_STORE_COUNT for stores appended later).
 */
export function mapFoods(lines: string[], stores: StoreRecord[]): ProductRecord[] {
  const originalStores = stores.slice(0, ORIGINAL_STORE_COUNT);
  const appendedStores = stores.slice(ORIGINAL_STORE_COUNT);
  const foods = sellableFoods(lines);
  const vocabulary = genericVocabulary(foods.map((food) => cleanTitle(food.longDesc, food.manufacturer)));
  const seenTitles = new Set<string>();
  const usedPlu = new Set<string>();
  const products: ProductRecord[] = [];
  for (const food of foods) {
    const rng: Rng = rngFor(food.ndbNo);
    const named = nameFood(food, vocabulary, rng);
    if (!named) continue;
    const { title, sourceTitle, placement } = named;
    const key = title.toLowerCase();
    if (seenTitles.has(key)) continue;
    seenTitles.add(key);

    const byWeight = Boolean(placement.loose) && !SOLD_EACH.test(sourceTitle);
    const { size, price } = sizeAndPrice(rng, placement, byWeight);
    const banners: BannerCode[] = named.coop ? ['coop'] : ['standard', 'coop'];
    // Draws keep using the title before renaming, so curation changed no price or availability.
    const availability = POPULAR.test(sourceTitle) ? 0.95 : 0.75;
    const stocking = stockOriginalStores(rng, originalStores, banners, availability, price);
    const popularity = intBetween(rng, 1, 1000) + (POPULAR.test(sourceTitle) ? 5000 : 0) + (sourceTitle.includes(',') ? 0 : 1500) + (named.branded ? 0 : 300);
    stockAppendedStores(stocking, food.ndbNo, appendedStores, banners, availability, price);
    const plu = byWeight ? pluFor(food.ndbNo, usedPlu) : null;
    products.push(productRecord(food, named, { size, price, plu, banners, stocking, popularity }));
  }
  return products;
}

/** The catalogue record of a named, priced and stocked food. */
function productRecord(
  food: FoodDes,
  { title, brand, branded, placement }: Named,
  o: { size: string; price: number; plu: string | null; banners: BannerCode[]; stocking: Stocking; popularity: number },
): ProductRecord {
  const articleNumber = articleNumberFor(food.ndbNo);
  const { inStores, storePrices } = o.stocking;
  return {
    objectID: articleNumber,
    articleNumber,
    title,
    brand,
    category: placement.category,
    subcategory: placement.subcategory,
    categorySlug: slugify(placement.category),
    subcategorySlug: slugify(placement.subcategory),
    hierarchicalCategories: { lvl0: placement.category, lvl1: `${placement.category} > ${placement.subcategory}` },
    aisle: placement.aisle,
    size: o.size,
    uom: uomForSize(o.size),
    plu: o.plu,
    price: o.price,
    pageSlug: `products/${slugify(title)}-${articleNumber}`,
    banners: o.banners,
    storeIds: inStores.map((s) => s.storeNumber),
    storePrices,
    regions: [...new Set(inStores.flatMap((s) => s.region))].sort(),
    popularity: o.popularity,
    usdaNdbNo: food.ndbNo,
    dietary: dietaryFor(food.groupCode, food.longDesc, branded),
    // Set by the generator from the flyers (applyFlyerFlags) and the pictures (applyPictures).
    onFlyer: false,
    bannerImage: null,
    featuredImage: null,
    videoUrl: null,
    videoThumbnail: null,
  };
}

/**
 * The departments (categories) and their categories (subcategories) of the catalogue with URL slugs
 * and product counts, sorted by name (data/categories.json). A category URL
 * `/products/category/<slug>[/<subslug>]` exists exactly when its slugs are in this list.
 */
export function buildCategories(products: ProductRecord[]): CategoryRecord[] {
  const byCat = new Map<string, CategoryRecord>();
  for (const p of products) {
    let c = byCat.get(p.categorySlug);
    if (!c) byCat.set(p.categorySlug, (c = { slug: p.categorySlug, name: p.category, count: 0, subcategories: [] }));
    c.count += 1;
    let sub = c.subcategories.find((x) => x.slug === p.subcategorySlug);
    if (!sub) c.subcategories.push((sub = { slug: p.subcategorySlug, name: p.subcategory, count: 0 }));
    sub.count += 1;
  }
  const list = [...byCat.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const c of list) c.subcategories.sort((a, b) => a.name.localeCompare(b.name));
  return list;
}
