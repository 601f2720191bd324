/**
 * The search client as this remote calls it; the record shapes live in `state/records.ts`
 * (re-exported here for the I/O modules).
 */
export type { HitPictures, HitsPage, NutritionFacts, ProductHit, RecipeHit, SuggestionHit } from '../state/records';

/** One request of a multi-index query (algoliasearch v5 `SearchForHits`). */
export interface IndexRequest {
  indexName: string;
  query: string;
  filters?: string;
  hitsPerPage?: number;
  /** 0-based. */
  page?: number;
  clickAnalytics?: boolean;
  /** false = not counted in the engine's top searches (popular-items fetches). */
  analytics?: boolean;
  /** Insights / analytics user token (see `userTokenFor`). */
  userToken?: string;
  /** The engine's sort extension, e.g. 'asc(unitPrices.3299)' (services/search-engine README). */
  sort?: string;
}

/**
 * The one method of the algoliasearch v5 client this remote uses. The real `liteClient` satisfies it;
 * tests pass a fake.
 */
export interface SearchClient {
  search(params: { requests: IndexRequest[] }): Promise<{ results: ReadonlyArray<unknown> }>;
  /** Starts loading what the first search needs (the real client loads algoliasearch on first use). */
  warmUp?(): void;
}
