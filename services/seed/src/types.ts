/**
 * Record types of the committed seed catalogue (`services/seed/data/*.json`).
 * Money is always integer cents (CAD); coordinates are WGS84 degrees.
 */
import type { NutritionFacts } from 'shared-events/contracts';

/**
 * Nutrition facts per 100 g of edible portion as USDA SR21 gives them; one shape for the seed that
 * writes them, the engine and the remotes (shared-events/contracts `nutritionFactsSchema`).
 */
export type { NutritionFacts };

/** Store banner: the standard banner or the co-op variant (spec §1). */
export type BannerCode = 'standard' | 'coop';

/** Standard unit-of-measure codes used on shelf labels and in shopping-list item ids (spec §3). */
export type Uom = 'EA' | 'KG' | 'LB' | 'G' | 'L' | 'ML';

/** One day of opening hours, 24-hour clock local time: { day: 'Monday', open: '07:00', close: '22:00' }. */
export interface StoreHoursDay {
  day: string;
  open: string;
  close: string;
}

/**
 * Spec §3 Store (same shape as `shared-events` storeSchema), plus Algolia's objectID (= storeNumber)
 * and `demo: true` (street address, intersection and postal LDU are invented; city, FSA and coordinates are real).
 */
export interface StoreRecord {
  objectID: string;
  /** 4-digit store number, e.g. '3299' (the default store, Halifax NS). */
  storeNumber: string;
  locationName: string;
  /** '<city>-<name>-<storeNumber>', kebab case. */
  slug: string;
  bannerCode: BannerCode;
  address: {
    address1: string;
    address2: null;
    intersection: string;
    city: string;
    /** 2-letter province code, e.g. 'NS'. */
    province: string;
    /** Real FSA of the city + demo LDU, e.g. 'B3H 4R2'. */
    postalCode: string;
  };
  /** When is24Hours is true, storeHours is []; otherwise 7 entries Monday..Sunday. */
  hours: { is24Hours: boolean; storeHours: StoreHoursDay[] };
  /** ['atlantic' | 'ontario', lowercased province code], e.g. ['atlantic', 'ns']. */
  region: string[];
  _geoloc: { lat: number; lng: number };
  demo: true;
}

/** Dietary label of a product (category facet 'Dietary'; rule in src/generator/curation.ts `dietaryFor`). */
export type Dietary = 'vegan' | 'vegetarian' | 'gluten-free' | 'dairy-free';

/**
 * Picture fields of a search hit (spec §3 Search hit: bannerImage, videoUrl, videoThumbnail,
 * featuredImage). Paths are same-origin (`/media/<file>.svg`, served by the edge from
 * `services/seed/media/`); null where there is none.
 */
export interface HitPictures {
  /** Wide banner picture; the seed has none (null). */
  bannerImage: string | null;
  /** The card/page picture: an OpenMoji SVG chosen by category (`/media/<file>.svg`), square. */
  featuredImage: string | null;
  /** Product or recipe video; the seed has none (null). */
  videoUrl: string | null;
  /** Poster of `videoUrl`; null without a video. */
  videoThumbnail: string | null;
}

/** A catalogue product mapped from a USDA SR21 food (FOOD_DES). */
export interface ProductRecord extends HitPictures {
  /** Equals articleNumber. */
  objectID: string;
  /** 8-digit unique article number. */
  articleNumber: string;
  title: string;
  /** Fictional store brand: 'Harbour Pantry' (standard) or 'Co-op Gold' (co-op). */
  brand: string;
  category: string;
  subcategory: string;
  /** `slugify(category)`, the mega menu's `/products/category/<categorySlug>` (e.g. 'dairy-eggs'). */
  categorySlug: string;
  /** `slugify(subcategory)`, the menu's `/products/category/<categorySlug>/<subcategorySlug>` (e.g. 'bread-rolls'). */
  subcategorySlug: string;
  /**
   * Algolia-style hierarchical facet of the category tree: `{ lvl0: 'Dairy & Eggs', lvl1: 'Dairy & Eggs > Cheese' }`
   * (the /products page counts departments and their categories with one query).
   */
  hierarchicalCategories: { lvl0: string; lvl1: string };
  aisle: string;
  /** Human size, e.g. '500 g', '1 L', '12 ea', '1 kg' (loose, priced per kg). */
  size: string;
  uom: Uom;
  /** 4-digit PLU for loose produce sold by weight, else null. */
  plu: string | null;
  /** Base price in cents (per kg when uom is 'KG' and plu is set). */
  price: number;
  /** 'products/<slug>-<articleNumber>'. */
  pageSlug: string;
  banners: BannerCode[];
  /** Store numbers where the product is sold. */
  storeIds: string[];
  /** Price in cents per store number (only stores in storeIds). */
  storePrices: Record<string, number>;
  /** Union of the `region` values of the stores in storeIds. */
  regions: string[];
  popularity: number;
  /** USDA SR21 NDB number (5 digits) the product was derived from. */
  usdaNdbNo: string;
  /** Dietary labels (conservative; see `dietaryFor`), [] when none is certain. */
  dietary: Dietary[];
  /** True when the product is an item of at least one store's weekly flyer (data/flyers.json). */
  onFlyer: boolean;
  /** Nutrition facts per 100 g of its USDA food (same values as `nutrition.json[usdaNdbNo]`). */
  nutrition?: NutritionFacts;
}

