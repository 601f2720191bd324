/** Aisle placement of a USDA food: department, category, aisle, pack sizes and price range (README "Mapping rules"). */

/** Aisle placement for a food. Units: price ranges in cents. */
export interface Placement {
  category: string;
  subcategory: string;
  aisle: string;
  sizes: readonly string[];
  priceRange: [number, number];
  /** Loose produce (sold by weight or by the unit). */
  loose?: boolean;
}

/** What the placement rules look at: the lower-case Long_Desc, the title's head and its storage words. */
interface FoodFacts {
  d: string;
  head: string;
  frozen: boolean;
  canned: boolean;
  dried: boolean;
}

const G_PANTRY = ['250 g', '340 g', '500 g', '900 g'];

/** One placement; `lo`, `hi` in cents. */
function at(category: string, subcategory: string, aisle: string, sizes: readonly string[], lo: number, hi: number, loose?: true): Placement {
  const p: Placement = { category, subcategory, aisle, sizes, priceRange: [lo, hi] };
  if (loose) p.loose = true;
  return p;
}

const DAIRY = 'Dairy & Eggs';
const PANTRY = 'Pantry';
const MEAT = 'Meat & Seafood';
const BEV = 'Beverages';
const SNACKS = 'Snacks & Candy';
const A_CANNED = 'Aisle 3 - Canned Goods';
const A_CONDIMENTS = 'Aisle 4 - Condiments';
const A_BAKING = 'Aisle 5 - Baking & Spices';
const A_SNACKS = 'Aisle 6 - Snacks';
const A_BEV = 'Aisle 7 - Beverages';
const A_SPREADS = 'Aisle 2 - Spreads';

function dairy({ head }: FoodFacts): Placement {
  if (/^cheese/.test(head)) return at(DAIRY, 'Cheese', 'Dairy', ['200 g', '400 g', '700 g'], 499, 1299);
  if (/^milk|^cream|^half and half|^buttermilk/.test(head)) return at(DAIRY, 'Milk & Cream', 'Dairy', /cream/.test(head) ? ['473 mL', '1 L'] : ['1 L', '2 L', '4 L'], 249, 749);
  if (/^yogurt/.test(head)) return at(DAIRY, 'Yogurt', 'Dairy', ['650 g', '750 g', '4 x 100 g'], 299, 699);
  if (/^egg/.test(head)) return at(DAIRY, 'Eggs', 'Dairy', ['12 ea', '18 ea'], 349, 699);
  if (/^butter/.test(head)) return at(DAIRY, 'Butter & Margarine', 'Dairy', ['454 g'], 499, 899);
  return at(DAIRY, 'Dairy Desserts & More', 'Dairy', ['250 g', '500 g'], 299, 799);
}

function fats({ d, head }: FoodFacts): Placement {
  if (/margarine|butter/.test(head)) return at(DAIRY, 'Butter & Margarine', 'Dairy', ['454 g', '907 g'], 349, 799);
  if (/dressing|mayonnaise/.test(d)) return at(PANTRY, 'Dressings & Condiments', A_CONDIMENTS, ['475 mL', '890 mL'], 299, 699);
  return at(PANTRY, 'Oils & Vinegars', A_CONDIMENTS, ['500 mL', '1 L', '3 L'], 399, 1599);
}

function soupsSauces({ head }: FoodFacts): Placement {
  if (/^soup/.test(head)) return at(PANTRY, 'Soups & Broth', A_CANNED, ['284 mL', '540 mL', '900 mL'], 129, 499);
  return at(PANTRY, 'Sauces & Gravies', A_CONDIMENTS, ['341 mL', '650 mL'], 199, 599);
}

function cereals({ d }: FoodFacts): Placement {
  if (/oat|farina|wheat, cream|grits|whole wheat hot/.test(d) && !/ready-to-eat/.test(d)) return at('Breakfast', 'Hot Cereal & Oatmeal', 'Aisle 1 - Breakfast', ['1 kg', '450 g'], 299, 699);
  return at('Breakfast', 'Cereal', 'Aisle 1 - Breakfast', ['350 g', '525 g', '750 g'], 349, 799);
}

