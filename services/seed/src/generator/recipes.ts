import type { ProductRecord, RecipeRecord } from '../types';
import { slugify } from './prng';

/** An ingredient as written in the recipe source below: candidate product titles, tried in order. */
interface IngredientSpec {
  titles: string[];
  name: string;
  quantityText: string;
}

interface RecipeSpec {
  title: string;
  description: string;
  servings: number;
  /** Minutes, preparation plus cooking. */
  totalTimeMinutes: number;
  tags: string[];
  ingredients: IngredientSpec[];
  steps: string[];
}

const i = (titles: string | string[], name: string, quantityText: string): IngredientSpec => ({
  titles: Array.isArray(titles) ? titles : [titles],
  name,
  quantityText,
});

/** In-house demo recipes (written for this project; not from any external recipe set). */
export const RECIPE_SPECS: RecipeSpec[] = [
  {
    title: 'Nova Scotia Haddock Chowder',
    description: 'A creamy, east-coast style chowder with flaky haddock, potatoes and a little bacon.',
    servings: 6,
    totalTimeMinutes: 45,
    tags: ['seafood', 'soup', 'atlantic', 'comfort food'],
    ingredients: [
      i('Haddock', 'haddock fillets', '680 g, cut in chunks'),
      i(['White Potatoes, Flesh and Skin', 'Potatoes, Russet, Flesh and Skin'], 'potatoes', '4 medium, diced'),
      i('Onions', 'onion', '1 large, chopped'),
      i('Celery', 'celery', '2 stalks, sliced'),
      i('Pork Cured, Bacon', 'bacon', '4 slices, chopped'),
      i(['Half-and-Half Cream 10%', 'Coffee Cream 18%'], 'half-and-half cream', '500 mL'),
      i('Salted Butter', 'butter', '2 tbsp'),
      i('Black Pepper', 'black pepper', 'to taste'),
    ],
    steps: [
      'Cook the bacon in a large pot until crisp; remove and keep 1 tbsp of the fat.',
      'Soften the onion and celery in the fat with the butter, about 5 minutes.',
      'Add the potatoes and 750 mL water; simmer until tender, about 15 minutes.',
      'Add the haddock and simmer gently 5 minutes, until it flakes.',
      'Stir in the cream, heat without boiling, season with pepper and top with the bacon.',
    ],
  },
  {
    title: 'Wild Blueberry Oat Muffins',
    description: 'Tender muffins packed with wild blueberries and rolled oats.',
    servings: 12,
    totalTimeMinutes: 35,
    tags: ['baking', 'breakfast', 'vegetarian'],
    ingredients: [
      i('White Wheat Flour, All-Purpose', 'all-purpose flour', '375 mL (1 1/2 cups)'),
      i(['Oats', 'Oats, Regular and Quick and Instant'], 'rolled oats', '250 mL (1 cup)'),
      i('Sugars, Brown', 'brown sugar', '125 mL (1/2 cup)'),
      i('Leavening Agents, Baking Powder, Double-Acting', 'baking powder', '2 tsp'),
      i('Large Eggs', 'eggs', '2 large'),
      i('2% Reduced-Fat Milk', 'milk', '250 mL (1 cup)'),
      i('Salted Butter', 'butter, melted', '75 mL (1/3 cup)'),
      i(['Frozen Blueberries, Wild', 'Blueberries'], 'wild blueberries', '375 mL (1 1/2 cups)'),
    ],
    steps: [
      'Heat the oven to 190 °C (375 °F) and line a 12-cup muffin tin.',
      'Whisk the flour, oats, brown sugar and baking powder in a bowl.',
      'Whisk the eggs, milk and melted butter; stir into the dry ingredients just until combined.',
      'Fold in the blueberries and divide the batter among the cups.',
      'Bake 20 to 22 minutes, until a toothpick comes out clean.',
    ],
  },
  {
    title: 'Maple-Glazed Salmon',
    description: 'Oven-roasted Atlantic salmon with a sticky maple, soy and garlic glaze.',
    servings: 4,
    totalTimeMinutes: 25,
    tags: ['seafood', 'quick', 'gluten-free option'],
    ingredients: [
      i('Salmon, Atlantic', 'salmon fillets', '4 x 150 g'),
      i('Maple Syrups', 'maple syrup', '60 mL (1/4 cup)'),
      i('Soy Sauce Made From Soy and Wheat', 'soy sauce', '2 tbsp'),
      i('Garlic', 'garlic', '2 cloves, minced'),
      i(['Lemons, with Peel', 'Lemons, Without Peel'], 'lemon', '1, in wedges'),
    ],
    steps: [
      'Heat the oven to 200 °C (400 °F) and line a baking sheet with parchment.',
      'Stir the maple syrup, soy sauce and garlic together.',
      'Place the salmon on the sheet and brush with half of the glaze.',
      'Roast 12 to 15 minutes, brushing with the rest of the glaze halfway.',
      'Serve with lemon wedges.',
    ],
  },
  {
    title: 'Weeknight Spaghetti Bolognese',
    description: 'A rich meat sauce simmered with carrots and celery, tossed with spaghetti.',
    servings: 6,
    totalTimeMinutes: 50,
    tags: ['pasta', 'family', 'beef'],
    ingredients: [
      i('Spaghetti', 'spaghetti', '450 g'),
      i(['Beef Ground, 85% Lean Meat / 15% Fat', 'Beef Ground, 80% Lean Meat / 20% Fat'], 'lean ground beef', '500 g'),
      i('Onions', 'onion', '1, finely chopped'),
      i('Carrots', 'carrot', '1, finely chopped'),
      i('Celery', 'celery', '1 stalk, finely chopped'),
      i('Crushed Canned Tomatoes', 'crushed tomatoes', '796 mL can'),
      i('Olive Oil, Salad or Cooking', 'olive oil', '1 tbsp'),
      i(['Grated Parmesan Cheese', 'Hard Parmesan Cheese'], 'parmesan', 'for serving'),
    ],
    steps: [
      'Warm the oil in a large pan and soften the onion, carrot and celery for 8 minutes.',
      'Add the beef and brown it, breaking it up.',
      'Add the tomatoes, season and simmer 25 minutes, stirring now and then.',
      'Cook the spaghetti in salted boiling water; drain.',
      'Toss the pasta with the sauce and serve with parmesan.',
    ],
  },
  {
    title: 'Chicken and Broccoli Stir-Fry',
    description: 'Tender chicken breast and crisp vegetables in a garlic-ginger sauce over rice.',
    servings: 4,
    totalTimeMinutes: 30,
    tags: ['chicken', 'quick', 'dairy-free'],
    ingredients: [
      i('Chicken Breast', 'boneless chicken breast', '500 g, sliced'),
      i('Broccoli', 'broccoli', '1 head, in florets'),
      i('Sweet Red Peppers', 'red pepper', '1, sliced'),
      i('Ginger Root', 'fresh ginger', '1 tbsp, grated'),
      i('Garlic', 'garlic', '2 cloves, minced'),
      i('Soy Sauce Made From Soy and Wheat', 'soy sauce', '3 tbsp'),
      i('Sesame Oil, Salad or Cooking', 'sesame oil', '1 tbsp'),
      i(['White Rice, Long-Grain', 'Brown Rice, Long-Grain'], 'long-grain rice', '375 mL (1 1/2 cups)'),
    ],
    steps: [
      'Cook the rice according to the package.',
      'Heat the sesame oil in a wok over high heat and stir-fry the chicken until cooked through; set aside.',
      'Stir-fry the broccoli and pepper 3 minutes with a splash of water.',
      'Add the garlic and ginger for 30 seconds, return the chicken and add the soy sauce.',
      'Toss until glossy and serve over the rice.',
    ],
  },
  {
    title: 'Hearty Lentil and Vegetable Soup',
    description: 'A thick, warming soup of lentils, carrots and tomatoes; freezes well.',
    servings: 6,
    totalTimeMinutes: 55,
    tags: ['soup', 'vegan', 'budget'],
    ingredients: [
      i('Lentils', 'dried lentils', '250 mL (1 cup), rinsed'),
      i('Onions', 'onion', '1, chopped'),
      i('Carrots', 'carrots', '2, diced'),
      i('Celery', 'celery', '2 stalks, diced'),
      i('Crushed Canned Tomatoes', 'crushed tomatoes', '796 mL can'),
      i('Cumin Seed', 'cumin', '1 tsp'),
      i('Olive Oil, Salad or Cooking', 'olive oil', '2 tbsp'),
      i('Spinach', 'spinach', '2 handfuls'),
    ],
    steps: [
      'Soften the onion, carrots and celery in the oil for 8 minutes.',
      'Stir in the cumin, then add the lentils, tomatoes and 1.5 L water.',
      'Simmer, partly covered, 35 minutes until the lentils are soft.',
      'Stir in the spinach until wilted and season to taste.',
    ],
  },
  {
    title: 'Cheddar Broccoli Stuffed Potatoes',
    description: 'Baked russet potatoes filled with broccoli and old cheddar.',
    servings: 4,
    totalTimeMinutes: 70,
    tags: ['vegetarian', 'side dish', 'family'],
    ingredients: [
      i('Potatoes, Russet, Flesh and Skin', 'russet potatoes', '4 large'),
      i('Broccoli', 'broccoli', '2 cups, small florets'),
      i('Cheddar Cheese', 'cheddar cheese', '250 mL (1 cup), grated'),
      i(['Sour Cream', 'Reduced-Fat Sour Cream', 'Cream Cheese'], 'sour cream', '125 mL (1/2 cup)'),
      i('Salted Butter', 'butter', '2 tbsp'),
    ],
    steps: [
      'Bake the potatoes at 200 °C (400 °F) for about 50 minutes, until tender.',
      'Steam the broccoli 4 minutes.',
      'Halve the potatoes, scoop the flesh and mash it with the butter and sour cream.',
      'Fold in the broccoli and half of the cheese, refill the skins and top with the rest.',
      'Bake 10 minutes more, until the cheese melts.',
    ],
  },
  {
    title: 'Annapolis Valley Apple Crisp',
    description: 'Warm spiced apples under a buttery oat crumble.',
    servings: 8,
    totalTimeMinutes: 60,
    tags: ['dessert', 'baking', 'vegetarian'],
    ingredients: [
      i('Apples, with Skin', 'apples', '6, peeled and sliced'),
      i('Sugars, Brown', 'brown sugar', '175 mL (3/4 cup)'),
      i(['Oats', 'Oats, Regular and Quick and Instant'], 'rolled oats', '250 mL (1 cup)'),
      i('White Wheat Flour, All-Purpose', 'all-purpose flour', '125 mL (1/2 cup)'),
      i('Ground Cinnamon', 'cinnamon', '1 tsp'),
      i('Salted Butter', 'cold butter', '125 mL (1/2 cup), cubed'),
    ],
    steps: [
      'Heat the oven to 180 °C (350 °F).',
      'Toss the apples with 60 mL of the brown sugar and the cinnamon; spread in a baking dish.',
      'Rub the butter into the oats, flour and remaining sugar until crumbly.',
      'Scatter over the apples and bake 40 minutes, until golden and bubbling.',
    ],
  },
  {
    title: 'Classic Lobster Rolls',
    description: 'Sweet lobster meat lightly dressed with mayonnaise, lemon and celery in toasted buns.',
    servings: 4,
    totalTimeMinutes: 20,
    tags: ['seafood', 'atlantic', 'summer'],
    ingredients: [
      i('Lobster, Northern', 'cooked lobster meat', '450 g, chopped'),
      i('Mayonnaise', 'mayonnaise', '75 mL (1/3 cup)'),
      i('Celery', 'celery', '1 stalk, finely diced'),
      i(['Lemons, with Peel', 'Lemons, Without Peel'], 'lemon', '1/2, juiced'),
      i(['Rolls, Hamburger or Hotdog', 'Rolls, Hamburger or Hot Dog', 'Hamburger or Hotdog Rolls', 'White Bread'], 'hot dog buns', '4'),
      i('Salted Butter', 'butter', '2 tbsp'),
    ],
    steps: [
      'Mix the lobster, mayonnaise, celery and lemon juice; chill.',
      'Butter the buns and toast them in a skillet until golden.',
      'Fill the buns with the lobster mixture and serve right away.',
    ],
  },
  {
    title: 'Mussels in Garlic Butter',
    description: 'PEI-style mussels steamed with garlic, butter and parsley.',
    servings: 4,
    totalTimeMinutes: 20,
    tags: ['seafood', 'atlantic', 'quick'],
    ingredients: [
      i('Mussel, Blue', 'fresh mussels', '1.5 kg, scrubbed'),
      i('Salted Butter', 'butter', '60 mL (1/4 cup)'),
      i('Garlic', 'garlic', '4 cloves, sliced'),
      i('Parsley', 'fresh parsley', '60 mL (1/4 cup), chopped'),
      i(['Lemons, with Peel', 'Lemons, Without Peel'], 'lemon', '1, in wedges'),
    ],
    steps: [
      'Melt the butter in a large pot and soften the garlic 1 minute.',
      'Add the mussels and 125 mL water, cover and steam 5 to 6 minutes until they open; discard any that stay closed.',
      'Sprinkle with parsley and serve with lemon wedges and the broth.',
    ],
  },
  {
    title: 'Chickpea and Spinach Curry',
    description: 'A quick coconut curry with chickpeas, tomatoes and spinach.',
    servings: 4,
    totalTimeMinutes: 30,
    tags: ['vegan', 'quick', 'curry'],
    ingredients: [
      i('Canned Chickpeas', 'chickpeas', '540 mL can, drained'),
      i('Canned Coconut Milk', 'coconut milk', '400 mL can'),
      i('Crushed Canned Tomatoes', 'crushed tomatoes', '250 mL (1 cup)'),
      i('Curry Powder', 'curry powder', '1 tbsp'),
      i('Onions', 'onion', '1, chopped'),
      i('Garlic', 'garlic', '2 cloves, minced'),
      i('Spinach', 'spinach', '4 cups'),
      i(['White Rice, Long-Grain', 'Brown Rice, Long-Grain'], 'rice', 'for serving'),
    ],
    steps: [
      'Soften the onion in a little oil, add the garlic and curry powder for 1 minute.',
      'Add the chickpeas, tomatoes and coconut milk; simmer 15 minutes.',
      'Stir in the spinach until wilted and serve over rice.',
    ],
  },
  {
    title: 'Roasted Root Vegetables with Thyme',
    description: 'Carrots, potatoes and sweet potato roasted until caramelized.',
    servings: 6,
    totalTimeMinutes: 50,
    tags: ['vegan', 'side dish', 'gluten-free'],
    ingredients: [
      i('Carrots', 'carrots', '4, in chunks'),
      i('Red Potatoes, Flesh and Skin', 'red potatoes', '6 small, halved'),
      i('Sweet Potato', 'sweet potato', '1 large, in chunks'),
      i('Onions', 'red onion', '1, in wedges'),
      i('Olive Oil, Salad or Cooking', 'olive oil', '3 tbsp'),
      i(['Thyme', 'Dried Thyme'], 'thyme', '1 tbsp'),
    ],
    steps: [
      'Heat the oven to 220 °C (425 °F).',
      'Toss the vegetables with the oil, thyme, salt and pepper on a large sheet.',
      'Roast 35 to 40 minutes, turning once, until browned and tender.',
    ],
  },
  {
    title: 'Breakfast Scramble with Peppers and Cheddar',
    description: 'Soft scrambled eggs with sweet peppers, green onions and cheddar.',
    servings: 2,
    totalTimeMinutes: 15,
    tags: ['breakfast', 'vegetarian', 'quick'],
    ingredients: [
      i('Large Eggs', 'eggs', '4 large'),
      i('Sweet Green Peppers', 'green pepper', '1/2, diced'),
      i('Onions, Spring or Scallions', 'green onions', '2, sliced'),
      i('Cheddar Cheese', 'cheddar cheese', '60 mL (1/4 cup), grated'),
      i('Salted Butter', 'butter', '1 tbsp'),
    ],
    steps: [
      'Melt the butter in a non-stick pan over medium heat and soften the pepper 3 minutes.',
      'Beat the eggs, pour them in and stir gently until just set.',
      'Fold in the cheese and green onions and serve.',
    ],
  },
  {
    title: 'Strawberry Spinach Salad',
    description: 'Baby spinach, strawberries and walnuts with a balsamic dressing.',
    servings: 4,
    totalTimeMinutes: 15,
    tags: ['salad', 'vegetarian', 'summer'],
    ingredients: [
      i('Spinach', 'baby spinach', '6 cups'),
      i('Strawberries', 'strawberries', '2 cups, sliced'),
      i('Walnuts, English', 'walnuts', '125 mL (1/2 cup), toasted'),
      i('Feta Cheese', 'feta', '125 mL (1/2 cup), crumbled'),
      i('Balsamic Vinegar', 'balsamic vinegar', '2 tbsp'),
      i('Olive Oil, Salad or Cooking', 'olive oil', '3 tbsp'),
    ],
    steps: [
      'Whisk the vinegar and oil with a pinch of salt.',
      'Toss the spinach and strawberries with the dressing.',
      'Top with the walnuts and feta.',
    ],
  },
];

