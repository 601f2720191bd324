/** Synthetic grocery catalogue for the benchmark (deterministic: the seed's PRNG). */
import { mulberry32, pick } from '@storefront/seed';

export type Rec = Record<string, unknown> & { objectID: string };

const CATALOGUE: Record<string, Record<string, string[]>> = {
  'Dairy & Eggs': {
    Cheese: ['Cheddar Cheese', 'Mozzarella', 'Parmesan', 'Feta', 'Brie', 'Gouda', 'Swiss Cheese', 'Cream Cheese', 'Havarti'],
    Milk: ['Milk', 'Chocolate Milk', 'Oat Beverage', 'Almond Beverage', 'Lactose Free Milk'],
    Yogurt: ['Greek Yogurt', 'Yogurt Cups', 'Kefir', 'Skyr'],
    Eggs: ['Large Eggs', 'Brown Eggs', 'Free Run Eggs', 'Egg Whites'],
    Butter: ['Salted Butter', 'Unsalted Butter', 'Margarine', 'Sour Cream', 'Whipping Cream'],
  },
  Produce: {
    Fruit: ['Gala Apples', 'Bananas', 'Strawberries', 'Blueberries', 'Navel Oranges', 'Lemons', 'Avocados', 'Green Grapes', 'Mangoes', 'Pineapple'],
    Vegetables: ['Carrots', 'Broccoli', 'Baby Spinach', 'Romaine Lettuce', 'Tomatoes', 'Cucumber', 'Red Peppers', 'Yellow Onions', 'Russet Potatoes', 'Garlic'],
  },
  Bakery: {
    Bread: ['Sourdough Bread', 'Whole Wheat Bread', 'Rye Bread', 'Baguette', 'Ciabatta', 'Multigrain Loaf'],
    Breakfast: ['Bagels', 'English Muffins', 'Croissants', 'Blueberry Muffins', 'Cinnamon Buns'],
  },
  'Meat & Seafood': {
    Meat: ['Chicken Breast', 'Ground Beef', 'Pork Chops', 'Bacon', 'Chicken Thighs', 'Striploin Steak', 'Italian Sausage'],
    Seafood: ['Atlantic Salmon', 'Shrimp', 'Cod Fillets', 'Tilapia', 'Tuna Steak'],
  },
  Pantry: {
    Pasta: ['Spaghetti', 'Penne', 'Fusilli', 'Macaroni', 'Lasagna Noodles', 'Pasta Sauce'],
    Grains: ['Basmati Rice', 'Jasmine Rice', 'Quinoa', 'Rolled Oats', 'Couscous'],
    Baking: ['All Purpose Flour', 'Granulated Sugar', 'Brown Sugar', 'Baking Soda', 'Vanilla Extract', 'Chocolate Chips'],
    Condiments: ['Ketchup', 'Yellow Mustard', 'Mayonnaise', 'Olive Oil', 'Canola Oil', 'Maple Syrup', 'Peanut Butter', 'Strawberry Jam', 'Soy Sauce'],
    Canned: ['Chickpeas', 'Black Beans', 'Diced Tomatoes', 'Chicken Noodle Soup', 'Tuna Chunks'],
  },
  Snacks: {
    Chips: ['Potato Chips', 'Tortilla Chips', 'Kettle Chips', 'Popcorn', 'Pretzels'],
    Crackers: ['Cheddar Crackers', 'Rice Crackers', 'Wheat Thins', 'Graham Crackers'],
    Sweets: ['Chocolate Bar', 'Gummy Bears', 'Cookies', 'Granola Bars'],
  },
  Beverages: {
    Drinks: ['Orange Juice', 'Apple Juice', 'Sparkling Water', 'Cola', 'Iced Tea', 'Lemonade'],
    Hot: ['Ground Coffee', 'Coffee Pods', 'Green Tea', 'Orange Pekoe Tea', 'Hot Chocolate'],
  },
  Frozen: {
    Meals: ['Pepperoni Pizza', 'Frozen Lasagna', 'Chicken Nuggets', 'Fish Sticks', 'Perogies'],
    Desserts: ['Vanilla Ice Cream', 'Chocolate Ice Cream', 'Frozen Berries', 'Frozen Peas', 'French Fries'],
  },
};
const ADJECTIVES = ['Organic', 'Fresh', 'Old', 'Mild', 'Aged', 'Light', 'Classic', 'Original', 'Smoked', 'Family Size', 'Extra', 'Natural', 'Homestyle', 'Spicy', 'Honey', 'Garden', 'Premium', 'Value', 'Lean', 'Gluten Free'];
const BRANDS = ['Black Diamond', 'Kraft', 'Natrel', 'Lactantia', 'Liberté', 'Danone', 'Dempsters', 'Ace Bakery', 'Maple Leaf', 'Schneiders', 'Barilla', 'Catelli', 'Heinz', 'Lays', 'Ruffles', 'Christie', 'Tropicana', 'Nestlé', 'McCain', 'Dr. Oetker', 'Compliments', 'Sensations', 'Irresistibles', 'Our Finest', 'Great Value'];
const SIZES = ['400 g', '200 g', '1 kg', '2 L', '1 L', '500 mL', '12 pack', '6 x 355 mL', '3 lb bag', '750 g', '150 g', '907 g'];
const BANNERS = ['standard', 'premium', 'discount'];
const STORE_IDS = [3299, ...Array.from({ length: 24 }, (_, i) => 1000 + i * 37)];
const CITIES: Array<[string, string, number, number]> = [
  ['Toronto', 'ON', 43.6532, -79.3832],
  ['Mississauga', 'ON', 43.589, -79.6441],
  ['Ottawa', 'ON', 45.4215, -75.6972],
  ['Hamilton', 'ON', 43.2557, -79.8711],
  ['Halifax', 'NS', 44.6488, -63.5752],
  ['Montréal', 'QC', 45.5017, -73.5673],
  ['Winnipeg', 'MB', 49.8951, -97.1384],
  ['Calgary', 'AB', 51.0447, -114.0719],
  ['Vancouver', 'BC', 49.2827, -123.1207],
];