/** data/nutrition.json: facts per 100 g keyed by NDB number. */
export interface NutritionFile {
  source: string;
  per: '100 g';
  units: Record<keyof NutritionFacts, 'kcal' | 'g' | 'mg'>;
  /** SR nutrient number (NUTR_DEF Nutr_No) of each fact. */
  nutrientNumbers: Record<keyof NutritionFacts, string>;
  foods: Record<string, NutritionFacts>;
}

/** One recipe ingredient, linked to a catalogue product by articleNumber. */
export interface RecipeIngredient {
  articleNumber: string;
  name: string;
  quantityText: string;
}

/** In-house demo recipe (spec §2 /recipes/{slug}). */
export interface RecipeRecord extends HitPictures {
  objectID: string;
  title: string;
  slug: string;
  /** 'recipes/<slug>'. */
  pageSlug: string;
  description: string;
  servings: number;
  totalTimeMinutes: number;
  banners: BannerCode[];
  tags: string[];
  ingredients: RecipeIngredient[];
  steps: string[];
}

/** Algolia Query Suggestions record (spec §3 Search response: querySuggestion hits). */
export interface QuerySuggestionRecord {
  objectID: string;
  query: string;
  popularity: number;
  nb_words: number;
}

/** Algolia index settings subset used by the seed. */
export interface IndexSettings {
  searchableAttributes: string[];
  attributesForFaceting: string[];
  customRanking: string[];
}

/** Index name → settings (data/settings.json). */
export type SettingsFile = Record<string, IndexSettings>;

/**
 * One item of a generated weekly flyer (data/flyers.json). The flyer provider serves it with the
 * week's dates and an image URL (services/flyer-provider); `category` and `size` are for its page only.
 */
export interface FlyerItemRecord {
  /** `<storeCode>-<articleNumber>`, unique in the file. */
  id: string;
  /** The catalogue product (available at the publication's store). */
  articleNumber: string;
  uom: Uom;
  /** The product's title. */
  name: string;
  /** Catalogue category (colour of the generated image). */
  category: string;
  /** Package size, e.g. '454 g'; null for loose produce sold by weight. */
  size: string | null;
  /** The price shown large, from the store's price: '$4.99', '$8.79 /kg'. */
  priceText: string;
  /** The deal: 'Save $1.50', '2 for $5', 'Earn 500 points', '$3.99 /lb'. */
  saleStory: string;
}

/** One page of a weekly flyer: a department group of items. */
export interface FlyerPageRecord {
  /** 1-based page number. */
  number: number;
  /** Page heading, e.g. 'Fresh this week'. */
  title: string;
  items: FlyerItemRecord[];
}

/**
 * The weekly flyer of one store (data/flyers.json, one per store of stores.json). Dates are not stored:
 * the flyer provider makes it the current week's publication (Thursday to Wednesday) at request time.
 */
export interface FlyerPublicationRecord {
  /** 4-digit store number (the provider's "store code"). */
  storeCode: string;
  /** The provider's merchant code of the banner. */
  merchant: 'harbour-market';
  title: string;
  pages: FlyerPageRecord[];
}

/** data/categories.json: the catalogue's departments and categories with their URL slugs. */
export interface CategoryRecord {
  /** e.g. 'dairy-eggs' (`/products/category/dairy-eggs`). */
  slug: string;
  /** e.g. 'Dairy & Eggs'. */
  name: string;
  /** Products in the whole catalogue (every store). */
  count: number;
  subcategories: Array<{ slug: string; name: string; count: number }>;
}