/**
 * Resolves the recipe specs against the product catalogue: every ingredient gets the articleNumber of
 * the first candidate title found (case-insensitive exact match). Throws when one is missing, so the
 * generator cannot write a recipe with a dangling ingredient.
 */
export function buildRecipes(products: ProductRecord[], specs: RecipeSpec[] = RECIPE_SPECS): RecipeRecord[] {
  const byTitle = new Map<string, ProductRecord>();
  for (const p of products) if (!byTitle.has(p.title.toLowerCase())) byTitle.set(p.title.toLowerCase(), p);
  return specs.map((spec, n) => {
    const slug = slugify(spec.title);
    return {
      objectID: `recipe-${String(n + 1).padStart(3, '0')}`,
      title: spec.title,
      slug,
      pageSlug: `recipes/${slug}`,
      description: spec.description,
      servings: spec.servings,
      totalTimeMinutes: spec.totalTimeMinutes,
      bannerImage: null,
      featuredImage: null,
      videoUrl: null,
      videoThumbnail: null,
      banners: ['standard', 'coop'],
      tags: spec.tags,
      ingredients: spec.ingredients.map((ing) => {
        const product = ing.titles.map((t) => byTitle.get(t.toLowerCase())).find(Boolean);
        if (!product) throw new Error(`Recipe "${spec.title}": no product titled ${ing.titles.join(' / ')}`);
        return { articleNumber: product.articleNumber, name: ing.name, quantityText: ing.quantityText };
      }),
      steps: spec.steps,
    };
  });
}
