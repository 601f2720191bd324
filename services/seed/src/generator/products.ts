import type { BannerCode, CategoryRecord, ProductRecord, StoreRecord, Uom } from '../types';
import { dietaryFor, notSoldReason, shopperName } from './curation';
import { hashString, intBetween, pick, rngFor, slugify, type Rng } from './prng';

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

/** Aisle placement for a food. Units: price ranges in cents. */
interface Placement {
  category: string;
  subcategory: string;
  aisle: string;
  sizes: readonly string[];
  priceRange: [number, number];
  loose?: boolean;
}

const SKIP_GROUPS = new Set(['0300', '2100', '3500']); // baby foods, fast foods, Alaska Native / regional foods
const SKIP_ALWAYS = /\b(infant|toddler|baby|by-products|mechanically separated|variety meats|industrial|alcoholic|from recipe|reconstituted|(?<!commercially )prepared|dehydrated|USDA commodity|school lunch|imitation|formulated|nfs|ns as to|composite|home-prepared|restaurant|fast food|meal replacement|protein powder|with added nutrients|dry form|acerola|stabilized|glandular|oogruk)\b/i;
const COOKED = /\b(cooked|boiled|roasted|braised|broiled|stewed|simmered|microwaved|heated|fried|grilled|steamed|pan-browned|pan-fried|scrambled|poached|rotisserie|baked|toasted|drained)\b/;
const COOKED_CHECK_GROUPS = new Set(['0100', '0500', '0700', '1000', '1100', '1300', '1500', '1600', '1700', '2000', '0900']);

const NOISE_SEGMENT = [
  /^raw$/i, /^all commercial varieties$/i, /^without salt$/i, /^with salt$/i, /^(un)?enriched$/i, /^fortified$/i,
  /^regular$/i, /^mixed species$/i, /^year round average$/i, /^separable lean (and fat|only)$/i, /trimmed to/i,
  /^(usda )?(choice|select|prime|all grades)$/i, /^meat only$/i, /^meat and skin( and giblets and neck)?$/i,
  /^broilers or fryers$/i, /^solids and liquids$/i, /ascorbic acid/i, /^with added vitamin/i, /^not drained/i,
  /^unprepared$/i, /^ready-to-(eat|serve)$/i, /^commercially prepared$/i, /^commercial$/i, /^plain$/i,
  /^fresh$/i, /^made with /i, /^without added /i, /^with added /i, /^composite of /i, /^includes /i,
  /^retail parts$/i, /^whole$/i, /^unheated$/i, /^uncooked$/i, /^dry$/i, /^mature seeds$/i, /^california$/i,
  /^florida$/i, /^all areas$/i, /^all classes$/i, /^red and white/i, /^microwav/i, /^select$/i, /^company$/i, /^co\.?$/i, /^inc\.?$/i, /^usa$/i,
];

/** Heads written after their qualifier: 'Cheese, cheddar' → 'Cheddar Cheese'. */
const SWAP_HEADS = new Set(['cheese', 'bread', 'soup', 'oil', 'vinegar', 'flour', 'sauce', 'crackers', 'cookies', 'rolls', 'muffins', 'tea', 'yogurt', 'juice', 'pie', 'cake', 'salad dressing', 'seeds', 'rice', 'candies', 'pasta', 'noodles', 'syrups', 'spices']);
/** Heads joined with their qualifier: 'Chicken, breast' → 'Chicken Breast'. */
const JOIN_HEADS = new Set(['chicken', 'beef', 'pork', 'lamb', 'veal', 'turkey', 'milk', 'cream', 'egg', 'duck']);
/** Heads dropped in favour of the qualifier: 'Nuts, almonds' → 'Almonds'. */
const DROP_HEADS = new Set(['nuts', 'fish', 'crustaceans', 'mollusks', 'spices', 'beverages', 'snacks', 'candies', 'cereals ready-to-eat', 'cereals', 'game meat', 'fruit', 'poultry food products', 'soups', 'pork products', 'beef products']);

