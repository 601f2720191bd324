/** Product titles: from a USDA Long_Desc to a shelf title without US brand names (README "Mapping rules"). */

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

/** Noun appended to short branded titles, e.g. 'Honey Nut' → 'Honey Nut Cereal'. */
const SUBCATEGORY_NOUN: Record<string, string> = {
  Cereal: 'Cereal', 'Hot Cereal & Oatmeal': 'Hot Cereal', 'Candy & Chocolate': 'Candy', 'Chips & Snacks': 'Snacks',
  'Cookies & Crackers': 'Cookies', 'Soups & Broth': 'Soup', 'Deli Meats & Sausages': 'Deli Meat', 'Frozen Meals': 'Frozen Meal',
  'Cakes, Pies & Pastries': 'Pastries', 'Granola & Snack Bars': 'Snack Bars', 'Soft Drinks & Mixes': 'Drink',
  'Ice Cream & Desserts': 'Frozen Dessert', 'Sauces & Gravies': 'Sauce',
};

/** Words of unbranded titles: in a branded row, any other word is taken for a US brand and removed. */
export function genericVocabulary(titles: Iterable<{ title: string; branded: boolean } | null>): Set<string> {
  const vocabulary = new Set<string>();
  for (const c of titles) if (c && !c.branded) for (const w of c.title.toLowerCase().split(/[\s,]+/)) vocabulary.add(w);
  return vocabulary;
}

/** A branded title reduced to its generic words (and numbers), e.g. 'Eggo Waffles, Homestyle' → 'Waffles, Homestyle'. */
export function genericTitle(title: string, vocabulary: Set<string>): string {
  return title
    .split(/\s+/)
    .filter((w) => vocabulary.has(w.toLowerCase().replace(/,$/, '')) || /^[\d%.,/-]+$/.test(w))
    .join(' ')
    .replace(/^[,\s]+|[,\s]+$/g, '')
    .replace(/,(\s*,)+/g, ',');
}

/**
 * The shelf title of a branded row once its brand words are gone: dangling joiners trimmed, and a
 * short title gets its subcategory's noun ('Honey Nut' → 'Honey Nut Cereal'). Null when too little is left.
 */
export function brandedShelfTitle(generic: string, subcategory: string): string | null {
  let t = generic
    .replace(/\s[/.-](?=\s)/g, ' ')
    .replace(/\b(By)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  t = t.replace(/^((with|of|in|and|or|&|-|\.)[\s,]+)+/i, '').replace(/([\s,]+(with|of|in|and|or|&|-))+$/i, '').trim();
  if (/^(with|of|in|and|or|by|all flavors|original|&)?$/i.test(t)) return null;
  const words = t.toLowerCase().split(/[\s,]+/).filter(Boolean);
  const subWords = subcategory.toLowerCase().split(/[\s,&]+/).map((w) => w.replace(/s$/, ''));
  if (words.length <= 2 && !words.some((w) => subWords.some((sw) => sw.length > 2 && w.startsWith(sw)))) {
    t = `${t} ${SUBCATEGORY_NOUN[subcategory] ?? subcategory}`;
  }
  if (t.replace(/[^a-z]/gi, '').length < 4) return null;
  return t.replace(/\s+/g, ' ').replace(/,\s*&/g, ' &');
}
