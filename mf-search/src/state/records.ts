/**
 * Shapes of the search engine's records and responses as this remote uses them
 * (spec §3 Search hit, Search response; seed records in services/seed/data). Pure model: no I/O.
 */
import type { NutritionFacts } from 'shared-events/contracts';

export type { NutritionFacts };

/**
 * Picture fields of a search hit (spec §3 Search hit: bannerImage, videoUrl, videoThumbnail,
 * featuredImage): same-origin paths such as `/media/glass-of-milk.svg` (services/seed/media, served by
 * the edge), or null/absent when there is none. Cards and pages show `featuredImage` (see
 * `pictureSrc`), the letter tile only when it is missing.
 */
export interface HitPictures {
  bannerImage?: string | null;
  featuredImage?: string | null;
  videoUrl?: string | null;
  videoThumbnail?: string | null;
}

/** A `products` index record. Prices are integer cents. */
export interface ProductHit extends HitPictures {
  objectID: string;
  title: string;
  /** Article number; with `uom` and the store it builds the list item id (spec §3 Shopping list). */
  articleNumber?: string;
  /** Unit of measure, e.g. 'EA', 'KG', 'G'. */
  uom?: string;
  /** Store numbers selling it (availability, spec §5). */
  storeIds?: string[];
  /** Regions it is sold in, e.g. ['atlantic', 'ns'] (availability, spec §5). */
  regions?: string[];
  brand?: string;
  size?: string;
  /** 4-digit PLU of loose produce sold by weight (its price is per kg), else null. */
  plu?: string | null;
  /** Base price in cents. */
  price?: number;
  /** Price per store number, in cents; wins over `price` for the preferred store. */
  storePrices?: Record<string, number>;
  /** 'products/<slug>' — the card links to `/<pageSlug>` (spec §2 `/{type}/{pageSlug}`). */
  pageSlug?: string;
  /** Department and category, e.g. 'Dairy & Eggs' / 'Cheese'. */
  category?: string;
  subcategory?: string;
  /** Dietary labels, e.g. ['vegan', 'gluten-free'] (the seed's conservative rule). */
  dietary?: string[];
  /** On this week's flyer at some store. */
  onFlyer?: boolean;
  /** USDA SR21 NDB number of the food the product comes from (e.g. '01001'). */
  usdaNdbNo?: string;
  /** Nutrition facts per 100 g from USDA SR21 (services/seed `nutrition`). */
  nutrition?: NutritionFacts;
  /** Set by the engine when the query had `clickAnalytics: true`. */
  queryID?: string;
  /** 1-based position in the result list (for click events). */
  position?: number;
}

/** A `recipes` index record. */
export interface RecipeHit extends HitPictures {
  objectID: string;
  title: string;
  description?: string;
  servings?: number;
  totalTimeMinutes?: number;
  /** 'recipes/<slug>' */
  pageSlug?: string;
  queryID?: string;
  position?: number;
}

/** A `products_query_suggestions` record. */
export interface SuggestionHit {
  objectID: string;
  query: string;
}

/** One index's part of a multi-index response. */
export interface HitsPage<T> {
  hits: T[];
  /** Total matching records. */
  nbHits: number;
  /** Total pages at the requested hitsPerPage. */
  nbPages: number;
  /** 0-based page. */
  page: number;
  queryID?: string;
  /** `consequence.userData` of the query rules the engine applied (e.g. a redirect card), when any. */
  userData?: unknown[];
}