function fruits({ d, frozen, canned, dried }: FoodFacts): Placement {
  if (/juice|nectar|drink/.test(d)) return at(BEV, 'Juice', A_BEV, ['1 L', '1.75 L'], 199, 699);
  if (frozen) return at('Frozen', 'Frozen Fruit', 'Frozen', ['600 g', '1.5 kg'], 399, 1099);
  if (canned) return at(PANTRY, 'Canned Fruit', A_CANNED, ['398 mL', '796 mL'], 149, 449);
  if (dried) return at(PANTRY, 'Dried Fruit', A_SNACKS, ['200 g', '454 g'], 299, 899);
  return at('Fruits & Vegetables', 'Fresh Fruit', 'Produce', ['1 kg'], 199, 899, true);
}

function pork({ d }: FoodFacts): Placement {
  if (/\bcured\b|bacon|ham\b/.test(d)) return at('Deli', 'Bacon & Ham', 'Deli', ['375 g', '500 g'], 449, 1099);
  return at(MEAT, 'Pork', MEAT, ['1 kg'], 699, 1999);
}

function vegetables({ d, frozen, canned, dried }: FoodFacts): Placement {
  if (/juice/.test(d)) return at(BEV, 'Juice', A_BEV, ['1 L', '1.89 L'], 199, 599);
  if (frozen) return at('Frozen', 'Frozen Vegetables', 'Frozen', ['500 g', '750 g', '2 kg'], 249, 899);
  if (canned) return at(PANTRY, 'Canned Vegetables', A_CANNED, ['398 mL', '540 mL'], 119, 399);
  if (dried || /\b(chips|powder|flakes)\b/.test(d)) return at(PANTRY, 'Dried Vegetables', A_CANNED, ['100 g', '250 g'], 249, 699);
  return at('Fruits & Vegetables', 'Fresh Vegetables', 'Produce', ['1 kg'], 199, 999, true);
}

function beef({ d }: FoodFacts): Placement {
  if (/ground/.test(d)) return at(MEAT, 'Beef', MEAT, ['454 g', '1 kg'], 799, 1599);
  return at(MEAT, 'Beef', MEAT, ['1 kg'], 1199, 3999);
}

function beverages({ d, head }: FoodFacts): Placement {
  if (/coffee/.test(d)) return at(BEV, 'Coffee & Tea', A_BEV, ['340 g', '930 g'], 599, 1799);
  if (/\btea\b/.test(d)) return at(BEV, 'Coffee & Tea', A_BEV, ['72 ea', '20 ea'], 299, 899);
  if (/water/.test(head)) return at(BEV, 'Water', A_BEV, ['1.5 L', '24 x 500 mL'], 149, 599);
  return at(BEV, 'Soft Drinks & Mixes', A_BEV, ['355 mL', '2 L', '12 x 355 mL'], 129, 899);
}

function fish({ canned }: FoodFacts): Placement {
  if (canned) return at(PANTRY, 'Canned Fish', A_CANNED, ['170 g', '213 g'], 199, 599);
  return at(MEAT, 'Fish & Seafood', MEAT, ['1 kg', '454 g'], 1299, 4499);
}

function legumes({ d, canned }: FoodFacts): Placement {
  if (/tofu|soymilk|soy milk/.test(d)) return at(DAIRY, 'Plant-Based', 'Dairy', ['350 g', '1.89 L'], 249, 599);
  if (/peanut butter|peanuts/.test(d)) return at(PANTRY, 'Nut Butters & Spreads', A_SPREADS, ['500 g', '1 kg'], 349, 899);
  if (canned) return at(PANTRY, 'Canned Beans', A_CANNED, ['540 mL'], 119, 349);
  return at(PANTRY, 'Dried Beans & Lentils', A_CANNED, ['450 g', '900 g'], 199, 599);
}

