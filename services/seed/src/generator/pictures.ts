/**
 * Pictures of products and recipes (spec §3 Search hit `featuredImage`): an OpenMoji
 * illustration (CC BY-SA 4.0, https://openmoji.org, npm `openmoji`) chosen by the product's title
 * words, else its subcategory, else its category; recipes by their tags. The generator copies only the
 * SVGs used into `services/seed/media/<file>.svg`; the edge serves them at `/media/<file>.svg`.
 */
import type { ProductRecord, RecipeRecord } from '../types';

/** One OpenMoji picture: the emoji's CLDR annotation (OpenMoji's `annotation`) names the file. */
export type PictureName = string;

/** Title words → picture, first match wins (lower-cased title). Order: specific before general. */
const BY_TITLE: ReadonlyArray<[RegExp, PictureName]> = [
  [/\bice cream|frozen yogurt|sherbet|frozen dessert|popsicle/, 'ice cream'],
  [/\bspaghetti|macaroni|pasta|noodles?|lasagna|linguine|fettuccine/, 'spaghetti'],
  [/\bsoup|chowder|broth|bouillon|stew\b|chili\b/, 'pot of food'],
  [/\bpizza/, 'pizza'],
  [/\bmilkshake|chocolate milk|hot cocoa/, 'glass of milk'],
  [/\bpeanut/, 'peanuts'],
  [/^(?!.*\b(apple|nut|cocoa|almond|cashew|sesame|sunflower)).*\bbutter\b(?! ?milk)|margarine/, 'butter'],
  [/\bcheese\b|cheddar|mozzarella|parmesan/, 'cheese wedge'],
  [/\beggs?\b/, 'egg'],
  [/\bchocolate|cocoa|fudge|truffle/, 'chocolate bar'],
  [/\bmilk\b|buttermilk|\bcream\b|yogurt|soymilk/, 'glass of milk'],
  [/\bbacon\b/, 'bacon'],
  [/\bfrankfurter|hot dog|wiener/, 'hot dog'],
  [/\bchicken|turkey|duck|goose|cornish|poultry|quail|pheasant/, 'poultry leg'],
  [/\bshrimp|prawn/, 'shrimp'],
  [/\blobster/, 'lobster'],
  [/\bcrab\b/, 'crab'],
  [/\boysters?|clams?\b|mussels?|scallops?/, 'oyster'],
  [/\bsquid|octopus|cuttlefish/, 'squid'],
  [/\bsushi/, 'sushi'],
  [/\bsalmon|tuna|haddock|cod\b|halibut|trout|herring|mackerel|sardine|fish|pollock|tilapia|sole\b|flounder|perch|bass\b|snapper|catfish|anchov|smelt|pike\b|carp|whitefish|swordfish|roughy|grouper|mullet|shark|sturgeon/, 'fish'],
  [/\brice\b/, 'cooked rice'],
  [/\bburrito|enchilada/, 'burrito'],
  [/\btaco/, 'taco'],
  [/\bsandwich|sub\b/, 'sandwich'],
  [/\bdumpling|pierogi|wonton|egg roll/, 'dumpling'],
  [/\bbagel/, 'bagel'],
  [/\bcroissant/, 'croissant'],
  [/\bbaguette|french bread|italian bread/, 'baguette bread'],
  [/\btortilla|pita|naan|flatbread/, 'flatbread'],
  [/\bpretzel/, 'pretzel'],
  [/\bpancake|crepe/, 'pancakes'],
  [/\bwaffle/, 'waffle'],
  [/\bdoughnut|donut/, 'doughnut'],
  [/\bcupcake|muffin/, 'cupcake'],
  [/\bpie\b|tart\b|strudel/, 'pie'],
  [/\bcake|cheesecake|brownie/, 'shortcake'],
  [/\bcookie|biscuit|wafer|graham/, 'cookie'],
  [/\bcracker|rice cake/, 'rice cracker'],
  [/\bbread|rolls?\b|buns?\b|english muffin|toast/, 'bread'],
  [/\bpopcorn/, 'popcorn'],
  [/\blollipop|hard candy/, 'lollipop'],
  [/\bcandy|candies|gum\b|caramel|toffee|licorice|marshmallow|jelly beans|gumdrops/, 'candy'],
  [/\bhoney|syrup|molasses|jam\b|jelly|preserves|marmalade|spread/, 'honey pot'],
  [/\bcoffee|espresso/, 'hot beverage'],
  [/\btea\b/, 'teacup without handle'],
  [/^water\b|\bmineral water|spring water/, 'potable water'],
  [/\bjuice|nectar|lemonade|punch|cocktail|drink|soda|cola|ale\b|tonic/, 'beverage box'],
  [/\bapples?\b/, 'red apple'],
  [/\bbananas?|plantains?/, 'banana'],
  [/\bgrapes?\b|raisins?/, 'grapes'],
  [/\bwatermelon/, 'watermelon'],
  [/\bmelons?|cantaloupe|honeydew/, 'melon'],
  [/\boranges?|tangerines?|mandarin|clementine|tangelo/, 'tangerine'],
  [/\blimes?\b/, 'lime'],
  [/\blemons?\b|grapefruit|citrus|pummelo|kumquat/, 'lemon'],
  [/\bpineapple/, 'pineapple'],
  [/\bmangos?|mangoes|papaya|guava/, 'mango'],
  [/\bpears?\b|quince/, 'pear'],
  [/\bpeach|nectarine|apricot|plums?\b|prunes?/, 'peach'],
  [/\bcherr/, 'cherries'],
  [/\bstrawberr|raspberr|blackberr|boysenberr|loganberr|gooseberr|currant|mulberr|elderberr|cranberr/, 'strawberry'],
  [/\bblueberr|huckleberr|saskatoon/, 'blueberries'],
  [/\bkiwi/, 'kiwi fruit'],
  [/\bcoconut/, 'coconut'],
  [/\bavocado/, 'avocado'],
  [/\bolives?\b/, 'olive'],
  [/\btomato/, 'tomato'],
  [/\bpotato(?!.*sweet)|potatoes/, 'potato'],
  [/\bsweet potato|yam\b/, 'roasted sweet potato'],
  [/\bcarrot/, 'carrot'],
  [/\bcorn\b|hominy|polenta|grits/, 'ear of corn'],
  [/\bbroccoli|cauliflower|brussels/, 'broccoli'],
  [/\bcucumber|pickle|zucchini|squash/, 'cucumber'],
  [/\bhot pepper|jalape|chili pepper|cayenne|chipotle|serrano|hungarian pepper|chili powder/, 'hot pepper'],
  [/\bpeppers?, sweet|sweet peppers?|bell pepper|pimento/, 'bell pepper'],
  [/\beggplant/, 'eggplant'],
  [/\bgarlic/, 'garlic'],
  [/\bonions?|leeks?|shallots?|scallions?|chives/, 'onion'],
  [/\bginger/, 'ginger root'],
  [/\bmushroom|shiitake|portabella|chanterelle|morel/, 'brown mushroom'],
  [/\bpeas?\b|snow peas|edamame|green beans|snap beans/, 'pea pod'],
  [/\bbeans?\b|lentils?|chickpea|garbanzo|hummus|tofu|soy/, 'beans'],
  [/\bpeanut/, 'peanuts'],
  [/\bchestnut|almond|walnut|pecan|cashew|hazelnut|filbert|pistachio|macadamia|brazilnut|pine nut|nuts?\b|seeds?\b/, 'chestnut'],
  [/\bbeets?\b|radish|turnip|parsnip|rutabaga|celeriac|jicama|taro|cassava|salsify|horseradish/, 'root vegetable'],
  [/\blettuce|spinach|kale|chard|cabbage|collard|arugula|endive|greens|bok choy|watercress|celery|asparagus|artichoke|fennel|okra|sprouts/, 'leafy green'],
  [/\bsalad/, 'green salad'],
  [/\bsalt\b|seasoning/, 'salt'],
  [/\bbasil|thyme|rosemary|oregano|parsley|dill|mint|sage|tarragon|cilantro|coriander|marjoram|chervil|savory|bay leaf|herb/, 'herb'],
  [/\bpork|ham\b|sausage|salami|bologna|pepperoni|kielbasa|chorizo|liverwurst|bratwurst/, 'meat on bone'],
  [/\bbeef|veal|lamb|mutton|venison|bison|elk|moose|rabbit|goat|steak|ground/, 'cut of meat'],
];