const SMALL_WORDS = new Set(['and', 'or', 'with', 'in', 'of', 'a', 'the', 'to', 'for']);

function titleCase(s: string): string {
  return s
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(/(^|[-/(])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());
    })
    .join(' ');
}

const BRAND_WORD = /\b[A-Z][A-Z'&.!-]{2,}\b|\b[A-Z]{2,}'S\b/g;

/**
 * Turns a Long_Desc into a shopper-friendly title without brand names.
 * Returns `branded: true` when US brand words or a manufacturer were present.
 * Examples: 'Cheese, cheddar' → 'Cheddar Cheese'; 'Apples, raw, fuji, with skin' → 'Apples, Fuji, With Skin'.
 */
export function cleanTitle(longDesc: string, manufacturer = ''): { title: string; head: string; branded: boolean } | null {
  let branded = manufacturer.length > 0;
  const noParens = longDesc.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ');
  let segments = noParens.split(',').map((s) => s.trim()).filter(Boolean);
  segments = segments
    .map((s) => {
      const stripped = s.replace(BRAND_WORD, (m) => {
        branded = true;
        return m.length > 0 ? '' : m;
      });
      return stripped.replace(/\s+/g, ' ').replace(/^[\s&'-]+|[\s&'-]+$/g, '').trim();
    })
    .filter((s) => s.length > 1 && !/^[^a-z]*$/i.test(s))
    .filter((s) => !NOISE_SEGMENT.some((re) => re.test(s)))
    .filter((s) => !/\b(company|inc|foods? (co|corp)|corporation)\b/i.test(s));
  if (segments.length === 0) return null;
  const head = (segments[0] as string).toLowerCase();
  let parts = segments.slice(0, 3);
  if (parts.length >= 2) {
    const [a, b, ...rest] = parts as [string, string, ...string[]];
    const h = a.toLowerCase();
    let first: string;
    if (DROP_HEADS.has(h)) first = b;
    else if (SWAP_HEADS.has(h)) first = b.toLowerCase().includes(h.replace(/s$/, '')) ? b : `${b} ${a}`;
    else if (JOIN_HEADS.has(h)) first = `${a} ${b}`;
    else first = `${a}, ${b}`;
    parts = [first, ...rest];
  }
  const title = titleCase(parts.join(', ')).replace(/\s+,/g, ',');
  if (title.length < 3 || title.length > 70) return null;
  return { title, head, branded };
}

const G_PANTRY = ['250 g', '340 g', '500 g', '900 g'];

function placementFor(food: FoodDes, head: string): Placement | null {
  const d = food.longDesc.toLowerCase();
  const frozen = /\bfrozen\b/.test(d);
  const canned = /\bcanned\b/.test(d);
  const dried = /\b(dried|dehydrated)\b/.test(d);
  switch (food.groupCode) {
    case '0100':
      if (/^cheese/.test(head)) return { category: 'Dairy & Eggs', subcategory: 'Cheese', aisle: 'Dairy', sizes: ['200 g', '400 g', '700 g'], priceRange: [499, 1299] };
      if (/^milk|^cream|^half and half|^buttermilk/.test(head)) return { category: 'Dairy & Eggs', subcategory: 'Milk & Cream', aisle: 'Dairy', sizes: /cream/.test(head) ? ['473 mL', '1 L'] : ['1 L', '2 L', '4 L'], priceRange: [249, 749] };
      if (/^yogurt/.test(head)) return { category: 'Dairy & Eggs', subcategory: 'Yogurt', aisle: 'Dairy', sizes: ['650 g', '750 g', '4 x 100 g'], priceRange: [299, 699] };
      if (/^egg/.test(head)) return { category: 'Dairy & Eggs', subcategory: 'Eggs', aisle: 'Dairy', sizes: ['12 ea', '18 ea'], priceRange: [349, 699] };
      if (/^butter/.test(head)) return { category: 'Dairy & Eggs', subcategory: 'Butter & Margarine', aisle: 'Dairy', sizes: ['454 g'], priceRange: [499, 899] };
      return { category: 'Dairy & Eggs', subcategory: 'Dairy Desserts & More', aisle: 'Dairy', sizes: ['250 g', '500 g'], priceRange: [299, 799] };
    case '0200':
      return { category: 'Pantry', subcategory: 'Spices & Seasonings', aisle: 'Aisle 5 - Baking & Spices', sizes: ['40 g', '75 g', '100 g'], priceRange: [199, 699] };
    case '0400':
      if (/margarine|butter/.test(head)) return { category: 'Dairy & Eggs', subcategory: 'Butter & Margarine', aisle: 'Dairy', sizes: ['454 g', '907 g'], priceRange: [349, 799] };
      if (/dressing|mayonnaise/.test(d)) return { category: 'Pantry', subcategory: 'Dressings & Condiments', aisle: 'Aisle 4 - Condiments', sizes: ['475 mL', '890 mL'], priceRange: [299, 699] };
      return { category: 'Pantry', subcategory: 'Oils & Vinegars', aisle: 'Aisle 4 - Condiments', sizes: ['500 mL', '1 L', '3 L'], priceRange: [399, 1599] };
    case '0500':
      return { category: 'Meat & Seafood', subcategory: 'Poultry', aisle: 'Meat & Seafood', sizes: ['1 kg'], priceRange: [899, 2299] };
    case '0600':
      if (/^soup/.test(head)) return { category: 'Pantry', subcategory: 'Soups & Broth', aisle: 'Aisle 3 - Canned Goods', sizes: ['284 mL', '540 mL', '900 mL'], priceRange: [129, 499] };
      return { category: 'Pantry', subcategory: 'Sauces & Gravies', aisle: 'Aisle 4 - Condiments', sizes: ['341 mL', '650 mL'], priceRange: [199, 599] };
    case '0700':
      return { category: 'Deli', subcategory: 'Deli Meats & Sausages', aisle: 'Deli', sizes: ['175 g', '375 g', '500 g'], priceRange: [349, 999] };
    case '0800':
      if (/oat|farina|wheat, cream|grits|whole wheat hot/.test(d) && !/ready-to-eat/.test(d)) return { category: 'Breakfast', subcategory: 'Hot Cereal & Oatmeal', aisle: 'Aisle 1 - Breakfast', sizes: ['1 kg', '450 g'], priceRange: [299, 699] };
      return { category: 'Breakfast', subcategory: 'Cereal', aisle: 'Aisle 1 - Breakfast', sizes: ['350 g', '525 g', '750 g'], priceRange: [349, 799] };
    case '0900':
      if (/juice|nectar|drink/.test(d)) return { category: 'Beverages', subcategory: 'Juice', aisle: 'Aisle 7 - Beverages', sizes: ['1 L', '1.75 L'], priceRange: [199, 699] };
      if (frozen) return { category: 'Frozen', subcategory: 'Frozen Fruit', aisle: 'Frozen', sizes: ['600 g', '1.5 kg'], priceRange: [399, 1099] };
      if (canned) return { category: 'Pantry', subcategory: 'Canned Fruit', aisle: 'Aisle 3 - Canned Goods', sizes: ['398 mL', '796 mL'], priceRange: [149, 449] };
      if (dried) return { category: 'Pantry', subcategory: 'Dried Fruit', aisle: 'Aisle 6 - Snacks', sizes: ['200 g', '454 g'], priceRange: [299, 899] };
      return { category: 'Fruits & Vegetables', subcategory: 'Fresh Fruit', aisle: 'Produce', sizes: ['1 kg'], priceRange: [199, 899], loose: true };
    case '1000':
      if (/\bcured\b|bacon|ham\b/.test(d)) return { category: 'Deli', subcategory: 'Bacon & Ham', aisle: 'Deli', sizes: ['375 g', '500 g'], priceRange: [449, 1099] };
      return { category: 'Meat & Seafood', subcategory: 'Pork', aisle: 'Meat & Seafood', sizes: ['1 kg'], priceRange: [699, 1999] };
    case '1100':
      if (/juice/.test(d)) return { category: 'Beverages', subcategory: 'Juice', aisle: 'Aisle 7 - Beverages', sizes: ['1 L', '1.89 L'], priceRange: [199, 599] };
      if (frozen) return { category: 'Frozen', subcategory: 'Frozen Vegetables', aisle: 'Frozen', sizes: ['500 g', '750 g', '2 kg'], priceRange: [249, 899] };
      if (canned) return { category: 'Pantry', subcategory: 'Canned Vegetables', aisle: 'Aisle 3 - Canned Goods', sizes: ['398 mL', '540 mL'], priceRange: [119, 399] };
      if (dried || /\b(chips|powder|flakes)\b/.test(d)) return { category: 'Pantry', subcategory: 'Dried Vegetables', aisle: 'Aisle 3 - Canned Goods', sizes: ['100 g', '250 g'], priceRange: [249, 699] };
      return { category: 'Fruits & Vegetables', subcategory: 'Fresh Vegetables', aisle: 'Produce', sizes: ['1 kg'], priceRange: [199, 999], loose: true };
    case '1200':
      return { category: 'Pantry', subcategory: 'Nuts & Seeds', aisle: 'Aisle 6 - Snacks', sizes: ['200 g', '400 g', '750 g'], priceRange: [399, 1499] };
    case '1300':
      if (/ground/.test(d)) return { category: 'Meat & Seafood', subcategory: 'Beef', aisle: 'Meat & Seafood', sizes: ['454 g', '1 kg'], priceRange: [799, 1599] };
      return { category: 'Meat & Seafood', subcategory: 'Beef', aisle: 'Meat & Seafood', sizes: ['1 kg'], priceRange: [1199, 3999] };
    case '1400':
      if (/coffee/.test(d)) return { category: 'Beverages', subcategory: 'Coffee & Tea', aisle: 'Aisle 7 - Beverages', sizes: ['340 g', '930 g'], priceRange: [599, 1799] };
      if (/\btea\b/.test(d)) return { category: 'Beverages', subcategory: 'Coffee & Tea', aisle: 'Aisle 7 - Beverages', sizes: ['72 ea', '20 ea'], priceRange: [299, 899] };
      if (/water/.test(head)) return { category: 'Beverages', subcategory: 'Water', aisle: 'Aisle 7 - Beverages', sizes: ['1.5 L', '24 x 500 mL'], priceRange: [149, 599] };
      return { category: 'Beverages', subcategory: 'Soft Drinks & Mixes', aisle: 'Aisle 7 - Beverages', sizes: ['355 mL', '2 L', '12 x 355 mL'], priceRange: [129, 899] };
    case '1500':
      if (canned) return { category: 'Pantry', subcategory: 'Canned Fish', aisle: 'Aisle 3 - Canned Goods', sizes: ['170 g', '213 g'], priceRange: [199, 599] };
      return { category: 'Meat & Seafood', subcategory: 'Fish & Seafood', aisle: 'Meat & Seafood', sizes: ['1 kg', '454 g'], priceRange: [1299, 4499] };
    case '1600':
      if (/tofu|soymilk|soy milk/.test(d)) return { category: 'Dairy & Eggs', subcategory: 'Plant-Based', aisle: 'Dairy', sizes: ['350 g', '1.89 L'], priceRange: [249, 599] };
      if (/peanut butter|peanuts/.test(d)) return { category: 'Pantry', subcategory: 'Nut Butters & Spreads', aisle: 'Aisle 2 - Spreads', sizes: ['500 g', '1 kg'], priceRange: [349, 899] };
      if (canned) return { category: 'Pantry', subcategory: 'Canned Beans', aisle: 'Aisle 3 - Canned Goods', sizes: ['540 mL'], priceRange: [119, 349] };
      return { category: 'Pantry', subcategory: 'Dried Beans & Lentils', aisle: 'Aisle 3 - Canned Goods', sizes: ['450 g', '900 g'], priceRange: [199, 599] };
    case '1700':
      return { category: 'Meat & Seafood', subcategory: 'Lamb, Veal & Game', aisle: 'Meat & Seafood', sizes: ['1 kg'], priceRange: [1399, 3999] };
    case '1800':
      if (/^bread|^rolls|^bagels|^english muffins|^tortillas|^pita/.test(head)) return { category: 'Bakery', subcategory: 'Bread & Rolls', aisle: 'Bakery', sizes: ['675 g', '6 ea', '12 ea'], priceRange: [249, 599] };
      if (/^cookies|^crackers/.test(head)) return { category: 'Snacks & Candy', subcategory: 'Cookies & Crackers', aisle: 'Aisle 6 - Snacks', sizes: ['200 g', '350 g'], priceRange: [249, 599] };
      if (/mix|leavening|baking/.test(d)) return { category: 'Pantry', subcategory: 'Baking', aisle: 'Aisle 5 - Baking & Spices', sizes: ['450 g', '1 kg'], priceRange: [199, 599] };
      return { category: 'Bakery', subcategory: 'Cakes, Pies & Pastries', aisle: 'Bakery', sizes: ['1 ea', '6 ea', '400 g'], priceRange: [349, 1299] };
    case '1900':
      if (/ice cream|frozen|sherbet|popsicle/.test(d)) return { category: 'Frozen', subcategory: 'Ice Cream & Desserts', aisle: 'Frozen', sizes: ['1.5 L', '2 L', '6 ea'], priceRange: [399, 899] };
      if (/syrup|honey|jam|jelly|preserves|marmalade|sugar/.test(d)) return { category: 'Pantry', subcategory: 'Sugar, Syrups & Spreads', aisle: 'Aisle 2 - Spreads', sizes: ['250 mL', '500 g', '1 kg'], priceRange: [249, 1199] };
      if (/pudding|gelatin/.test(d)) return { category: 'Pantry', subcategory: 'Puddings & Desserts', aisle: 'Aisle 5 - Baking & Spices', sizes: ['85 g', '4 x 99 g'], priceRange: [129, 449] };
      return { category: 'Snacks & Candy', subcategory: 'Candy & Chocolate', aisle: 'Aisle 6 - Snacks', sizes: ['45 g', '150 g', '300 g'], priceRange: [129, 699] };
    case '2000':
      if (/pasta|spaghetti|macaroni|noodles/.test(d)) return { category: 'Pantry', subcategory: 'Pasta', aisle: 'Aisle 3 - Canned Goods', sizes: ['450 g', '900 g'], priceRange: [149, 449] };
      if (/flour|meal\b|cornmeal|bran\b/.test(d)) return { category: 'Pantry', subcategory: 'Baking', aisle: 'Aisle 5 - Baking & Spices', sizes: ['1 kg', '2.5 kg'], priceRange: [299, 899] };
      return { category: 'Pantry', subcategory: 'Rice & Grains', aisle: 'Aisle 3 - Canned Goods', sizes: ['900 g', '2 kg'], priceRange: [249, 1099] };
    case '2200':
      return { category: 'Frozen', subcategory: 'Frozen Meals', aisle: 'Frozen', sizes: ['300 g', '600 g', '1 kg'], priceRange: [399, 1299] };
    case '2500':
      if (/bar\b|bars\b/.test(d)) return { category: 'Snacks & Candy', subcategory: 'Granola & Snack Bars', aisle: 'Aisle 6 - Snacks', sizes: ['6 ea', '210 g'], priceRange: [299, 599] };
      return { category: 'Snacks & Candy', subcategory: 'Chips & Snacks', aisle: 'Aisle 6 - Snacks', sizes: ['180 g', '235 g', '300 g'], priceRange: [199, 599] };
    default:
      return { category: 'Pantry', subcategory: 'Pantry Staples', aisle: 'Aisle 3 - Canned Goods', sizes: G_PANTRY, priceRange: [199, 799] };
  }
}

/** Noun appended to short branded titles, e.g. 'Honey Nut' → 'Honey Nut Cereal'. */
const SUBCATEGORY_NOUN: Record<string, string> = {
  Cereal: 'Cereal', 'Hot Cereal & Oatmeal': 'Hot Cereal', 'Candy & Chocolate': 'Candy', 'Chips & Snacks': 'Snacks',
  'Cookies & Crackers': 'Cookies', 'Soups & Broth': 'Soup', 'Deli Meats & Sausages': 'Deli Meat', 'Frozen Meals': 'Frozen Meal',
  'Cakes, Pies & Pastries': 'Pastries', 'Granola & Snack Bars': 'Snack Bars', 'Soft Drinks & Mixes': 'Drink',
  'Ice Cream & Desserts': 'Frozen Dessert', 'Sauces & Gravies': 'Sauce',
};

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
  const foods = parseFoodDes(lines).filter(
    (food) =>
      !SKIP_GROUPS.has(food.groupCode) &&
      !SKIP_ALWAYS.test(food.longDesc) &&
      !(COOKED_CHECK_GROUPS.has(food.groupCode) && COOKED.test(food.longDesc.toLowerCase())) &&
      !(food.groupCode === '1800' && /\btoasted\b/i.test(food.longDesc)) &&
      // Curation: what a grocer would not list (rules and reasons in curation.ts NOT_SOLD).
      notSoldReason(food.longDesc) === null,
  );
  // Generic vocabulary: words of unbranded titles. In branded rows, any other word is taken for a
  // (mixed-case) US brand or product-line name and removed, e.g. 'Eggo', "Campbell's", 'Beefaroni'.
  const vocabulary = new Set<string>();
  for (const food of foods) {
    const c = cleanTitle(food.longDesc, food.manufacturer);
    if (c && !c.branded) for (const w of c.title.toLowerCase().split(/[\s,]+/)) vocabulary.add(w);
  }
  const seenTitles = new Set<string>();
  const usedPlu = new Set<string>();
  const products: ProductRecord[] = [];
  for (const food of foods) {
    const cleaned = cleanTitle(food.longDesc, food.manufacturer);
    if (!cleaned) continue;
    if (cleaned.branded) {
      const generic = cleaned.title
        .split(/\s+/)
        .filter((w) => vocabulary.has(w.toLowerCase().replace(/,$/, '')) || /^[\d%.,/-]+$/.test(w))
        .join(' ')
        .replace(/^[,\s]+|[,\s]+$/g, '')
        .replace(/,(\s*,)+/g, ',');
      cleaned.title = generic;
    }
    const placement = placementFor(food, cleaned.head);
    if (!placement) continue;
    if (cleaned.branded) {
      let t = cleaned.title
        .replace(/\s[/.-](?=\s)/g, ' ')
        .replace(/\b(By)\b/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      t = t.replace(/^((with|of|in|and|or|&|-|\.)[\s,]+)+/i, '').replace(/([\s,]+(with|of|in|and|or|&|-))+$/i, '').trim();
      if (/^(with|of|in|and|or|by|all flavors|original|&)?$/i.test(t)) continue;
      const words = t.toLowerCase().split(/[\s,]+/).filter(Boolean);
      const subWords = placement.subcategory.toLowerCase().split(/[\s,&]+/).map((w) => w.replace(/s$/, ''));
      if (words.length <= 2 && !words.some((w) => subWords.some((sw) => sw.length > 2 && w.startsWith(sw)))) {
        t = `${t} ${SUBCATEGORY_NOUN[placement.subcategory] ?? placement.subcategory}`;
      }
      if (t.replace(/[^a-z]/gi, '').length < 4) continue;
      cleaned.title = t.replace(/\s+/g, ' ').replace(/,\s*&/g, ' &');
    }
    const rng: Rng = rngFor(food.ndbNo);
    const coop = rng() < 0.2;
    const brand = coop ? STORE_BRANDS.coop : STORE_BRANDS.standard;
    // The name a shopper recognises ('Butter, Salted' → 'Salted Butter'); usdaNdbNo keeps the source row.
    const sourceTitle = cleaned.branded ? `${brand} ${cleaned.title}` : cleaned.title;
    const title = shopperName(sourceTitle, food.longDesc);
    const key = title.toLowerCase();
    if (seenTitles.has(key)) continue;
    seenTitles.add(key);

    const articleNumber = articleNumberFor(food.ndbNo);
    const byWeight = Boolean(placement.loose) && !SOLD_EACH.test(sourceTitle);
    const size = placement.loose ? (byWeight ? '1 kg' : '1 ea') : pick(rng, placement.sizes);
    const uom = uomForSize(size);
    let plu: string | null = null;
    if (byWeight) {
      let n = 3000 + (hashString(`plu-${food.ndbNo}`) % 2000);
      while (usedPlu.has(String(n))) n = n >= 4999 ? 3000 : n + 1;
      plu = String(n);
      usedPlu.add(plu);
    }
    const [lo, hi] = placement.priceRange;
    let price = psychPrice(intBetween(rng, lo, hi));
    if (!placement.loose && /kg$|L$/.test(size) && /^[2-4]/.test(size)) price = psychPrice(price * 1.6);
    if (placement.loose && !byWeight) price = psychPrice(intBetween(rng, 129, 499));

    const banners: BannerCode[] = coop ? ['coop'] : ['standard', 'coop'];
    const eligible = originalStores.filter((s) => banners.includes(s.bannerCode));
    // Draws keep using the title before renaming, so curation changed no price or availability.
    const availability = POPULAR.test(sourceTitle) ? 0.95 : 0.75;
    let inStores = eligible.filter(() => rng() < availability);
    if (inStores.length === 0 && eligible.length > 0) inStores = [eligible[0] as StoreRecord];
    const storePrices: Record<string, number> = {};
    const priceAt = (s: StoreRecord, r: Rng) => {
      const factor = 1 + (r() * 0.13 - 0.05) + (s.region[0] === 'atlantic' ? 0.02 : 0);
      storePrices[s.storeNumber] = psychPrice(price * factor);
    };
    for (const s of inStores) priceAt(s, rng);
    const popularity = intBetween(rng, 1, 1000) + (POPULAR.test(sourceTitle) ? 5000 : 0) + (sourceTitle.includes(',') ? 0 : 1500) + (cleaned.branded ? 0 : 300);
    // Stores appended later draw from a PRNG of their own, after every draw above.
    for (const s of appendedStores) {
      if (!banners.includes(s.bannerCode)) continue;
      const own = rngFor(`${food.ndbNo}-store-${s.storeNumber}`);
      if (own() >= availability) continue;
      inStores.push(s);
      priceAt(s, own);
    }
    const regions = [...new Set(inStores.flatMap((s) => s.region))].sort();

    products.push({
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
      size,
      uom,
      plu,
      price,
      pageSlug: `products/${slugify(title)}-${articleNumber}`,
      banners,
      storeIds: inStores.map((s) => s.storeNumber),
      storePrices,
      regions,
      popularity,
      usdaNdbNo: food.ndbNo,
      dietary: dietaryFor(food.groupCode, food.longDesc, cleaned.branded),
      // Set by the generator from the flyers (applyFlyerFlags) and the pictures (applyPictures).
      onFlyer: false,
      bannerImage: null,
      featuredImage: null,
      videoUrl: null,
      videoThumbnail: null,
    });
  }
  return products;
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
