/**
 * Catalogue curation: which USDA SR21 foods a grocer would not list, the names a shopper
 * recognises, and the dietary labels the category facets offer. Pure functions over the FOOD_DES row
 * (`Long_Desc`, food group, manufacturer) and the cleaned title; `usdaNdbNo` is kept on every product
 * so the nutrition facts still match the source row.
 */
import type { Dietary } from '../types';

/**
 * Foods no grocery shelf carries, each with the reason (data README "Curation"). Tested on `Long_Desc`
 * (case-insensitive). Rule of thumb: leave out what only a laboratory, a food plant or a hospital would
 * name — human milk, raw-milk "producer" samples, industrial fats, fish oils (supplements), acid whey,
 * filled/lauric-acid dairy substitutes, frying and confectionery shortenings, test formulations
 * ("glucose reduced", "diluted with 3 volume water", "not specified") — and exotic cuts sold to
 * restaurants only (emu, ostrich; goose and turkey eggs; separable fat).
 */
export const NOT_SOLD: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /\bhuman\b/i, reason: 'human milk is not a grocery product' },
  { pattern: /^milk, (producer|indian buffalo|filled)\b/i, reason: 'raw producer milk, buffalo milk and filled milk are not sold at retail' },
  { pattern: /^milk substitutes, fluid|lauric acid|sodium caseinate/i, reason: 'food-service dairy substitutes' },
  { pattern: /^whey, (acid|sweet), fluid|^whey, acid\b/i, reason: 'cheese-making by-products' },
  { pattern: /\banhydrous\b|^sour dressing, non-butterfat/i, reason: 'industrial dairy fats' },
  { pattern: /^shortening[ ,]+(frying|confectionery|cake mix|bread|special purpose|multipurpose)|heavy duty/i, reason: 'bakery and frying-plant shortenings' },
  { pattern: /^fish oil\b/i, reason: 'fish oils are supplements, not groceries' },
  { pattern: /^fat, (beef tallow|mutton tallow|chicken|turkey)\b|^meat drippings|^animal fat\b|separable fat/i, reason: 'rendered fats and trimmings' },
  { pattern: /\b(babassu|sheanut|ucuhuba|nutmeg butter|cocoa butter|palm kernel|cottonseed, salad|tea seed|cupu assu|oat oil)\b/i, reason: 'industrial vegetable fats' },
  { pattern: /glucose reduced|diluted with \d+ volume|not specified|calcium reduced/i, reason: 'laboratory or formulation variants' },
  { pattern: /^(emu|ostrich)\b|^egg, (goose|turkey)\b/i, reason: 'cuts and eggs not sold in grocery stores' },
];

/** The reason a food is not listed, or null when a grocer would sell it. */
export function notSoldReason(longDesc: string): string | null {
  for (const rule of NOT_SOLD) if (rule.pattern.test(longDesc)) return rule.reason;
  return null;
}

/**
 * Shopper names of staples whose USDA wording no label uses, matched on `Long_Desc` (first match wins).
 * Milk and cream carry the Canadian milk-fat labels (2 %, 1 %, skim, 10 %, 35 %).
 */
const STAPLE_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/^milk, whole, 3\.25%/i, 'Homogenized Milk 3.25%'],
  [/^milk, reduced fat, fluid, 2%/i, '2% Reduced-Fat Milk'],
  [/^milk, lowfat, fluid, 1%/i, '1% Low-Fat Milk'],
  [/^milk, nonfat, fluid/i, 'Skim Milk'],
  [/^milk, buttermilk, fluid/i, 'Buttermilk'],
  [/^milk, buttermilk, dried/i, 'Buttermilk Powder'],
  [/^milk, low sodium/i, 'Low-Sodium Milk'],
  [/^milk, dry, whole/i, 'Whole Milk Powder'],
  [/^milk, dry, nonfat, regular/i, 'Skim Milk Powder'],
  [/^milk, dry, nonfat, instant/i, 'Instant Skim Milk Powder'],
  [/^milk, canned, condensed/i, 'Sweetened Condensed Milk'],
  [/^milk, canned, evaporated/i, 'Evaporated Milk'],
  [/^milk, chocolate, fluid/i, 'Chocolate Milk'],
  [/^milk, chocolate beverage, hot cocoa/i, 'Hot Cocoa'],
  [/^milk, goat, fluid/i, 'Goat Milk'],
  [/^milk, sheep, fluid/i, 'Sheep Milk'],
  [/^milk shakes, thick chocolate/i, 'Chocolate Milkshake'],
  [/^milk shakes, thick vanilla/i, 'Vanilla Milkshake'],
  [/^cream, fluid, half and half/i, 'Half-and-Half Cream 10%'],
  [/^cream, half and half, fat free/i, 'Fat-Free Half-and-Half'],
  [/^cream, fluid, light whipping/i, 'Light Whipping Cream'],
  [/^cream, fluid, heavy whipping/i, 'Heavy Whipping Cream 35%'],
  [/^cream, fluid, light/i, 'Coffee Cream 18%'],
  [/^cream, whipped, cream topping/i, 'Whipped Cream Topping'],
  [/^cream, sour, reduced fat/i, 'Reduced-Fat Sour Cream'],
  [/^cream, sour, cultured/i, 'Sour Cream'],
  [/^egg, whole, raw, fresh/i, 'Large Eggs'],
  [/^egg, white, raw, fresh/i, 'Liquid Egg Whites'],
  [/^egg, whole, dried/i, 'Dried Whole Egg'],
  [/^egg, (duck|quail), whole/i, '$1 Eggs'],
  [/^butter, salted/i, 'Salted Butter'],
  [/^butter, whipped/i, 'Whipped Butter'],
  [/^butter, without salt/i, 'Unsalted Butter'],
  [/^yogurt, plain, whole milk/i, 'Plain Whole-Milk Yogurt'],
  [/^yogurt, plain, low fat/i, 'Plain Low-Fat Yogurt'],
  [/^yogurt, plain, skim milk/i, 'Plain Fat-Free Yogurt'],
  [/^salt, table/i, 'Table Salt'],
];