/** Subcategory → picture when no title word matched. */
const BY_SUBCATEGORY: Record<string, PictureName> = {
  'Butter & Margarine': 'butter', Cheese: 'cheese wedge', 'Milk & Cream': 'glass of milk', Eggs: 'egg',
  'Dairy Desserts & More': 'custard', Yogurt: 'glass of milk', 'Plant-Based': 'beans',
  'Spices & Seasonings': 'herb', 'Oils & Vinegars': 'olive', 'Dressings & Condiments': 'green salad',
  Poultry: 'poultry leg', 'Soups & Broth': 'pot of food', 'Sauces & Gravies': 'shallow pan of food',
  'Deli Meats & Sausages': 'meat on bone', 'Bacon & Ham': 'bacon', Cereal: 'bowl with spoon',
  'Hot Cereal & Oatmeal': 'bowl with spoon', 'Fresh Fruit': 'red apple', 'Dried Fruit': 'grapes',
  'Frozen Fruit': 'strawberry', Juice: 'beverage box', 'Canned Fruit': 'canned food', Pork: 'meat on bone',
  'Fresh Vegetables': 'leafy green', 'Frozen Vegetables': 'pea pod', 'Canned Vegetables': 'canned food',
  'Dried Vegetables': 'root vegetable', 'Nuts & Seeds': 'chestnut', Beef: 'cut of meat',
  'Soft Drinks & Mixes': 'cup with straw', 'Coffee & Tea': 'hot beverage', Water: 'potable water',
  'Fish & Seafood': 'fish', 'Canned Fish': 'canned food', 'Dried Beans & Lentils': 'beans',
  'Canned Beans': 'canned food', 'Nut Butters & Spreads': 'peanuts', 'Lamb, Veal & Game': 'cut of meat',
  'Bread & Rolls': 'bread', 'Cakes, Pies & Pastries': 'shortcake', Baking: 'bread',
  'Cookies & Crackers': 'cookie', 'Chips & Snacks': 'popcorn', 'Granola & Snack Bars': 'chocolate bar',
  'Candy & Chocolate': 'candy', 'Ice Cream & Desserts': 'ice cream', 'Sugar, Syrups & Spreads': 'honey pot',
  'Puddings & Desserts': 'custard', 'Rice & Grains': 'cooked rice', Pasta: 'spaghetti', 'Frozen Meals': 'shallow pan of food',
};