/** Synthetic products in the seed catalogue's shape. */
export function syntheticProducts(n: number, seed = 42): Rec[] {
  const r = mulberry32(seed);
  const flat: Array<[string, string, string]> = [];
  for (const [category, subs] of Object.entries(CATALOGUE)) {
    for (const [subcategory, nouns] of Object.entries(subs)) for (const noun of nouns) flat.push([category, subcategory, noun]);
  }
  const out: Rec[] = [];
  for (let i = 0; i < n; i++) {
    const [category, subcategory, noun] = pick(r, flat);
    const adj = r() < 0.7 ? `${pick(r, ADJECTIVES)} ` : '';
    const storeIds = STORE_IDS.filter(() => r() < 0.7);
    const banners = BANNERS.filter((b) => (b === 'standard' ? r() < 0.8 : r() < 0.35));
    const base = Math.round((1 + r() * 14) * 100) / 100;
    const storePrices: Record<string, number> = {};
    for (const s of storeIds) storePrices[String(s)] = Math.round(base * (0.9 + r() * 0.2) * 100) / 100;
    out.push({
      objectID: `syn-${i}`,
      title: `${adj}${noun} ${pick(r, SIZES)}`,
      brand: pick(r, BRANDS),
      category,
      subcategory,
      aisle: `${category[0]}${1 + Math.floor(r() * 20)}`,
      banners,
      storeIds,
      storePrices,
      popularity: Math.floor(r() * 1000),
    });
  }
  return out;
}

export function stores(): Rec[] {
  const r = mulberry32(7);
  return STORE_IDS.map((storeNumber, i) => {
    const [city, province, lat, lng] = CITIES[i % CITIES.length];
    return {
      objectID: `store-${storeNumber}`,
      storeNumber: String(storeNumber),
      locationName: `${city} ${pick(r, ['Centre', 'North', 'East', 'West', 'Market', 'Plaza'])}`,
      address: { city, postalCode: 'A1A 1A1', province },
      _geoloc: { lat: lat + (r() - 0.5) * 0.2, lng: lng + (r() - 0.5) * 0.2 },
    };
  });
}

export function recipes(): Rec[] {
  const names: Array<[string, string[]]> = [
    ['Cheddar Scones', ['cheddar cheese', 'flour', 'butter', 'milk']],
    ['Apple Crumble', ['gala apples', 'rolled oats', 'brown sugar', 'butter']],
    ['Spaghetti Bolognese', ['spaghetti', 'ground beef', 'pasta sauce', 'garlic']],
    ['Banana Bread', ['bananas', 'flour', 'eggs', 'butter']],
    ['Chicken Stir Fry', ['chicken breast', 'broccoli', 'red peppers', 'soy sauce']],
    ['Greek Salad', ['feta', 'cucumber', 'tomatoes', 'olive oil']],
    ['Salmon Teriyaki', ['atlantic salmon', 'soy sauce', 'maple syrup', 'garlic']],
    ['Blueberry Pancakes', ['blueberries', 'flour', 'milk', 'eggs']],
    ['Mac and Cheese', ['macaroni', 'cheddar cheese', 'milk', 'butter']],
    ['Veggie Chili', ['black beans', 'diced tomatoes', 'yellow onions', 'red peppers']],
    ['Shrimp Tacos', ['shrimp', 'avocados', 'lemons', 'sour cream']],
    ['Strawberry Smoothie', ['strawberries', 'greek yogurt', 'bananas', 'orange juice']],
  ];
  return names.map(([title, ingredients], i) => ({
    objectID: `recipe-${i}`,
    title,
    ingredients: ingredients.map((name) => ({ name })),
    popularity: 100 - i,
  }));
}

export function suggestionsFrom(products: Rec[]): Rec[] {
  const counts = new Map<string, number>();
  for (const p of products) {
    const words = String(p.title).toLowerCase().split(' ').filter((w) => /^[a-zé]+$/.test(w));
    for (let i = 0; i < words.length; i++) {
      counts.set(words[i], (counts.get(words[i]) ?? 0) + 1);
      if (i + 1 < words.length) counts.set(`${words[i]} ${words[i + 1]}`, (counts.get(`${words[i]} ${words[i + 1]}`) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 300)
    .map(([query, popularity], i) => ({ objectID: `sugg-${i}`, query, popularity }));
}

/** Realistic shopper queries: whole words, words being typed, two words, typos, a few empty. */
export function queries(products: Rec[], n: number): string[] {
  const r = mulberry32(99);
  const words = [...new Set(products.flatMap((p) => String(p.title).toLowerCase().split(' ')).filter((w) => /^[a-zé]{4,}$/.test(w)))];
  const typo = (w: string): string => {
    const i = 1 + Math.floor(r() * (w.length - 2));
    return r() < 0.5 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const w = pick(r, words);
    const x = r();
    if (x < 0.05) out.push('');
    else if (x < 0.35) out.push(w);
    else if (x < 0.6) out.push(w.slice(0, 2 + Math.floor(r() * (w.length - 2))));
    else if (x < 0.8) out.push(`${w} ${pick(r, words).slice(0, 3)}`);
    else out.push(typo(w));
  }
  return out;
}