/**
 * Qualifier words that read naturally before the noun they qualify: 'Butter, Salted' → 'Salted
 * Butter', 'Allspice, Ground' → 'Ground Allspice', 'Orange Juice, Chilled' → 'Chilled Orange Juice'.
 * A comma segment made only of these words moves in front of the head.
 */
const PREFIX_WORDS = new Set([
  'salted', 'unsalted', 'whipped', 'ground', 'dried', 'frozen', 'canned', 'black', 'white', 'red', 'green', 'yellow',
  'creamed', 'nonfat', 'lowfat', 'low-fat', 'reduced-fat', 'fat-free', 'light', 'grated', 'shredded', 'hard', 'smoked',
  'sweetened', 'unsweetened', 'chilled', 'instant', 'fresh', 'sliced', 'diced', 'crushed', 'chopped', 'whole', 'rolled',
  'plain', 'mild', 'medium', 'sharp', 'soft', 'semisoft', 'roasted', 'toasted', 'salt-free', 'low-sodium', 'reduced-sodium',
  'unsweetened', 'sour', 'sweet', 'raw', 'organic', 'seedless', 'baby', 'extra', 'lean', 'boneless', 'skinless', 'pitted',
  'stuffed', 'pickled', 'blanched', 'peeled', 'condensed', 'evaporated', 'minced', 'puréed', 'pureed', 'quick', 'regular',
]);

/** 'Low Fat' → 'Low-Fat' and the other compound adjectives labels hyphenate. */
function hyphenate(s: string): string {
  return s
    .replace(/\bLow ?Fat\b/gi, 'Low-Fat')
    .replace(/\bReduced Fat\b/gi, 'Reduced-Fat')
    .replace(/\bFat Free\b/gi, 'Fat-Free')
    .replace(/\bLow Sodium\b/gi, 'Low-Sodium')
    .replace(/\bReduced Sodium\b/gi, 'Reduced-Sodium')
    .replace(/\bSalt Free\b/gi, 'Salt-Free');
}

/** Segments that only a laboratory sheet needs: 'Fluid', '8 Grams Protein Per 8 Ounce', 'Undiluted'. */
const LAB_SEGMENT = /^(fluid|undiluted|canned or bottled|\d+ grams protein per \d+ ounce|all classes|domesticated|type|not drained|not packed|single brand|includes .*)$/i;

/**
 * The name a shopper recognises for a product (USDA descriptions turned into shop names):
 * a staple from {@link STAPLE_NAMES}; else the cleaned title with lab-only segments
 * dropped ('Fluid', 'N Grams Protein Per 8 Ounce'), compound adjectives hyphenated ('Low-Fat'),
 * qualifier-only segments moved before the noun ('Parmesan Cheese, Grated' → 'Grated Parmesan
 * Cheese'). Store-brand titles ('Harbour Pantry …') keep their brand first.
 * @param title the title from `cleanTitle` (brand already prefixed for branded rows).
 * @param longDesc the USDA `Long_Desc` of the row.
 */
export function shopperName(title: string, longDesc: string): string {
  for (const [pattern, name] of STAPLE_NAMES) {
    const m = pattern.exec(longDesc);
    if (m) return name.replace('$1', (m[1] ?? '').replace(/^./, (c) => c.toUpperCase()));
  }
  const brand = /^(Harbour Pantry|Co-op Gold) /.exec(title)?.[0] ?? '';
  let rest = title.slice(brand.length);
  const segments = hyphenate(rest)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !LAB_SEGMENT.test(s));
  if (segments.length === 0) return title;
  const head = (segments[0] as string).replace(/\s+Fluid$/i, '');
  const before: string[] = [];
  const after: string[] = [];
  for (const seg of segments.slice(1)) {
    const words = seg.toLowerCase().split(/\s+/);
    if (words.length <= 2 && words.every((w) => PREFIX_WORDS.has(w)) && !head.toLowerCase().includes(seg.toLowerCase())) before.push(seg);
    else after.push(seg);
  }
  rest = [[...before, head].join(' '), ...after].join(', ');
  return `${brand}${rest}`.replace(/\s+/g, ' ').trim();
}