/** Fallback for anything else. */
export const DEFAULT_PICTURE: PictureName = 'shopping cart';

/** Recipe tag → picture, first tag found in this order wins. */
const BY_RECIPE_TAG: ReadonlyArray<[string, PictureName]> = [
  ['seafood', 'fish'], ['soup', 'pot of food'], ['salad', 'green salad'], ['baking', 'cupcake'], ['dessert', 'pie'],
  ['breakfast', 'cooking'], ['pasta', 'spaghetti'], ['curry', 'curry rice'], ['stir-fry', 'shallow pan of food'],
  ['chicken', 'poultry leg'], ['vegetarian', 'leafy green'], ['vegan', 'leafy green'],
];

/** The file name of a picture: 'glass of milk' → 'glass-of-milk.svg'. */
export function pictureFile(name: PictureName): string {
  return `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.svg`;
}

/** The picture of a product: title words, else subcategory, else the default. */
export function pictureForProduct(p: Pick<ProductRecord, 'title' | 'subcategory'>): PictureName {
  const t = p.title.toLowerCase().replace(/^(harbour pantry|co-op gold) /, '');
  for (const [re, name] of BY_TITLE) if (re.test(t)) return name;
  return BY_SUBCATEGORY[p.subcategory] ?? DEFAULT_PICTURE;
}

/** The picture of a recipe: its first tag with a picture, else its title words, else a pot of food. */
export function pictureForRecipe(r: Pick<RecipeRecord, 'title' | 'tags'>): PictureName {
  for (const [tag, name] of BY_RECIPE_TAG) if (r.tags.includes(tag)) return name;
  const t = r.title.toLowerCase();
  for (const [re, name] of BY_TITLE) if (re.test(t)) return name;
  return 'pot of food';
}

/** Every picture name the rules can choose (the generator checks each exists in OpenMoji). */
export function allPictureNames(): PictureName[] {
  return [...new Set([...BY_TITLE.map(([, n]) => n), ...Object.values(BY_SUBCATEGORY), ...BY_RECIPE_TAG.map(([, n]) => n), DEFAULT_PICTURE, 'pot of food'])];
}

/**
 * Sets every product's and recipe's `featuredImage` to `/media/<file>.svg` (in place) and returns the
 * picture names used, so the generator copies only those SVGs. `bannerImage`, `videoUrl` and
 * `videoThumbnail` stay null: the seed has no banners or videos.
 */
export function applyPictures(products: ProductRecord[], recipes: RecipeRecord[]): Set<PictureName> {
  const used = new Set<PictureName>();
  for (const p of products) {
    const name = pictureForProduct(p);
    used.add(name);
    p.featuredImage = `/media/${pictureFile(name)}`;
  }
  for (const r of recipes) {
    const name = pictureForRecipe(r);
    used.add(name);
    r.featuredImage = `/media/${pictureFile(name)}`;
  }
  return used;
}