function baked({ d, head }: FoodFacts): Placement {
  if (/^bread|^rolls|^bagels|^english muffins|^tortillas|^pita/.test(head)) return at('Bakery', 'Bread & Rolls', 'Bakery', ['675 g', '6 ea', '12 ea'], 249, 599);
  if (/^cookies|^crackers/.test(head)) return at(SNACKS, 'Cookies & Crackers', A_SNACKS, ['200 g', '350 g'], 249, 599);
  if (/mix|leavening|baking/.test(d)) return at(PANTRY, 'Baking', A_BAKING, ['450 g', '1 kg'], 199, 599);
  return at('Bakery', 'Cakes, Pies & Pastries', 'Bakery', ['1 ea', '6 ea', '400 g'], 349, 1299);
}

function sweets({ d }: FoodFacts): Placement {
  if (/ice cream|frozen|sherbet|popsicle/.test(d)) return at('Frozen', 'Ice Cream & Desserts', 'Frozen', ['1.5 L', '2 L', '6 ea'], 399, 899);
  if (/syrup|honey|jam|jelly|preserves|marmalade|sugar/.test(d)) return at(PANTRY, 'Sugar, Syrups & Spreads', A_SPREADS, ['250 mL', '500 g', '1 kg'], 249, 1199);
  if (/pudding|gelatin/.test(d)) return at(PANTRY, 'Puddings & Desserts', A_BAKING, ['85 g', '4 x 99 g'], 129, 449);
  return at(SNACKS, 'Candy & Chocolate', A_SNACKS, ['45 g', '150 g', '300 g'], 129, 699);
}

function grains({ d }: FoodFacts): Placement {
  if (/pasta|spaghetti|macaroni|noodles/.test(d)) return at(PANTRY, 'Pasta', A_CANNED, ['450 g', '900 g'], 149, 449);
  if (/flour|meal\b|cornmeal|bran\b/.test(d)) return at(PANTRY, 'Baking', A_BAKING, ['1 kg', '2.5 kg'], 299, 899);
  return at(PANTRY, 'Rice & Grains', A_CANNED, ['900 g', '2 kg'], 249, 1099);
}

function snacks({ d }: FoodFacts): Placement {
  if (/bar\b|bars\b/.test(d)) return at(SNACKS, 'Granola & Snack Bars', A_SNACKS, ['6 ea', '210 g'], 299, 599);
  return at(SNACKS, 'Chips & Snacks', A_SNACKS, ['180 g', '235 g', '300 g'], 199, 599);
}

/** Placement rules per USDA food group code (FdGrp_Cd). */
const BY_GROUP: Record<string, (f: FoodFacts) => Placement> = {
  '0100': dairy,
  '0200': () => at(PANTRY, 'Spices & Seasonings', A_BAKING, ['40 g', '75 g', '100 g'], 199, 699),
  '0400': fats,
  '0500': () => at(MEAT, 'Poultry', MEAT, ['1 kg'], 899, 2299),
  '0600': soupsSauces,
  '0700': () => at('Deli', 'Deli Meats & Sausages', 'Deli', ['175 g', '375 g', '500 g'], 349, 999),
  '0800': cereals,
  '0900': fruits,
  '1000': pork,
  '1100': vegetables,
  '1200': () => at(PANTRY, 'Nuts & Seeds', A_SNACKS, ['200 g', '400 g', '750 g'], 399, 1499),
  '1300': beef,
  '1400': beverages,
  '1500': fish,
  '1600': legumes,
  '1700': () => at(MEAT, 'Lamb, Veal & Game', MEAT, ['1 kg'], 1399, 3999),
  '1800': baked,
  '1900': sweets,
  '2000': grains,
  '2200': () => at('Frozen', 'Frozen Meals', 'Frozen', ['300 g', '600 g', '1 kg'], 399, 1299),
  '2500': snacks,
};

/** Where a food goes in the store, from its food group, Long_Desc and title head (`cleanTitle().head`). */
export function placementFor(food: { groupCode: string; longDesc: string }, head: string): Placement {
  const d = food.longDesc.toLowerCase();
  const facts: FoodFacts = { d, head, frozen: /\bfrozen\b/.test(d), canned: /\bcanned\b/.test(d), dried: /\b(dried|dehydrated)\b/.test(d) };
  const rule = BY_GROUP[food.groupCode];
  return rule ? rule(facts) : at(PANTRY, 'Pantry Staples', A_CANNED, G_PANTRY, 199, 799);
}