const ANIMAL = /\b(whitener|creamer|milk|cheese|butter|cream|egg|eggs|yogurt|whey|casein|lactose|honey|gelatin|lard|tallow|fat|meat|beef|pork|veal|lamb|mutton|chicken|turkey|duck|goose|poultry|ham|bacon|sausage|fish|anchov|tuna|salmon|cod|shrimp|crab|lobster|clam|oyster|mussel|scallop|squid|broth|stock|bouillon|gravy|mayonnaise|chowder|custard|pudding|ice cream|milkfat|buttermilk|ghee|caviar|roe)\w*/i;
const MEAT = /\b(meat|beef|pork|veal|lamb|mutton|chicken|turkey|duck|goose|poultry|ham|bacon|sausage|fish|anchov|tuna|salmon|cod|shrimp|crab|lobster|clam|oyster|mussel|scallop|squid|broth|stock|bouillon|gravy|gelatin|lard|tallow|caviar|roe|pepperoni|salami|bologna|frankfurter|hot dog)\w*/i;
const GLUTEN = /\b(wheat|flour|bread|pasta|spaghetti|macaroni|noodle|barley|rye|malt|breaded|batter|crumb|cracker|cookie|cake|pie|pastry|couscous|semolina|spelt|bulgur|farina|soy sauce|beer|oat|cereal|granola|seitan|gravy|stuffing|biscuit|muffin|bagel|pretzel|waffle|pancake|tortilla|croissant|doughnut|roll|bran|germ|triticale)\w*/i;
const DAIRY = /\b(milk|cheese|butter|cream|yogurt|whey|casein|lactose|milkfat|buttermilk|ghee|custard|pudding|ice cream)\w*/i;

/** Groups whose plain foods are plant foods: spices, fruits, vegetables, nuts and seeds, legumes, grains, beverages. */
const PLANT_GROUPS = new Set(['0200', '0900', '1100', '1200', '1600', '2000', '1400']);
/** Groups of plain, unprocessed foods that contain no gluten by nature. */
const NATURALLY_GLUTEN_FREE_GROUPS = new Set(['0100', '0200', '0500', '0900', '1000', '1100', '1200', '1300', '1500', '1600', '1700']);
/** Raw meat, poultry and fish groups (dairy-free when nothing else is in them). */
const MEAT_GROUPS = new Set(['0500', '1000', '1300', '1500', '1700']);

/**
 * Dietary labels of a product, derived **conservatively** from its USDA food group and description
 * (data README "Dietary labels"): a label is given only when the group's plain foods qualify and the
 * description names nothing that would disqualify it; branded rows (a manufacturer or US brand words,
 * i.e. a recipe we cannot read) and mixed dishes get no label.
 * - `vegan`: a plant group (spices, fruit, vegetables, nuts, legumes, grains, beverages) and no animal word;
 * - `vegetarian`: vegan, or dairy/eggs, breads, sweets, snacks and cereals with no meat/fish/gelatin word
 *   (cheese is left out: rennet may be animal);
 * - `gluten-free`: a naturally gluten-free group (plain dairy, meat, fish, fruit, vegetables, nuts,
 *   legumes, spices) and no wheat/barley/rye/oat/malt/breaded/flour word; cereal grains never;
 * - `dairy-free`: vegan, or plain meat/poultry/fish, with no dairy word.
 * @param groupCode the SR21 food group (FdGrp_Cd, 4 digits).
 * @param longDesc the USDA description.
 * @param branded true for branded rows.
 */
export function dietaryFor(groupCode: string, longDesc: string, branded: boolean): Dietary[] {
  if (branded) return [];
  const d = longDesc.toLowerCase();
  const out = new Set<Dietary>();
  const vegan = PLANT_GROUPS.has(groupCode) && !ANIMAL.test(d);
  if (vegan) out.add('vegan');
  const vegetarianGroups = new Set(['0100', '0800', '1800', '1900', '2500']);
  if (vegan || (vegetarianGroups.has(groupCode) && !MEAT.test(d) && !/^cheese\b|\bcheese\b|marshmallow|jell/.test(d))) out.add('vegetarian');
  if (NATURALLY_GLUTEN_FREE_GROUPS.has(groupCode) && !GLUTEN.test(d) && !/\bwith\b|\bin\b .*sauce/.test(d)) out.add('gluten-free');
  if ((vegan || (MEAT_GROUPS.has(groupCode) && !/\bwith\b/.test(d))) && !DAIRY.test(d)) out.add('dairy-free');
  const order: Dietary[] = ['vegan', 'vegetarian', 'gluten-free', 'dairy-free'];
  return order.filter((x) => out.has(x));
}
